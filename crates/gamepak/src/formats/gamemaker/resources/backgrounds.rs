//! BGND: backgrounds.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

/// A background's name, three flags and TPAG item (0 for none). GameMaker Studio 2's
/// tile set fields after the texture are not read.
pub(super) fn background(r: &At) -> Result<Value> {
    Ok(json!({
        "name": r.str(0)?, "transparent": r.u32(4)?, "smooth": r.u32(8)?,
        "preload": r.u32(12)?,
        "texture item": Some(r.u32(16)?).filter(|&t| t != 0).map(|t| format!("{t:#x}")),
    }))
}
