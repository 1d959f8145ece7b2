//! `info` for GBIN: header, layout, CRC state, chunk table and counts.

use serde_json::{json, Value};

use super::items::{body_len, Index};
use super::model::*;
use crate::Result;

pub fn info(doc: &Gbin<'_>, data: &[u8]) -> Result<Value> {
    let h = &doc.header;
    let idx = Index::new(doc);
    let crc = if h.crc == CRC_PLACEHOLDER {
        "placeholder `CRC-` (reference packer)".to_string()
    } else if h.crc == super::write::expected_crc(data, h.endian()) {
        "valid".to_string()
    } else {
        "MISMATCH".to_string()
    };
    let chunks: Vec<Value> = doc
        .chunks
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({
                "id": c.id.to_string(),
                "offset": idx.payload_at[i] - CHUNK_HEADER_LEN as u64,
                "size": body_len(&c.body),
                "decoded": !matches!(c.body, Body::Opaque(_)),
            })
        })
        .collect();
    let count =
        |f: &dyn Fn(&Body) -> usize| -> usize { doc.chunks.iter().map(|c| f(&c.body)).sum() };
    let tiles: usize = idx.tilesets().iter().map(|t| t.tile_count as usize).sum();
    Ok(json!({
        "format": "gbin",
        "name": h.name_text(),
        "version": h.version_text(),
        "byte_order": if h.endian() == crate::bytes::Endian::Big { "big-endian" } else { "little-endian" },
        "flags": h.flags,
        "executable": h.flags & FLAG_EXECUTABLE != 0,
        "layout": doc.layout(),
        "crc": crc,
        "file_size": data.len(),
        "counts": {
            "images": idx.images().len(),
            "groups": idx.groups().len(),
            "sequences": count(&|b| if let Body::Sequences(t) = b { t.entries.len() } else { 0 }),
            "frames": count(&|b| if let Body::Frames(t) = b { t.entries.len() } else { 0 }),
            "tilesets": idx.tilesets().len(),
            "tiles": tiles,
            "tilemaps": count(&|b| match b {
                Body::Tilemaps(t) => t.entries.len(),
                Body::TilemapInline(_) => 1,
                _ => 0,
            }),
            "colour_maps": count(&|b| match b {
                Body::ColourMaps(t) => t.entries.len(),
                Body::ColourMapInline(_) => 1,
                _ => 0,
            }),
            "files": count(&|b| match b {
                Body::FileDirectory(t) => t.entries.len(),
                Body::File(_) => 1,
                _ => 0,
            }),
            "string_tables": count(&|b| matches!(b, Body::Strings(_)) as usize),
            "sounds": count(&|b| if let Body::Sounds(t) = b { t.entries.len() } else { 0 }),
            "opaque_chunks": count(&|b| matches!(b, Body::Opaque(_)) as usize),
        },
        "chunks": chunks,
        "trailing_bytes": doc.trailing.len(),
    }))
}
