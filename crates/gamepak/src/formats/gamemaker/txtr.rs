//! TXTR, the texture pages: a pointer list of entries, then the blobs, each starting
//! on a 128-byte boundary of the file.
//!
//! An entry is a run of u32 fields whose last is the blob's offset. Its size tells the
//! version: 8 bytes (GameMaker: Studio 1), 12 (GameMaker Studio 2: mipmap count), 16
//! (2022.3: the blob's size), 28 (2022.9: width, height and index in group). The size
//! is read off the pointer list, or for a single entry off where its blob pointer is.

use super::container::{Chunk, Form};
use super::refs::{list, slot, target, u32_at};
use crate::assets::Damage;
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

/// How a page's pixels are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageFormat {
    Png,
    /// GameMaker's QOI variant (`fioq`).
    Qoi,
    /// BZip2-compressed QOI (`2zoq`).
    Bz2Qoi,
    /// Not a format we know: kept as stored.
    Unknown,
}

impl PageFormat {
    pub fn of(b: &[u8]) -> PageFormat {
        if b.starts_with(b"\x89PNG\r\n\x1a\n") {
            PageFormat::Png
        } else if b.starts_with(b"fioq") {
            PageFormat::Qoi
        } else if b.starts_with(b"2zoq") {
            PageFormat::Bz2Qoi
        } else {
            PageFormat::Unknown
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PageFormat::Png => "png",
            PageFormat::Qoi => "qoi",
            PageFormat::Bz2Qoi => "bz2-qoi",
            PageFormat::Unknown => "unknown",
        }
    }
}

pub const BLOB_ALIGN: u64 = 128;
const ENTRY_SIZES: [usize; 4] = [8, 12, 16, 28];

#[derive(Debug, Clone)]
pub struct Page<'a> {
    /// The entry's u32 fields before the blob pointer.
    pub fields: Vec<u32>,
    /// `None` when the blob pointer is 0 (a page stored outside the file).
    pub blob: Option<&'a [u8]>,
    pub blob_offset: u64,
    pub format: PageFormat,
}

#[derive(Debug, Clone)]
pub struct Txtr<'a> {
    pub entry_size: usize,
    pub pages: Vec<Page<'a>>,
}

fn has_magic(form: &Form<'_>, at: u32) -> bool {
    form.data
        .get(at as usize..)
        .is_some_and(|b| PageFormat::of(b) != PageFormat::Unknown)
}

fn entry_size(form: &Form<'_>, chunk: &Chunk<'_>, ptrs: &[u32]) -> Result<usize> {
    let path = chunk.location();
    if let [a, b, ..] = ptrs {
        let size = b.wrapping_sub(*a) as usize;
        if ENTRY_SIZES.contains(&size) {
            return Ok(size);
        }
        return Err(Error::invalid(
            path,
            slot(chunk.body_offset(), 1),
            format!("entries are {size} bytes apart, not one of the known sizes 8, 12, 16, 28"),
        ));
    }
    let first = ptrs[0] as u64;
    ENTRY_SIZES
        .into_iter()
        .find(|s| u32_at(form, first + *s as u64 - 4).is_some_and(|p| has_magic(form, p)))
        .ok_or_else(|| {
            Error::invalid(
                path,
                slot(chunk.body_offset(), 0),
                "no entry size (8, 12, 16 or 28 bytes) ends in a pointer to a texture blob",
            )
        })
}

/// Where a blob ends: a PNG at its IEND, a QOI after its stated length, a blob with a
/// stated size (2022.3+) after that size, a BZip2-QOI blob at its bzip2 stream's end
/// marker; otherwise at `limit` (the next blob or the chunk's end).
fn blob_len(b: &[u8], fields: &[u32], entry_size: usize, limit: usize) -> usize {
    let stated = (entry_size >= 16).then(|| fields[2] as usize);
    blob_len_found(b, stated).unwrap_or(limit).min(limit)
}

/// A blob's length found in the blob itself: a PNG's at its IEND, a QOI's after its
/// stated length, a BZip2-QOI's at its bzip2 stream's end marker.
pub fn measured_len(b: &[u8]) -> Option<usize> {
    blob_len_found(b, None)
}

fn blob_len_found(b: &[u8], stated: Option<usize>) -> Option<usize> {
    match PageFormat::of(b) {
        PageFormat::Png => png_len(b),
        PageFormat::Qoi => b
            .get(8..12)
            .map(|l| 12 + u32::from_le_bytes([l[0], l[1], l[2], l[3]]) as usize),
        PageFormat::Bz2Qoi => stated.or_else(|| crate::codec::gm_qoi::bz2_blob_len(b)),
        PageFormat::Unknown => stated,
    }
}

/// A PNG's length: its chunks walked to IEND.
pub fn png_len(b: &[u8]) -> Option<usize> {
    let mut at = 8usize;
    loop {
        let len = u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?) as usize;
        let end = at.checked_add(12)?.checked_add(len)?;
        if b.get(at + 4..at + 8)? == b"IEND" {
            return (end <= b.len()).then_some(end);
        }
        at = end;
    }
}

pub fn read<'a>(form: &Form<'a>) -> Result<Option<Txtr<'a>>> {
    read_pages(form, None)
}

