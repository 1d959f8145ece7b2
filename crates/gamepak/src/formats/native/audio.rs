//! Preparing clips as the engine's writer does: 44100 Hz stereo (a WAV at another
//! rate resampled, mono doubled), normalised to peak with the peak kept as the
//! gain, and silence (judged after normalising) trimmed from both ends.

use super::model::SAMPLE_RATE;
use crate::codec::resample::resample;
use crate::codec::{vorbis, wav};
use crate::error::{Error, Result};
use crate::limits::Limits;

/// Normalised samples quieter than this at the start and end of a clip are trimmed.
const SILENCE: f64 = 0.02;

/// A clip's channels at the engine's rate: resampled when the WAV is at another,
/// which `notes` says, naming the file.
pub fn at_engine_rate(
    clip: wav::Clip,
    path: &str,
    limits: &Limits,
    notes: &mut Vec<String>,
) -> Result<Vec<Vec<f32>>> {
    if clip.rate == SAMPLE_RATE {
        return Ok(clip.channels);
    }
    if clip.rate == 0 {
        return Err(Error::at(path, "WAV has a sample rate of 0 Hz"));
    }
    let out = resample(&clip.channels, clip.rate, SAMPLE_RATE, path, limits)?;
    notes.push(format!(
        "{path}: resampled from {} Hz to {SAMPLE_RATE} Hz",
        clip.rate
    ));
    Ok(out)
}

/// Planar stereo as interleaved s16 little-endian, rounded, full scale at 32767.
pub fn to_s16(stereo: &[Vec<f32>]) -> Vec<u8> {
    let frames = stereo.iter().map(Vec::len).min().unwrap_or(0);
    let mut out = Vec::with_capacity(frames * 2 * stereo.len());
    for i in 0..frames {
        for c in stereo {
            let v = (f64::from(c[i]) * 32767.0).round().clamp(-32768.0, 32767.0) as i16;
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out
}

/// Planar stereo from mono (duplicated) or stereo; more channels are refused.
pub fn stereo(mut channels: Vec<Vec<f32>>, path: &str) -> Result<Vec<Vec<f32>>> {
    match channels.len() {
        1 => {
            let mono = channels.remove(0);
            Ok(vec![mono.clone(), mono])
        }
        2 => Ok(channels),
        n => Err(Error::at(
            path,
            format!("WAV has {n} channels; the engine takes mono or stereo"),
        )),
    }
}

/// A clip ready to store: its gain, and its samples normalised and trimmed.
pub struct Prepared {
    pub gain: f32,
    /// Planar, for the Vorbis encoder.
    pub planar: Vec<Vec<f32>>,
    /// Interleaved s16 little-endian.
    pub pcm: Vec<u8>,
}

/// Normalises to the peak and trims silence. The arithmetic follows the writer's
/// float32 buffers: each normalised sample is rounded to f32, then scaled by 32767 and
/// truncated, which is what makes our PCM equal the real writer's.
pub fn prepare(stereo: &[Vec<f32>]) -> Prepared {
    let frames = stereo[0].len().min(stereo[1].len());
    let peak = stereo
        .iter()
        .flat_map(|c| c.iter())
        .fold(0f32, |p, s| p.max(s.abs()));
    let norm = |s: f32| ((s as f64) / (peak as f64)) as f32;
    let normalised: Vec<Vec<f32>> = stereo
        .iter()
        .map(|c| c[..frames].iter().map(|&s| norm(s)).collect())
        .collect();
    let loud = |i: usize| normalised.iter().any(|c| (c[i].abs() as f64) >= SILENCE);
    let start = (0..frames).find(|&i| loud(i)).unwrap_or(frames);
    let end = (start..frames)
        .rev()
        .find(|&i| loud(i))
        .map_or(start, |i| i + 1);
    let planar: Vec<Vec<f32>> = normalised.iter().map(|c| c[start..end].to_vec()).collect();
    let mut pcm = Vec::with_capacity((end - start) * 4);
    for i in 0..end - start {
        for c in &planar {
            let v = (c[i] as f64 * 32767.0).trunc() as i16;
            pcm.extend_from_slice(&v.to_le_bytes());
        }
    }
    Prepared {
        gain: peak,
        planar,
        pcm,
    }
}

/// Vorbis at 44100 Hz, with a serial derived from the clip's place for reproducibility.
pub fn vorbis(planar: &[Vec<f32>], serial: i32) -> Result<Vec<u8>> {
    vorbis::encode(planar, SAMPLE_RATE, serial)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_and_trims() {
        let l = vec![0.0, 0.01, 0.25, -0.5, 0.3, 0.001];
        let p = prepare(&[l.clone(), l]);
        assert_eq!(p.gain, 0.5);
        assert_eq!(p.pcm.len(), 3 * 4);
        assert_eq!(i16::from_le_bytes([p.pcm[4], p.pcm[5]]), -32767);
        let silent = prepare(&[vec![0.0; 4], vec![0.0; 4]]);
        assert!(silent.pcm.is_empty());
    }
}
