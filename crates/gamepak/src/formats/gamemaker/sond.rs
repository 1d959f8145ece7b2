//! SOND, the sound definitions: which embedded clip each sound plays.

use std::collections::HashMap;

use super::container::Form;
use super::refs::{list, string_ref, u32_at};
use crate::error::Result;
use crate::fourcc::FourCC;

/// The name of each embedded clip, by AUDO index: sounds flagged embedded name theirs.
pub fn clip_names(form: &Form<'_>) -> Result<HashMap<u32, String>> {
    let Some(chunk) = form.chunk(FourCC::SOND) else {
        return Ok(HashMap::new());
    };
    let mut out = HashMap::new();
    for p in list(form, chunk)?.into_iter().filter(|p| *p != 0) {
        let at = p as u64;
        let id = u32_at(form, at + 32).unwrap_or(u32::MAX);
        if id != u32::MAX {
            out.entry(id)
                .or_insert_with(|| string_ref(form, at).to_string());
        }
    }
    Ok(out)
}
