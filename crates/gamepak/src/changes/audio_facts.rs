//! What a diff says of a sound: its codec, rate, channels, length and hash, read
//! from its headers alone.

use serde::Serialize;

use super::tree::hash;

/// A sound's facts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AudioFacts {
    /// `wav`, `ogg` or, for anything else, the file's extension.
    pub codec: String,
    /// Samples a second, per channel.
    pub sample_rate: Option<u32>,
    /// Channels.
    pub channels: Option<u16>,
    /// Seconds, where the headers say.
    pub duration: Option<f64>,
    /// The file's size.
    pub bytes: u64,
    /// The file's BLAKE3, in hex.
    pub hash: String,
}

/// The facts of `bytes`, a sound file named `name`.
pub fn facts(bytes: &[u8], name: &str) -> AudioFacts {
    let extension = name
        .rsplit_once('.')
        .map_or("", |(_, e)| e)
        .to_ascii_lowercase();
    let mut out = AudioFacts {
        codec: extension,
        sample_rate: None,
        channels: None,
        duration: None,
        bytes: bytes.len() as u64,
        hash: hash(bytes),
    };
    if let Ok(reader) = hound::WavReader::new(std::io::Cursor::new(bytes)) {
        let spec = reader.spec();
        out.codec = "wav".into();
        out.sample_rate = Some(spec.sample_rate);
        out.channels = Some(spec.channels);
        out.duration = (spec.sample_rate > 0)
            .then(|| f64::from(reader.duration()) / f64::from(spec.sample_rate));
    } else if let Some((rate, channels)) = vorbis_header(bytes) {
        out.codec = "ogg".into();
        out.sample_rate = Some(rate);
        out.channels = Some(channels);
        out.duration = last_granule(bytes)
            .filter(|_| rate > 0)
            .map(|g| g as f64 / f64::from(rate));
    }
    out
}

/// An Ogg Vorbis file's rate and channels, from the identification header in its
/// first page.
fn vorbis_header(bytes: &[u8]) -> Option<(u32, u16)> {
    if !bytes.starts_with(b"OggS") {
        return None;
    }
    let segments = usize::from(*bytes.get(26)?);
    let packet = bytes.get(27 + segments..)?;
    if packet.get(..7)? != b"\x01vorbis" {
        return None;
    }
    let channels = u16::from(*packet.get(11)?);
    let rate = u32::from_le_bytes(packet.get(12..16)?.try_into().ok()?);
    Some((rate, channels))
}

/// The granule position of an Ogg file's last page: its length in samples.
fn last_granule(bytes: &[u8]) -> Option<u64> {
    let at = bytes.windows(4).rposition(|w| w == b"OggS")?;
    let granule = u64::from_le_bytes(bytes.get(at + 6..at + 14)?.try_into().ok()?);
    (granule != u64::MAX).then_some(granule)
}
