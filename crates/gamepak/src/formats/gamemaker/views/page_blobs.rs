//! The texture pages as the verbs see them (the model reads TXTR, see
//! [`crate::formats::gamemaker::model::chunks::textures`]): each page's blob where the file stores it,
//! and how its pixels are stored, told by the blob's own magic.

use crate::formats::gamemaker::model::version::Version;

/// How a page's pixels are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageFormat {
    Png,
    /// GameMaker's QOI variant (`fioq`).
    Qoi,
    /// BZip2-compressed QOI (`2zoq`).
    Bz2Qoi,
    /// Not a format we know: kept as stored.
    Unknown,
}

impl PageFormat {
    pub fn of(b: &[u8]) -> PageFormat {
        if b.starts_with(b"\x89PNG\r\n\x1a\n") {
            PageFormat::Png
        } else if b.starts_with(b"fioq") {
            PageFormat::Qoi
        } else if b.starts_with(b"2zoq") {
            PageFormat::Bz2Qoi
        } else {
            PageFormat::Unknown
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PageFormat::Png => "png",
            PageFormat::Qoi => "qoi",
            PageFormat::Bz2Qoi => "bz2-qoi",
            PageFormat::Unknown => "unknown",
        }
    }
}

/// One page.
#[derive(Debug, Clone)]
pub struct Page<'a> {
    /// `None` when the page is stored outside the file, or did not read.
    pub blob: Option<&'a [u8]>,
    pub blob_offset: u64,
    pub format: PageFormat,
    /// Whether the page's entry did not read (in a damaged file): nothing of it is
    /// known but its place in the list.
    pub missing: bool,
}

/// TXTR's pages, by index, and the release whose layout TXTR read in.
#[derive(Debug, Clone)]
pub struct Txtr<'a> {
    pub version: Version,
    pub pages: Vec<Page<'a>>,
}

/// A blob's length found in the blob itself: a PNG's at its IEND, a QOI's after its
/// stated length, a BZip2-QOI's at its bzip2 stream's end marker.
pub fn measured_len(b: &[u8]) -> Option<usize> {
    match PageFormat::of(b) {
        PageFormat::Png => png_len(b),
        PageFormat::Qoi => b
            .get(8..12)
            .map(|l| 12 + u32::from_le_bytes([l[0], l[1], l[2], l[3]]) as usize),
        PageFormat::Bz2Qoi => crate::codec::gm_qoi::bz2_blob_len(b),
        PageFormat::Unknown => None,
    }
}

/// A PNG's length: its chunks walked to IEND.
fn png_len(b: &[u8]) -> Option<usize> {
    let mut at = 8usize;
    loop {
        let len = u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?) as usize;
        let end = at.checked_add(12)?.checked_add(len)?;
        if b.get(at + 4..at + 8)? == b"IEND" {
            return (end <= b.len()).then_some(end);
        }
        at = end;
    }
}
