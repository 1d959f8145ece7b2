//! LANG: the game's languages and their texts.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;

/// A version, the number of languages and of entries, the entries' ids, then per
/// language its name, its region and one string per entry.
pub(super) fn languages(r: &At) -> Result<Value> {
    let (languages, entries) = (u64::from(r.u32(4)?), u64::from(r.u32(8)?));
    r.fits(8, entries, 4)?;
    let ids = (0..entries)
        .map(|k| Ok(json!(r.str(12 + 4 * k)?)))
        .collect::<Result<Vec<_>>>()?;
    let per = 8 + 4 * entries;
    r.fits(8 + 4 * entries, languages, per)?;
    let langs = (0..languages)
        .map(|l| {
            let at = 12 + 4 * entries + per * l;
            let texts = (0..entries)
                .map(|k| Ok(json!(r.str(at + 8 + 4 * k)?)))
                .collect::<Result<Vec<_>>>()?;
            Ok(json!({"name": r.str(at)?, "region": r.str(at + 4)?, "entries": texts}))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(json!({"version": r.u32(0)?, "entry ids": ids, "languages": langs}))
}
