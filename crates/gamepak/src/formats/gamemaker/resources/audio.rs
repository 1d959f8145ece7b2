//! SOND and AGRP: sounds and audio groups.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

pub(super) fn sound(r: &At) -> Result<Value> {
    Ok(json!({
        "name": r.str(0)?, "flags": r.u32(4)?, "type": r.str(8)?, "file": r.str(12)?,
        "effects": r.u32(16)?, "volume": r.f32(20)?, "pitch": r.f32(24)?,
        "group": r.i32(28)?, "audio": r.i32(32)?,
    }))
}

/// 2024.14 gives audio groups a path, told by a string where the next record would
/// start.
pub(super) fn group(r: &At) -> Result<Value> {
    Ok(if r.names_string(4) {
        json!({"name": r.str(0)?, "path": r.str(4)?})
    } else {
        json!({"name": r.str(0)?})
    })
}
