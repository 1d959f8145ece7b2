//! A [`Gbin`] document to bytes: the exact inverse of [`super::read()`].

use super::model::*;
use crate::bytes::{Endian, Writer};
use crate::FourCC;

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
        w.bytes(&chunk.id.0);
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
    w.bytes(&FourCC::GBIN.0);
    h.write(w);
}

fn write_table<T>(w: &mut Writer, t: &Table<'_, T>, mut one: impl FnMut(&T, &mut Writer)) {
    for e in &t.entries {
        one(e, w);
    }
    w.bytes(&t.tail);
}

fn write_body(w: &mut Writer, body: &Body<'_>) {
    match body {
        plain_bytes!(b) => w.bytes(b),
        Body::SourceImages(t) => write_table(w, t, SourceImage::write),
        Body::Images(v, t) => write_table(w, t, |i, w| i.write(w, *v)),
        Body::Groups(t) => write_table(w, t, Group::write),
        Body::Sequences(t) => write_table(w, t, Sequence::write),
        Body::Frames(t) => write_table(w, t, Frame::write),
        Body::Tilesets(t) => write_table(w, t, Tileset::write),
        Body::Tilemaps(t) => write_table(w, t, TilemapEntry::write),
        Body::TilemapInline(m) => {
            m.head.write(w);
            w.bytes(&m.indices);
            w.bytes(&m.blocks);
        }
        Body::ColourMaps(t) => write_table(w, t, ColourMapEntry::write),
        Body::ColourMapInline(m) => {
            m.head.write(w);
            w.bytes(&m.colours);
        }
        Body::FileDirectory(t) => write_table(w, t, FileEntry::write),
        Body::File(f) => {
            f.head.write(w);
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
        Body::Sounds(t) => write_table(w, t, SoundSample::write),
    }
}
