//! WAV output of raw PCM samples.

use crate::error::{Error, Result};

/// Sample layout of raw PCM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pcm {
    /// Signed 8-bit.
    S8,
    /// Unsigned 8-bit, silence at 128.
    U8,
    /// Signed 16-bit, little-endian.
    S16,
    /// Unsigned 16-bit, little-endian, silence at 32768.
    U16,
}

/// Wraps raw little-endian PCM in a WAV container (8-bit as unsigned, 16-bit as signed,
/// as WAV requires).
pub fn encode(samples: &[u8], pcm: Pcm, rate: u32, channels: u16) -> Result<Vec<u8>> {
    let bits = match pcm {
        Pcm::S8 | Pcm::U8 => 8,
        Pcm::S16 | Pcm::U16 => 16,
    };
    // hound divides by the rate and multiplies it by the frame size unchecked.
    let frame = u32::from(bits / 8) * u32::from(channels);
    if rate == 0 || channels == 0 || rate.checked_mul(frame).is_none() {
        return Err(Error::at(
            "wav",
            format!("a WAV cannot hold a rate of {rate} Hz with {channels} channel(s)"),
        ));
    }
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

type Reader<'a> = hound::WavReader<std::io::Cursor<&'a [u8]>>;

/// The sample rates a build takes: from telephone quality to the highest any
/// recorder writes. Outside them a resampled clip would be hundreds of times the
/// size of its source, or the rate is a slip.
pub const RATES: std::ops::RangeInclusive<u32> = 1_000..=384_000;

/// Refuses a sample rate outside [`RATES`], naming it.
pub fn check_rate(rate: u32, path: &str) -> Result<()> {
    if RATES.contains(&rate) {
        return Ok(());
    }
    Err(Error::at(
        path,
        format!(
            "a sample rate of {rate} Hz is outside the {} Hz to {} Hz a build takes",
            RATES.start(),
            RATES.end()
        ),
    ))
}

fn open<'a>(bytes: &'a [u8], path: &str) -> Result<Reader<'a>> {
    hound::WavReader::new(std::io::Cursor::new(bytes))
        .map_err(|e| Error::at(path, format!("not a readable WAV: {e}")))
}

fn damaged(path: &str) -> impl Fn(hound::Error) -> Error + Copy + '_ {
    move |e| Error::at(path, format!("WAV data is damaged: {e}"))
}

/// Reads every sample without keeping any: whether the WAV is whole.
pub fn verify(bytes: &[u8], path: &str) -> Result<()> {
    let mut r = open(bytes, path)?;
    let bad = damaged(path);
    match r.spec().sample_format {
        hound::SampleFormat::Float => r.samples::<f32>().try_for_each(|s| s.map(drop)),
        hound::SampleFormat::Int => r.samples::<i32>().try_for_each(|s| s.map(drop)),
    }
    .map_err(bad)
}

