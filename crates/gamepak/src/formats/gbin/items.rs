//! The neutral view of a package: one entry per image, tile, map, palette, file,
//! string table, sound and opaque chunk, found from the tables alone.

use std::borrow::Cow;

use super::model::*;
use super::pixel::PixelFormat;
use crate::assets::Kind;
use crate::bytes::fixed_str;
use crate::Entry;
use crate::FourCC;

/// What an entry refers to inside the document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Item {
    /// IMAG entry index.
    Image(usize),
    /// TSET entry index and tile number.
    Tile(usize, usize),
    /// Tile map: index of the seed TMAP chunk, or of the entry in the reference table.
    Tilemap(usize),
    /// Colour map: index of the seed CMAP chunk, or of the entry in the reference table.
    ColourMap(usize),
    /// FDIR entry index, or index of a seed FILE chunk among the chunks.
    File(usize),
    /// STRT chunk index.
    Strings(usize),
    /// SWAV entry index.
    Sound(usize),
    /// Index of a chunk kept as opaque bytes.
    Opaque(usize),
}

/// The chunks and payload offsets that entries point into.
pub(super) struct Index<'d, 'a> {
    pub doc: &'d Gbin<'a>,
    /// Absolute offset of each chunk's payload, by chunk index.
    pub payload_at: Vec<u64>,
    /// Where each reference colour map's colours start in COLR, worked out on first
    /// use since only palettes need it.
    colour_starts: std::sync::OnceLock<Vec<u64>>,
}

impl<'d, 'a> Index<'d, 'a> {
    pub fn new(doc: &'d Gbin<'a>) -> Self {
        let mut at = HEADER_LEN as u64;
        let mut payload_at = Vec::with_capacity(doc.chunks.len());
        for c in &doc.chunks {
            // Documents read from a file know where each chunk was; built ones do not.
            let start = if c.offset != 0 { c.offset } else { at };
            payload_at.push(start + CHUNK_HEADER_LEN as u64);
            at = start + CHUNK_HEADER_LEN as u64 + body_len(&c.body) as u64;
        }
        Index {
            doc,
            payload_at,
            colour_starts: std::sync::OnceLock::new(),
        }
    }

    /// The first chunk of a kind, with its payload offset.
    pub fn find(&self, id: FourCC) -> Option<(usize, &'d Body<'a>, u64)> {
        self.doc
            .chunks
            .iter()
            .position(|c| c.id == id)
            .map(|i| (i, &self.doc.chunks[i].body, self.payload_at[i]))
    }

    pub fn images(&self) -> &'d [Image] {
        match self.find(FourCC::IMAG) {
            Some((_, Body::Images(_, t), _)) => &t.entries,
            _ => &[],
        }
    }

    pub fn groups(&self) -> &'d [Group] {
        match self.find(FourCC::IGRP) {
            Some((_, Body::Groups(t), _)) => &t.entries,
            _ => &[],
        }
    }

    pub fn tilesets(&self) -> &'d [Tileset] {
        match self.find(FourCC::TSET) {
            Some((_, Body::Tilesets(t), _)) => &t.entries,
            _ => &[],
        }
    }

    /// The byte offset in COLR where entry `i` of the reference CMAP table at chunk
    /// `chunk` really starts. The reference packer lays maps back to back and stores
    /// each start cut to 16 bits, so once 64 KiB of colours precede a map its stored
    /// offset has wrapped. The start the layout gives is taken when cutting it gives
    /// the stored offset and its colours fit in COLR; otherwise, and in any CMAP table
    /// after the first, the stored offset is all there is.
    pub fn colour_map_start(&self, chunk: usize, i: usize) -> u64 {
        let Body::ColourMaps(t) = &self.doc.chunks[chunk].body else {
            unreachable!("only reference CMAP tables hold colour map offsets")
        };
        if self.find(FourCC::CMAP).map(|x| x.0) != Some(chunk) {
            return t.entries[i].offset as u64;
        }
        self.colour_starts.get_or_init(|| {
            let colr_len = self.raw(FourCC::COLR).map_or(0, <[u8]>::len) as u64;
            let mut laid = 0u64;
            t.entries
                .iter()
                .map(|m| {
                    let len = m.count as u64 * 4;
                    let wrapped =
                        laid > u16::MAX as u64 && laid as u16 == m.offset && laid + len <= colr_len;
                    let start = if wrapped { laid } else { m.offset as u64 };
                    laid += len;
                    start
                })
                .collect()
        })[i]
    }

    /// The bytes of the first chunk of a kind stored as plain bytes.
    pub fn raw(&self, id: FourCC) -> Option<&'d [u8]> {
        self.find(id)?.1.raw()
    }

    pub fn image_data(&self) -> (&'d [u8], u64) {
        match self.find(FourCC::IMGD) {
            Some((_, Body::ImageData(b), at)) => (b, at),
            _ => (&[], 0),
        }
    }
}

