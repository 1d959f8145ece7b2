//! Sprite frames as pictures: each frame's rectangle cut from its atlas, turned by the
//! frame's operation, and placed at its margins on a canvas of the sprite's size.

use serde_json::Value;

use crate::codec::png::Rgba;
use crate::error::{Error, Result};
use crate::limits::{rgba_bytes, Held, Limits};

/// One frame of a sprite map, as the section JSON gives it.
pub struct Frame {
    pub atlas: usize,
    pub operation: u8,
    pub rect: [u32; 4],
    pub margin: [u32; 2],
}

/// The frames of every animation of one sprite entry, with the sprite's size.
pub fn frames(entry: &Value) -> Vec<(u32, u32, Vec<Frame>)> {
    let num = |v: &Value, k: &str| v.get(k).and_then(Value::as_u64).unwrap_or(0) as u32;
    let anims = entry.pointer("/asset/animations").and_then(Value::as_array);
    anims
        .into_iter()
        .flatten()
        .map(|a| {
            let frames = a
                .get("frames")
                .and_then(Value::as_array)
                .into_iter()
                .flatten();
            let frames = frames
                .map(|f| Frame {
                    atlas: num(f, "atlas") as usize,
                    operation: num(f, "operation") as u8,
                    rect: [num(f, "x"), num(f, "y"), num(f, "width"), num(f, "height")],
                    margin: [num(f, "left"), num(f, "top")],
                })
                .collect();
            (num(a, "width"), num(a, "height"), frames)
        })
        .collect()
}

/// The frame drawn on a `width` x `height` canvas at its margins. The rectangle cut,
/// the same turned and the canvas are drawn from the run's budget at once, and given
/// back when the canvas is dropped.
pub fn render(
    atlas: &Rgba,
    frame: &Frame,
    (width, height): (u32, u32),
    path: &str,
    limits: &Limits,
) -> Result<Held<Rgba>> {
    let [x, y, w, h] = frame.rect;
    let cut = rgba_bytes(w.into(), h.into());
    let canvas = rgba_bytes(width.into(), height.into());
    let reservation = limits.reserve(
        path,
        None,
        &format!("a {w}x{h} frame drawn on a {width}x{height} canvas takes"),
        cut.saturating_mul(2).saturating_add(canvas),
    )?;
    let turned = turn(&atlas.crop(x, y, w, h), frame.operation)
        .ok_or_else(|| Error::at(path, format!("operation {} is not 0-5", frame.operation)))?;
    let mut canvas = Held::new(Rgba::new(width, height), reservation);
    // A damaged map can put a frame past its sprite's edge: what lies outside is cut.
    for y in 0..turned.height {
        for x in 0..turned.width {
            let (cx, cy) = (x + frame.margin[0], y + frame.margin[1]);
            if cx < width && cy < height {
                canvas.put(cx, cy, turned.get(x, y));
            }
        }
    }
    Ok(canvas)
}

/// 0 copy, 1 flip vertically, 2 flip horizontally, 3 rotate clockwise, 4 rotate 180
/// degrees, 5 rotate counter-clockwise.
pub fn turn(img: &Rgba, op: u8) -> Option<Rgba> {
    let (w, h) = (img.width, img.height);
    let (ow, oh) = if matches!(op, 3 | 5) { (h, w) } else { (w, h) };
    let mut out = Rgba::new(ow, oh);
    for y in 0..oh {
        for x in 0..ow {
            let (sx, sy) = match op {
                0 => (x, y),
                1 => (x, h - 1 - y),
                2 => (w - 1 - x, y),
                3 => (y, h - 1 - x),
                4 => (w - 1 - x, h - 1 - y),
                5 => (w - 1 - y, x),
                _ => return None,
            };
            out.put(x, y, img.get(sx, sy));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_turn_as_described() {
        // 2x1: red, green.
        let mut img = Rgba::new(2, 1);
        img.put(0, 0, [255, 0, 0, 255]);
        img.put(1, 0, [0, 255, 0, 255]);
        let cw = turn(&img, 3).unwrap();
        assert_eq!((cw.width, cw.height), (1, 2));
        assert_eq!(cw.get(0, 0), [255, 0, 0, 255]);
        let ccw = turn(&img, 5).unwrap();
        assert_eq!(ccw.get(0, 0), [0, 255, 0, 255]);
        assert_eq!(turn(&img, 2).unwrap().get(0, 0), [0, 255, 0, 255]);
        assert_eq!(turn(&img, 4).unwrap().get(0, 0), [0, 255, 0, 255]);
        assert_eq!(turn(&img, 1).unwrap().get(0, 0), [255, 0, 0, 255]);
        assert!(turn(&img, 6).is_none());
    }
}
