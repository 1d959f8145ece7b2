//! The sprite atlas: cropping frames to their opaque area, a 1-pixel edge border, and
//! a deterministic packer that keeps the smallest area it finds.

use std::collections::HashMap;

use crate::codec::png::Rgba;
use crate::error::{Error, Result};
use crate::limits::Limits;

/// A frame cropped to its opaque pixels, with the origin offset the engine stores:
/// the crop's left and top edges minus half the source size, truncated toward zero.
pub struct Cropped {
    /// `None` for a frame with no opaque pixel.
    pub image: Option<Rgba>,
    pub offset: (i16, i16),
}

pub fn crop(img: &Rgba) -> Cropped {
    let opaque = |x: u32, y: u32| img.get(x, y)[3] > 0;
    let cols: Vec<u32> = (0..img.width)
        .filter(|&x| (0..img.height).any(|y| opaque(x, y)))
        .collect();
    let rows: Vec<u32> = (0..img.height)
        .filter(|&y| (0..img.width).any(|x| opaque(x, y)))
        .collect();
    let (Some(&left), Some(&right), Some(&top), Some(&bottom)) =
        (cols.first(), cols.last(), rows.first(), rows.last())
    else {
        return Cropped {
            image: None,
            offset: (0, 0),
        };
    };
    let offset = |edge: u32, size: u32| (edge as f64 - size as f64 / 2.0).trunc() as i16;
    Cropped {
        image: Some(img.crop(left, top, right - left + 1, bottom - top + 1)),
        offset: (offset(left, img.width), offset(top, img.height)),
    }
}

/// The image with a 1-pixel border copied from its edges, so that filtering at the
/// frame's edge never samples a neighbour.
fn bordered(inner: &Rgba) -> Rgba {
    let mut out = Rgba::new(inner.width + 2, inner.height + 2);
    for y in 0..out.height {
        for x in 0..out.width {
            let sx = x.saturating_sub(1).min(inner.width - 1);
            let sy = y.saturating_sub(1).min(inner.height - 1);
            out.put(x, y, inner.get(sx, sy));
        }
    }
    out
}

/// Positions for rectangles in a `width` wide atlas, by shelves of decreasing height.
fn shelves(sizes: &[(u32, u32)], order: &[usize], width: u32) -> (u32, Vec<(u32, u32)>) {
    let mut at = vec![(0, 0); sizes.len()];
    let (mut x, mut y, mut shelf) = (0u32, 0u32, 0u32);
    for &i in order {
        let (w, h) = sizes[i];
        if x + w > width {
            y += shelf;
            x = 0;
            shelf = 0;
        }
        at[i] = (x, y);
        x += w;
        shelf = shelf.max(h);
    }
    (y + shelf, at)
}

/// Packs rectangles: tries atlas widths from the widest rectangle to a single row and
/// keeps the smallest area (then the squarer, then the narrower). Returns the atlas
/// size and each rectangle's position.
pub fn pack(sizes: &[(u32, u32)]) -> (u32, u32, Vec<(u32, u32)>) {
    if sizes.is_empty() {
        return (1, 1, Vec::new());
    }
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(sizes[i].1),
            std::cmp::Reverse(sizes[i].0),
            i,
        )
    });
    let widest = sizes.iter().map(|s| s.0).max().unwrap_or(1);
    let row: u32 = sizes.iter().map(|s| s.0).sum();
    // Every width for small sets; 512 evenly spread ones for big sets.
    let span = row - widest;
    let steps = span.clamp(1, 512);
    let mut best: Option<Layout> = None;
    for s in 0..=steps {
        let width = widest + (span as u64 * s as u64 / steps as u64) as u32;
        let (height, at) = shelves(sizes, &order, width);
        let used = at
            .iter()
            .zip(sizes)
            .map(|(p, s)| p.0 + s.0)
            .max()
            .unwrap_or(width);
        let candidate = Layout {
            area: used as u64 * height as u64,
            perimeter: used + height,
            width: used,
            height,
            at,
        };
        if best.as_ref().is_none_or(|b| b.key() > candidate.key()) {
            best = Some(candidate);
        }
    }
    let best = best.expect("at least one width is tried");
    (best.width, best.height, best.at)
}

/// One packing tried, ranked by area, then squareness, then width.
struct Layout {
    area: u64,
    perimeter: u32,
    width: u32,
    height: u32,
    at: Vec<(u32, u32)>,
}

impl Layout {
    fn key(&self) -> (u64, u32, u32) {
        (self.area, self.perimeter, self.width)
    }
}

/// The atlas of a set of cropped frames, and each frame's inner rectangle in it
/// (`None` for an empty frame). Identical frames share one place.
pub struct Composed {
    pub atlas: Rgba,
    pub rects: Vec<Option<[u16; 4]>>,
}

pub fn compose(frames: &[Option<Rgba>]) -> Result<Composed> {
    let mut unique: Vec<&Rgba> = Vec::new();
    let mut seen: HashMap<(u32, u32, &[u8]), usize> = HashMap::new();
    let slots: Vec<Option<usize>> = frames
        .iter()
        .map(|f| {
            f.as_ref().map(|img| {
                *seen
                    .entry((img.width, img.height, &img.pixels[..]))
                    .or_insert_with(|| {
                        unique.push(img);
                        unique.len() - 1
                    })
            })
        })
        .collect();
    let sizes: Vec<(u32, u32)> = unique.iter().map(|i| (i.width + 2, i.height + 2)).collect();
    let (w, h, at) = pack(&sizes);
    if w > u16::MAX as u32 || h > u16::MAX as u32 {
        return Err(Error::at(
            "atlas",
            format!("frames need a {w}x{h} atlas; the sprite table holds 16-bit positions"),
        ));
    }
    Limits::current().check_pixels("atlas", None, w.into(), h.into())?;
    let mut atlas = Rgba::new(w, h);
    for (img, &(x, y)) in unique.iter().zip(&at) {
        atlas.paste(&bordered(img), x, y);
    }
    let rects = slots
        .iter()
        .map(|s| {
            s.map(|u| {
                let (x, y) = at[u];
                [
                    x as u16 + 1,
                    y as u16 + 1,
                    unique[u].width as u16,
                    unique[u].height as u16,
                ]
            })
        })
        .collect();
    Ok(Composed { atlas, rects })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crop_border_and_offsets() {
        let mut img = Rgba::new(9, 9);
        img.put(2, 3, [1, 2, 3, 255]);
        img.put(6, 6, [4, 5, 6, 255]);
        let c = crop(&img);
        let inner = c.image.unwrap();
        assert_eq!((inner.width, inner.height), (5, 4));
        assert_eq!(c.offset, (-2, -1));
        assert!(crop(&Rgba::new(8, 8)).image.is_none());
        let composed = compose(&[Some(inner.clone()), None, Some(inner)]).unwrap();
        assert_eq!(composed.rects[0], composed.rects[2]);
        assert_eq!(composed.rects[1], None);
        assert_eq!((composed.atlas.width, composed.atlas.height), (7, 6));
        assert_eq!(composed.atlas.get(0, 0), [1, 2, 3, 255]);
    }

    #[test]
    fn packing_is_tight_and_deterministic() {
        let sizes = [(7, 6), (6, 6)];
        let (w, h, at) = pack(&sizes);
        assert_eq!((w, h), (13, 6));
        assert_eq!(at, vec![(0, 0), (7, 0)]);
        assert_eq!(pack(&[]).0, 1);
    }
}
