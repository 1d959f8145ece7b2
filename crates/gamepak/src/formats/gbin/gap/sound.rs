//! Raw sample conversion for our `sound` extension: S8/U8/S16/U16 little-endian in and
//! out, and linear resampling.

/// Decodes raw samples to signed 16-bit values.
pub fn to_i16(data: &[u8], format: u8) -> Vec<i16> {
    match format {
        1 => data.iter().map(|&b| ((b as i16) - 128) << 8).collect(),
        2 => data
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect(),
        3 => data
            .chunks_exact(2)
            .map(|c| (u16::from_le_bytes([c[0], c[1]]) ^ 0x8000) as i16)
            .collect(),
        _ => data.iter().map(|&b| (b as i8 as i16) << 8).collect(),
    }
}

/// Encodes signed 16-bit values to a raw sample format.
pub fn from_i16(samples: &[i16], format: u8) -> Vec<u8> {
    match format {
        1 => samples.iter().map(|&v| ((v >> 8) + 128) as u8).collect(),
        2 => samples.iter().flat_map(|v| v.to_le_bytes()).collect(),
        3 => samples
            .iter()
            .flat_map(|&v| ((v as u16) ^ 0x8000).to_le_bytes())
            .collect(),
        _ => samples.iter().map(|&v| (v >> 8) as u8).collect(),
    }
}

/// Linear interpolation from one rate to another.
pub fn resample(samples: &[i16], from: u32, to: u32) -> Vec<i16> {
    if from == to || samples.is_empty() {
        return samples.to_vec();
    }
    let out_len = (samples.len() as u64 * to as u64 / from as u64) as usize;
    (0..out_len)
        .map(|i| {
            let pos = i as f64 * from as f64 / to as f64;
            let i0 = pos.floor() as usize;
            let i1 = (i0 + 1).min(samples.len() - 1);
            let t = pos - i0 as f64;
            (samples[i0] as f64 * (1.0 - t) + samples[i1] as f64 * t).round() as i16
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_round_trip() {
        let v = vec![-32768i16, -256, 0, 256, 32512];
        for f in 0..4 {
            let back = to_i16(&from_i16(&v, f), f);
            if f >= 2 {
                assert_eq!(back, v);
            } else {
                assert_eq!(back, v.iter().map(|x| x & !0xff).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn halving_the_rate_halves_the_length() {
        assert_eq!(resample(&[0; 100], 22050, 11025).len(), 50);
    }
}
