//! GBIN bytes to a [`Gbin`] document. Permissive: a chunk whose payload cannot be
//! decoded as its type is kept opaque; only a broken header or chunk framing fails.

use std::borrow::Cow;

use super::model::*;
use crate::bytes::Reader;
use crate::error::{Error, ErrorKind, Result};

/// Reads a whole package. Blobs borrow from `data`.
pub fn read(data: &[u8]) -> Result<Gbin<'_>> {
    let mut header_r = Reader::new(data, "GBIN/header");
    let header = read_header(&mut header_r)?;
    let mut r = Reader::new(data, "GBIN").with_endian(header.endian());
    r.seek(header_r.pos(), "first chunk")?;
    let mut chunks = Vec::new();
    let mut seen_end = false;
    while !seen_end && !r.at_end() {
        let offset = r.offset();
        let id: [u8; 4] = r.array("chunk FourCC")?;
        let name = crate::bytes::fourcc_text(&id);
        let size = r.u32(&format!("{name} chunk size"))?;
        let available = r.remaining() as u64;
        let mut body_r = r.sub(size as usize, &name).map_err(|_| {
            Error::new(
                format!("GBIN/{name}"),
                Some(offset),
                ErrorKind::Truncated {
                    what: format!("{name} chunk of {size} bytes"),
                    container: "file".into(),
                    needed: size as u64,
                    available,
                },
            )
        })?;
        let body = decode_body(&id, &mut body_r, &header, &chunks);
        seen_end = &id == b"ENDC";
        chunks.push(Chunk { id, offset, body });
    }
    let trailing = Cow::Borrowed(&data[r.pos()..]);
    Ok(Gbin {
        header,
        chunks,
        trailing,
    })
}

/// Reads the 32-byte header.
pub fn read_header(r: &mut Reader<'_>) -> Result<Header> {
    let magic: [u8; 4] = r.array("magic")?;
    if &magic != b"GBIN" {
        return Err(Error::new(
            "GBIN/header",
            Some(0),
            ErrorKind::BadMagic {
                expected: "GBIN".into(),
                found: crate::bytes::fourcc_text(&magic),
            },
        ));
    }
    let size = r.u8("header size")?;
    let flags = r.u8("flags")?;
    let version = r.array("version")?;
    let crc = r.array("CRC")?;
    let name = r.array("name")?;
    let reserved = r.array("reserved")?;
    if size as usize != HEADER_LEN {
        return Err(r.error_at(4, format!("header size byte is {size}, expected 32")));
    }
    Ok(Header {
        size,
        flags,
        version,
        crc,
        name,
        reserved,
    })
}

fn decode_body<'a>(
    id: &[u8; 4],
    r: &mut Reader<'a>,
    header: &Header,
    before: &[Chunk<'_>],
) -> Body<'a> {
    let whole = Cow::Borrowed(r.data());
    decode_typed(id, r, header, before).unwrap_or(Body::Opaque(whole))
}

