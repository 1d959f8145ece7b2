//! SHDR: shaders, with the source of each target.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

pub(super) fn shader(r: &At) -> Result<Value> {
    Ok(json!({
        "name": r.str(0)?, "type": r.u32(4)? & 0x7fff_ffff,
        "glsl es vertex": r.str(8)?, "glsl es fragment": r.str(12)?,
        "glsl vertex": r.str(16)?, "glsl fragment": r.str(20)?,
        "hlsl9 vertex": r.str(24)?, "hlsl9 fragment": r.str(28)?,
        "attributes": r.strings(40)?.0,
    }))
}
