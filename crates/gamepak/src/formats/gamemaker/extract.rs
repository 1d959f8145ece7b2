//! Writing a GameMaker file's assets, its stored chunks and its manifest to a folder.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use rayon::prelude::*;

use super::game::Game;
use super::items::{self, Item};
use super::manifest::*;
use super::stream;
use super::{audio_group, audo, code, pages, txtr};
use crate::assets::{Extraction, Rendered};
use crate::codec::png as png_codec;
use crate::error::{Error, Result};
use crate::fourcc::FourCC;
use crate::{ExtractOptions, ExtractSummary, Format};

/// What code disassembly needs, made once per extraction.
struct CodeView {
    names: code::Names,
    strings: Vec<String>,
}

/// The TPAG item a frame entry is cut through.
fn frame_item(game: &Game<'_>, item: Item) -> Option<u32> {
    match item {
        Item::SpriteFrame { sprite, frame } => Some(game.sprites[sprite].items[frame]),
        Item::Background(b) => Some(game.backgrounds[b].items[0]),
        _ => None,
    }
}

/// Cuts the selected frames, one page per worker: each page streams a row at a time
/// and each frame is encoded and written, by any worker, as soon as its last row has
/// passed, so no page is ever held whole and a page with many frames does not leave
/// the other workers idle. A page in `whole` (a QOI or BZip2-QOI page extracted too)
/// is encoded as a PNG from the same rows, so it is decoded once.
fn cut_frames(
    game: &Game<'_>,
    ex: &Extraction,
    frames: &[(&crate::Entry, u32)],
    whole: &BTreeMap<usize, &crate::Entry>,
) -> Result<()> {
    let mut by_page: BTreeMap<usize, BTreeMap<u32, Vec<&str>>> = BTreeMap::new();
    for &(entry, ptr) in frames {
        match game.item(ptr) {
            Some(it) => by_page
                .entry(it.page.into())
                .or_default()
                .entry(ptr)
                .or_default()
                .push(&entry.path),
            None => ex.emit(
                &entry.path,
                Err(Error::at("TPAG", format!("no item at {ptr:#x}"))),
                true,
            )?,
        }
    }
    let failure = Mutex::new(None);
    let write = |paths: &[&str], cut: stream::Cut| -> Result<()> {
        let png = cut
            .map_err(|why| Error::at("", why))
            .and_then(|img| png_codec::encode(&img));
        for path in paths {
            let rendered = match &png {
                Ok(bytes) => Ok(Rendered::Stored(bytes)),
                Err(e) => Err(Error::at("", e.to_string())),
            };
            ex.emit(path, rendered, true)?;
        }
        Ok(())
    };
    // Frames waiting for a worker hold their pixels: past this many bytes waiting, the
    // worker streaming the page encodes its frames itself, which bounds the memory.
    const WAITING: u64 = 8 << 20;
    let waiting = AtomicU64::new(0);
    by_page.into_par_iter().try_for_each(|(k, by_ptr)| {
        let ptrs: Vec<u32> = by_ptr.keys().copied().collect();
        rayon::scope(|s| {
            let done = |ptr, cut: stream::Cut| {
                let paths = &by_ptr[&ptr];
                let size = cut.as_ref().map_or(0, |img| img.pixels.len() as u64);
                if waiting.fetch_add(size, Ordering::Relaxed) + size > WAITING {
                    waiting.fetch_sub(size, Ordering::Relaxed);
                    return write(paths, cut);
                }
                let (write, failure, waiting) = (&write, &failure, &waiting);
                s.spawn(move |_| {
                    let written = write(paths, cut);
                    waiting.fetch_sub(size, Ordering::Relaxed);
                    if let Err(e) = written {
                        failure
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get_or_insert(e);
                    }
                });
                Ok(())
            };
            match whole.get(&k) {
                Some(entry) => {
                    let png = stream::page_png(game, k, |rows| {
                        stream::frames(game, k, &ptrs, Some(rows), done)
                    });
                    ex.emit(&entry.path, png.map(Rendered::File), true)
                }
                None => stream::frames(game, k, &ptrs, None, done),
            }
        })
    })?;
    failure
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .map_or(Ok(()), Err)
}

/// Whether page `k` is extracted by decoding it to a PNG (QOI and BZip2-QOI pages
/// stored in the file), rather than as stored.
fn decoded_to_png(game: &Game<'_>, k: usize) -> bool {
    let p = &game.pages()[k];
    p.blob.is_some() && !matches!(p.format, txtr::PageFormat::Png | txtr::PageFormat::Unknown)
}

