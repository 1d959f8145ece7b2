//! The file's outer layer: the header, the deflated section block with its CRC, the
//! section table inside it, and the asset area after it.

use super::header::{Header, CRC_AT, HEADER_LEN};
use crate::bytes::{Endian, Reader};
use crate::codec::crc::crc32;
use crate::codec::zlib::{self, Wrapping};
use crate::error::{Error, ErrorKind, Result};
use crate::limits::Limits;

/// Where the block's size field sits, and where the block starts.
pub const BLOCK_AT: usize = 68;

/// What the 4 bytes after the compressed stream are a CRC of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockCrc {
    /// The uncompressed table and sections, as our reading of the spec says.
    Uncompressed,
    /// The compressed bytes: accepted, and reported.
    Compressed,
    /// Neither.
    Wrong {
        /// The CRC stored after the stream.
        stored: u32,
        /// CRC-32 of the uncompressed block: what it should have been.
        expected: u32,
    },
}

/// One entry of the section table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectionEntry {
    /// Offset in the uncompressed block.
    pub offset: u32,
    /// Length of the body in bytes (a 3-byte field, so at most 16 MiB).
    pub length: u32,
    /// Section type: 0 strings, 1 translations, ... 35 maps.
    pub kind: u8,
}

/// A read file, before its section bodies are decoded.
#[derive(Debug)]
pub struct Container<'a> {
    /// The whole file.
    pub data: &'a [u8],
    /// The 64-byte header.
    pub header: Header,
    /// The size field n: the compressed stream and the CRC after it.
    pub block_len: u32,
    /// How the block's compressed stream is wrapped: zlib as we read the spec, though
    /// other wrappings are read too.
    pub wrapping: Wrapping,
    /// What the CRC after the compressed stream was found to be of.
    pub block_crc: BlockCrc,
    /// The uncompressed table and section data.
    pub block: Vec<u8>,
    /// The section table, in order.
    pub sections: Vec<SectionEntry>,
}

impl<'a> Container<'a> {
    /// The compressed stream of the block, without its CRC.
    pub fn stored_block(&self) -> &'a [u8] {
        &self.data[BLOCK_AT..BLOCK_AT + self.block_len as usize - 4]
    }

    /// Absolute offset that asset offsets count from.
    pub fn assets_base(&self) -> u64 {
        BLOCK_AT as u64 + u64::from(self.block_len)
    }

    /// The body of section `i`.
    pub fn body(&self, i: usize) -> &[u8] {
        let s = self.sections[i];
        &self.block[s.offset as usize..(s.offset + s.length) as usize]
    }
}

/// CRC-32 of the file with the CRC field taken as zero.
pub fn file_crc(data: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&data[..CRC_AT.min(data.len())]);
    if data.len() > CRC_AT {
        h.update(&[0; 4][..(data.len() - CRC_AT).min(4)]);
    }
    if data.len() > CRC_AT + 4 {
        h.update(&data[CRC_AT + 4..]);
    }
    h.finalize()
}

/// Reads the header, inflates the block and reads the section table. An encrypted
/// file is refused here: nothing past its header may be read.
pub fn read<'a>(data: &'a [u8], limits: &Limits) -> Result<Container<'a>> {
    let header = Header::read(data)?;
    if header.encryption != 0 {
        return Err(Error::new(
            "TNG/header",
            Some(60),
            ErrorKind::Unsupported("encrypted file: contents not verifiable".into()),
        ));
    }
    let mut r = Reader::new(data, "TNG").with_endian(Endian::Little);
    r.seek(HEADER_LEN, "section block size")?;
    let block_len = r.u32("section block size")?;
    if block_len < 4 {
        return Err(r.error_at(
            HEADER_LEN,
            format!("section block size {block_len} cannot hold its CRC"),
        ));
    }
    if block_len as usize > r.remaining() {
        return Err(Error::new(
            "TNG/section block",
            Some(HEADER_LEN as u64),
            ErrorKind::Truncated {
                what: format!("section block of {block_len} bytes"),
                container: "file".into(),
                needed: block_len.into(),
                available: r.remaining() as u64,
            },
        ));
    }
    let stored = r.sub(block_len as usize, "section block")?.data();
    let (stream, crc_bytes) = stored.split_at(stored.len() - 4);
    let wrapping = Wrapping::of(stream);
    let block = zlib::inflate_any(stream, limits, "TNG/block", BLOCK_AT as u64)?;
    let stored_crc = u32::from_le_bytes(crc_bytes.try_into().expect("4 bytes"));
    let block_crc = if stored_crc == crc32(&block) {
        BlockCrc::Uncompressed
    } else if stored_crc == crc32(stream) {
        BlockCrc::Compressed
    } else {
        BlockCrc::Wrong {
            stored: stored_crc,
            expected: crc32(&block),
        }
    };
    let sections = section_table(&block)?;
    Ok(Container {
        data,
        header,
        block_len,
        wrapping,
        block_crc,
        block,
        sections,
    })
}

