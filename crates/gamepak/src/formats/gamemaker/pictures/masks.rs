//! A sprite's collision masks and bounding box computed from its frame pictures, as
//! GameMaker computes them when it compiles a game: a pixel collides when it is not
//! fully transparent, a mask is one bit per pixel (the first pixel in a byte's high
//! bit, rows padded to a byte), and a sprite with one mask has the union of its
//! frames there.
//!
//! In the folder a mask is a black and white PNG beside its sprite's frames,
//! `mask-000.png` on: a 1-bit PNG's rows are a mask's bytes exactly. Any PNG a
//! paint program saves reads back, a pixel colliding where it is light and opaque.

use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::formats::gamemaker::model::chunks::sprites::box_size;
use crate::limits::Limits;

/// The opaque pixels' bounding box over every frame, as a sprite's margins (left,
/// right, bottom, top, inclusive); `None` when every pixel is transparent.
pub fn opaque_margins<'a>(frames: impl IntoIterator<Item = &'a Rgba>) -> Option<[i32; 4]> {
    let mut found: Option<[u32; 4]> = None;
    for f in frames {
        for y in 0..f.height {
            let row = &f.pixels[(y * f.width) as usize * 4..((y + 1) * f.width) as usize * 4];
            let seen = |px: &[u8]| px[3] != 0;
            let Some(first) = row.chunks_exact(4).position(seen) else {
                continue;
            };
            let last = row.chunks_exact(4).rposition(seen).unwrap_or(first);
            let (first, last) = (first as u32, last as u32);
            let b = found.get_or_insert([first, last, y, y]);
            *b = [b[0].min(first), b[1].max(last), b[2].max(y), b[3].min(y)];
        }
    }
    found.map(|b| b.map(|v| v as i32))
}

/// The region (x, y, width, height) of the frame a mask covers.
pub type Region = [u32; 4];

/// One mask over `region` of the union of `frames`.
pub fn mask<'a>(frames: impl IntoIterator<Item = &'a Rgba>, region: Region) -> Vec<u8> {
    let [x0, y0, w, h] = region;
    let stride = w.div_ceil(8) as usize;
    let mut out = vec![0u8; stride * h as usize];
    for f in frames {
        for y in 0..h {
            for x in 0..w {
                let (fx, fy) = (x0 + x, y0 + y);
                if fx < f.width && fy < f.height && f.get(fx, fy)[3] != 0 {
                    out[y as usize * stride + x as usize / 8] |= 0x80 >> (x % 8);
                }
            }
        }
    }
    out
}

/// A sprite's margins after its frames changed: the opaque pixels' box when
/// GameMaker sets them (mode 0), the whole frame (mode 1), or as set by hand (2),
/// kept inside the frame.
pub fn margins(mode: i32, frames: &[Rgba], (w, h): (u32, u32), set: [i32; 4]) -> [i32; 4] {
    let (right, bottom) = (w.saturating_sub(1) as i32, h.saturating_sub(1) as i32);
    match mode {
        0 => opaque_margins(frames).unwrap_or([0; 4]),
        1 => [0, right, bottom, 0],
        _ => {
            let [l, r, b, t] = set;
            [
                l.clamp(0, right),
                r.clamp(0, right),
                b.clamp(0, bottom),
                t.clamp(0, bottom),
            ]
        }
    }
}

/// `count` masks (one, or one per frame) of a sprite whose collision kind is `kind`:
/// precise (1) masks follow the pixels, the others fill the bounding box, as every
/// sprite GameMaker compiled shows.
pub fn masks(
    kind: u32,
    count: usize,
    frames: &[Rgba],
    margins: [i32; 4],
    region: Region,
) -> Vec<Vec<u8>> {
    const PRECISE: u32 = 1;
    if kind != PRECISE {
        let [l, r, b, t] = margins.map(|v| v.max(0) as u32);
        let mut box_ = Rgba::new(r + 1, b + 1);
        for y in t..=b {
            for x in l..=r {
                box_.put(x, y, [0, 0, 0, 255]);
            }
        }
        return vec![mask([&box_], region); count];
    }
    if count == frames.len() && count > 1 {
        return frames.iter().map(|f| mask([f], region)).collect();
    }
    vec![mask(frames, region); count]
}

/// The part of a `w`x`h` frame a mask covers: the whole frame, or from 2024.6 (when
/// `boxed`) the bounding box.
pub fn region(boxed: bool, margins: [i32; 4], (w, h): (u32, u32)) -> Region {
    if !boxed {
        return [0, 0, w, h];
    }
    let (w, h) = box_size(margins);
    [margins[0].max(0) as u32, margins[3].max(0) as u32, w, h]
}

/// A mask's file name in its sprite's folder.
pub fn file_name(k: usize) -> String {
    FileName(k).to_string()
}

/// The file of mask `k`, written where it is wanted (`list` builds each path in one
/// string).
pub struct FileName(pub usize);

impl std::fmt::Display for FileName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mask-{:03}.png", self.0)
    }
}

/// A `w`x`h` mask as a 1-bit PNG.
pub fn to_png(mask: &[u8], (w, h): (u32, u32)) -> Result<Vec<u8>> {
    png_codec::encode_bits(w, h, mask)
}

/// A mask from a PNG (`file`), and its size. Bits past a row's end are not
/// pixels: a `drawn` mask has them 0, as GameMaker writes them, and one as
/// extracted keeps them as the game has them (some Studio 1 games set them).
pub fn from_png(
    bytes: &[u8],
    file: &str,
    limits: &Limits,
    drawn: bool,
) -> Result<(Vec<u8>, (u32, u32))> {
    if let Some((w, h, mut rows)) = png_codec::decode_bits_source(bytes, file, limits)? {
        let stride = w.div_ceil(8) as usize;
        if w % 8 != 0 && drawn {
            let keep = 0xffu8 << (8 - w % 8);
            rows.chunks_exact_mut(stride.max(1))
                .for_each(|row| row[stride - 1] &= keep);
        }
        if w > 0 && h > 0 {
            return Ok((rows, (w, h)));
        }
    }
    let img = png_codec::decode_source(bytes, file, limits)?;
    let stride = img.width.div_ceil(8) as usize;
    let mut out = vec![0u8; stride * img.height as usize];
    for (i, px) in img.pixels.chunks_exact(4).enumerate() {
        let light = u32::from(px[0]) + u32::from(px[1]) + u32::from(px[2]) >= 3 * 128;
        if light && px[3] >= 128 {
            let (x, y) = (i % img.width as usize, i / img.width as usize);
            out[y * stride + x / 8] |= 0x80 >> (x % 8);
        }
    }
    if img.width == 0 || img.height == 0 {
        return Err(Error::at(file, "a mask is at least 1x1"));
    }
    Ok((out, (img.width, img.height)))
}
