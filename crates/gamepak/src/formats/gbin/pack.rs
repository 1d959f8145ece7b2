//! Rebuilding a package from an extracted folder: tables from the manifest, data
//! chunks from their residue with every asset laid back at its offset. An asset whose
//! encoded size changed makes its data chunk laid out afresh, as the reference packer
//! lays it out, with every offset following.

use crate::FourCC;
use std::borrow::Cow;

use super::asset_codec as codec;
use super::extract::render;
use super::items::{self, Index, Item};
use super::manifest::*;
use super::model::*;
use super::pixel::PixelFormat;
use super::views::{self, Span};
use super::write::{payload_crc, write, CrcMode};
use crate::assets::Rendered;
use crate::io::SourceDir;
use crate::limits::Limits;
use crate::{Error, PackOutcome, Result};

pub fn pack(dir: &SourceDir, limits: &Limits) -> Result<PackOutcome> {
    crate::manifest::require_whole(dir)?;
    let m: Manifest = crate::manifest::read(dir)?;
    let mut doc = skeleton(&m, dir)?;
    let plan: Vec<(String, Item, Option<Span>)> = {
        let idx = Index::new(&doc);
        items::items(&doc)
            .into_iter()
            .map(|(e, item)| {
                let span = views::span(&idx, item);
                (e.path, item, span)
            })
            .collect()
    };
    let mut relayout = Vec::new();
    for (path, item, span) in &plan {
        if let Item::Tilemap(_) = item {
            compare_views(dir, &doc, *item, path, limits)?;
            continue;
        }
        let read = || dir.read(path);
        if let Some(bytes) = place(&mut doc, *item, read, path, limits)? {
            match span {
                Some(s) if s.len == bytes.len() as u64 => overlay(&mut doc, s, &bytes),
                Some(s) => relayout.push((*item, s.chunk, bytes)),
                None => {}
            }
        }
    }
    for (item, chunk, bytes) in relayout {
        resize(&mut doc, item, chunk, bytes);
    }
    let reencoded: Vec<String> = doc
        .chunks
        .iter()
        .zip(&m.chunks)
        .filter(|(c, e)| payload_crc(&c.body, doc.header.endian()) != e.crc32)
        .map(|(c, _)| id_text(c.id))
        .collect();
    let crc = if m.crc_is_real {
        CrcMode::Compute
    } else {
        CrcMode::Keep
    };
    Ok(PackOutcome {
        bytes: write(&doc, crc),
        reencoded,
        unused: dir.unused(crate::manifest::UNNAMED),
        companions: Vec::new(),
        warnings: Vec::new(),
        code_warnings: Vec::new(),
    })
}

/// Tile maps are rebuilt from the manifest and residues; their files are views. An
/// unchanged view counts as used, an edited one is reported as left out.
fn compare_views(
    dir: &SourceDir,
    doc: &Gbin<'static>,
    item: Item,
    path: &str,
    limits: &Limits,
) -> Result<()> {
    let Rendered::Files(files) = render(&Index::new(doc), limits, item)? else {
        return Ok(());
    };
    for (suffix, made) in files {
        let file = format!("{path}{suffix}");
        if dir.read_if_file(&file)?.is_some_and(|now| now != made) {
            dir.leave_out(
                &file,
                "a view of a tile map, which gamepak.toml and raw/ hold: edits to it are not packed",
            );
        }
    }
    Ok(())
}

/// The document from the manifest alone: tables exact, data chunks from residues.
fn skeleton(m: &Manifest, dir: &SourceDir) -> Result<Gbin<'static>> {
    let mut chunks = Vec::with_capacity(m.chunks.len());
    for e in &m.chunks {
        let id = id_from_text(&e.id).ok_or_else(|| {
            Error::at(
                "gamepak.toml",
                format!("chunk id {:?} is not a FourCC", e.id),
            )
        })?;
        let body = e.body.load(id, dir)?;
        chunks.push(Chunk {
            id,
            offset: 0,
            body,
        });
    }
    Ok(Gbin {
        header: m.header.clone(),
        chunks,
        trailing: hex(&m.trailing, "trailing bytes")?,
    })
}

fn blob_mut<'d>(doc: &'d mut Gbin<'static>, chunk: usize) -> Option<&'d mut Vec<u8>> {
    doc.chunks[chunk].body.raw_mut()
}

