//! EXTN: extensions.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

pub(super) fn extension(r: &At) -> Result<Value> {
    Ok(json!({"folder": r.str(0)?, "name": r.str(4)?, "class": r.str(8)?}))
}
