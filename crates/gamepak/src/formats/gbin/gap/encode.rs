//! The script's assets to a GBIN document, in the reference packer's layout and order:
//! IMGD, IMAG, IGRP, IFRM, ISEQ, TSET, TMIX, TMBL, TMAP, COLR, CMAP, FDAT, FDIR, then
//! our STRT, SWAV and WAVD, then ENDC.

use crate::FourCC;
use std::borrow::Cow;

use super::image_ops::{encode as encode_pixels, Pixels};
use super::state::{ImageDef, State, Tile, Tileset};
use crate::formats::gbin::model::*;
use crate::formats::gbin::pixel::PixelFormat;

fn pad4(v: &mut Vec<u8>) {
    v.resize(v.len().next_multiple_of(4), 0);
}

fn chunk(id: FourCC, body: Body<'static>) -> Chunk<'static> {
    Chunk {
        id,
        offset: 0,
        body,
    }
}

fn fixed<const N: usize>(s: &str, keep: usize) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, b) in out.iter_mut().zip(s.bytes().take(keep)) {
        *o = b;
    }
    out
}

/// Builds the package named `name` from everything the script defined.
pub fn encode(state: &State, name: &str) -> Gbin<'static> {
    let executable = state.files.iter().any(|f| f.file_type == FourCC::CODE.0);
    let header = Header {
        size: HEADER_LEN as u8,
        flags: if executable { FLAG_EXECUTABLE } else { 0 },
        version: *b"02",
        crc: CRC_PLACEHOLDER,
        name: fixed(name, 12),
        reserved: RESERVED_REFERENCE,
    };
    let mut chunks = Vec::new();
    image_chunks(state, &mut chunks);
    tilemap_chunks(state, &mut chunks);
    colour_chunks(state, &mut chunks);
    file_chunks(state, &mut chunks);
    string_chunks(state, &mut chunks);
    sound_chunks(state, &mut chunks);
    chunks.push(chunk(FourCC::ENDC, Body::End(Cow::Borrowed(&[]))));
    Gbin {
        header,
        chunks,
        trailing: Cow::Borrowed(&[]),
    }
}

fn cut_image(state: &State, def: &ImageDef) -> (Pixels, i32, i32) {
    let mut p = match def.source {
        Some(i) => state.sources[i]
            .pixels
            .sub(def.x, def.y, def.width, def.height),
        None => Pixels {
            width: 0,
            height: 0,
            data: Vec::new(),
        },
    };
    if def.hflip {
        p.hflip();
    }
    if def.vflip {
        p.vflip();
    }
    let (mut ox, mut oy) = (def.x_origin, def.y_origin);
    p.rotate(def.angle, &mut ox, &mut oy);
    (p, ox, oy)
}

fn cut_tile(state: &State, ts: &Tileset, t: &Tile) -> Vec<u8> {
    let (w, h) = (ts.tile_width as i32, ts.tile_height as i32);
    let mut p = match t.source {
        Some(i) => state.sources[i].pixels.sub(t.x, t.y, w, h),
        None => Pixels {
            width: 0,
            height: 0,
            data: Vec::new(),
        },
    };
    match t.rotate {
        90 => p.rotate_90(),
        180 => p.rotate_180(),
        270 => p.rotate_270(),
        _ => {}
    }
    if t.hflip {
        p.hflip();
    }
    if t.vflip {
        p.vflip();
    }
    encode_pf(&p, w, h, ts.pixel_format)
}

fn encode_pf(p: &Pixels, w: i32, h: i32, code: u8) -> Vec<u8> {
    match PixelFormat::from_code(code) {
        Some(pf) => encode_pixels(p, w, h, pf),
        None => Vec::new(),
    }
}

