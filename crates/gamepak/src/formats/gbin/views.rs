//! Which bytes of each data chunk the asset files stand for.
//!
//! Extraction writes those bytes as assets and keeps only what no asset covers (the
//! "residue"); packing starts from the residue and lays each asset's bytes back at
//! its offset.

use super::items::{Index, Item};
use super::model::*;
use super::pixel::PixelFormat;
use crate::FourCC;

/// The data chunk an item's bytes live in, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// Index of the chunk in the document.
    pub chunk: usize,
    pub offset: u64,
    pub len: u64,
}

/// The span of an item inside its data chunk, if it has one.
pub fn span(idx: &Index<'_, '_>, item: Item) -> Option<Span> {
    let in_chunk = |id: FourCC, offset: u64, len: u64| {
        idx.find(id)
            .map(|(chunk, _, _)| Span { chunk, offset, len })
    };
    match item {
        Item::Image(i) => {
            let im = &idx.images()[i];
            let pf = PixelFormat::from_code(im.pixel_format)?;
            in_chunk(
                FourCC::IMGD,
                im.offset as u64,
                pf.data_len(im.width as u32, im.height as u32),
            )
        }
        Item::Tile(s, t) => {
            let ts = &idx.tilesets()[s];
            let pf = PixelFormat::from_code(ts.pixel_format)?;
            let len = pf.data_len(ts.tile_width as u32, ts.tile_height as u32);
            in_chunk(FourCC::IMGD, ts.offset as u64 + t as u64 * len, len)
        }
        Item::ColourMap(i) => match idx.find(FourCC::CMAP)? {
            (ci, Body::ColourMaps(t), _) => {
                let len = t.entries.get(i)?.count as u64 * 4;
                in_chunk(FourCC::COLR, idx.colour_map_start(ci, i), len)
            }
            _ => None,
        },
        Item::File(i) => match idx.find(FourCC::FDIR)?.1 {
            Body::FileDirectory(t) => {
                let f = &t.entries[i];
                in_chunk(FourCC::FDAT, f.offset as u64, f.size as u64)
            }
            _ => None,
        },
        Item::Sound(i) => match idx.find(FourCC::SWAV)?.1 {
            Body::Sounds(t) => {
                let s = &t.entries[i];
                let width = if s.format >= 2 { 2 } else { 1 };
                in_chunk(FourCC::WAVD, s.offset as u64, s.sample_count as u64 * width)
            }
            _ => None,
        },
        _ => None,
    }
}

/// The bytes of a blob chunk that no span covers, as (offset, bytes) runs that hold a
/// non-zero byte. Empty when every uncovered byte is zero.
pub fn residue_runs(blob: &[u8], spans: &mut [(u64, u64)]) -> Vec<(usize, usize)> {
    spans.sort_unstable();
    let mut runs = Vec::new();
    let mut at = 0usize;
    let check = |from: usize, to: usize, runs: &mut Vec<(usize, usize)>| {
        let to = to.min(blob.len());
        if from < to && blob[from..to].iter().any(|&b| b != 0) {
            runs.push((from, to));
        }
    };
    for &(off, len) in spans.iter() {
        let off = off.min(blob.len() as u64) as usize;
        check(at, off, &mut runs);
        at = at.max(off.saturating_add(len as usize).min(blob.len()));
    }
    check(at, blob.len(), &mut runs);
    runs
}

/// A copy of the blob with every span zeroed: what pack starts from.
pub fn residue(blob: &[u8], runs: &[(usize, usize)]) -> Vec<u8> {
    let mut out = vec![0u8; blob.len()];
    for &(from, to) in runs {
        out[from..to].copy_from_slice(&blob[from..to]);
    }
    out
}
