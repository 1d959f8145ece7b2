//! The sprite atlas: cropping frames to their opaque area, a 1-pixel edge border, and
//! deterministic packers (shelves, skyline) of which the smallest area is kept.

use std::collections::HashMap;

use crate::codec::png::Rgba;
use crate::error::{Error, Result};
use crate::limits::{Held, Limits};

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

/// Places rectangles, in the given order, in an atlas `width` wide; returns the height
/// used and each rectangle's position.
type Packer = fn(&[(u32, u32)], &[usize], u32) -> (u32, Vec<(u32, u32)>);

/// A packer, and whether its time grows with the square of the rectangle count: such a
/// packer tries fewer widths on big sets, so a few thousand frames still build in
/// seconds.
type Method = (Packer, bool);

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

/// Positions by a bottom-left skyline: each rectangle goes where its bottom edge is
/// lowest (then leftmost) on the outline of what is placed. Unlike shelves, a short
/// rectangle can fill the gap beside a tall one, which is where shelves lose area.
fn skyline(sizes: &[(u32, u32)], order: &[usize], width: u32) -> (u32, Vec<(u32, u32)>) {
    let mut at = vec![(0, 0); sizes.len()];
    // The outline as (x, top) steps from left to right; each runs to the next one's x.
    let mut line: Vec<(u32, u32)> = vec![(0, 0)];
    let mut height = 0;
    for &i in order {
        let (w, h) = sizes[i];
        let mut best: Option<(u32, u32, usize)> = None;
        for (start, &(x, _)) in line.iter().enumerate() {
            if x + w > width {
                break;
            }
            let y = line[start..]
                .iter()
                .take_while(|s| s.0 < x + w)
                .map(|s| s.1)
                .max()
                .unwrap_or(0);
            if best.is_none_or(|(by, bx, _)| (y, x) < (by, bx)) {
                best = Some((y, x, start));
            }
        }
        let (y, x, start) = best.expect("the widest rectangle fits at x = 0");
        at[i] = (x, y);
        height = height.max(y + h);
        // The step under the rectangle's right edge keeps its level beyond that edge.
        let covered = line[start..].iter().take_while(|s| s.0 < x + w).count();
        let after = line[start + covered - 1].1;
        let mut tail = vec![(x, y + h)];
        if x + w < width && line.get(start + covered).is_none_or(|s| s.0 > x + w) {
            tail.push((x + w, after));
        }
        line.splice(start..start + covered, tail);
        line.dedup_by(|next, prev| next.1 == prev.1);
    }
    (height, at)
}

/// The orders rectangles are offered in: tallest first suits shelves; largest side or
/// area first suits the skyline.
fn orders(sizes: &[(u32, u32)]) -> [Vec<usize>; 3] {
    let by = |key: &dyn Fn((u32, u32)) -> (u64, u64)| {
        let mut order: Vec<usize> = (0..sizes.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(key(sizes[i])), i));
        order
    };
    [
        by(&|(w, h)| (h.into(), w.into())),
        by(&|(w, h)| (w.max(h).into(), w as u64 * h as u64)),
        by(&|(w, h)| (w as u64 * h as u64, h.into())),
    ]
}

/// The smallest layout (then the squarer, then the narrower) any of `methods` finds
/// over the orders and over atlas widths from the widest rectangle to a single row.
fn best(sizes: &[(u32, u32)], methods: &[Method]) -> Layout {
    let orders = orders(sizes);
    let widest = sizes.iter().map(|s| s.0).max().unwrap_or(1);
    let row: u32 = sizes.iter().map(|s| s.0).sum();
    // Every width for small sets; 512 evenly spread ones for big sets.
    let span = row - widest;
    let steps = span.clamp(1, 512);
    let mut best: Option<Layout> = None;
    for s in 0..=steps {
        let width = widest + (span as u64 * s as u64 / steps as u64) as u32;
        for &(packer, quadratic) in methods {
            let stride = if quadratic {
                sizes.len().div_ceil(128)
            } else {
                1
            };
            if !(s as usize).is_multiple_of(stride) && s != steps {
                continue;
            }
            for order in &orders {
                let (height, at) = packer(sizes, order, width);
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
        }
    }
    best.expect("at least one width is tried")
}

/// Packs rectangles by shelves and by skyline and keeps the smallest area, so the
/// atlas is never larger than shelves alone would make it. Returns the atlas size and
/// each rectangle's position.
pub fn pack(sizes: &[(u32, u32)]) -> (u32, u32, Vec<(u32, u32)>) {
    if sizes.is_empty() {
        return (1, 1, Vec::new());
    }
    let best = best(sizes, &[(shelves, false), (skyline, true)]);
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
    pub atlas: Held<Rgba>,
    pub rects: Vec<Option<[u16; 4]>>,
}

pub fn compose(frames: &[Option<Rgba>], limits: &Limits) -> Result<Composed> {
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
    let mut atlas = Rgba::new_held(w, h, "atlas", limits)?;
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
        let composed = compose(
            &[Some(inner.clone()), None, Some(inner)],
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(composed.rects[0], composed.rects[2]);
        assert_eq!(composed.rects[1], None);
        assert_eq!((composed.atlas.width, composed.atlas.height), (7, 6));
        assert_eq!(composed.atlas.get(0, 0), [1, 2, 3, 255]);
    }

    /// Whether rectangles at `at` lie inside a `w` x `h` atlas and none overlap.
    fn fits(sizes: &[(u32, u32)], at: &[(u32, u32)], w: u32, h: u32) -> bool {
        let r: Vec<_> = sizes.iter().zip(at).collect();
        r.iter()
            .all(|((sw, sh), (x, y))| x + sw <= w && y + sh <= h)
            && r.iter().enumerate().all(|(i, ((aw, ah), (ax, ay)))| {
                r[i + 1..].iter().all(|((bw, bh), (bx, by))| {
                    ax + aw <= *bx || bx + bw <= *ax || ay + ah <= *by || by + bh <= *ay
                })
            })
    }

    #[test]
    fn skyline_is_never_larger_than_shelves_on_mixed_sizes() {
        let mut seed = 0x2545_f491u32;
        let mut next = |range: u32| {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            3 + (seed >> 16) % range
        };
        for (count, range) in [(30, 40), (45, 12), (60, 90)] {
            let sizes: Vec<(u32, u32)> = (0..count).map(|_| (next(range), next(range))).collect();
            let shelf = best(&sizes, &[(shelves, false)]);
            let (w, h, at) = pack(&sizes);
            assert!(
                fits(&sizes, &at, w, h),
                "{count} rectangles overlap or stick out"
            );
            assert!(fits(&sizes, &shelf.at, shelf.width, shelf.height));
            assert!(
                w as u64 * h as u64 <= shelf.area,
                "{w}x{h} > {}",
                shelf.area
            );
            assert_eq!(pack(&sizes), (w, h, at), "not deterministic");
        }
    }

    #[test]
    fn skyline_fills_the_gap_beside_a_tall_rectangle() {
        // A shelf as tall as the tall one wastes the space under the short ones: 4x12
        // at best, where the skyline stacks them beside it in 6x6.
        let sizes = [(2, 6), (4, 3), (4, 3)];
        assert_eq!(best(&sizes, &[(shelves, false)]).area, 48);
        let (w, h, at) = pack(&sizes);
        assert_eq!((w, h), (6, 6));
        assert!(fits(&sizes, &at, w, h));
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
