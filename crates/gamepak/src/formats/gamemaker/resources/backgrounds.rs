//! BGND: backgrounds, and from GameMaker Studio 2 the tile sets they hold.
//!
//! Every background has a name, three flags and a TPAG item (0 for none). GameMaker
//! Studio 2 (GEN8's major version 2 and later) follows it with a tile set: a word
//! that is 2 in every file seen, the tile width and height, the border around each
//! tile on the texture (x, y), the number of columns, the frames per tile, the tile
//! count, a word that is 0 in every file seen, the frame length (an i64, in
//! microseconds), then the tile ids, frames per tile of them for each tile.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;
use crate::formats::gamemaker::gen8;

/// The tile ids start here; everything from the tile set's first word on is a
/// number.
const TILE_IDS: u64 = 64;

pub(super) fn background(r: &At) -> Result<Value> {
    let mut out = json!({
        "name": r.str(0)?, "transparent": r.u32(4)?, "smooth": r.u32(8)?,
        "preload": r.u32(12)?,
        "texture item": Some(r.u32(16)?).filter(|&t| t != 0).map(|t| format!("{t:#x}")),
    });
    // A tile set that does not fit is said, not refused: the rest of the view still
    // reads, whatever a later version changes in the layout.
    if gen8::read(r.form).is_ok_and(|g| g.version[0] >= 2) {
        match tile_set(r) {
            Ok(set) => out["tile set"] = set,
            Err(e) => out["tile set not read"] = json!(e.to_string()),
        }
    }
    Ok(out)
}

fn tile_set(r: &At) -> Result<Value> {
    let (frames, tiles) = (r.u32(44)?, r.u32(48)?);
    let ids = u64::from(frames) * u64::from(tiles);
    r.fits(TILE_IDS - 4, ids, 4)?;
    let ids = (0..ids)
        .map(|k| r.u32(TILE_IDS + 4 * k))
        .collect::<Result<Vec<_>>>()?;
    Ok(json!({
        "tile width": r.u32(24)?, "tile height": r.u32(28)?,
        "border": [r.u32(32)?, r.u32(36)?], "columns": r.u32(40)?,
        "frames per tile": frames, "tiles": tiles, "frame length": r.i64(56)?,
        "tile ids": ids,
    }))
}
