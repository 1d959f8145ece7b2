//! SCPT: scripts and the code each runs.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

/// The top bit of the code id marks a constructor; the id is below it.
pub(super) fn script(r: &At) -> Result<Value> {
    Ok(json!({"name": r.str(0)?, "code": r.code_name(r.i32(4)? & 0x7fff_ffff)}))
}
