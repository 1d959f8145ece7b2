//! A [`Gbin`] document to bytes: the exact inverse of [`super::read()`].

use super::model::*;
use crate::bytes::{Endian, Writer};

/// How the header's CRC field is filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrcMode {
    /// Write the header's CRC field as it is in the document.
    Keep,
    /// Compute CRC-32 over every byte after the header.
    Compute,
}

/// Serialises a document. With [`CrcMode::Keep`], `write(read(b)) == b` for every
/// file `read` accepts.
pub fn write(doc: &Gbin<'_>, crc: CrcMode) -> Vec<u8> {
    let endian = doc.header.endian();
    let mut w = Writer::new(endian);
    write_header(&mut w, &doc.header);
    for chunk in &doc.chunks {
        w.bytes(&chunk.id);
        let size_at = w.len();
        w.u32(0);
        let start = w.len();
        write_body(&mut w, &chunk.body);
        let size = (w.len() - start) as u32;
        w.patch_u32(size_at, size);
    }
    w.bytes(&doc.trailing);
    let mut out = w.into_vec();
    if crc == CrcMode::Compute {
        let value = crate::codec::crc::crc32(&out[HEADER_LEN..]);
        let b = match endian {
            Endian::Little => value.to_le_bytes(),
            Endian::Big => value.to_be_bytes(),
        };
        out[8..12].copy_from_slice(&b);
    }
    out
}

/// The CRC-32 a package's header should hold, in its byte order.
pub fn expected_crc(data: &[u8], endian: Endian) -> [u8; 4] {
    let value = crate::codec::crc::crc32(data.get(HEADER_LEN..).unwrap_or(&[]));
    match endian {
        Endian::Little => value.to_le_bytes(),
        Endian::Big => value.to_be_bytes(),
    }
}

/// CRC-32 of one chunk's payload as `write` lays it out, without copying blobs.
pub fn payload_crc(body: &Body<'_>, endian: Endian) -> u32 {
    match body.raw() {
        Some(b) => crate::codec::crc::crc32(b),
        None => {
            let mut w = Writer::new(endian);
            write_body(&mut w, body);
            crate::codec::crc::crc32(w.as_slice())
        }
    }
}

fn write_header(w: &mut Writer, h: &Header) {
    w.bytes(b"GBIN");
    w.u8(h.size);
    w.u8(h.flags);
    w.bytes(&h.version);
    w.bytes(&h.crc);
    w.bytes(&h.name);
    w.bytes(&h.reserved);
}

fn write_table<T>(w: &mut Writer, t: &Table<'_, T>, mut one: impl FnMut(&mut Writer, &T)) {
    for e in &t.entries {
        one(w, e);
    }
    w.bytes(&t.tail);
}

fn write_body(w: &mut Writer, body: &Body<'_>) {
    match body {
        plain_bytes!(b) => w.bytes(b),
        Body::SourceImages(t) => write_table(w, t, |w, s| {
            w.u16(s.width);
            w.u16(s.height);
            w.u32(s.offset);
            w.u8(s.pixel_format);
            w.bytes(&s.reserved);
        }),
        Body::Images(v, t) => write_table(w, t, |w, i| write_image(w, i, *v)),
        Body::Groups(t) => write_table(w, t, |w, g| {
            w.u16(g.base);
            w.u16(g.count);
            w.u32(g.first);
            w.bytes(&g.name);
        }),
        Body::Sequences(t) => write_table(w, t, |w, s| {
            w.u8(s.mode);
            w.u8(s.reserved);
            w.u16(s.frame_count);
            w.u32(s.first_frame);
        }),
        Body::Frames(t) => write_table(w, t, |w, f| {
            w.u16(f.group);
            w.i16(f.image);
            w.u8(f.time);
            w.i8(f.x);
            w.i8(f.y);
            w.u8(f.reserved);
        }),
        Body::Tilesets(t) => write_table(w, t, |w, s| {
            w.u8(s.tile_width);
            w.u8(s.tile_height);
            w.u8(s.pixel_format);
            w.u8(s.palette);
            w.u16(s.tile_count);
            w.u16(s.id);
            w.u32(s.offset);
        }),
        Body::Tilemaps(t) => write_table(w, t, |w, m| {
            w.u32(m.id);
            w.u16(m.width);
            w.u16(m.height);
            w.u32(m.index_count);
            w.u32(m.index_offset);
            w.u32(m.block_count);
            w.u32(m.block_offset);
            w.u8(m.block_size);
            w.u8(m.tile_size);
            w.u16(m.reserved);
        }),
        Body::TilemapInline(m) => {
            w.u32(m.id);
            w.u16(m.width);
            w.u16(m.height);
            w.u32(m.index_count);
            w.u32(m.block_count);
            w.u8(m.block_size);
            w.u8(m.tile_size);
            w.bytes(&m.reserved);
            w.bytes(&m.indices);
            w.bytes(&m.blocks);
        }
        Body::ColourMaps(t) => write_table(w, t, |w, c| {
            w.u16(c.count);
            w.u16(c.offset);
        }),
        Body::ColourMapInline(m) => {
            w.bytes(&m.name);
            w.u16(m.count);
            w.u16(m.reserved);
            w.bytes(&m.colours);
        }
        Body::FileDirectory(t) => write_table(w, t, |w, f| {
            // Sizes are little-endian in every package.
            w.bytes(&f.file_type);
            w.bytes(&f.size.to_le_bytes());
            w.u32(f.offset);
            w.bytes(&f.name);
        }),
        Body::File(f) => {
            w.bytes(&f.file_type);
            w.u8(f.compression);
            w.u8(f.padding);
            w.u8(f.filler);
            w.u8(f.name_len);
            w.bytes(&f.name);
            w.bytes(&f.data);
        }
        Body::Strings(s) => {
            w.bytes(&s.language);
            w.u16(s.entries.len() as u16);
            w.u16(s.reserved);
            for (off, len) in &s.entries {
                w.u16(*off);
                w.u16(*len);
            }
            w.bytes(&s.data);
        }
        Body::Sounds(t) => write_table(w, t, |w, s| {
            w.u16(s.rate);
            w.u8(s.format);
            w.u8(s.compression);
            w.u32(s.sample_count);
            w.u32(s.offset);
        }),
    }
}

fn write_image(w: &mut Writer, i: &Image, v: ImagVersion) {
    match v {
        ImagVersion::V1 => {
            w.u8(i.width as u8);
            w.u8(i.height as u8);
            w.u8(i.x_origin as u8);
            w.u8(i.y_origin as u8);
        }
        ImagVersion::V2 => {
            w.u16(i.width);
            w.u16(i.height);
            w.u16(i.x_origin);
            w.u16(i.y_origin);
        }
    }
    w.u16(i.line_offset);
    w.u8(i.pixel_format);
    w.u8(i.palette);
    w.u32(i.offset);
}
