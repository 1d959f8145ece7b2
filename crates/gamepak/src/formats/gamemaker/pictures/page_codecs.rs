//! Texture pages in and out of their stored forms (PNG, QOI, BZip2-QOI), and sprite
//! frames cut from them through their TPAG items.

use crate::codec::gm_qoi;
use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::formats::gamemaker::views::page_blobs::PageFormat;
use crate::limits::{Held, Limits};

/// Decodes a page whole, its pixels drawn from the run's budget while it lives.
pub fn decode(blob: &[u8], format: PageFormat, path: &str, limits: &Limits) -> Result<Held<Rgba>> {
    match format {
        PageFormat::Png => png_codec::decode(blob, path, limits),
        PageFormat::Qoi => gm_qoi::decode(blob, path, limits),
        PageFormat::Bz2Qoi => gm_qoi::decode_bz2(blob, path, limits),
        PageFormat::Unknown => Err(Error::at(path, "the page is in no format gamepak knows")),
    }
}

/// Decodes a page without keeping its pixels, as `check` does: a page of any size is
/// verified in the memory of a row (PNG) or of its compressed form (QOI, BZip2-QOI).
pub fn verify(blob: &[u8], format: PageFormat, path: &str, limits: &Limits) -> Result<()> {
    match format {
        PageFormat::Png => png_codec::verify(blob, path, limits).map(drop),
        PageFormat::Qoi => gm_qoi::verify(blob, path).map(drop),
        PageFormat::Bz2Qoi => gm_qoi::verify_bz2(blob, path, limits).map(drop),
        PageFormat::Unknown => Err(Error::at(path, "the page is in no format gamepak knows")),
    }
}

/// Width and height from a page's header, without decoding it.
pub fn dimensions(blob: &[u8], format: PageFormat) -> Option<(u32, u32)> {
    match format {
        PageFormat::Png => png_codec::dimensions(blob),
        PageFormat::Qoi | PageFormat::Bz2Qoi => {
            let side = |at: usize| {
                Some(u32::from(u16::from_le_bytes([
                    *blob.get(at)?,
                    *blob.get(at + 1)?,
                ])))
            };
            Some((side(4)?, side(6)?))
        }
        PageFormat::Unknown => None,
    }
}

/// A BZip2-QOI page's header length: 12 when it carries the uncompressed length
/// (2022.5 and later), which is when its bzip2 stream starts at 12 rather than 8.
pub fn bz2_with_length(blob: &[u8]) -> bool {
    blob.get(12..15) == Some(b"BZh")
}

/// A page in the form it was stored in; `with_length` for BZip2-QOI's longer header.
pub fn encode(img: &Rgba, format: PageFormat, with_length: bool) -> Result<Vec<u8>> {
    match format {
        PageFormat::Png | PageFormat::Unknown => png_codec::encode_compact(img),
        PageFormat::Qoi => gm_qoi::encode(img),
        PageFormat::Bz2Qoi => gm_qoi::encode_bz2(img, with_length),
    }
}

/// The size of a frame's picture: its TPAG item's bounding size, never empty.
pub fn frame_size(bounding: [u16; 2]) -> (u32, u32) {
    let [bw, bh] = bounding.map(u32::from);
    (bw.max(1), bh.max(1))
}

/// Width and height from a page's header, without decoding it.
pub fn page_size(p: &crate::formats::gamemaker::views::page_blobs::Page<'_>) -> Option<(u32, u32)> {
    dimensions(p.blob?, p.format)
}
