//! Telling formats apart from their first bytes, with the evidence for each verdict.
//!
//! Detection reads only headers and tables, never payloads. Each format's probe returns
//! a [`Probe`]: how far the file got through that format's checks, what matched and
//! what failed. The best probe wins; when no probe reaches "possible", the answer is
//! "unknown" with the closest candidate and the reason it failed.

use serde::Serialize;

use crate::Format;

/// How sure a detection is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Certainty {
    /// Nothing matched well enough to name a format.
    Unknown,
    /// A weak match: some structure fits, some does not.
    Possible,
    /// The structure fits but something a well-formed file would have is off.
    Likely,
    /// Magic and header sanity both hold.
    Certain,
}

/// What `identify` answers for one file.
#[derive(Debug, Clone, Serialize)]
pub struct Detection {
    /// The format, when certainty is at least possible.
    pub format: Option<Format>,
    /// How sure the verdict is: [`Certainty::Unknown`] when no format is named.
    pub certainty: Certainty,
    /// Facts that support the verdict.
    pub evidence: Vec<String>,
    /// A format or version string from the header, where one exists.
    pub version: Option<String>,
    /// For unknown files: the closest candidate and why it failed.
    pub closest: Option<Closest>,
}

/// For a file no format recognised: the format it came nearest to, and why it is
/// not one.
#[derive(Debug, Clone, Serialize)]
pub struct Closest {
    /// The format whose checks got furthest (the first listed, on a tie).
    pub format: Format,
    /// The check it failed, in words.
    pub failed: String,
}

/// One format's opinion of a file.
#[derive(Debug, Clone)]
pub struct Probe {
    /// The format this probe checks for.
    pub format: Format,
    /// How sure the probe is that the file is of its format.
    pub certainty: Certainty,
    /// How far the checks got, to rank failed probes for "closest candidate".
    pub score: u32,
    /// Facts that matched, one per check passed.
    pub evidence: Vec<String>,
    /// A format or version string from the header, where one was read.
    pub version: Option<String>,
    /// The check that failed and stopped the probe, in words; `None` if none did.
    pub failed: Option<String>,
}

impl Probe {
    pub(crate) fn new(format: Format) -> Self {
        Probe {
            format,
            certainty: Certainty::Unknown,
            score: 0,
            evidence: Vec::new(),
            version: None,
            failed: None,
        }
    }

    pub(crate) fn fail(mut self, why: impl Into<String>) -> Self {
        self.failed = Some(why.into());
        self
    }

    pub(crate) fn hit(&mut self, fact: impl Into<String>) {
        self.score += 1;
        self.evidence.push(fact.into());
    }
}

/// Runs every format's probe and returns the verdict.
pub fn detect(data: &[u8]) -> Detection {
    let probes: Vec<Probe> = Format::ALL.iter().map(|f| f.probe(data)).collect();
    let best = probes
        .iter()
        .max_by_key(|p| (p.certainty, p.score))
        .expect("at least one format");
    if best.certainty > Certainty::Unknown {
        return Detection {
            format: Some(best.format),
            certainty: best.certainty,
            evidence: best.evidence.clone(),
            version: best.version.clone(),
            closest: None,
        };
    }
    // The first of the best-scoring probes, so ties go to the format listed first.
    let closest = probes
        .iter()
        .fold(None::<&Probe>, |best, p| match best {
            Some(b) if b.score >= p.score => Some(b),
            _ => Some(p),
        })
        .map(|p| Closest {
            format: p.format,
            failed: p
                .failed
                .clone()
                .unwrap_or_else(|| "no structure matched".to_string()),
        });
    let mut evidence = Vec::new();
    if data.is_empty() {
        evidence.push("file is empty".to_string());
    } else if let Some(kind) = foreign_kind(data) {
        evidence.push(format!("looks like {kind}, which gamepak does not handle"));
    }
    Detection {
        format: None,
        certainty: Certainty::Unknown,
        evidence,
        version: None,
        closest,
    }
}

/// Names common non-game files, so "unknown" can say what the file more likely is.
fn foreign_kind(data: &[u8]) -> Option<&'static str> {
    const KINDS: &[(&[u8], &str)] = &[
        (b"\x89PNG\r\n\x1a\n", "a PNG image"),
        (b"PK\x03\x04", "a zip archive"),
        (b"PK\x05\x06", "an empty zip archive"),
        (b"\x1f\x8b", "a gzip stream"),
        (b"OggS", "an Ogg stream"),
        (b"RIFF", "a RIFF file (WAV, AVI)"),
        (b"\x7fELF", "an ELF executable"),
        (b"MZ", "a Windows executable"),
        (b"%PDF", "a PDF document"),
        (b"\xff\xd8\xff", "a JPEG image"),
        (b"GIF8", "a GIF image"),
    ];
    KINDS
        .iter()
        .find(|(magic, _)| data.starts_with(magic))
        .map(|(_, k)| *k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_file_is_unknown() {
        let d = detect(&[]);
        assert_eq!(d.certainty, Certainty::Unknown);
        assert!(d.format.is_none());
        assert!(d.closest.is_some());
    }

    #[test]
    fn png_is_unknown_and_named() {
        let d = detect(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0");
        assert_eq!(d.certainty, Certainty::Unknown);
        assert!(d.evidence[0].contains("PNG"));
    }

    #[test]
    fn random_data_is_unknown() {
        let mut x: u32 = 0x1234_5678;
        for len in [1usize, 7, 64, 4096, 65536] {
            let data: Vec<u8> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    x as u8
                })
                .collect();
            assert_eq!(detect(&data).certainty, Certainty::Unknown, "len {len}");
        }
    }
}