fn render<'g>(
    game: &'g Game<'_>,
    code_view: &OnceLock<CodeView>,
    item: Item,
) -> Result<Rendered<'g>> {
    Ok(match item {
        Item::Page(k) => match game.pages()[k].blob {
            Some(b) if !decoded_to_png(game, k) => Rendered::Stored(b),
            _ => Rendered::File(stream::page_png(game, k, |rows| {
                stream::frames(game, k, &[], Some(rows), |_, _| Ok(()))
            })?),
        },
        Item::SpriteFrame { .. } | Item::Background(_) => {
            unreachable!("frames are cut as their pages stream")
        }
        Item::Clip(i) => Rendered::Stored(game.clips[i].bytes),
        Item::Strings => {
            Rendered::File(serde_json::to_vec_pretty(&game.texts()).expect("strings serialise"))
        }
        Item::Chunk(i) => Rendered::Stored(game.form.chunks[i].body),
        Item::View(k) => {
            let chunk = super::resources::VIEWS[k].chunk;
            let value = super::resources::view(&game.form, chunk, &game.code)
                .ok_or_else(|| Error::at(chunk, "no such chunk"))??;
            Rendered::File(serde_json::to_vec_pretty(&value).expect("JSON serialises"))
        }
        Item::Code(k) => {
            let view = code_view.get_or_init(|| CodeView {
                names: code::names(&game.form, game.gen8.bytecode),
                strings: game.texts(),
            });
            let entries: Vec<&code::Entry> = game.blob_entries()[k]
                .iter()
                .map(|&i| &game.code[i])
                .collect();
            let e = entries[0];
            Rendered::File(
                code::disassemble(
                    &game.form,
                    e.blob,
                    e.length,
                    &entries,
                    &view.names,
                    &view.strings,
                )
                .into_bytes(),
            )
        }
    })
}

/// Extracts a game, and the audio group files beside `input` when it is given.
pub fn extract(
    game: &Game<'_>,
    out_path: &Path,
    opts: &ExtractOptions,
    input: Option<&Path>,
) -> Result<ExtractSummary> {
    let all = items::items(game);
    let (ex, selected) = Extraction::begin(out_path, opts, &all)?;
    let mut frames: Vec<(&crate::Entry, u32)> = Vec::new();
    let mut rest = Vec::new();
    for entry in selected {
        match frame_item(game, entry.1) {
            Some(ptr) => frames.push((&entry.0, ptr)),
            None => rest.push(entry),
        }
    }
    let framed: BTreeSet<usize> = frames
        .iter()
        .filter_map(|&(_, ptr)| game.item(ptr).map(|it| it.page.into()))
        .collect();
    let (whole, rest): (Vec<_>, Vec<_>) = rest.into_iter().partition(|(_, item)| {
        matches!(*item, Item::Page(k) if framed.contains(&k) && decoded_to_png(game, k))
    });
    let whole: BTreeMap<usize, &crate::Entry> = whole
        .iter()
        .filter_map(|(entry, item)| match *item {
            Item::Page(k) => Some((k, entry)),
            _ => None,
        })
        .collect();
    let code_view = OnceLock::new();
    // A chunk, clip or the strings always render; anything else that cannot is left
    // out and counted as failed.
    let tolerated = |(_, item): &(crate::Entry, Item)| {
        !matches!(item, Item::Chunk(_) | Item::Clip(_) | Item::Strings)
    };
    let (cut, rendered) = rayon::join(
        || cut_frames(game, &ex, &frames, &whole),
        || {
            ex.render(
                &rest,
                |(_, item)| render(game, &code_view, *item),
                tolerated,
            )
        },
    );
    cut.and(rendered)?;
    let mut manifest = manifest(game, &all, &ex)?;
    if let Some(input) = input {
        manifest.audio_groups = audio_group::extract_beside(&game.sounds, input, &ex)?;
    }
    let summary = ex.finish(&manifest)?;
    let companions = manifest.audio_groups;
    Ok(ExtractSummary {
        companions,
        ..summary
    })
}

