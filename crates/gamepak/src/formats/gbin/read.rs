//! GBIN bytes to a [`Gbin`] document. Permissive: a chunk whose payload cannot be
//! decoded as its type is kept opaque; only a broken header or chunk framing fails.

use crate::FourCC;
use std::borrow::Cow;

use super::model::*;
use crate::assets::Damage;
use crate::bytes::Reader;
use crate::error::{Error, ErrorKind, Result};
use crate::report::Problem;

/// Reads a whole package. Blobs borrow from `data`.
pub fn read(data: &[u8]) -> Result<Gbin<'_>> {
    read_chunks(data, None)
}

/// Reads a damaged or truncated package as far as it goes, for salvage: a chunk that
/// runs past the end of the file keeps the bytes there are (a table the whole
/// entries among them, which may name assets in the chunks before it), but the
/// damage's intact bytes end where it starts; a chunk header cut short ends the
/// read, and a package that ends without ENDC ends where it does. The damage
/// records each. Only a header that cannot be read fails.
pub fn read_salvaging(data: &[u8]) -> Result<(Gbin<'_>, Damage)> {
    let mut damage = Damage::new(data);
    let doc = read_chunks(data, Some(&mut damage))?;
    Ok((doc, damage))
}

/// Reads a package as far as its chunk framing goes, for `info` and `list`: what
/// [`read_salvaging`] keeps, and why the rest could not be read. An error only when
/// the header does not read.
pub fn read_damaged(data: &[u8]) -> Result<(Gbin<'_>, Vec<Problem>)> {
    let (doc, damage) = read_salvaging(data)?;
    Ok((doc, damage.problems()))
}

/// Reads the chunks after the header: strictly without `damage`, as far as they go
/// with it.
fn read_chunks<'a>(data: &'a [u8], mut damage: Option<&mut Damage>) -> Result<Gbin<'a>> {
    let mut header_r = Reader::new(data, "GBIN").named("header");
    let header = read_header(&mut header_r)?;
    let mut r = Reader::new(data, "GBIN").with_endian(header.endian());
    r.seek(header_r.pos(), "first chunk")?;
    let mut chunks = Vec::new();
    let mut seen_end = false;
    while !seen_end && !r.at_end() {
        let offset = r.offset();
        let framed = chunk_frame(&mut r);
        let (id, mut body_r) = match (framed, damage.as_deref_mut()) {
            (Ok((id, body, None)), _) => (id, body),
            // A table cut short still lists what it holds whole; the bytes of the
            // chunk itself are not what it stored.
            (Ok((id, body, Some(cut))), Some(d)) => {
                d.lose(&cut);
                d.intact_to = offset;
                (id, body)
            }
            (Ok((_, _, Some(e))), None) | (Err(e), None) => return Err(e),
            (Err(e), Some(d)) => {
                d.lose(&e);
                break;
            }
        };
        let body = decode_body(id, &mut body_r, &header, &chunks);
        seen_end = id == FourCC::ENDC;
        chunks.push(Chunk { id, offset, body });
    }
    if let (Some(d), false) = (damage, seen_end) {
        if d.is_none() {
            d.lose(&r.error("no ENDC chunk: the package ends here"));
        }
    }
    let trailing = Cow::Borrowed(&data[r.pos()..]);
    Ok(Gbin {
        header,
        chunks,
        trailing,
    })
}

/// A chunk's FourCC and a reader over its payload. A payload that runs past the end
/// of the file gives a reader over the bytes there are, with the error saying so.
fn chunk_frame<'a>(r: &mut Reader<'a>) -> Result<(FourCC, Reader<'a>, Option<Error>)> {
    let offset = r.offset();
    let id = FourCC(r.array("chunk FourCC")?);
    let name = id.to_string();
    let size = r.u32(&format!("{name} chunk size"))?;
    let available = r.remaining() as u64;
    if let Ok(body) = r.sub(size as usize, &name) {
        return Ok((id, body, None));
    }
    let cut = Error::new(
        format!("GBIN/{name}"),
        Some(offset + 4),
        ErrorKind::Truncated {
            what: format!("{name} chunk of {size} bytes"),
            container: "file".into(),
            needed: size as u64,
            available,
        },
    );
    Ok((id, r.sub(r.remaining(), &name)?, Some(cut)))
}

/// Reads the 32-byte header.
pub fn read_header(r: &mut Reader<'_>) -> Result<Header> {
    let magic: [u8; 4] = r.array("magic")?;
    if magic != FourCC::GBIN.0 {
        return Err(Error::new(
            "GBIN/header",
            Some(0),
            ErrorKind::BadMagic {
                expected: "GBIN".into(),
                found: FourCC(magic).to_string(),
            },
        ));
    }
    let header = Header::read(r)?;
    if header.size as usize != HEADER_LEN {
        return Err(r.error_at(
            4,
            format!("header size byte is {}, expected 32", header.size),
        ));
    }
    Ok(header)
}

fn decode_body<'a>(
    id: FourCC,
    r: &mut Reader<'a>,
    header: &Header,
    before: &[Chunk<'_>],
) -> Body<'a> {
    let whole = Cow::Borrowed(r.data());
    decode_typed(id, r, header, before).unwrap_or(Body::Opaque(whole))
}

