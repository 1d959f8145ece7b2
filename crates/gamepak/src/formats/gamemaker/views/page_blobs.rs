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
/// stated length, a BZip2-QOI's at its bzip2 stream's end marker. `room` is how
/// far the blob may run (the next page's start): a PNG followed there by nothing
/// but padding ends at the IEND before the padding, found from that end, so that
/// reading a game's table touches each page's last bytes and not the page
/// through. Otherwise the blob is measured from its start.
pub fn measured_len(b: &[u8], room: Option<usize>) -> Option<usize> {
    if let Some(len) = room.and_then(|room| png_len_before(b.get(..room)?)) {
        return Some(len);
    }

    match PageFormat::of(b) {
        PageFormat::Png => png_len(b),
        PageFormat::Qoi => b
            .get(8..12)
            .map(|l| 12 + u32::from_le_bytes([l[0], l[1], l[2], l[3]]) as usize),
        PageFormat::Bz2Qoi => crate::codec::gm_qoi::bz2_blob_len(b),
        PageFormat::Unknown => None,
    }
}

/// The length of a PNG in `b` that ends with its IEND chunk and then only zeros,
/// and starts as a PNG does.
fn png_len_before(b: &[u8]) -> Option<usize> {
    const IEND: [u8; 12] = [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82];
    if PageFormat::of(b) != PageFormat::Png {
        return None;
    }
    let end = b.len() - b.iter().rev().take_while(|&&x| x == 0).count();
    (end >= 8 + IEND.len() && b[end - IEND.len()..end] == IEND).then_some(end)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of its signature, one made-up chunk and IEND.
    fn png() -> Vec<u8> {
        let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
        b.extend([0, 0, 0, 1, b'a', b'b', b'c', b'd', 7, 1, 2, 3, 4]);
        b.extend([0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82]);
        b
    }

    #[test]
    fn a_page_padded_to_the_next_ends_at_its_iend_found_from_the_end() {
        let mut b = png();
        let len = b.len();
        b.resize(128, 0);
        assert_eq!(png_len_before(&b), Some(len));
        assert_eq!(measured_len(&b, Some(128)), Some(len));
    }

    #[test]
    fn bytes_other_than_padding_after_a_page_are_measured_from_its_start() {
        let mut b = png();
        let len = b.len();
        b.extend([9, 0, 0]);
        assert_eq!(png_len_before(&b), None);
        assert_eq!(measured_len(&b, Some(b.len())), Some(len));
        assert_eq!(measured_len(&b, None), Some(len));
    }
}