/// Reads TXTR strictly without `damage`; with it, a page entry that does not read
/// (its blob past the end of a file cut short) is lost alone: recorded, and kept
/// as a page without a blob.
pub fn read_pages<'a>(
    form: &Form<'a>,
    mut damage: Option<&mut Damage>,
) -> Result<Option<Txtr<'a>>> {
    let Some(chunk) = form.chunk(FourCC::TXTR) else {
        return Ok(None);
    };
    let ptrs = match (list(form, chunk), damage.as_deref_mut()) {
        (Ok(ptrs), _) => ptrs,
        (Err(e), Some(d)) => {
            d.lose(&e);
            return Ok(None);
        }
        (Err(e), None) => return Err(e),
    };
    if ptrs.is_empty() {
        return Ok(Some(Txtr {
            entry_size: 8,
            pages: Vec::new(),
        }));
    }
    let entry_size = entry_size(form, chunk, &ptrs)?;
    let mut blob_ptrs = Vec::with_capacity(ptrs.len());
    let mut all_fields = Vec::with_capacity(ptrs.len());
    let entry = |i: usize, p: u32| -> Result<(Vec<u32>, u32)> {
        let path = chunk.location().at("entry", i);
        let at = target(
            chunk,
            chunk.body_offset(),
            i,
            p,
            entry_size as u64,
            "page entry",
        )?;
        let mut r = form.reader_at(at, &path)?;
        let fields = (0..entry_size / 4 - 1)
            .map(|k| r.u32(&format!("field {k}")))
            .collect::<Result<Vec<_>>>()?;
        let blob = r.u32("blob pointer")?;
        if blob != 0 && (blob as u64 >= chunk.end() || (blob as u64) < chunk.body_offset()) {
            return Err(Error::invalid(
                path,
                r.offset() - 4,
                format!("blob pointer {blob:#x} lies outside TXTR"),
            ));
        }
        Ok((fields, blob))
    };
    for (i, &p) in ptrs.iter().enumerate() {
        let (fields, blob) = match (entry(i, p), damage.as_deref_mut()) {
            (Ok(read), _) => read,
            (Err(e), Some(d)) => {
                d.lose(&e);
                (vec![0; entry_size / 4 - 1], 0)
            }
            (Err(e), None) => return Err(e),
        };
        blob_ptrs.push(blob);
        all_fields.push(fields);
    }
    let mut starts: Vec<u32> = blob_ptrs.iter().copied().filter(|&b| b != 0).collect();
    starts.sort_unstable();
    let pages = blob_ptrs
        .iter()
        .zip(all_fields)
        .map(|(&b, fields)| {
            if b == 0 {
                return Page {
                    fields,
                    blob: None,
                    blob_offset: 0,
                    format: PageFormat::Unknown,
                };
            }
            let next = starts
                .iter()
                .find(|&&s| s > b)
                .map_or(chunk.end(), |&s| s as u64);
            let rest = &form.data[b as usize..next as usize];
            let len = blob_len(rest, &fields, entry_size, rest.len());
            Page {
                format: PageFormat::of(rest),
                fields,
                blob: Some(&rest[..len]),
                blob_offset: b as u64,
            }
        })
        .collect();
    Ok(Some(Txtr { entry_size, pages }))
}

/// TXTR's body for `pages` when the chunk's body starts at absolute `body_offset`:
/// entries, then each blob on a 128-byte boundary, then zeros to `align` for the chunk
/// that follows (1 when none follows). A 2022.3+ entry's size field follows its blob.
pub fn write(
    txtr: &Txtr<'_>,
    blobs: &[Option<Vec<u8>>],
    body_offset: u64,
    align: u64,
    endian: crate::bytes::Endian,
) -> Vec<u8> {
    let n = txtr.pages.len();
    let entries_at = body_offset + 4 + 4 * n as u64;
    let mut at = entries_at + (n * txtr.entry_size) as u64;
    let mut blob_at = Vec::with_capacity(n);
    for b in blobs {
        match b {
            Some(b) => {
                at = at.next_multiple_of(BLOB_ALIGN);
                blob_at.push(at);
                at += b.len() as u64;
            }
            None => blob_at.push(0),
        }
    }
    let mut w = crate::bytes::Writer::with_capacity(endian, (at - body_offset) as usize + 128);
    w.u32(n as u32);
    for i in 0..n {
        w.u32((entries_at + (i * txtr.entry_size) as u64) as u32);
    }
    for ((page, at), blob) in txtr.pages.iter().zip(&blob_at).zip(blobs) {
        for (k, f) in page.fields.iter().enumerate() {
            match (k, blob) {
                (2, Some(b)) if txtr.entry_size >= 16 => w.u32(b.len() as u32),
                _ => w.u32(*f),
            }
        }
        w.u32(*at as u32);
    }
    for (b, at) in blobs.iter().zip(&blob_at) {
        if let Some(b) = b {
            while body_offset + (w.len() as u64) < *at {
                w.u8(0);
            }
            w.bytes(b);
        }
    }
    while !(body_offset + w.len() as u64).is_multiple_of(align) {
        w.u8(0);
    }
    w.into_vec()
}
