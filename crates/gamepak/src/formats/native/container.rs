//! The chunk container: a u32 count, the sizes, then the chunks back to back.

use std::borrow::Cow;

use super::model::*;
use crate::bytes::{Endian, Reader, Writer};
use crate::error::{Error, Result};
use crate::limits::Limits;

/// Reads the container and the metadata. The chunk count is not compared with the
/// metadata here: a file whose chunks do not fit still reads, and `check` explains.
pub fn read(data: &[u8]) -> Result<GameBin<'_>> {
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
    for (i, &size) in sizes.iter().enumerate() {
        let at = r.pos();
        if size > r.remaining() as u64 {
            return Err(Error::invalid(
                format!("game.bin/chunk[{i}]"),
                at as u64,
                format!(
                    "chunk of {size} bytes runs past end of file ({} bytes left)",
                    r.remaining()
                ),
            ));
        }
        offsets.push(at as u64);
        chunks.push(Cow::Borrowed(r.bytes(size as usize, "chunk")?));
    }
    if !r.at_end() {
        return Err(r.error(format!(
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
    Ok(GameBin {
        layout,
        meta: Metadata::parse(meta, layout),
        chunks,
        offsets,
    })
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