/// Reads a mono WAV back to raw little-endian PCM of the given layout, with its rate.
pub fn decode_mono(bytes: &[u8], pcm: Pcm, path: &str) -> Result<(u32, Vec<u8>)> {
    let mut r = open(bytes, path)?;
    let spec = r.spec();
    let want_bits = match pcm {
        Pcm::S8 | Pcm::U8 => 8,
        Pcm::S16 | Pcm::U16 => 16,
    };
    if spec.channels != 1 || spec.bits_per_sample != want_bits {
        return Err(Error::at(
            path,
            format!(
                "WAV is {} channels of {} bits; this entry needs mono {want_bits}-bit",
                spec.channels, spec.bits_per_sample
            ),
        ));
    }
    let bad = damaged(path);
    let mut out = Vec::new();
    if want_bits == 8 {
        for s in r.samples::<i8>() {
            let s = s.map_err(bad)?;
            out.push(if pcm == Pcm::U8 {
                (s as u8) ^ 0x80
            } else {
                s as u8
            });
        }
    } else {
        for s in r.samples::<i16>() {
            let s = s.map_err(bad)?;
            let v = if pcm == Pcm::U16 {
                (s as u16) ^ 0x8000
            } else {
                s as u16
            };
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    Ok((spec.sample_rate, out))
}

/// A WAV file's samples as floats, one vector per channel.
pub struct Clip {
    /// Sample rate in Hz.
    pub rate: u32,
    /// One vector per channel, of equal length; integer samples map to -1.0 to 1.0.
    pub channels: Vec<Vec<f32>>,
}

/// Reads any integer or float WAV to planar floats. Integers map as the Web Audio
/// decoders do: negative values over 2^(bits-1), positive over 2^(bits-1) - 1, so both
/// full-scale ends land on -1.0 and 1.0 exactly.
pub fn read_clip(bytes: &[u8], path: &str) -> Result<Clip> {
    let mut r = open(bytes, path)?;
    let spec = r.spec();
    if spec.channels == 0 {
        return Err(Error::at(path, "WAV has no channels"));
    }
    check_rate(spec.sample_rate, path)?;
    let taken = match spec.sample_format {
        hound::SampleFormat::Int => matches!(spec.bits_per_sample, 8 | 16 | 24),
        hound::SampleFormat::Float => spec.bits_per_sample == 32,
    };
    if !taken {
        let kind = match spec.sample_format {
            hound::SampleFormat::Int => "integer",
            hound::SampleFormat::Float => "float",
        };
        return Err(Error::at(
            path,
            format!(
                "WAV holds {}-bit {kind} samples; 8, 16 or 24-bit integers or 32-bit floats \
                 are taken",
                spec.bits_per_sample
            ),
        ));
    }
    let bad = damaged(path);
    let interleaved: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => r
            .samples::<f32>()
            .collect::<std::result::Result<_, _>>()
            .map_err(bad)?,
        hound::SampleFormat::Int => {
            let half = (1u64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f64;
            r.samples::<i32>()
                .map(|s| {
                    s.map(|s| {
                        let d = if s < 0 { half } else { half - 1.0 };
                        (s as f64 / d) as f32
                    })
                })
                .collect::<std::result::Result<_, _>>()
                .map_err(bad)?
        }
    };
    // A resampler fed NaN or infinity gives garbage at best.
    if let Some(k) = interleaved.iter().position(|s| !s.is_finite()) {
        return Err(Error::at(
            path,
            format!(
                "WAV sample {k} is {}: samples must be finite",
                interleaved[k]
            ),
        ));
    }
    let n = spec.channels as usize;
    let channels = (0..n)
        .map(|c| interleaved.iter().skip(c).step_by(n).copied().collect())
        .collect();
    Ok(Clip {
        rate: spec.sample_rate,
        channels,
    })
}

/// Reads a 16-bit WAV as interleaved stereo little-endian PCM (mono is duplicated),
/// with its rate. Other layouts are refused: their samples would change.
pub fn read_s16_stereo(bytes: &[u8], path: &str) -> Result<(u32, Vec<u8>)> {
    let mut r = open(bytes, path)?;
    let spec = r.spec();
    if spec.bits_per_sample != 16
        || spec.sample_format != hound::SampleFormat::Int
        || !(1..=2).contains(&spec.channels)
    {
        return Err(Error::at(
            path,
            format!(
                "WAV is {} channels of {}-bit samples; this entry needs 16-bit mono or stereo",
                spec.channels, spec.bits_per_sample
            ),
        ));
    }
    let bad = damaged(path);
    let mut out = Vec::new();
    for s in r.samples::<i16>() {
        let b = s.map_err(bad)?.to_le_bytes();
        out.extend_from_slice(&b);
        if spec.channels == 1 {
            out.extend_from_slice(&b);
        }
    }
    Ok((spec.sample_rate, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_or_channel_count_no_wav_holds_is_an_error() {
        for (rate, channels) in [(0, 1), (44_100, 0), (u32::MAX, 2)] {
            let e = encode(&[0, 0], Pcm::S16, rate, channels).unwrap_err();
            assert!(e.to_string().contains("cannot hold"), "{e}");
        }
    }

    /// A 32-bit float WAV of `samples` at `rate`, written by hound.
    fn float_wav(rate: u32, samples: &[f32]) -> Vec<u8> {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: rate,
            bits_per_sample: 32,
            sample_format: hound::SampleFormat::Float,
        };
        let mut out = std::io::Cursor::new(Vec::new());
        let mut w = hound::WavWriter::new(&mut out, spec).unwrap();
        for &s in samples {
            w.write_sample(s).unwrap();
        }
        w.finalize().unwrap();
        out.into_inner()
    }

    #[test]
    fn a_build_refuses_absurd_rates_and_samples_that_are_not_numbers() {
        for rate in [1, 3, 999, 384_001, 250_000_000] {
            let Err(e) = read_clip(&float_wav(rate, &[0.0; 4]), "a.wav") else {
                panic!("{rate} Hz read");
            };
            assert!(
                e.to_string().contains(&format!("{rate} Hz is outside")),
                "{e}"
            );
        }
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let Err(e) = read_clip(&float_wav(44_100, &[0.0, bad]), "a.wav") else {
                panic!("{bad} read");
            };
            assert!(e.to_string().contains("sample 1 is"), "{e}");
        }
        assert!(read_clip(&float_wav(8_000, &[0.5, -0.5]), "a.wav").is_ok());
    }
}