/// Decodes a payload as its FourCC says, or says why it cannot. Unknown FourCCs are
/// opaque. `before` holds the chunks read so far, which decide the CMAP/TMAP layout.
pub(super) fn decode_typed<'a>(
    id: &[u8; 4],
    r: &mut Reader<'a>,
    header: &Header,
    before: &[Chunk<'_>],
) -> Result<Body<'a>> {
    let whole = Cow::Borrowed(r.data());
    let has = |want: &[u8; 4]| before.iter().any(|c| &c.id == want);
    match id {
        b"IMGD" => Ok(Body::ImageData(whole)),
        b"SIMG" => table(r, 12, read_source_image).map(Body::SourceImages),
        b"IMAG" => {
            let v = header.imag_version();
            let size = if v == ImagVersion::V1 { 12 } else { 16 };
            table(r, size, |r| read_image(r, v)).map(|t| Body::Images(v, t))
        }
        b"IGRP" => table(r, 24, read_group).map(Body::Groups),
        b"ISEQ" => table(r, 8, read_sequence).map(Body::Sequences),
        b"IFRM" => table(r, 8, read_frame).map(Body::Frames),
        b"TSET" => table(r, 12, read_tileset).map(Body::Tilesets),
        b"TMIX" => Ok(Body::TileIndices(whole)),
        b"TMBL" => Ok(Body::TileBlocks(whole)),
        b"TMAP" if has(b"TMIX") || has(b"TMBL") => {
            table(r, 28, read_tilemap_entry).map(Body::Tilemaps)
        }
        b"TMAP" => read_tilemap_inline(r).map(Body::TilemapInline),
        b"COLR" => Ok(Body::Colours(whole)),
        b"CMAP" if has(b"COLR") => table(r, 4, read_colour_map_entry).map(Body::ColourMaps),
        b"CMAP" => read_colour_map_inline(r).map(Body::ColourMapInline),
        b"FDIR" => table(r, 28, read_file_entry).map(Body::FileDirectory),
        b"FDAT" => Ok(Body::FileData(whole)),
        b"FILE" => read_file_inline(r).map(Body::File),
        b"STRT" => read_string_table(r).map(Body::Strings),
        b"SWAV" => table(r, 12, read_sound).map(Body::Sounds),
        b"WAVD" => Ok(Body::WaveData(whole)),
        b"ENDC" => Ok(Body::End(whole)),
        _ => Ok(Body::Opaque(whole)),
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

fn read_source_image(r: &mut Reader<'_>) -> Result<SourceImage> {
    Ok(SourceImage {
        width: r.u16("width")?,
        height: r.u16("height")?,
        offset: r.u32("offset")?,
        pixel_format: r.u8("pixel format")?,
        reserved: r.array("reserved")?,
    })
}

fn read_image(r: &mut Reader<'_>, v: ImagVersion) -> Result<Image> {
    let (width, height, x_origin, y_origin) = match v {
        ImagVersion::V1 => (
            r.u8("width")? as u16,
            r.u8("height")? as u16,
            r.u8("x origin")? as u16,
            r.u8("y origin")? as u16,
        ),
        ImagVersion::V2 => (
            r.u16("width")?,
            r.u16("height")?,
            r.u16("x origin")?,
            r.u16("y origin")?,
        ),
    };
    Ok(Image {
        width,
        height,
        x_origin,
        y_origin,
        line_offset: r.u16("line offset")?,
        pixel_format: r.u8("pixel format")?,
        palette: r.u8("palette")?,
        offset: r.u32("offset")?,
    })
}

fn read_group(r: &mut Reader<'_>) -> Result<Group> {
    Ok(Group {
        base: r.u16("base")?,
        count: r.u16("count")?,
        first: r.u32("first image")?,
        name: r.array("name")?,
    })
}

fn read_sequence(r: &mut Reader<'_>) -> Result<Sequence> {
    Ok(Sequence {
        mode: r.u8("mode")?,
        reserved: r.u8("reserved")?,
        frame_count: r.u16("frame count")?,
        first_frame: r.u32("first frame")?,
    })
}

fn read_frame(r: &mut Reader<'_>) -> Result<Frame> {
    Ok(Frame {
        group: r.u16("group")?,
        image: r.i16("image")?,
        time: r.u8("time")?,
        x: r.i8("x")?,
        y: r.i8("y")?,
        reserved: r.u8("reserved")?,
    })
}

fn read_tileset(r: &mut Reader<'_>) -> Result<Tileset> {
    Ok(Tileset {
        tile_width: r.u8("tile width")?,
        tile_height: r.u8("tile height")?,
        pixel_format: r.u8("pixel format")?,
        palette: r.u8("palette")?,
        tile_count: r.u16("tile count")?,
        id: r.u16("id")?,
        offset: r.u32("offset")?,
    })
}

fn read_tilemap_entry(r: &mut Reader<'_>) -> Result<TilemapEntry> {
    Ok(TilemapEntry {
        id: r.u32("id")?,
        width: r.u16("width")?,
        height: r.u16("height")?,
        index_count: r.u32("index count")?,
        index_offset: r.u32("index offset")?,
        block_count: r.u32("block count")?,
        block_offset: r.u32("block offset")?,
        block_size: r.u8("block size")?,
        tile_size: r.u8("tile size")?,
        reserved: r.u16("reserved")?,
    })
}

fn read_tilemap_inline<'a>(r: &mut Reader<'a>) -> Result<TilemapInline<'a>> {
    let id = r.u32("id")?;
    let width = r.u16("width")?;
    let height = r.u16("height")?;
    let index_count = r.u32("index count")?;
    let block_count = r.u32("block count")?;
    let block_size = r.u8("block size")?;
    let tile_size = r.u8("tile size")?;
    let reserved = r.array("reserved")?;
    let index_len = (index_count as usize)
        .checked_mul(2)
        .map(|n| n.next_multiple_of(4))
        .ok_or_else(|| r.error("index count overflows"))?;
    let indices = Cow::Borrowed(r.bytes(index_len, "indices")?);
    let blocks = Cow::Borrowed(r.bytes(r.remaining(), "blocks")?);
    Ok(TilemapInline {
        id,
        width,
        height,
        index_count,
        block_count,
        block_size,
        tile_size,
        reserved,
        indices,
        blocks,
    })
}

fn read_colour_map_entry(r: &mut Reader<'_>) -> Result<ColourMapEntry> {
    Ok(ColourMapEntry {
        count: r.u16("count")?,
        offset: r.u16("offset")?,
    })
}

fn read_colour_map_inline<'a>(r: &mut Reader<'a>) -> Result<ColourMapInline<'a>> {
    Ok(ColourMapInline {
        name: r.array("name")?,
        count: r.u16("count")?,
        reserved: r.u16("reserved")?,
        colours: Cow::Borrowed(r.bytes(r.remaining(), "colours")?),
    })
}

/// FDIR sizes are little-endian whatever the package's byte order (the packer writes
/// them byte by byte); offsets follow the package.
fn read_file_entry(r: &mut Reader<'_>) -> Result<FileEntry> {
    let file_type = r.array("type")?;
    let size = u32::from_le_bytes(r.array("size")?);
    Ok(FileEntry {
        file_type,
        size,
        offset: r.u32("offset")?,
        name: r.array("name")?,
    })
}

fn read_file_inline<'a>(r: &mut Reader<'a>) -> Result<FileInline<'a>> {
    let file_type = r.array("type")?;
    let compression = r.u8("compression")?;
    let padding = r.u8("padding")?;
    let filler = r.u8("filler")?;
    let name_len = r.u8("name length")?;
    let name = Cow::Borrowed(r.bytes((name_len as usize).next_multiple_of(4), "name")?);
    let data = Cow::Borrowed(r.bytes(r.remaining(), "data")?);
    if (padding as usize) > data.len() {
        return Err(r.error("padding count exceeds the data"));
    }
    Ok(FileInline {
        file_type,
        compression,
        padding,
        filler,
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

fn read_sound(r: &mut Reader<'_>) -> Result<SoundSample> {
    Ok(SoundSample {
        rate: r.u16("rate")?,
        format: r.u8("format")?,
        compression: r.u8("compression")?,
        sample_count: r.u32("sample count")?,
        offset: r.u32("offset")?,
    })
}