fn image_chunks(state: &State, chunks: &mut Vec<Chunk<'static>>) {
    let has_images = state.groups.iter().any(|g| !g.images.is_empty());
    let mut imgd = Vec::new();
    let mut images = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    for (gi, g) in state.groups.iter().enumerate() {
        if g.images.is_empty() {
            continue;
        }
        // Empty groups before this one keep their place as all-zero entries.
        groups.resize(
            gi,
            Group {
                base: 0,
                count: 0,
                first: 0,
                name: [0; 16],
            },
        );
        groups.push(Group {
            base: g.base,
            count: g.images.len() as u16,
            first: images.len() as u32,
            name: fixed(&g.name, 15),
        });
        for def in &g.images {
            let (p, ox, oy) = cut_image(state, def);
            images.push(Image {
                width: p.width as u16,
                height: p.height as u16,
                x_origin: ox as u16,
                y_origin: oy as u16,
                line_offset: 0,
                pixel_format: def.pixel_format,
                palette: 0,
                offset: imgd.len() as u32,
            });
            imgd.extend(encode_pf(&p, p.width, p.height, def.pixel_format));
            pad4(&mut imgd);
        }
    }
    let mut tilesets = Vec::new();
    for ts in &state.tilesets {
        tilesets.push(Tileset_ {
            tile_width: ts.tile_width as u8,
            tile_height: ts.tile_height as u8,
            pixel_format: ts.pixel_format,
            palette: 0,
            tile_count: ts.tiles.len() as u16,
            id: ts.id as u16,
            offset: imgd.len() as u32,
        });
        for t in &ts.tiles {
            imgd.extend(cut_tile(state, ts, t));
        }
        pad4(&mut imgd);
    }
    if has_images || !state.tilesets.is_empty() {
        chunks.push(chunk(FourCC::IMGD, Body::ImageData(Cow::Owned(imgd))));
    }
    if !images.is_empty() {
        chunks.push(chunk(
            FourCC::IMAG,
            Body::Images(ImagVersion::V2, Table::new(images)),
        ));
    }
    if groups.is_empty() {
        groups.push(Group {
            base: 0,
            count: 0,
            first: 0,
            name: [0; 16],
        });
    }
    chunks.push(chunk(FourCC::IGRP, Body::Groups(Table::new(groups))));
    if !state.sequences.is_empty() {
        let mut frames = Vec::new();
        let mut seqs = Vec::new();
        for s in &state.sequences {
            seqs.push(Sequence {
                mode: s.mode,
                reserved: 0,
                frame_count: s.frames.len() as u16,
                first_frame: frames.len() as u32,
            });
            frames.extend(s.frames.iter().map(|f| Frame {
                group: f.group as u16,
                image: f.image as i16,
                time: f.time,
                x: f.x,
                y: f.y,
                reserved: 0,
            }));
        }
        chunks.push(chunk(FourCC::IFRM, Body::Frames(Table::new(frames))));
        chunks.push(chunk(FourCC::ISEQ, Body::Sequences(Table::new(seqs))));
    }
    if !tilesets.is_empty() {
        chunks.push(chunk(FourCC::TSET, Body::Tilesets(Table::new(tilesets))));
    }
}

/// The model's tileset entry, named apart from the script's tileset.
type Tileset_ = crate::formats::gbin::model::Tileset;

