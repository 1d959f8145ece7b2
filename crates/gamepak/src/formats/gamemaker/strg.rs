//! STRG, the string table: a pointer list of entries, each a u32 length, the UTF-8
//! bytes and a NUL. Other chunks refer to a string by the offset of its first byte.
//!
//! Edits are written in place: a string that keeps or shrinks its byte length takes
//! its old slot (the rest zero-filled), so no reference anywhere has to move. A string
//! that grows would move every string after it, and that needs every reference in
//! every chunk rewritten, which gamepak does not do yet: such an edit is refused.

use super::container::Form;
use super::refs::list;
use crate::bytes::{Endian, Reader};
use crate::error::{Error, Result};

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

/// Writes `texts` over the strings of a STRG body that starts at absolute
/// `body_offset`, in place. A text equal to the stored string (read as UTF-8, with
/// invalid bytes replaced) leaves it untouched. Gives the indices it changed.
pub fn patch(
    body: &mut [u8],
    body_offset: u64,
    endian: Endian,
    texts: &[String],
) -> Result<Vec<usize>> {
    let path = "FORM/STRG";
    let ptrs: Vec<u32> = {
        let mut r = Reader::new(body, path).with_endian(endian);
        let n = r.u32("entry count")? as usize;
        if n != texts.len() {
            return Err(Error::at(
                "strings.json",
                format!(
                    "{} strings, but STRG holds {n}: strings can be changed, not added or removed",
                    texts.len()
                ),
            ));
        }
        (0..n)
            .map(|i| r.u32(&format!("entry[{i}] pointer")))
            .collect::<Result<_>>()?
    };
    let mut changed = Vec::new();
    for (i, (&p, text)) in ptrs.iter().zip(texts).enumerate() {
        let at = (p as u64).checked_sub(body_offset).map(|a| a as usize);
        let mut r = Reader::new(body, path).with_endian(endian);
        let old_len = at
            .and_then(|a| r.seek(a, "string").ok())
            .and_then(|_| r.u32("length").ok())
            .map(|l| l as usize)
            .filter(|l| at.is_some_and(|a| a + 4 + l < body.len()))
            .ok_or_else(|| {
                Error::invalid(path, p as u64, format!("string {i} lies outside STRG"))
            })?;
        let start = at.expect("checked above") + 4;
        if String::from_utf8_lossy(&body[start..start + old_len]) == text.as_str() {
            continue;
        }
        let new = text.as_bytes();
        if new.len() > old_len {
            return Err(Error::at(
                "strings.json",
                format!(
                    "string {i} grows from {old_len} to {} bytes: a longer string moves every \
                     string after it, and rewriting every reference to them is not supported \
                     yet; keep it to {old_len} bytes",
                    new.len()
                ),
            ));
        }
        let len = match endian {
            Endian::Little => (new.len() as u32).to_le_bytes(),
            Endian::Big => (new.len() as u32).to_be_bytes(),
        };
        body[start - 4..start].copy_from_slice(&len);
        body[start..start + new.len()].copy_from_slice(new);
        body[start + new.len()..=start + old_len].fill(0);
        changed.push(i);
    }
    Ok(changed)
}