/// The manifest, writing the stored blobs of pages that are not PNG beside it. TXTR
/// and AUDO are described by their assets only when our writer gives their exact
/// bytes back; otherwise they are kept as stored chunks too.
fn manifest(game: &Game<'_>, all: &[(crate::Entry, Item)], ex: &Extraction) -> Result<Manifest> {
    let form = &game.form;
    let align = form.alignment();
    let align_for = |name: FourCC| {
        if form.chunks.last().is_some_and(|c| c.name == name) {
            1
        } else {
            align
        }
    };
    let mut textures = None;
    if let (Some(t), Some(c)) = (&game.txtr, form.chunk(FourCC::TXTR)) {
        let blobs: Vec<Option<Vec<u8>>> =
            t.pages.iter().map(|p| p.blob.map(<[u8]>::to_vec)).collect();
        if txtr::write(
            t,
            &blobs,
            c.body_offset(),
            align_for(FourCC::TXTR),
            form.endian,
        ) == c.body
        {
            let mut pages = Vec::new();
            for (k, p) in t.pages.iter().enumerate() {
                let file = p.blob.map(|_| items::path(game, Item::Page(k)));
                let original = match (p.format, p.blob) {
                    (txtr::PageFormat::Png, _) | (_, None) => None,
                    (_, Some(b)) => {
                        let name = format!("raw/textures/{k:03}.{}", p.format.name());
                        ex.write(&name, b)?;
                        Some(name)
                    }
                };
                pages.push(PageFile {
                    fields: p.fields.clone(),
                    crc32: file.as_ref().and_then(|f| ex.crc(f)),
                    file,
                    format: p.format,
                    with_length: p.blob.is_some_and(pages::bz2_with_length),
                    original,
                });
            }
            textures = Some(Textures {
                entry_size: t.entry_size,
                pages,
            });
        } else {
            ex.note("TXTR is laid out in a way our writer does not reproduce: kept as stored, so page edits are not packed".into());
        }
    }
    let mut audio = None;
    if let Some(c) = form.chunk(FourCC::AUDO) {
        let bytes: Vec<&[u8]> = game.clips.iter().map(|c| c.bytes).collect();
        if audo::write(
            &bytes,
            c.body_offset(),
            align_for(FourCC::AUDO),
            form.endian,
        ) == c.body
        {
            audio = Some(
                (0..game.clips.len())
                    .map(|i| {
                        let file = items::path(game, Item::Clip(i));
                        ClipFile {
                            crc32: ex.crc(&file).unwrap_or_default(),
                            file,
                        }
                    })
                    .collect(),
            );
        } else {
            ex.note("AUDO is laid out in a way our writer does not reproduce: kept as stored, so sound edits are not packed".into());
        }
    }
    // Only the first TXTR and AUDO are what the views read; a repeat is kept as stored.
    let first = |name: FourCC| form.chunks.iter().position(|c| c.name == name);
    let (first_txtr, first_audo) = (first(FourCC::TXTR), first(FourCC::AUDO));
    let mut chunks = Vec::new();
    for (i, c) in form.chunks.iter().enumerate() {
        let rebuilt = (Some(i) == first_txtr && textures.is_some())
            || (Some(i) == first_audo && audio.is_some());
        let file = if rebuilt {
            None
        } else if matches!(c.name, FourCC::TXTR | FourCC::AUDO) {
            let name = items::path(game, Item::Chunk(i));
            ex.write(&name, c.body)?;
            Some(name)
        } else {
            Some(items::path(game, Item::Chunk(i)))
        };
        chunks.push(ChunkFile {
            name: c.name,
            raw: c.raw,
            offset: c.offset,
            file,
        });
    }
    let frames = all
        .iter()
        .filter_map(|(e, item)| {
            let ptr = match *item {
                Item::SpriteFrame { sprite, frame } => game.sprites[sprite].items[frame],
                Item::Background(b) => game.backgrounds[b].items[0],
                _ => return None,
            };
            let it = game.item(ptr)?;
            Some(FrameFile {
                file: e.path.clone(),
                crc32: ex.crc(&e.path)?,
                page: it.page,
                source: it.source,
                target: it.target,
                bounding: it.bounding,
            })
        })
        .collect();
    let strings = all
        .iter()
        .find(|(_, i)| *i == Item::Strings)
        .map(|(e, _)| ClipFile {
            file: e.path.clone(),
            crc32: ex.crc(&e.path).unwrap_or_default(),
        });
    let written = |kind: fn(&Item) -> bool| {
        all.iter()
            .filter(|(_, item)| kind(item))
            .map(|(e, _)| ClipFile {
                file: e.path.clone(),
                crc32: ex.crc(&e.path).unwrap_or_default(),
            })
            .collect()
    };
    let code = written(|item| matches!(item, Item::Code(_)));
    let views = written(|item| matches!(item, Item::View(_)));
    Ok(Manifest {
        format: Format::GameMaker,
        strings,
        partial: ex.partial(),
        endian: form.endian,
        alignment: align,
        chunks,
        textures,
        audio,
        frames,
        code,
        views,
        audio_groups: Vec::new(),
    })
}