fn tilemap_chunks(state: &State, chunks: &mut Vec<Chunk<'static>>) {
    if state.tilemaps.is_empty() {
        return;
    }
    // TMBL pads each map to 4 bytes by absolute file offset, so its start must be known.
    let tmbl_start = HEADER_LEN
        + chunks
            .iter()
            .map(|c| CHUNK_HEADER_LEN + super::super::items::body_len(&c.body))
            .sum::<usize>();
    let mut tmix = Vec::new();
    let mut index_offsets = Vec::new();
    for m in &state.tilemaps {
        index_offsets.push(tmix.len() as u32);
        tmix.extend(m.indices.iter().flat_map(|i| i.to_le_bytes()));
    }
    let tmbl_payload_at = tmbl_start + CHUNK_HEADER_LEN + tmix.len() + CHUNK_HEADER_LEN;
    let mut tmbl = Vec::new();
    let mut entries = Vec::new();
    for (m, index_offset) in state.tilemaps.iter().zip(index_offsets) {
        let block_offset = tmbl.len() as u32;
        let cells = m.active_blocks as usize * (m.block_size * m.block_size) as usize;
        for v in m.blocks.iter().take(cells) {
            tmbl.extend_from_slice(&v.to_le_bytes()[..m.tile_size as usize]);
        }
        let end = (tmbl_payload_at + tmbl.len()).next_multiple_of(4) - tmbl_payload_at;
        tmbl.resize(end, 0);
        entries.push(TilemapEntry {
            id: m.id,
            width: m.width as u16,
            height: m.height as u16,
            index_count: m.indices.len() as u32,
            index_offset,
            block_count: m.active_blocks,
            block_offset,
            block_size: m.block_size as u8,
            tile_size: m.tile_size as u8,
            reserved: 0,
        });
    }
    chunks.push(chunk(FourCC::TMIX, Body::TileIndices(Cow::Owned(tmix))));
    chunks.push(chunk(FourCC::TMBL, Body::TileBlocks(Cow::Owned(tmbl))));
    chunks.push(chunk(FourCC::TMAP, Body::Tilemaps(Table::new(entries))));
}

fn colour_chunks(state: &State, chunks: &mut Vec<Chunk<'static>>) {
    if state.colour_maps.is_empty() {
        return;
    }
    let mut colr = Vec::new();
    let mut entries = Vec::new();
    for m in &state.colour_maps {
        entries.push(ColourMapEntry {
            count: m.colours.len() as u16,
            offset: colr.len() as u16,
        });
        colr.extend(m.colours.iter().flat_map(|c| c.to_le_bytes()));
    }
    chunks.push(chunk(FourCC::COLR, Body::Colours(Cow::Owned(colr))));
    chunks.push(chunk(FourCC::CMAP, Body::ColourMaps(Table::new(entries))));
}

fn file_chunks(state: &State, chunks: &mut Vec<Chunk<'static>>) {
    if state.files.is_empty() {
        return;
    }
    let mut fdat = Vec::new();
    let mut entries = Vec::new();
    for f in &state.files {
        entries.push(FileEntry {
            file_type: f.file_type,
            size: f.data.len() as u32,
            offset: fdat.len() as u32,
            name: fixed(&f.name, 15),
        });
        fdat.extend_from_slice(&f.data);
        pad4(&mut fdat);
    }
    chunks.push(chunk(FourCC::FDAT, Body::FileData(Cow::Owned(fdat))));
    chunks.push(chunk(
        FourCC::FDIR,
        Body::FileDirectory(Table::new(entries)),
    ));
}

fn string_chunks(state: &State, chunks: &mut Vec<Chunk<'static>>) {
    for t in &state.string_tables {
        let mut data = Vec::new();
        let mut entries = Vec::new();
        for s in &t.strings {
            entries.push((data.len() as u16, s.len() as u16));
            data.extend_from_slice(s.as_bytes());
        }
        pad4(&mut data);
        chunks.push(chunk(
            FourCC::STRT,
            Body::Strings(StringTable {
                language: t.language,
                reserved: 0,
                entries,
                data: Cow::Owned(data),
            }),
        ));
    }
}

fn sound_chunks(state: &State, chunks: &mut Vec<Chunk<'static>>) {
    if state.sounds.is_empty() {
        return;
    }
    let mut wavd = Vec::new();
    let mut entries = Vec::new();
    for s in &state.sounds {
        entries.push(SoundSample {
            rate: s.rate,
            format: s.format,
            compression: 0,
            sample_count: s.sample_count,
            offset: wavd.len() as u32,
        });
        wavd.extend_from_slice(&s.samples);
        pad4(&mut wavd);
    }
    chunks.push(chunk(FourCC::SWAV, Body::Sounds(Table::new(entries))));
    chunks.push(chunk(FourCC::WAVD, Body::WaveData(Cow::Owned(wavd))));
}
