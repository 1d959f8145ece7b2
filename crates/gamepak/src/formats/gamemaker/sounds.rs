//! SOND (sound definitions) and STRG (the string table).

use std::collections::HashMap;

use super::container::Form;
use super::refs::{list, string_ref, u32_at};
use crate::error::{Error, Result};

/// The name of each embedded clip, by AUDO index: sounds flagged embedded name theirs.
pub fn clip_names(form: &Form<'_>) -> Result<HashMap<u32, String>> {
    let Some(chunk) = form.chunk("SOND") else {
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

#[derive(Debug, Clone)]
pub struct Str<'a> {
    /// Absolute offset of the length field.
    pub offset: u64,
    pub bytes: &'a [u8],
    /// The byte after the string (GameMaker writes a NUL).
    pub terminator: Option<u8>,
}

pub fn strings<'a>(form: &Form<'a>) -> Result<Vec<Str<'a>>> {
    let Some(chunk) = form.chunk("STRG") else {
        return Ok(Vec::new());
    };
    list(form, chunk)?
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let path = format!("FORM/STRG/entry[{i}]");
            let at = p as u64;
            let mut r = form.reader_at(at, &path)?;
            let len = r.u32("length")? as u64;
            if at < chunk.body_offset() || r.offset() + len > chunk.end() {
                return Err(Error::invalid(
                    &path,
                    at,
                    format!("{len}-byte string runs outside STRG"),
                ));
            }
            let bytes = r.bytes(len as usize, "string")?;
            Ok(Str {
                offset: at,
                bytes,
                terminator: form.data.get(r.pos()).copied(),
            })
        })
        .collect()
}
