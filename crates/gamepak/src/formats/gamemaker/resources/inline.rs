//! The chunks that are not pointer lists of records: GLOB (a count and code ids),
//! FEAT (a count and string references), EMBI (a version, a count and inline entries
//! of a name and a TPAG item) and DAFL.

use serde_json::{json, Value};

use super::record::At;
use crate::error::{Error, Result};

pub(super) fn global_scripts(r: &At) -> Result<Value> {
    entries(r, 0, 4, |at| Ok(r.code_name(r.i32(at)?)))
}

pub(super) fn features(r: &At) -> Result<Value> {
    entries(r, 0, 4, |at| Ok(json!(r.str(at)?)))
}

pub(super) fn embedded_images(r: &At) -> Result<Value> {
    entries(r, 4, 8, |at| {
        Ok(json!({"name": r.str(at)?, "texture item": format!("{:#x}", r.u32(at + 4)?)}))
    })
}

/// DAFL has held nothing in every version (its body is empty or zeros).
pub(super) fn data_files(r: &At) -> Result<Value> {
    Ok(json!({"bytes": r.chunk.body.len()}))
}

/// A count after `skip` bytes, then that many entries of `size` bytes, each read by
/// `one` from its offset.
fn entries(r: &At, skip: u64, size: u64, one: impl Fn(u64) -> Result<Value>) -> Result<Value> {
    if r.chunk.body.is_empty() {
        return Ok(json!([]));
    }
    let n = u64::from(r.u32(skip)?);
    if skip + 4 + n.saturating_mul(size) > r.chunk.body.len() as u64 {
        return Err(Error::invalid(
            &r.path,
            r.base + skip,
            format!("{n} entries do not fit the chunk"),
        ));
    }
    (0..n)
        .map(|k| one(skip + 4 + size * k))
        .collect::<Result<Vec<_>>>()
        .map(Value::Array)
}
