//! TAGS: the tags assets carry.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

/// A version, the tag strings (a count and references), then a pointer list of
/// asset entries, each an asset id and its tags.
pub(super) fn tags(r: &At) -> Result<Value> {
    let (all, after) = r.strings(4)?;
    let assets = r.each(&r.list(after)?, "asset", |e| {
        Ok(json!({"id": e.i32(0)?, "tags": e.strings(4)?.0}))
    })?;
    Ok(json!({"version": r.u32(0)?, "tags": all, "asset tags": assets}))
}