/// The table at the start of the uncompressed block: the first entry's offset gives
/// its size. Offsets here are offsets in the uncompressed block.
fn section_table(block: &[u8]) -> Result<Vec<SectionEntry>> {
    let path = "TNG/block/section table";
    if block.is_empty() {
        return Ok(Vec::new());
    }
    let mut r = Reader::new(block, "TNG")
        .named("block")
        .named("section table")
        .with_endian(Endian::Little);
    let first = r.u32("first section offset")?;
    if first % 8 != 0 || first == 0 || first as usize > block.len() {
        return Err(Error::invalid(
            path,
            0,
            format!(
                "first section offset {first} must be a non-zero multiple of 8 inside the {}-byte block (offsets in the uncompressed block)",
                block.len()
            ),
        ));
    }
    r.seek(0, "section table")?;
    (0..first / 8)
        .map(|i| {
            let at = r.pos();
            let offset = r.u32("section offset")?;
            let length = r.u24("section length")?;
            let kind = r.u8("section type")?;
            if u64::from(offset) + u64::from(length) > block.len() as u64 || offset < first {
                return Err(Error::invalid(
                    format!("{path}/entry[{i}]"),
                    at as u64,
                    format!(
                        "section of type {kind} at {offset:#x}+{length:#x} lies outside the {:#x}-byte block's data (offsets in the uncompressed block)",
                        block.len()
                    ),
                ));
            }
            Ok(SectionEntry { offset, length, kind })
        })
        .collect()
}

/// Builds a file: the header (its CRC filled in), the block made from the section
/// bodies in order, then the asset area. `kept` is another writer's compressed block
/// and whether its CRC is of the compressed bytes: it is used when it inflates to the
/// same block.
pub fn write(
    header: &Header,
    sections: &[(u8, Vec<u8>)],
    assets: &[u8],
    kept: Option<(&[u8], bool)>,
) -> Result<Vec<u8>> {
    let table_len = sections.len() * 8;
    let mut block =
        Vec::with_capacity(table_len + sections.iter().map(|s| s.1.len()).sum::<usize>());
    let mut offset = table_len;
    for (i, (kind, body)) in sections.iter().enumerate() {
        if body.len() > 0xff_ffff || offset + body.len() > u32::MAX as usize {
            return Err(Error::at(
                format!("section[{i}]"),
                format!("section of type {kind} is {} bytes: sections hold at most 16 MiB, 4 GiB in all", body.len()),
            ));
        }
        block.extend((offset as u32).to_le_bytes());
        block.extend(&(body.len() as u32).to_le_bytes()[..3]);
        block.push(*kind);
        offset += body.len();
    }
    for (_, body) in sections {
        block.extend(body);
    }
    let stored = match kept {
        Some((z, of_compressed)) if zlib::inflates_to(z, &block) => {
            let crc = if of_compressed {
                crc32(z)
            } else {
                crc32(&block)
            };
            let mut s = z.to_vec();
            s.extend(crc.to_le_bytes());
            s
        }
        _ => {
            let mut s = zlib::deflate(&block);
            s.extend(crc32(&block).to_le_bytes());
            s
        }
    };
    let mut out = header.write()?;
    out.extend((stored.len() as u32).to_le_bytes());
    out.extend(stored);
    out.extend(assets);
    let crc = file_crc(&out);
    out[CRC_AT..CRC_AT + 4].copy_from_slice(&crc.to_le_bytes());
    Ok(out)
}