/// Where a FILE chunk's name starts: after its head and the name length byte.
fn file_name_at() -> usize {
    FileHead::wire_len() + 1
}

/// Length of a chunk payload as it would be written.
pub(super) fn body_len(body: &Body<'_>) -> usize {
    let t = |n: usize, e: usize, tail: usize| n * e + tail;
    match body {
        plain_bytes!(b) => b.len(),
        Body::SourceImages(x) => t(x.entries.len(), SourceImage::wire_len(), x.tail.len()),
        Body::Images(v, x) => t(x.entries.len(), Image::wire_len(*v), x.tail.len()),
        Body::Groups(x) => t(x.entries.len(), Group::wire_len(), x.tail.len()),
        Body::Sequences(x) => t(x.entries.len(), Sequence::wire_len(), x.tail.len()),
        Body::Frames(x) => t(x.entries.len(), Frame::wire_len(), x.tail.len()),
        Body::Tilesets(x) => t(x.entries.len(), Tileset::wire_len(), x.tail.len()),
        Body::Tilemaps(x) => t(x.entries.len(), TilemapEntry::wire_len(), x.tail.len()),
        Body::TilemapInline(m) => TilemapHead::wire_len() + m.indices.len() + m.blocks.len(),
        Body::ColourMaps(x) => t(x.entries.len(), ColourMapEntry::wire_len(), x.tail.len()),
        Body::ColourMapInline(m) => ColourMapHead::wire_len() + m.colours.len(),
        Body::FileDirectory(x) => t(x.entries.len(), FileEntry::wire_len(), x.tail.len()),
        Body::File(f) => file_name_at() + f.name.len() + f.data.len(),
        Body::Strings(s) => 8 + s.entries.len() * 4 + s.data.len(),
        Body::Sounds(x) => t(x.entries.len(), SoundSample::wire_len(), x.tail.len()),
    }
}

/// A path component made from a name inside the file.
pub(super) fn safe_name(name: &str) -> String {
    crate::io::flat_name(name)
}

fn pf_name(code: u8) -> Cow<'static, str> {
    PixelFormat::from_code(code)
        .map(|p| p.name().into())
        .unwrap_or_else(|| format!("pixel format {code}").into())
}

/// Path of image `i`: under its first group's name, else under `images/`.
pub(super) fn image_path(groups: &[Group], i: usize) -> String {
    for (g_idx, g) in groups.iter().enumerate() {
        let first = g.first as usize;
        if (first..first + g.count as usize).contains(&i) {
            let name = fixed_str(&g.name);
            let folder = if name.is_empty() {
                format!("group{g_idx}")
            } else {
                format!("{g_idx}_{}", safe_name(&name))
            };
            return format!("images/{folder}/{:03}.png", i - first);
        }
    }
    format!("images/{i:03}.png")
}

/// Every entry with the item it refers to, in file order of their tables. Paths are
/// unique, also where case is folded: a name that repeats, or differs from an
/// earlier one only in case, gets `~N` before its extension.
pub(super) fn items(doc: &Gbin<'_>) -> Vec<(Entry, Item)> {
    let mut out = raw_items(doc);
    let mut distinct = crate::io::Distinct::default();
    for (e, _) in &mut out {
        e.path = distinct.claim(&e.path);
    }
    out
}

