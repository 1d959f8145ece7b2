//! The newer chunks whose records are only named here: animation curves, filter
//! effects, particle emitters and particle systems.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

pub(super) fn named(r: &At) -> Result<Value> {
    Ok(json!({"name": r.str(0)?}))
}
