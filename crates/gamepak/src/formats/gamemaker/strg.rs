//! STRG, the string table: a pointer list of entries, each a u32 length, the UTF-8
//! bytes and a NUL. Other chunks refer to a string by the offset of its first byte.
//!
//! Edits are written in place: a string that keeps or shrinks its byte length takes
//! its old slot (the rest zero-filled), so no reference anywhere has to move. When a
//! string grows, `code_layout` writes STRG again in table order, the grown string in
//! its place and every later one moved, with every reference following its string,
//! as long as every word that reads like a reference to a string is one gamepak knows
//! (see `code_layout::strings_can_move`). Where one is not, [`patch`] appends the
//! grown string at the end of STRG instead, its table entry pointing there, and the
//! old text stays in its slot for the reference gamepak does not know; the packer
//! points the ones it knows (see [`super::refs::name_references`] and
//! [`super::resources::noted`]) at the new text. Texts past STRG's last string are
//! strings to add, which `code_layout` appends. STRG always ends on [`END_ALIGN`].

use super::container::{chunk_location, Form};
use super::refs::list;
use crate::bytes::{Endian, Reader};
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

/// GameMaker pads STRG so that it ends on this absolute boundary, whatever the
/// alignment of its chunks; strict readers refuse a file where it does not.
pub const END_ALIGN: u64 = 128;

/// Where a STRG body that starts at `at` ends: past its last string's NUL, padded to
/// [`END_ALIGN`] (which every chunk alignment divides).
pub fn padded_end(at: u64, content: u64) -> u64 {
    (at + content).next_multiple_of(END_ALIGN)
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

/// What [`patch`] did.
#[derive(Debug, Default)]
pub struct Patched {
    /// Indices of the strings that changed.
    pub changed: Vec<usize>,
    /// For each string that grew: its index, and the absolute addresses of its
    /// characters before and after it moved to the end of STRG.
    pub moved: Vec<(usize, u32, u32)>,
    /// Texts after STRG's last string: strings to add (see `code_layout`).
    pub added: Vec<String>,
}

/// Writes `texts` over the strings of a STRG body that starts at absolute
/// `body_offset`: in place when a string keeps or shrinks its length, at the end of
/// the body (4-byte aligned, the body then padded to `align`) when it grows. A text
/// equal to the stored string (read as UTF-8, with invalid bytes replaced) leaves it
/// untouched.
pub fn patch(
    body: &mut Vec<u8>,
    body_offset: u64,
    endian: Endian,
    texts: &[String],
    align: u64,
) -> Result<Patched> {
    let path = &chunk_location(FourCC::STRG);
    let ptrs: Vec<u32> = {
        let mut r = Reader::new(body, path).with_endian(endian);
        let n = r.u32("entry count")? as usize;
        if n > texts.len() {
            return Err(Error::at(
                "strings.json",
                format!(
                    "{} strings, but STRG holds {n}: strings can be changed or added at the end, not removed",
                    texts.len()
                ),
            ));
        }
        (0..n)
            .map(|i| r.u32(&format!("entry[{i}] pointer")))
            .collect::<Result<_>>()?
    };
    let u32_bytes = |v: u32| match endian {
        Endian::Little => v.to_le_bytes(),
        Endian::Big => v.to_be_bytes(),
    };
    let mut out = Patched {
        added: texts[ptrs.len()..].to_vec(),
        ..Default::default()
    };
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
        out.changed.push(i);
        if new.len() > old_len {
            while !body.len().is_multiple_of(4) {
                body.push(0);
            }
            let entry = body_offset + body.len() as u64;
            let entry = u32::try_from(entry).map_err(|_| {
                Error::at("strings.json", format!("string {i} would lie past 4 GiB"))
            })?;
            body.extend(u32_bytes(new.len() as u32));
            body.extend(new);
            body.push(0);
            body[4 + 4 * i..8 + 4 * i].copy_from_slice(&u32_bytes(entry));
            out.moved.push((i, p + 4, entry + 4));
            continue;
        }
        body[start - 4..start].copy_from_slice(&u32_bytes(new.len() as u32));
        body[start..start + new.len()].copy_from_slice(new);
        body[start + new.len()..=start + old_len].fill(0);
    }
    if !out.moved.is_empty() {
        while !(body_offset + body.len() as u64).is_multiple_of(align.max(1)) {
            body.push(0);
        }
    }
    Ok(out)
}