/// Decodes a payload as its FourCC says, or says why it cannot. A data chunk's
/// payload is its bytes; unknown FourCCs are opaque. `before` holds the chunks read so far, which decide the CMAP/TMAP layout.
pub(super) fn decode_typed<'a>(
    id: FourCC,
    r: &mut Reader<'a>,
    header: &Header,
    before: &[Chunk<'_>],
) -> Result<Body<'a>> {
    let whole = Cow::Borrowed(r.data());
    let has = |want: FourCC| before.iter().any(|c| c.id == want);
    match id {
        FourCC::SIMG => {
            table(r, SourceImage::wire_len(), SourceImage::read).map(Body::SourceImages)
        }
        FourCC::IMAG => {
            let v = header.imag_version();
            table(r, Image::wire_len(v), |r| Image::read(r, v)).map(|t| Body::Images(v, t))
        }
        FourCC::IGRP => table(r, Group::wire_len(), Group::read).map(Body::Groups),
        FourCC::ISEQ => table(r, Sequence::wire_len(), Sequence::read).map(Body::Sequences),
        FourCC::IFRM => table(r, Frame::wire_len(), Frame::read).map(Body::Frames),
        FourCC::TSET => table(r, Tileset::wire_len(), Tileset::read).map(Body::Tilesets),
        FourCC::TMAP if has(FourCC::TMIX) || has(FourCC::TMBL) => {
            table(r, TilemapEntry::wire_len(), TilemapEntry::read).map(Body::Tilemaps)
        }
        FourCC::TMAP => read_tilemap_inline(r).map(Body::TilemapInline),
        FourCC::CMAP if has(FourCC::COLR) => {
            table(r, ColourMapEntry::wire_len(), ColourMapEntry::read).map(Body::ColourMaps)
        }
        FourCC::CMAP => read_colour_map_inline(r).map(Body::ColourMapInline),
        FourCC::FDIR => table(r, FileEntry::wire_len(), FileEntry::read).map(Body::FileDirectory),
        FourCC::FILE => read_file_inline(r).map(Body::File),
        FourCC::STRT => read_string_table(r).map(Body::Strings),
        FourCC::SWAV => table(r, SoundSample::wire_len(), SoundSample::read).map(Body::Sounds),
        _ => Ok(Body::plain(id, whole)),
    }
}

/// Reads as many whole entries as fit; the rest goes to `tail`.
fn table<'a, T>(
    r: &mut Reader<'a>,
    entry_len: usize,
    mut read_one: impl FnMut(&mut Reader<'a>) -> Result<T>,
) -> Result<Table<'a, T>> {
    let n = r.len() / entry_len;
    let mut entries = Vec::with_capacity(n);
    for i in 0..n {
        let mut e = r.sub(entry_len, &format!("entry[{i}]"))?;
        entries.push(read_one(&mut e)?);
    }
    let tail = Cow::Borrowed(r.bytes(r.remaining(), "tail")?);
    Ok(Table { entries, tail })
}

fn read_tilemap_inline<'a>(r: &mut Reader<'a>) -> Result<TilemapInline<'a>> {
    let head = TilemapHead::read(r)?;
    let index_len = (head.index_count as usize)
        .checked_mul(2)
        .map(|n| n.next_multiple_of(4))
        .ok_or_else(|| r.error("index count overflows"))?;
    Ok(TilemapInline {
        head,
        indices: Cow::Borrowed(r.bytes(index_len, "indices")?),
        blocks: Cow::Borrowed(r.bytes(r.remaining(), "blocks")?),
    })
}

fn read_colour_map_inline<'a>(r: &mut Reader<'a>) -> Result<ColourMapInline<'a>> {
    Ok(ColourMapInline {
        head: ColourMapHead::read(r)?,
        colours: Cow::Borrowed(r.bytes(r.remaining(), "colours")?),
    })
}

fn read_file_inline<'a>(r: &mut Reader<'a>) -> Result<FileInline<'a>> {
    let head = FileHead::read(r)?;
    let name_len = r.u8("name length")?;
    let name = Cow::Borrowed(r.bytes((name_len as usize).next_multiple_of(4), "name")?);
    let data = Cow::Borrowed(r.bytes(r.remaining(), "data")?);
    if (head.padding as usize) > data.len() {
        return Err(r.error("padding count exceeds the data"));
    }
    Ok(FileInline {
        head,
        name,
        name_len,
        data,
    })
}

fn read_string_table<'a>(r: &mut Reader<'a>) -> Result<StringTable<'a>> {
    let language = r.array("language")?;
    let count = r.u16("count")?;
    let reserved = r.u16("reserved")?;
    if count as usize * 4 > r.remaining() {
        return Err(r.error(format!(
            "{count} string entries need {} bytes, {} left",
            count as usize * 4,
            r.remaining()
        )));
    }
    let mut entries = Vec::with_capacity(count as usize);
    for i in 0..count {
        let mut e = r.sub(4, &format!("entry[{i}]"))?;
        entries.push((e.u16("offset")?, e.u16("length")?));
    }
    Ok(StringTable {
        language,
        reserved,
        entries,
        data: Cow::Borrowed(r.bytes(r.remaining(), "string data")?),
    })
}