fn overlay(doc: &mut Gbin<'static>, s: &Span, bytes: &[u8]) {
    if let Some(b) = blob_mut(doc, s.chunk) {
        if let Some(dst) = b.get_mut(s.offset as usize..s.offset as usize + bytes.len()) {
            dst.copy_from_slice(bytes);
        }
    }
}

/// Reads one asset and returns the bytes it stands for in its data chunk. Assets
/// that live inside their own chunk (strings, seed colour maps and files, opaque
/// chunks) are put in place here and give `None`.
fn place(
    doc: &mut Gbin<'static>,
    item: Item,
    read: impl Fn() -> Result<Vec<u8>>,
    path: &str,
    limits: &Limits,
) -> Result<Option<Vec<u8>>> {
    let idx = Index::new(doc);
    match item {
        Item::Image(i) => {
            let im = idx.images()[i].clone();
            let Some(pf) = PixelFormat::from_code(im.pixel_format).filter(|p| p.has_data()) else {
                return Ok(None);
            };
            let (w, h, pixels) =
                codec::png_to_pixels(pf, &read()?, path, doc.header.endian(), limits)?;
            if (w, h) != (im.width as u32, im.height as u32) {
                let (w, h) = (u16::try_from(w), u16::try_from(h));
                let (Ok(w), Ok(h)) = (w, h) else {
                    return Err(Error::at(path, "image is larger than 65535 pixels"));
                };
                if let Some(Body::Images(_, t)) = doc
                    .chunks
                    .iter_mut()
                    .map(|c| &mut c.body)
                    .find(|b| matches!(b, Body::Images(..)))
                {
                    t.entries[i].width = w;
                    t.entries[i].height = h;
                }
            }
            Ok(Some(pixels))
        }
        Item::Tile(s, _) => {
            let ts = idx.tilesets()[s].clone();
            let Some(pf) = PixelFormat::from_code(ts.pixel_format).filter(|p| p.has_data()) else {
                return Ok(None);
            };
            let (w, h, pixels) =
                codec::png_to_pixels(pf, &read()?, path, doc.header.endian(), limits)?;
            if (w, h) != (ts.tile_width as u32, ts.tile_height as u32) {
                return Err(Error::at(
                    path,
                    format!(
                        "tile is {w}x{h}; its tileset's tiles are {}x{}",
                        ts.tile_width, ts.tile_height
                    ),
                ));
            }
            Ok(Some(pixels))
        }
        Item::ColourMap(i) => {
            let colours = codec::gpl_to_colours(&read()?, path)?;
            let seed = doc
                .chunks
                .iter_mut()
                .filter_map(|c| match &mut c.body {
                    Body::ColourMapInline(m) => Some(m),
                    _ => None,
                })
                .nth(i);
            match seed {
                Some(m) => {
                    let used = (m.head.count as usize * 4).min(m.colours.len());
                    let tail = m.colours[used..].to_vec();
                    m.head.count = (colours.len() / 4) as u16;
                    m.colours = Cow::Owned([colours, tail].concat());
                    Ok(None)
                }
                None => {
                    if let Some(Body::ColourMaps(t)) = doc
                        .chunks
                        .iter_mut()
                        .map(|c| &mut c.body)
                        .find(|b| matches!(b, Body::ColourMaps(_)))
                    {
                        t.entries[i].count = (colours.len() / 4) as u16;
                    }
                    Ok(Some(colours))
                }
            }
        }
        Item::File(i) => {
            let data = read()?;
            let seed = idx.find(FourCC::FDIR).is_none();
            match doc.chunks.get_mut(i).map(|c| &mut c.body) {
                Some(Body::File(f)) if seed => {
                    // The data field holds the padding recorded in the manifest.
                    f.data = Cow::Owned([data.as_slice(), &f.data].concat());
                    Ok(None)
                }
                _ => Ok(Some(data)),
            }
        }
        Item::Sound(i) => {
            let format = match idx.find(FourCC::SWAV) {
                Some((_, Body::Sounds(t), _)) => t.entries[i].format,
                _ => return Ok(None),
            };
            let (rate, samples) =
                codec::wav_to_samples(format, &read()?, path, doc.header.endian())?;
            if let Some(Body::Sounds(t)) = doc
                .chunks
                .iter_mut()
                .map(|c| &mut c.body)
                .find(|b| matches!(b, Body::Sounds(_)))
            {
                t.entries[i].rate = rate;
                t.entries[i].sample_count =
                    (samples.len() / if format >= 2 { 2 } else { 1 }) as u32;
            }
            Ok(Some(samples))
        }
        Item::Strings(ci) => {
            let strings: Vec<String> = crate::folder_json::from_slice(path, &read()?)?;
            if let Body::Strings(s) = &mut doc.chunks[ci].body {
                place_strings(s, &strings, path)?;
            }
            Ok(None)
        }
        Item::Opaque(ci) => {
            doc.chunks[ci].body = Body::Opaque(Cow::Owned(read()?));
            Ok(None)
        }
        Item::Tilemap(_) => Ok(None),
    }
}

