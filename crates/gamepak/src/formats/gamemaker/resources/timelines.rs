//! TMLN: timelines, the code each moment runs.

use serde_json::{json, Value};

use super::objects::action_codes;
use super::record::At;
use crate::error::Result;

/// A name, a count of moments, then per moment its step and a pointer to its action
/// list (null when it has none).
pub(super) fn timeline(r: &At) -> Result<Value> {
    let n = u64::from(r.u32(4)?);
    let moments = (0..n)
        .map(|k| {
            let step = r.u32(8 + 8 * k)?;
            let code = match r.u32(12 + 8 * k)? {
                0 => Value::Null,
                p => json!(action_codes(&r.nth(p, "moment", k as usize), 0)?),
            };
            Ok(json!({"step": step, "code": code}))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(json!({"name": r.str(0)?, "moments": moments}))
}
