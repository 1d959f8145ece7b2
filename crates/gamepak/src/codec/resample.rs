//! Clips resampled to another rate, whole, with rubato's FFT resampler: a fixed
//! ratio, an anti-aliasing filter, and the resampler's start-up delay trimmed, so
//! the output is as long as the input at the new rate and lines up with it.

use rubato::audioadapter_buffers::direct::SequentialSliceOfVecs;
use rubato::{Fft, FixedSync, Resampler};

use crate::error::{Error, Result};
use crate::limits::Limits;

/// Frames the resampler takes at a time.
const CHUNK: usize = 1024;

/// `channels` (planar, of equal length) at `from` Hz, at `to` Hz instead. The output
/// is checked against `limits` before it is made: a clip at a low rate grows by up to
/// the ratio of the rates, which may pass the ratio of output to sources any build
/// allows unchecked.
pub fn resample(
    channels: &[Vec<f32>],
    from: u32,
    to: u32,
    path: &str,
    limits: &Limits,
) -> Result<Vec<Vec<f32>>> {
    let frames = channels.first().map_or(0, Vec::len);
    if from == to || frames == 0 || channels.is_empty() {
        return Ok(channels.to_vec());
    }
    let out_frames = (frames as u64).saturating_mul(u64::from(to)) / u64::from(from.max(1));
    let out_bytes = (out_frames + CHUNK as u64)
        .saturating_mul(channels.len() as u64)
        .saturating_mul(std::mem::size_of::<f32>() as u64);
    limits.check_size(
        path,
        None,
        &format!("resampling from {from} Hz to {to} Hz makes"),
        out_bytes,
    )?;
    let failed = |e: &dyn std::fmt::Display| {
        Error::at(
            path,
            format!("cannot resample from {from} Hz to {to} Hz: {e}"),
        )
    };
    let n = channels.len();
    let mut resampler = Fft::<f32>::new(from as usize, to as usize, CHUNK, n, FixedSync::Input)
        .map_err(|e| failed(&e))?;
    let input = SequentialSliceOfVecs::new(channels, n, frames).map_err(|e| failed(&e))?;
    let room = resampler.process_all_needed_output_len(frames);
    let mut out = vec![vec![0f32; room]; n];
    let mut output = SequentialSliceOfVecs::new_mut(&mut out, n, room).map_err(|e| failed(&e))?;
    let (_, produced) = resampler
        .process_all_into_buffer(&input, &mut output, frames, None)
        .map_err(|e| failed(&e))?;
    for c in &mut out {
        c.truncate(produced);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::resample;
    use crate::limits::Limits;

    fn roomy() -> Limits {
        Limits::for_max_alloc(1 << 30)
    }

    /// The frequency of a sine, from the distance between its first and last rising
    /// zero crossing.
    fn frequency(samples: &[f32], rate: u32) -> f64 {
        let rising: Vec<usize> = (1..samples.len())
            .filter(|&i| samples[i - 1] < 0.0 && samples[i] >= 0.0)
            .collect();
        let (first, last) = (rising[0], *rising.last().unwrap());
        (rising.len() - 1) as f64 * f64::from(rate) / (last - first) as f64
    }

    #[test]
    fn a_sine_keeps_its_frequency_and_its_length_at_44100_hz() {
        for from in [22_050u32, 48_000, 32_000, 96_000] {
            let tone = 440.0f64;
            let frames = from as usize; // one second
            let sine: Vec<f32> = (0..frames)
                .map(|i| {
                    (2.0 * std::f64::consts::PI * tone * i as f64 / f64::from(from)).sin() as f32
                })
                .collect();
            let out = resample(&[sine.clone(), sine], from, 44_100, "sine.wav", &roomy()).unwrap();
            assert_eq!(out.len(), 2);
            let len = out[0].len() as f64;
            assert!((len - 44_100.0).abs() <= 44.0, "{from} Hz: {len} frames");
            let f = frequency(&out[0], 44_100);
            assert!((f - tone).abs() / tone < 0.005, "{from} Hz: {f} Hz");
            let peak = out[0][2000..40_000]
                .iter()
                .fold(0f32, |p, s| p.max(s.abs()));
            assert!((peak - 1.0).abs() < 0.02, "{from} Hz: peak {peak}");
        }
    }

    #[test]
    fn the_same_rate_and_an_empty_clip_are_left_as_they_are() {
        let clip = vec![vec![0.5f32, -0.5]];
        assert_eq!(
            resample(&clip, 44_100, 44_100, "a.wav", &roomy()).unwrap(),
            clip
        );
        let empty: Vec<Vec<f32>> = vec![Vec::new()];
        assert_eq!(
            resample(&empty, 22_050, 44_100, "a.wav", &roomy()).unwrap(),
            empty
        );
    }

    #[test]
    fn an_output_past_the_limit_is_refused_before_it_is_made() {
        // One second at 1 kHz is 4 KB of samples; at 44.1 kHz it is 44 times that.
        let clip = vec![vec![0.25f32; 1000]];
        let e = resample(
            &clip,
            1000,
            44_100,
            "low.wav",
            &Limits::for_max_alloc(64 << 10),
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("low.wav") && e.contains("resampling from 1000 Hz to 44100 Hz makes"),
            "{e}"
        );
        assert!(resample(&clip, 1000, 44_100, "low.wav", &roomy()).is_ok());
    }
}
