//! The chunk container: a u32 count, the sizes, then the chunks back to back.

use std::borrow::Cow;

use super::model::*;
use crate::bytes::{Endian, Reader, Writer};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::report::Problem;

/// Reads the container and the metadata. The chunk count is not compared with the
/// metadata here: a file whose chunks do not fit still reads, and `check` explains.
pub fn read(data: &[u8]) -> Result<GameBin<'_>> {
    let (doc, damage) = read_framed(data)?;
    match damage {
        Some(e) => Err(e),
        None => Ok(doc),
    }
}

/// Reads the container as far as its bytes go: a chunk whose size runs past the end
/// of the file (a truncated file) keeps the bytes there are and is the last, and why
/// the rest could not be read is a problem. An error only when the size table, the
/// metadata or the title cannot be read.
pub fn read_damaged(data: &[u8]) -> Result<(GameBin<'_>, Vec<Problem>)> {
    let (doc, damage) = read_framed(data)?;
    Ok((doc, damage.iter().map(Problem::of).collect()))
}

/// The container, and the first place its sizes do not fit the file.
fn read_framed(data: &[u8]) -> Result<(GameBin<'_>, Option<Error>)> {
    let mut r = Reader::new(data, "game.bin").with_endian(Endian::Little);
    let count = r.u32("chunk count")? as u64;
    if count * 4 > r.remaining() as u64 || count > Limits::current().max_entries {
        return Err(r.error_at(
            0,
            format!(
                "chunk count {count} needs a {}-byte size table, but the file holds {} bytes",
                count * 4,
                data.len()
            ),
        ));
    }
    if count < 2 {
        return Err(r.error_at(0, format!("chunk count {count}: no metadata or title")));
    }
    let mut sizes = Vec::with_capacity(count as usize);
    for _ in 0..count {
        sizes.push(r.u32("chunk size")? as u64);
    }
    let mut chunks = Vec::with_capacity(sizes.len());
    let mut offsets = Vec::with_capacity(sizes.len());
    let mut damage = None;
    for (i, &size) in sizes.iter().enumerate() {
        let at = r.pos();
        let mut take = size as usize;
        if size > r.remaining() as u64 {
            // Located at the size, in the table after the count.
            damage = Some(Error::invalid(
                format!("game.bin/chunk[{i}]"),
                4 + 4 * i as u64,
                format!(
                    "chunk of {size} bytes at {at:#x} runs past end of file ({} bytes left)",
                    r.remaining()
                ),
            ));
            take = r.remaining();
        }
        offsets.push(at as u64);
        chunks.push(Cow::Borrowed(r.bytes(take, "chunk")?));
        if damage.is_some() {
            break;
        }
    }
    if chunks.len() < 2 {
        return Err(damage.expect("a chunk is missing only where one ran past the end"));
    }
    if damage.is_none() && !r.at_end() {
        damage = Some(r.error(format!(
            "{} bytes follow the last chunk: the sizes do not add up to the file",
            r.remaining()
        )));
    }
    let meta = &chunks[0];
    let layout = Layout::from_meta_len(meta.len()).ok_or_else(|| {
        Error::invalid(
            "game.bin/chunk[0] metadata",
            offsets[0],
            format!(
                "metadata chunk is {} bytes, not 18 (9 values) or 12 (6 values of the first writer)",
                meta.len()
            ),
        )
    })?;
    let doc = GameBin {
        layout,
        meta: Metadata::parse(meta, layout),
        chunks,
        offsets,
    };
    Ok((doc, damage))
}

/// Writes the container around the chunks, in order.
pub fn write(doc: &GameBin<'_>) -> Vec<u8> {
    let total: usize = doc.chunks.iter().map(|c| c.len()).sum();
    let mut w = Writer::with_capacity(Endian::Little, 4 + doc.chunks.len() * 4 + total);
    w.u32(doc.chunks.len() as u32);
    for c in &doc.chunks {
        w.u32(c.len() as u32);
    }
    for c in &doc.chunks {
        w.bytes(c);
    }
    w.into_vec()
}
