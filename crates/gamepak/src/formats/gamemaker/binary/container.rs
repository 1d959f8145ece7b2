//! The FORM container: `FORM` (or `MROF`, big-endian, whose chunk names are stored
//! reversed) and a u32 size, then chunks of a 4-byte name, a u32 size and the body.
//! Chunk order and bodies are kept exactly as read, so writing them back gives the
//! same bytes.

use crate::assets::Damage;
use crate::bytes::{Endian, Reader, Writer};
use crate::error::{Error, ErrorKind, Result};
use crate::fourcc::FourCC;
use crate::location::Location;

/// Where the FORM is: every path in a GameMaker file starts here.
pub fn form_location() -> Location {
    Location::root("FORM")
}

/// Where the chunk named `name` is.
pub fn chunk_location(name: FourCC) -> Location {
    form_location().child(name.to_string())
}

/// One chunk of a FORM as stored: its name, where it is, and its body.
#[derive(Debug, Clone)]
pub struct Chunk<'a> {
    /// The name as GameMaker spells it (`TXTR`), whatever the byte order.
    pub name: FourCC,
    /// The name's four bytes as stored.
    pub raw: [u8; 4],
    /// Absolute offset of the chunk's 8-byte header.
    pub offset: u64,
    /// The body, without the 8-byte header.
    pub body: &'a [u8],
}

impl Chunk<'_> {
    /// Where the chunk is, for naming errors and problems: `FORM/` and its name.
    pub fn location(&self) -> Location {
        chunk_location(self.name)
    }

    /// Absolute offset of the body's first byte.
    pub fn body_offset(&self) -> u64 {
        self.offset + 8
    }

    /// Absolute offset just past the body.
    pub fn end(&self) -> u64 {
        self.body_offset() + self.body.len() as u64
    }
}

/// A FORM container read: its byte order and its chunks in file order, with every
/// body borrowed from the file.
#[derive(Debug, Clone)]
pub struct Form<'a> {
    /// Little-endian for a `FORM`, big-endian for an `MROF`.
    pub endian: Endian,
    /// Every chunk, in file order.
    pub chunks: Vec<Chunk<'a>>,
    /// The whole file, for pointers that cross chunks.
    pub data: &'a [u8],
    /// Bytes after the FORM's declared end.
    pub trailing: usize,
}

/// Where `bytes`, borrowed from the file, start in it; 0 for bytes made in memory.
pub fn offset_in(data: &[u8], bytes: &[u8]) -> u64 {
    let start = data.as_ptr() as usize;
    let at = bytes.as_ptr() as usize;
    match at.checked_sub(start) {
        Some(o) if o + bytes.len() <= data.len() => o as u64,
        _ => 0,
    }
}

impl<'a> Form<'a> {
    /// The first chunk named `name`; `None` when the file has none.
    pub fn chunk(&self, name: FourCC) -> Option<&Chunk<'a>> {
        self.chunks.iter().find(|c| c.name == name)
    }

    /// A reader over the whole file in its byte order, positioned at `offset`.
    pub fn reader_at(&self, offset: u64, path: impl Into<Location>) -> Result<Reader<'a>> {
        let mut r = Reader::new(self.data, path).with_endian(self.endian);
        let what = r.path().to_string();
        r.seek(offset as usize, &what)?;
        Ok(r)
    }

    /// The bytes of a length-prefixed blob whose u32 length is at `at`: a string or
    /// a clip, which must end inside `chunk`.
    pub fn blob_in(
        &self,
        chunk: &Chunk<'_>,
        at: u64,
        path: &Location,
        what: &str,
    ) -> Result<&'a [u8]> {
        let mut r = self.reader_at(at, path)?;
        let len = u64::from(r.u32("length")?);
        if r.offset() + len > chunk.end() {
            return Err(Error::invalid(
                path,
                at,
                format!(
                    "{len}-byte {what} runs past the end of {} ({:#x})",
                    chunk.name,
                    chunk.end()
                ),
            ));
        }
        r.bytes(len as usize, what)
    }

    /// The largest power of two (up to 128) that every chunk but the last starts on,
    /// with the FORM body's start as 8.
    pub fn alignment(&self) -> u64 {
        let starts: Vec<u64> = self.chunks.iter().skip(1).map(|c| c.offset).collect();
        [128u64, 64, 32, 16, 8, 4, 2]
            .into_iter()
            .find(|a| starts.iter().all(|s| s % a == 0))
            .unwrap_or(1)
    }
}

