//! STRG, the string table, read in place for listing, checking and disassembly: a
//! pointer list of entries, each a u32 length, the UTF-8 bytes and a NUL. Other
//! chunks refer to a string by the offset of its first byte. The model
//! ([`super::model::chunks::strings`]) writes it.

use super::container::Form;
use super::refs::list;
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

#[derive(Debug, Clone)]
pub struct Str<'a> {
    /// Absolute offset of the length field.
    pub offset: u64,
    pub bytes: &'a [u8],
    /// The byte after the string (GameMaker writes a NUL).
    pub terminator: Option<u8>,
}

pub fn strings<'a>(form: &Form<'a>) -> Result<Vec<Str<'a>>> {
    let Some(chunk) = form.chunk(FourCC::STRG) else {
        return Ok(Vec::new());
    };
    list(form, chunk)?
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let path = chunk.location().at("entry", i);
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
