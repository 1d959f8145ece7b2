//! SPRT: sprites.

use serde_json::{json, Value};

use super::record::At;
use super::sequences::sequence;
use crate::error::Result;

/// A sprite: its size and origin, and from GameMaker Studio 2 (-1 after the origin)
/// its type, playback speed and, for sprite versions 2 and 3, the sequence it embeds
/// after a version word. Its frames are extracted as images, not listed here.
pub(super) fn sprite(r: &At) -> Result<Value> {
    let mut out = json!({
        "name": r.str(0)?, "width": r.u32(4)?, "height": r.u32(8)?,
        "origin": [r.i32(48)?, r.i32(52)?],
    });
    if r.u32(56)? == u32::MAX {
        let version = r.u32(60)?;
        let kind = r.u32(64)?;
        out["type"] = json!(["bitmap", "swf", "spine"]
            .get(kind as usize)
            .map_or(kind.to_string(), |k| k.to_string()));
        out["playback speed"] = json!(r.f32(68)?);
        out["speed type"] = json!(r.u32(72)?);
        if version >= 2 {
            let at = r.u32(76)?;
            if at != 0 {
                out["sequence"] = sequence(&r.at(at.saturating_add(4), "sequence"));
            }
        }
    }
    Ok(out)
}
