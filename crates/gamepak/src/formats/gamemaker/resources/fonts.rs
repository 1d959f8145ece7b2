//! FONT: fonts and their glyphs.
//!
//! A font's glyph list is the first place after its scale where a count is followed
//! by pointers to glyphs that start right after the list (0 to 4 newer fields come
//! between).

use serde_json::{json, Value};

use super::record::At;
use crate::error::{Error, Result};

pub(super) fn font(r: &At) -> Result<Value> {
    let size = r.u32(8)?;
    let size = if size & 0x8000_0000 != 0 {
        json!(-f32::from_bits(size))
    } else {
        json!(size)
    };
    let glyphs_at = glyph_list(r).ok_or_else(|| {
        Error::invalid(&r.path, r.base + 40, "no glyph list after the font's scale")
    })?;
    let glyphs = r.each(&r.list(glyphs_at)?, "glyph", |g| {
        let (a, b, c) = (g.u32(0)?, g.u32(4)?, g.u32(8)?);
        Ok(json!({
            "char": a & 0xffff, "x": a >> 16, "y": b & 0xffff, "width": b >> 16,
            "height": c & 0xffff, "shift": (c >> 16) as u16 as i16,
        }))
    })?;
    Ok(json!({
        "name": r.str(0)?, "face": r.str(4)?, "size": size, "bold": r.u32(12)?, "italic": r.u32(16)?,
        "range start": r.u32(20)? & 0xffff, "range end": r.u32(24)?,
        "scale": [r.f32(32)?, r.f32(36)?], "glyphs": glyphs,
    }))
}

/// Where the glyph list starts. A count of 0 fits anywhere, so a non-empty list is
/// looked for first: one whose first glyph (null slots aside) starts right after it.
fn glyph_list(r: &At) -> Option<u64> {
    let nonempty = |off: u64| {
        let Ok(n) = r.u32(off) else { return false };
        let after = r.base + off + 4 + 4 * u64::from(n);
        n > 0
            && n < 0x10000
            && (0..u64::from(n))
                .map_while(|k| r.u32(off + 4 + 4 * k).ok())
                .find(|&p| p != 0)
                .is_some_and(|p| u64::from(p) == after)
    };
    let mut offsets = (40..=56).step_by(4);
    offsets
        .clone()
        .find(|&off| nonempty(off))
        .or_else(|| offsets.find(|&off| r.u32(off).is_ok_and(|n| n == 0)))
}
