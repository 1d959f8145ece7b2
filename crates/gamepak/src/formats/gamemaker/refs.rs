//! The two ways chunks refer to things: pointer lists (a u32 count, then that many
//! absolute u32 offsets, 0 meaning a null entry) and string references (an absolute
//! offset to a STRG string's characters, 4 bytes past its length).

use super::container::{Chunk, Form};
use crate::bytes::Endian;
use crate::error::{Error, Result};
use crate::report::Problem;

/// The pointer list at the start of a chunk's body. The count is refused when the
/// chunk cannot hold that many pointers.
pub fn list(form: &Form<'_>, chunk: &Chunk<'_>) -> Result<Vec<u32>> {
    list_at(form, chunk, chunk.body_offset())
}

/// A pointer list at an absolute offset inside `chunk`.
pub fn list_at(form: &Form<'_>, chunk: &Chunk<'_>, at: u64) -> Result<Vec<u32>> {
    let path = chunk.location();
    if chunk.body.is_empty() {
        return Ok(Vec::new());
    }
    if at < chunk.body_offset() || at.saturating_add(4) > chunk.end() {
        return Err(Error::invalid(
            &path,
            at,
            format!(
                "the entry count lies outside {} ({:#x}-{:#x})",
                chunk.name,
                chunk.body_offset(),
                chunk.end()
            ),
        ));
    }
    let mut r = form.reader_at(at, &path)?;
    let n = r.u32("entry count")? as u64;
    if r.offset() + n.saturating_mul(4) > chunk.end() {
        return Err(Error::invalid(
            &path,
            at,
            format!(
                "{n} entries need {} bytes of pointers, but the chunk ends at {:#x}",
                n.saturating_mul(4),
                chunk.end()
            ),
        ));
    }
    (0..n)
        .map(|i| r.u32(&format!("entry[{i}] pointer")))
        .collect()
}

/// Absolute offset of pointer `i` of the list whose count is at `list`: where a bad
/// pointer is reported, never at the value it holds.
pub fn slot(list: u64, i: usize) -> u64 {
    list + 4 + 4 * i as u64
}

/// Where pointer `i` (holding `p`) of the list at `list` in `chunk` points, when the
/// `size` bytes of `what` there lie inside the chunk; otherwise an error located at
/// the pointer.
pub fn target(
    chunk: &Chunk<'_>,
    list: u64,
    i: usize,
    p: u32,
    size: u64,
    what: &str,
) -> Result<u64> {
    let at = u64::from(p);
    if at >= chunk.body_offset() && at.saturating_add(size) <= chunk.end() {
        return Ok(at);
    }
    Err(Error::invalid(
        chunk.location().at("entry", i),
        slot(list, i),
        format!(
            "points at {at:#x}, where {size} bytes of {what} would lie outside {} ({:#x}-{:#x})",
            chunk.name,
            chunk.body_offset(),
            chunk.end()
        ),
    ))
}

/// Each record the pointer list at the start of `chunk` points at, read by `read`
/// from its absolute offset, once `size` bytes of `what` there are known to lie inside
/// the chunk. A null pointer gives `None`, and so does a record that does not read,
/// its error going to `problems`, so that the records after it are still read and
/// keep their index. A list that does not read gives no records and its error.
pub fn records<T>(
    form: &Form<'_>,
    chunk: &Chunk<'_>,
    (size, what): (u64, &str),
    problems: &mut Vec<Problem>,
    mut read: impl FnMut(usize, u64) -> Result<T>,
) -> Vec<Option<T>> {
    let pointers = list(form, chunk).unwrap_or_else(|e| {
        problems.push(Problem::of(&e));
        Vec::new()
    });
    pointers
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            if p == 0 {
                return None;
            }
            target(chunk, chunk.body_offset(), i, p, size, what)
                .and_then(|at| read(i, at))
                .map_err(|e| problems.push(Problem::of(&e)))
                .ok()
        })
        .collect()
}

/// The string a reference points at, if it lands on one: the u32 length just before
/// it fits the file, and the text is UTF-8.
fn string_at<'a>(form: &Form<'a>, ptr: u32) -> Option<&'a str> {
    let len = u32_at(form, u64::from(ptr).checked_sub(4)?)? as usize;
    let bytes = form
        .data
        .get(ptr as usize..(ptr as usize).checked_add(len)?)?;
    std::str::from_utf8(bytes).ok()
}

/// A u32 of the file at an absolute offset, in its byte order.
pub fn u32_at(form: &Form<'_>, at: u64) -> Option<u32> {
    let at = usize::try_from(at).ok()?;
    let word = form.data.get(at..at.checked_add(4)?)?;
    Some(get_u32(word, 0, form.endian))
}

/// A u32 of `file` in its byte order.
pub fn get_u32(file: &[u8], at: u64, endian: Endian) -> u32 {
    let b: [u8; 4] = file[at as usize..at as usize + 4]
        .try_into()
        .expect("4 bytes");
    match endian {
        Endian::Little => u32::from_le_bytes(b),
        Endian::Big => u32::from_be_bytes(b),
    }
}

/// Writes a u32 into `file` in its byte order.
pub fn put_u32(file: &mut [u8], at: u64, v: u32, endian: Endian) {
    let b = match endian {
        Endian::Little => v.to_le_bytes(),
        Endian::Big => v.to_be_bytes(),
    };
    file[at as usize..at as usize + 4].copy_from_slice(&b);
}

/// The string named by the u32 reference at an absolute offset, or "" when none.
pub fn string_ref<'a>(form: &Form<'a>, at: u64) -> &'a str {
    u32_at(form, at)
        .and_then(|p| string_at(form, p))
        .unwrap_or("")
}