fn raw_items(doc: &Gbin<'_>) -> Vec<(Entry, Item)> {
    let idx = Index::new(doc);
    let mut out = Vec::new();
    let (imgd, imgd_at) = idx.image_data();
    let groups = idx.groups();
    for (i, im) in idx.images().iter().enumerate() {
        let stored = PixelFormat::from_code(im.pixel_format)
            .map_or(0, |p| p.data_len(im.width as u32, im.height as u32));
        out.push((
            Entry {
                path: image_path(groups, i),
                kind: Kind::Image,
                offset: imgd_at + im.offset as u64,
                stored_size: stored,
                size: im.width as u64 * im.height as u64 * 4,
                encoding: pf_name(im.pixel_format),
                detail: format!(
                    "{}x{} origin ({},{})",
                    im.width, im.height, im.x_origin, im.y_origin
                ),
            },
            Item::Image(i),
        ));
    }
    for (s, ts) in idx.tilesets().iter().enumerate() {
        let tile_len = PixelFormat::from_code(ts.pixel_format).map_or(0, |p| {
            p.data_len(ts.tile_width as u32, ts.tile_height as u32)
        });
        // Only tiles whose pixels lie in IMGD: `check` names the rest, and a damaged
        // table's counts would otherwise list millions of tiles of nothing.
        let readable = (imgd.len() as u64)
            .saturating_sub(u64::from(ts.offset))
            .checked_div(tile_len)
            .unwrap_or(0)
            .min(u64::from(ts.tile_count));
        for t in 0..readable as usize {
            out.push((
                Entry {
                    path: format!("tilesets/{}/{t:03}.png", ts.id),
                    kind: Kind::Tile,
                    offset: imgd_at + ts.offset as u64 + t as u64 * tile_len,
                    stored_size: tile_len,
                    size: ts.tile_width as u64 * ts.tile_height as u64 * 4,
                    encoding: pf_name(ts.pixel_format),
                    detail: format!("{}x{}", ts.tile_width, ts.tile_height),
                },
                Item::Tile(s, t),
            ));
        }
    }
    let mut seed_maps = 0;
    let mut seed_cmaps = 0;
    let mut seed_files = 0;
    for (ci, chunk) in doc.chunks.iter().enumerate() {
        let at = idx.payload_at[ci];
        match &chunk.body {
            Body::TilemapInline(m) => {
                out.push((
                    tilemap_entry(
                        m.head.id,
                        m.head.width,
                        m.head.height,
                        at,
                        body_len(&chunk.body),
                    ),
                    Item::Tilemap(seed_maps),
                ));
                seed_maps += 1;
            }
            Body::Tilemaps(t) => {
                let tmbl_at = idx.find(FourCC::TMBL).map_or(0, |x| x.2);
                for (i, m) in t.entries.iter().enumerate() {
                    let len = m.block_count as usize
                        * (m.block_size as usize).pow(2)
                        * m.tile_size as usize;
                    out.push((
                        tilemap_entry(
                            m.id,
                            m.width,
                            m.height,
                            tmbl_at + m.block_offset as u64,
                            len,
                        ),
                        Item::Tilemap(i),
                    ));
                }
            }
            Body::ColourMapInline(m) => {
                let name = fixed_str(&m.head.name);
                out.push((
                    palette_entry(
                        seed_cmaps,
                        &name,
                        m.head.count,
                        at + ColourMapHead::wire_len() as u64,
                    ),
                    Item::ColourMap(seed_cmaps),
                ));
                seed_cmaps += 1;
            }
            Body::ColourMaps(t) => {
                let colr_at = idx.find(FourCC::COLR).map_or(0, |x| x.2);
                for (i, m) in t.entries.iter().enumerate() {
                    out.push((
                        palette_entry(i, "", m.count, colr_at + idx.colour_map_start(ci, i)),
                        Item::ColourMap(i),
                    ));
                }
            }
            Body::FileDirectory(t) => {
                let fdat_at = idx.find(FourCC::FDAT).map_or(0, |x| x.2);
                for (i, f) in t.entries.iter().enumerate() {
                    out.push((
                        file_entry(
                            i,
                            &f.name,
                            &f.file_type,
                            fdat_at + f.offset as u64,
                            f.size as u64,
                        ),
                        Item::File(i),
                    ));
                }
            }
            Body::File(f) => {
                let len = f.data.len().saturating_sub(f.head.padding as usize);
                let name_end = (f.name_len as usize).min(f.name.len());
                out.push((
                    file_entry(
                        seed_files,
                        &f.name[..name_end],
                        &f.head.file_type,
                        at + (file_name_at() + f.name.len()) as u64,
                        len as u64,
                    ),
                    Item::File(ci),
                ));
                seed_files += 1;
            }
            Body::Strings(s) => {
                let lang = FourCC(s.language).to_string();
                out.push((
                    Entry {
                        path: format!("strings/{ci}_{}.json", safe_name(&lang)),
                        kind: Kind::Strings,
                        offset: at,
                        stored_size: crate::formats::gbin::items::body_len(&chunk.body) as u64,
                        size: s.data.len() as u64,
                        encoding: "utf-8".into(),
                        detail: format!("{} strings, language {lang}", s.entries.len()),
                    },
                    Item::Strings(ci),
                ));
            }
            Body::Sounds(t) => {
                let wavd_at = idx.find(FourCC::WAVD).map_or(0, |x| x.2);
                for (i, s) in t.entries.iter().enumerate() {
                    let bytes = s.sample_count as u64 * if s.format >= 2 { 2 } else { 1 };
                    out.push((
                        Entry {
                            path: format!("sounds/{i:03}.wav"),
                            kind: Kind::Sound,
                            offset: wavd_at + s.offset as u64,
                            stored_size: bytes,
                            size: bytes,
                            encoding: ["S8", "U8", "S16", "U16"]
                                .get(s.format as usize)
                                .map_or_else(
                                    || format!("format {}", s.format).into(),
                                    |&f| f.into(),
                                ),
                            detail: format!("{} samples at {} Hz", s.sample_count, s.rate),
                        },
                        Item::Sound(i),
                    ));
                }
            }
            Body::Opaque(b) => out.push((
                Entry {
                    path: format!("chunks/{ci:03}_{}.bin", safe_name(&chunk.id.to_string())),
                    kind: Kind::Opaque,
                    offset: at,
                    stored_size: b.len() as u64,
                    size: b.len() as u64,
                    encoding: "raw".into(),
                    detail: format!("{} chunk kept as bytes", chunk.id),
                },
                Item::Opaque(ci),
            )),
            _ => {}
        }
    }
    out
}

