//! The chunk container: a u32 count, the sizes, then the chunks back to back.

use std::borrow::Cow;

use super::model::*;
use crate::assets::Damage;
use crate::bytes::{Endian, Reader, Writer};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::report::Problem;

/// Reads the container and the metadata. The chunk count is not compared with the
/// metadata here: a file whose chunks do not fit still reads, and `check` explains.
pub fn read<'a>(data: &'a [u8], limits: &Limits) -> Result<GameBin<'a>> {
    read_chunks(data, None, limits)
}

/// Reads a damaged or truncated file as far as it goes, for salvage: the chunk that
/// runs past the end and every chunk after it are empty, at the offsets the sizes
/// give them, and the damage's intact bytes end where that chunk starts (a chunk
/// is a file in a standard form, so a piece of one is of no use). Only a size table
/// or metadata that cannot be read fails.
pub fn read_salvaging<'a>(data: &'a [u8], limits: &Limits) -> Result<(GameBin<'a>, Damage)> {
    let mut damage = Damage::new(data);
    let doc = read_chunks(data, Some(&mut damage), limits)?;
    Ok((doc, damage))
}

/// Reads the container as far as its bytes go, for `info` and `list`: what
/// [`read_salvaging`] keeps, and why the rest could not be read. An error only when
/// the size table, the metadata or the title cannot be read.
pub fn read_damaged<'a>(data: &'a [u8], limits: &Limits) -> Result<(GameBin<'a>, Vec<Problem>)> {
    let (doc, damage) = read_salvaging(data, limits)?;
    Ok((doc, damage.problems()))
}

fn read_chunks<'a>(
    data: &'a [u8],
    mut damage: Option<&mut Damage>,
    limits: &Limits,
) -> Result<GameBin<'a>> {
    let mut r = Reader::new(data, "game.bin").with_endian(Endian::Little);
    let count = r.u32("chunk count")? as u64;
    if count * 4 > r.remaining() as u64 || count > limits.max_entries {
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
    // Where each chunk starts by the sizes, which past a cut is beyond the file.
    let mut at = r.pos() as u64;
    let mut cut = false;
    for (i, &size) in sizes.iter().enumerate() {
        if !cut && size > r.remaining() as u64 {
            // Located at the size, in the table after the count.
            let e = Error::invalid(
                format!("game.bin/chunk[{i}]"),
                4 + 4 * i as u64,
                format!(
                    "chunk of {size} bytes at {at:#x} runs past end of file ({} bytes left)",
                    r.remaining()
                ),
            );
            let Some(d) = damage.as_deref_mut() else {
                return Err(e);
            };
            d.lose(&e);
            d.intact_to = at;
            let after = sizes.len() - i - 1;
            if after > 0 {
                d.lose(&Error::invalid(
                    "game.bin",
                    at + size,
                    format!("{after} chunks after chunk[{i}] lie past the end of the file"),
                ));
            }
            cut = true;
        }
        offsets.push(at);
        chunks.push(Cow::Borrowed(match cut {
            true => &[][..],
            false => r.bytes(size as usize, "chunk")?,
        }));
        at = at.saturating_add(size);
    }
    if !r.at_end() {
        let e = r.error(format!(
            "{} bytes follow the last chunk: the sizes do not add up to the file",
            r.remaining()
        ));
        match damage {
            Some(d) => d.lose(&e),
            None => return Err(e),
        }
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
