//! TGIN: texture groups.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

/// 2022.9 gives a texture group a directory, an extension and a load type, told by
/// a string where the next field would be.
pub(super) fn group(r: &At) -> Result<Value> {
    Ok(if r.names_string(4) {
        json!({
            "name": r.str(0)?, "directory": r.str(4)?, "extension": r.str(8)?,
            "load type": r.u32(12)?,
        })
    } else {
        json!({"name": r.str(0)?})
    })
}
