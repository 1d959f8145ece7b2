//! WAV output of raw PCM samples.

use crate::error::{Error, Result};

/// Sample layout of raw PCM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pcm {
    S8,
    U8,
    S16,
    U16,
}

/// Wraps raw little-endian PCM in a WAV container (8-bit as unsigned, 16-bit as signed,
/// as WAV requires).
pub fn encode(samples: &[u8], pcm: Pcm, rate: u32, channels: u16) -> Result<Vec<u8>> {
    let bits = match pcm {
        Pcm::S8 | Pcm::U8 => 8,
        Pcm::S16 | Pcm::U16 => 16,
    };
    let spec = hound::WavSpec {
        channels,
        sample_rate: rate,
        bits_per_sample: bits,
        sample_format: hound::SampleFormat::Int,
    };
    let mut cur = std::io::Cursor::new(Vec::new());
    let err = |e: hound::Error| Error::at("wav", e.to_string());
    {
        let mut w = hound::WavWriter::new(&mut cur, spec).map_err(err)?;
        match pcm {
            Pcm::S8 => samples
                .iter()
                .try_for_each(|&b| w.write_sample(b as i8))
                .map_err(err)?,
            Pcm::U8 => samples
                .iter()
                .try_for_each(|&b| w.write_sample((b ^ 0x80) as i8))
                .map_err(err)?,
            Pcm::S16 => samples
                .chunks_exact(2)
                .try_for_each(|c| w.write_sample(i16::from_le_bytes([c[0], c[1]])))
                .map_err(err)?,
            Pcm::U16 => samples
                .chunks_exact(2)
                .try_for_each(|c| {
                    w.write_sample((u16::from_le_bytes([c[0], c[1]]) ^ 0x8000) as i16)
                })
                .map_err(err)?,
        }
        w.finalize().map_err(err)?;
    }
    Ok(cur.into_inner())
}
