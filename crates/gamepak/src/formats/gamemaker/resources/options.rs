//! OPTN: the game's options and its constants.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

/// 15 words (from GMS 2, a 0x80000000 marker, a version, 64 flag bits, scale,
/// window colour, colour depth, resolution, frequency, vertex sync, priority, three
/// TPAG items for the back, front and load images, and the load alpha), then the
/// constants as a count and (name, value) string pairs.
pub(super) fn options(r: &At) -> Result<Value> {
    let words = (0..15).map(|k| r.u32(4 * k)).collect::<Result<Vec<_>>>()?;
    let mut out = if words[0] == 0x8000_0000 {
        json!({
            "version": words[1],
            "flags": format!("{:#018x}", u64::from(words[3]) << 32 | u64::from(words[2])),
            "scale": words[4] as i32,
            "window colour": format!("{:#010x}", words[5]),
            "colour depth": words[6], "resolution": words[7], "frequency": words[8],
            "vertex sync": words[9], "priority": words[10],
            "back image": format!("{:#x}", words[11]), "front image": format!("{:#x}", words[12]),
            "load image": format!("{:#x}", words[13]), "load alpha": words[14],
        })
    } else {
        json!({ "words": words })
    };
    out["constants"] = constants(r, 60)?;
    Ok(out)
}

/// A count at `off`, then that many (name, value) string references.
fn constants(r: &At, off: u64) -> Result<Value> {
    let n = u64::from(r.u32(off)?);
    r.fits(off, n, 8)?;
    (0..n)
        .map(|k| Ok(json!({"name": r.str(off + 4 + 8 * k)?, "value": r.str(off + 8 + 8 * k)?})))
        .collect::<Result<Vec<_>>>()
        .map(Value::Array)
}