/// Puts strings back at their recorded places when they fit unchanged, else lays
/// them out afresh.
fn place_strings(s: &mut StringTable<'static>, strings: &[String], path: &str) -> Result<()> {
    let same_shape = strings.len() == s.entries.len()
        && strings
            .iter()
            .zip(&s.entries)
            .all(|(t, &(_, len))| t.len() == len as usize);
    if same_shape {
        let data = s.data.to_mut();
        for (t, &(off, len)) in strings.iter().zip(&s.entries) {
            if let Some(dst) = data.get_mut(off as usize..off as usize + len as usize) {
                dst.copy_from_slice(t.as_bytes());
            }
        }
        return Ok(());
    }
    let mut data = Vec::new();
    let mut entries = Vec::new();
    for t in strings {
        let (Ok(off), Ok(len)) = (u16::try_from(data.len()), u16::try_from(t.len())) else {
            return Err(Error::at(path, "string table exceeds 64 KiB"));
        };
        entries.push((off, len));
        data.extend_from_slice(t.as_bytes());
    }
    data.resize(data.len().next_multiple_of(4), 0);
    s.entries = entries;
    s.data = Cow::Owned(data);
    Ok(())
}

/// An asset whose size changed: lay its whole data chunk out again, in table order,
/// each entry padded to 4 bytes, and point every entry at its new place.
fn resize(doc: &mut Gbin<'static>, item: Item, chunk: usize, bytes: Vec<u8>) {
    // Gather every entry's current bytes, with this item's replaced.
    let plan: Vec<(Item, Vec<u8>)> = {
        let idx = Index::new(doc);
        let current = |it: Item| -> Vec<u8> {
            let Some(s) = views::span(&idx, it) else {
                return Vec::new();
            };
            let blob = doc.chunks[s.chunk].body.raw().unwrap_or(&[]);
            blob.get(s.offset as usize..(s.offset + s.len) as usize)
                .unwrap_or(&[])
                .to_vec()
        };
        items::items(doc)
            .into_iter()
            .map(|(_, it)| it)
            .filter(|it| views::span(&idx, *it).is_some_and(|s| s.chunk == chunk))
            .map(|it| {
                (
                    it,
                    if it == item {
                        bytes.clone()
                    } else {
                        current(it)
                    },
                )
            })
            .collect()
    };
    let mut blob = Vec::new();
    let mut tileset_started = std::collections::HashSet::new();
    for (it, data) in &plan {
        if let Item::Tile(s, _) = it {
            if tileset_started.insert(*s) {
                blob.resize(blob.len().next_multiple_of(4), 0);
                set_offset(doc, *it, blob.len() as u32);
            }
        } else {
            blob.resize(blob.len().next_multiple_of(4), 0);
            set_offset(doc, *it, blob.len() as u32);
        }
        blob.extend_from_slice(data);
    }
    blob.resize(blob.len().next_multiple_of(4), 0);
    if let Some(b) = blob_mut(doc, chunk) {
        *b = blob;
    }
}

fn set_offset(doc: &mut Gbin<'static>, item: Item, offset: u32) {
    for c in &mut doc.chunks {
        match (&mut c.body, item) {
            (Body::Images(_, t), Item::Image(i)) => t.entries[i].offset = offset,
            (Body::Tilesets(t), Item::Tile(s, _)) => t.entries[s].offset = offset,
            (Body::ColourMaps(t), Item::ColourMap(i)) => t.entries[i].offset = offset as u16,
            (Body::FileDirectory(t), Item::File(i)) => t.entries[i].offset = offset,
            (Body::Sounds(t), Item::Sound(i)) => t.entries[i].offset = offset,
            _ => {}
        }
    }
}