fn tilemap_entry(id: u32, w: u16, h: u16, at: u64, len: usize) -> Entry {
    Entry {
        path: format!("tilemaps/{id}.json"),
        kind: Kind::Tilemap,
        offset: at,
        stored_size: len as u64,
        size: w as u64 * h as u64,
        encoding: "blocks".into(),
        detail: format!("{w}x{h} tiles"),
    }
}

fn palette_entry(i: usize, name: &str, count: u16, at: u64) -> Entry {
    let stem = if name.is_empty() {
        format!("{i:03}")
    } else {
        format!("{i:03}_{}", safe_name(name))
    };
    Entry {
        path: format!("palettes/{stem}.gpl"),
        kind: Kind::Palette,
        offset: at,
        stored_size: count as u64 * 4,
        size: count as u64 * 4,
        encoding: "BGRA".into(),
        detail: format!("{count} colours"),
    }
}

fn file_entry(i: usize, name: &[u8], ty: &[u8; 4], at: u64, size: u64) -> Entry {
    let name = fixed_str(name);
    let path = if name.is_empty() {
        format!("files/{i:03}")
    } else {
        format!("files/{}", safe_name(&name))
    };
    Entry {
        path,
        kind: Kind::File,
        offset: at,
        stored_size: size,
        size,
        encoding: "raw".into(),
        detail: format!("type {}", FourCC(*ty)),
    }
}

/// The entries of a document, for `list`.
pub fn entries(doc: &Gbin<'_>) -> Vec<Entry> {
    items(doc).into_iter().map(|(e, _)| e).collect()
}
