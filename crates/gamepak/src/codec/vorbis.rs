//! Ogg Vorbis: encoding stereo clips, and reading a stream's length without decoding it.

use std::num::{NonZeroU32, NonZeroU8};

use crate::error::{Error, Result};

/// Channels, rate and length in samples per channel of an Ogg Vorbis stream, from its
/// identification header and the granule position of its last page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Channel count.
    pub channels: u8,
    /// Sample rate in Hz.
    pub rate: u32,
    /// Length in samples per channel (0 when the last page ends no packet).
    pub samples: u64,
}

impl Summary {
    /// Length in seconds; 0 when the rate is 0.
    pub fn seconds(&self) -> f64 {
        if self.rate == 0 {
            0.0
        } else {
            self.samples as f64 / self.rate as f64
        }
    }
}

/// Whether `data` starts with an Ogg page (`OggS`), whatever codec the stream holds.
pub fn is_ogg(data: &[u8]) -> bool {
    data.starts_with(b"OggS")
}

/// Reads the summary of an Ogg Vorbis stream, or `None` if it is not one.
pub fn summary(data: &[u8]) -> Option<Summary> {
    if !is_ogg(data) {
        return None;
    }
    // The first page's single packet is the identification header.
    let segments = *data.get(26)? as usize;
    let body = 27 + segments;
    let id = data.get(body..body + 16)?;
    if &id[..7] != b"\x01vorbis" {
        return None;
    }
    let channels = id[11];
    let rate = u32::from_le_bytes(id[12..16].try_into().ok()?);
    let last = data.windows(4).rposition(|w| w == b"OggS")?;
    let granule = u64::from_le_bytes(data.get(last + 6..last + 14)?.try_into().ok()?);
    Some(Summary {
        channels,
        rate,
        // -1 marks a page on which no packet ends.
        samples: if granule == u64::MAX { 0 } else { granule },
    })
}

/// Whether an Ogg stream is whole: its pages follow one another, each within the
/// bytes, up to the one that marks the stream's end. Packets are not decoded.
pub fn verify_pages(data: &[u8], path: &str) -> Result<()> {
    let broken = |why: String| Err(Error::at(path, format!("Ogg stream is damaged: {why}")));
    let mut at = 0usize;
    loop {
        if at == data.len() {
            return broken(format!("it ends at {at:#x}, before its last page"));
        }
        if data.get(at..at + 4) != Some(b"OggS") {
            return broken(format!("no page at {at:#x}"));
        }
        let Some(&segments) = data.get(at + 26) else {
            return broken(format!("the page at {at:#x} is cut short"));
        };
        let table = at + 27;
        let Some(lacing) = data.get(table..table + usize::from(segments)) else {
            return broken(format!("the page at {at:#x} is cut short"));
        };
        let end = table + lacing.len() + lacing.iter().map(|&l| usize::from(l)).sum::<usize>();
        if end > data.len() {
            return broken(format!("the page at {at:#x} runs past the end"));
        }
        // Header type bit 2 marks the last page of the stream.
        if data[at + 5] & 4 != 0 {
            return Ok(());
        }
        at = end;
    }
}

/// Encodes planar float samples (one slice per channel) as Ogg Vorbis at the encoder's
/// default quality. The stream serial is fixed so that builds are reproducible.
pub fn encode(channels: &[Vec<f32>], rate: u32, serial: i32) -> Result<Vec<u8>> {
    let err = |e: vorbis_rs::VorbisError| Error::at("vorbis", e.to_string());
    let n =
        NonZeroU8::new(channels.len() as u8).ok_or_else(|| Error::at("vorbis", "no channels"))?;
    let r = NonZeroU32::new(rate).ok_or_else(|| Error::at("vorbis", "sample rate 0"))?;
    let mut out = Vec::new();
    let mut enc = vorbis_rs::VorbisEncoderBuilder::new_with_serial(r, n, &mut out, serial)
        .build()
        .map_err(err)?;
    let len = channels[0].len();
    let mut at = 0;
    while at < len {
        let end = (at + 4096).min(len);
        let block: Vec<&[f32]> = channels.iter().map(|c| &c[at..end]).collect();
        enc.encode_audio_block(&block).map_err(err)?;
        at = end;
    }
    enc.finish().map_err(err)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoded_stream_reports_its_length() {
        let tone: Vec<f32> = (0..44100).map(|i| (i as f32 * 0.05).sin() * 0.5).collect();
        let ogg = encode(&[tone.clone(), tone], 44100, 7).unwrap();
        let s = summary(&ogg).unwrap();
        assert_eq!((s.channels, s.rate, s.samples), (2, 44100, 44100));
        assert!(!encode(&[vec![0.1; 10], vec![0.1; 10]], 44100, 7)
            .unwrap()
            .is_empty());
        assert!(summary(b"OggS").is_none());
    }
}
