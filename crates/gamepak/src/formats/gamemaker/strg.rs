//! STRG, the string table, read in place for listing, checking and disassembly: a
//! pointer list of entries, each a u32 length, the UTF-8 bytes and a NUL. Other
//! chunks refer to a string by the offset of its first byte. The model
//! ([`super::model::chunks::strings`]) writes it.

use super::container::Form;
use super::refs::records;
use crate::fourcc::FourCC;
use crate::report::Problem;

#[derive(Debug, Clone, Default)]
pub struct Str<'a> {
    /// Absolute offset of the length field; 0 for an entry that could not be read
    /// (kept in place so that string ids stay list positions).
    pub offset: u64,
    pub bytes: &'a [u8],
    /// The byte after the string (GameMaker writes a NUL).
    pub terminator: Option<u8>,
}

/// Every string; one that cannot be read is left empty in its place, and why goes
/// to `problems`.
pub fn strings<'a>(form: &Form<'a>, problems: &mut Vec<Problem>) -> Vec<Str<'a>> {
    let Some(chunk) = form.chunk(FourCC::STRG) else {
        return Vec::new();
    };
    records(form, chunk, (4, "string length"), problems, |i, at| {
        let path = chunk.location().at("entry", i);
        let bytes = form.blob_in(chunk, at, &path, "string")?;
        Ok(Str {
            offset: at,
            bytes,
            terminator: form.data.get(at as usize + 4 + bytes.len()).copied(),
        })
    })
    .into_iter()
    .map(Option::unwrap_or_default)
    .collect()
}
