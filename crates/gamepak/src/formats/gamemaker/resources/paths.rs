//! PATH: paths and their points.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

pub(super) fn path(r: &At) -> Result<Value> {
    let n = u64::from(r.u32(16)?);
    let points = (0..n)
        .map(|k| {
            Ok(json!([
                r.f32(20 + 12 * k)?,
                r.f32(24 + 12 * k)?,
                r.f32(28 + 12 * k)?
            ]))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(json!({
        "name": r.str(0)?, "smooth": r.u32(4)?, "closed": r.u32(8)?,
        "precision": r.u32(12)?, "points (x, y, speed)": points,
    }))
}