/// The container, or the first place it breaks its framing.
pub fn read(data: &[u8]) -> Result<Form<'_>> {
    let (form, damage) = read_damaged(data)?;
    match damage.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(form),
    }
}

/// Reads a damaged or truncated file as far as it goes, for salvage: what
/// [`read_damaged`] keeps, except that a chunk of records cut short is lost whole
/// with every chunk after it. TXTR and AUDO hold pictures and sounds one by one, each
/// found by its own pointer and checked to decode, so a piece of them gives what it
/// holds whole; a piece of records cannot.
pub fn read_salvaging(data: &[u8]) -> Result<(Form<'_>, Damage)> {
    let (mut form, problems) = read_damaged(data)?;
    let mut damage = Damage::new(data);
    for e in &problems {
        damage.lose(e);
    }
    let cut_records = form.chunks.iter().position(|c| {
        ![FourCC::TXTR, FourCC::AUDO].contains(&c.name)
            && problems.iter().any(|e| e.offset == Some(c.offset + 4))
    });
    if let Some(cut) = cut_records {
        form.chunks.truncate(cut);
    }
    Ok((form, damage))
}

/// The container as far as its bytes go, and where its framing breaks: a FORM or a
/// chunk whose size runs past the end of the file (a truncated file) keeps the bytes
/// there are, and chunks stop where a header no longer fits. An error only when the
/// file is no FORM at all.
pub fn read_damaged(data: &[u8]) -> Result<(Form<'_>, Vec<Error>)> {
    let mut r = Reader::new(data, form_location());
    let magic = r.array::<4>("magic")?;
    let endian = match &magic {
        b"FORM" => Endian::Little,
        b"MROF" => Endian::Big,
        _ => {
            return Err(Error::new(
                form_location(),
                Some(0),
                ErrorKind::BadMagic {
                    expected: "FORM or MROF".into(),
                    found: FourCC(magic).to_string(),
                },
            ))
        }
    };
    let mut r = r.with_endian(endian);
    let mut damage = Vec::new();
    let mut size = r.u32("FORM size")? as usize;
    if size > r.remaining() {
        damage.push(r.error_at(
            4,
            format!(
                "FORM size {size} runs past the end of the file ({} bytes after the header)",
                r.remaining()
            ),
        ));
        size = r.remaining();
    }
    let trailing = r.remaining() - size;
    let mut body = r.sub(size, "FORM")?;
    let mut chunks = Vec::new();
    while !body.at_end() {
        let offset = body.offset();
        let header = body
            .array::<4>("chunk name")
            .and_then(|raw| Ok((raw, body.u32("chunk size")? as usize)));
        let (raw, mut len) = match header {
            Ok(h) => h,
            Err(e) => {
                damage.push(e);
                break;
            }
        };
        let name = FourCC(stored_name(&raw, endian));
        if len > body.remaining() {
            damage.push(Error::invalid(
                chunk_location(name),
                offset + 4,
                format!(
                    "chunk size {len} runs past the end of FORM ({} bytes left)",
                    body.remaining()
                ),
            ));
            len = body.remaining();
        }
        chunks.push(Chunk {
            body: body.bytes(len, &name.to_string())?,
            name,
            raw,
            offset,
        });
    }
    let form = Form {
        endian,
        chunks,
        data,
        trailing,
    };
    Ok((form, damage))
}

/// A chunk name's bytes as a file in this byte order stores them.
pub fn stored_name(name: &[u8; 4], endian: Endian) -> [u8; 4] {
    let mut b = *name;
    if endian == Endian::Big {
        b.reverse();
    }
    b
}

/// The file for chunks given as (name as stored, body), in order.
pub fn write<B: AsRef<[u8]>>(endian: Endian, chunks: &[([u8; 4], B)]) -> Result<Vec<u8>> {
    let total: usize = chunks.iter().map(|(_, b)| 8 + b.as_ref().len()).sum();
    let size = u32::try_from(total).map_err(|_| {
        Error::at(
            form_location(),
            format!("{total} bytes of chunks exceed the u32 size"),
        )
    })?;
    let mut w = Writer::with_capacity(endian, total + 8);
    w.bytes(match endian {
        Endian::Little => b"FORM",
        Endian::Big => b"MROF",
    });
    w.u32(size);
    for (raw, body) in chunks {
        let len = u32::try_from(body.as_ref().len())
            .map_err(|_| Error::at(form_location(), "a chunk exceeds the u32 size"))?;
        w.bytes(raw);
        w.u32(len);
        w.bytes(body.as_ref());
    }
    Ok(w.into_vec())
}
