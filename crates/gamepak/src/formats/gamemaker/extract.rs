//! Writing a GameMaker file to a folder: every chunk's records as JSON (see
//! [`crate::formats::gamemaker::folder::layout`]), its pages, frames and clips as images and sounds, its code as
//! disassembly, and the manifest.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

use super::model::chunks::code::Code as CodeChunk;
use super::model::chunks::general::General;
use super::model::chunks::sprites::MASKS_BOXED;
use super::model::chunks::strings::Strings;
use super::model::chunks::Body;
use crate::assets::{Damage, Extraction, Rendered};
use crate::codec::png as png_codec;
use crate::error::{Error, Result};
use crate::formats::gamemaker::folder::layout::Place;
use crate::formats::gamemaker::folder::manifest::*;
use crate::formats::gamemaker::inspect::entries::{self, Item};
use crate::formats::gamemaker::views::code_entries;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::formats::gamemaker::{
    audio_group::group_file, bytecode::disassemble, folder::guide, folder::texts, gml, model,
    pictures::masks, pictures::page_codecs, pictures::streaming, views::page_blobs,
};
use crate::fourcc::FourCC;
use crate::limits::Limits;
use crate::{ExtractOptions, ExtractSummary, Format, Options};

/// What code disassembly needs, made once per extraction.
struct CodeView<'g, 'a> {
    names: disassemble::Names,
    strings: &'g [std::borrow::Cow<'a, str>],
}

/// The TPAG item a frame entry is cut through.
fn frame_item(game: &FileView<'_>, item: Item) -> Option<u32> {
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
    game: &FileView<'_>,
    ex: &Extraction,
    frames: &[(&crate::Entry, u32)],
    whole: &BTreeMap<usize, &crate::Entry>,
    limits: &Limits,
) -> Result<()> {
    let mut by_page: BTreeMap<usize, BTreeMap<u32, Vec<&str>>> = BTreeMap::new();
    for &(entry, ptr) in frames {
        match game.drawable_item(ptr) {
            Ok(it) => by_page
                .entry(it.page.into())
                .or_default()
                .entry(ptr)
                .or_default()
                .push(&entry.path),
            Err(e) => ex.emit_at(&entry.path, Some((ptr.into(), 0)), Err(e), true)?,
        }
    }
    let failure = Mutex::new(None);
    // A frame's place is its TPAG item, which a loss names.
    let write = |ptr: u32, paths: &[&str], cut: streaming::Cut| -> Result<()> {
        let png = cut
            .map_err(|why| Error::at("", why))
            .and_then(|img| png_codec::encode(&img));
        for path in paths {
            let rendered = match &png {
                Ok(bytes) => Ok(Rendered::Stored(bytes)),
                Err(e) => Err(Error::at("", e.to_string())),
            };
            ex.emit_at(path, Some((ptr.into(), 0)), rendered, true)?;
        }
        Ok(())
    };
    // Frames waiting for a worker hold their pixels: past this many bytes waiting, the
    // worker streaming the page encodes its frames itself, which bounds the memory.
    // They are bounded apart from the run's budget: a reservation handed to a task
    // could wait in the queue of a worker that is itself waiting for the budget.
    const WAITING: u64 = 8 << 20;
    let waiting = AtomicU64::new(0);
    by_page.into_par_iter().try_for_each(|(k, by_ptr)| {
        let ptrs: Vec<u32> = by_ptr.keys().copied().collect();
        rayon::scope(|s| {
            let done = |ptr, cut: streaming::Cut| {
                let paths = &by_ptr[&ptr];
                let size = cut.as_ref().map_or(0, |img| img.pixels.len() as u64);
                if waiting.fetch_add(size, Ordering::Relaxed) + size > WAITING {
                    waiting.fetch_sub(size, Ordering::Relaxed);
                    return write(ptr, paths, cut);
                }
                let (write, failure, waiting) = (&write, &failure, &waiting);
                s.spawn(move |_| {
                    let written = write(ptr, paths, cut);
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
                    let png = streaming::page_png(game, k, |rows| {
                        streaming::frames(game, k, &ptrs, Some(rows), limits, done)
                    });
                    ex.emit(&entry.path, png.map(Rendered::File), true)
                }
                None => streaming::frames(game, k, &ptrs, None, limits, done),
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
fn decoded_to_png(game: &FileView<'_>, k: usize) -> bool {
    let p = &game.pages()[k];
    p.blob.is_some()
        && !matches!(
            p.format,
            page_blobs::PageFormat::Png | page_blobs::PageFormat::Unknown
        )
}

/// The records `wanted` holds as JSON: a chunk's file, or one resource of a split
/// chunk on its own.
fn records(model: &model::Game<'_>, wanted: &HashSet<Item>) -> HashMap<Item, Vec<u8>> {
    let shown = Arc::new(model.shown());
    let places = entries::places(model);
    model
        .chunks
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, part)| {
            let mut out = Vec::new();
            match places[i] {
                Some(Place::File(_)) if wanted.contains(&Item::Record(i)) => {
                    out.extend(part.body.to_json(&shown).map(|j| (Item::Record(i), j)))
                }
                Some(Place::Split { .. }) => {
                    let resource = |index| wanted.contains(&Item::Resource { chunk: i, index });
                    let rest = wanted.contains(&Item::Record(i));
                    if let Some(split) = part.body.split_to_json(&shown, rest, &resource) {
                        out.extend(split.rest.map(|j| (Item::Record(i), j)));
                        for (index, json) in split.resources.into_iter().enumerate() {
                            out.extend(json.map(|j| (Item::Resource { chunk: i, index }, j)));
                        }
                    }
                }
                _ => {}
            }
            out
        })
        .collect()
}

fn render<'g, 'a>(
    game: &'g FileView<'a>,
    model: &'g model::Game<'_>,
    records: &'g HashMap<Item, Vec<u8>>,
    code_view: &OnceLock<CodeView<'g, 'a>>,
    limits: &Limits,
    item: Item,
) -> Result<Rendered<'g>> {
    Ok(match item {
        Item::Page(k) => match game.pages()[k].blob {
            Some(b) if !decoded_to_png(game, k) => Rendered::Stored(b),
            _ => Rendered::File(streaming::page_png(game, k, |rows| {
                streaming::frames(game, k, &[], Some(rows), limits, |_, _| Ok(()))
            })?),
        },
        Item::SpriteFrame { .. } | Item::Background(_) => {
            unreachable!("frames are cut as their pages stream")
        }
        Item::Clip(i) => Rendered::Stored(game.clips[i].bytes),
        Item::Strings => Rendered::File(strings_json(model)),
        Item::Chunk(i) => Rendered::Stored(game.form.chunks[i].body),
        Item::Record(_) | Item::Resource { .. } => Rendered::Stored(
            records
                .get(&item)
                .ok_or_else(|| Error::at("", "this chunk has no JSON"))?,
        ),
        Item::ShaderBlob {
            chunk,
            shader,
            blob,
        } => match &model.chunks[chunk].body {
            Body::Shaders(s) => {
                let blob = s.shaders[shader]
                    .as_ref()
                    .and_then(|s| s.blobs[blob].as_ref());
                Rendered::Stored(blob.map_or(&[][..], |b| b.as_ref()))
            }
            _ => unreachable!("shader blobs are listed from SHDR"),
        },
        Item::SpriteMask {
            chunk,
            sprite,
            mask,
        } => match &model.chunks[chunk] {
            model::Part {
                body: Body::Sprites(s),
                version,
                ..
            } => {
                let sp = s.sprites[sprite]
                    .as_ref()
                    .expect("masks are listed from sprites");
                let size = sp.mask_size(*version >= MASKS_BOXED);
                Rendered::File(masks::to_png(&sp.masks[mask], size)?)
            }
            _ => unreachable!("masks are listed from SPRT"),
        },
        Item::Code(k) => {
            let view = code_view.get_or_init(|| CodeView {
                names: disassemble::names(game),
                strings: game.texts(),
            });
            let entries: Vec<&code_entries::Entry<'_>> = game.blob_entries()[k]
                .iter()
                .map(|&i| &game.code[i])
                .collect();
            let e = entries[0];
            Rendered::File(
                disassemble::disassemble(
                    &game.code_space,
                    e.blob,
                    e.length,
                    &entries,
                    &view.names,
                    view.strings,
                )
                .into_bytes(),
            )
        }
    })
}

/// `strings.json`: STRG's strings as a JSON array.
fn strings_json(model: &model::Game<'_>) -> Vec<u8> {
    serde_json::to_vec_pretty(model.texts()).expect("strings serialise")
}

/// Extracts a game, and the audio group files beside `opts.input` when it is given;
/// `damage` is what its read could not take, for a salvage.
pub fn extract(
    game: &FileView<'_>,
    damage: Damage,
    out_path: &Path,
    extract: &ExtractOptions,
    opts: &Options,
) -> Result<ExtractSummary> {
    let limits = &opts.limits;
    let model = &game.model;
    let files = entries::Files::new(game);
    let all = entries::items(&files);
    let (mut ex, selected) = Extraction::begin(out_path, extract, limits, &all)?;
    let wanted: HashSet<Item> = selected.iter().map(|(_, item)| *item).collect();
    let records = records(model, &wanted);
    ex.salvage(damage);
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
        .filter_map(|&(_, ptr)| game.drawable_item(ptr).ok().map(|it| it.page.into()))
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
    // Records, clips and chunks always render; a frame or page that cannot is left
    // out and counted as failed.
    let tolerated = |(_, item): &(crate::Entry, Item)| {
        matches!(
            item,
            Item::Page(_) | Item::SpriteFrame { .. } | Item::Background(_) | Item::Code(_)
        )
    };
    // The code is decompiled for its `.gml` files while the rest renders.
    let blobs: HashSet<usize> = wanted
        .iter()
        .filter_map(|i| match i {
            Item::Code(k) => Some(*k),
            _ => None,
        })
        .collect();
    let ((cut, rendered), decompiled) = rayon::join(
        || {
            rayon::join(
                || cut_frames(game, &ex, &frames, &whole, limits),
                || {
                    ex.render(
                        &rest,
                        |(_, item)| render(game, model, &records, &code_view, limits, *item),
                        tolerated,
                    )
                },
            )
        },
        || {
            (!blobs.is_empty())
                .then(|| gml::decompile::game_code::decompile_blobs(game, |k| blobs.contains(&k)))
        },
    );
    cut.and(rendered)?;
    let made = manifest(&files, &all, &ex, decompiled.as_deref()).and_then(|mut manifest| {
        if let Some(input) = &opts.input {
            manifest.audio_groups = group_file::extract_beside(
                &game.sounds,
                &crate::formats::gamemaker::audio_group::file_names::FileNames::of(model),
                input,
                &ex,
                limits,
            )?;
        }
        // A partial or salvaged folder does not pack: it gets no guide to packing.
        if !ex.partial() && !ex.salvaging() {
            let shown = texts::list(model);
            if !shown.is_empty() {
                let bytes = texts::to_json(&shown);
                ex.write(texts::TEXT, &bytes)?;
                manifest.text = Some(ClipFile {
                    file: texts::TEXT.into(),
                    crc32: crate::codec::crc::crc32(&bytes),
                });
            }
            let guide = guide::guide(game, &manifest);
            ex.write(guide::GUIDE, guide.as_bytes())?;
        }
        Ok(manifest)
    });
    let companions = made
        .as_ref()
        .map(|m| m.audio_groups.clone())
        .unwrap_or_default();
    let summary = ex.finish_commented(made, Format::GameMaker, guide::MANIFEST_COMMENTS)?;
    Ok(ExtractSummary {
        companions,
        ..summary
    })
}

/// The manifest, writing beside it what pack needs as stored: the blobs of pages
/// that are not PNG, the string table as extracted, the instruction blobs and any
/// bytes after the FORM.
fn manifest(
    files: &entries::Files<'_, '_>,
    all: &[(crate::Entry, Item)],
    ex: &Extraction,
    decompiled: Option<&[Decompiled]>,
) -> Result<Manifest> {
    let (game, model) = (files.game, files.model);
    let form = &game.form;
    let textures = match &game.txtr {
        Some(t) => {
            let mut pages = Vec::new();
            for (k, p) in t.pages.iter().enumerate() {
                let file = p.blob.map(|_| entries::path(files, Item::Page(k)));
                let original = match (p.format, p.blob) {
                    (page_blobs::PageFormat::Png, _) | (_, None) => None,
                    (_, Some(b)) => {
                        let name = format!("raw/textures/{k:03}.{}", p.format.name());
                        ex.write(&name, b)?;
                        Some(name)
                    }
                };
                pages.push(PageFile {
                    crc32: file.as_ref().and_then(|f| ex.crc(f)),
                    file,
                    format: p.format,
                    with_length: p.blob.is_some_and(page_codecs::bz2_with_length),
                    original,
                });
            }
            Some(Textures { pages })
        }
        None => None,
    };
    let crc_of = |file: String| ClipFile {
        crc32: ex.crc(&file).unwrap_or_default(),
        file,
    };
    let audio = form.chunk(FourCC::AUDO).map(|_| {
        (0..game.clips.len())
            .map(|i| crc_of(entries::path(files, Item::Clip(i))))
            .collect()
    });
    let mut chunks = Vec::with_capacity(form.chunks.len());
    for (i, (c, part)) in form.chunks.iter().zip(&model.chunks).enumerate() {
        let path = |item| {
            all.iter()
                .any(|(_, it)| *it == item)
                .then(|| entries::path(files, item))
        };
        let (file, stored, resources) = match (files.place(i), &part.body) {
            (None, _) => {
                let name = entries::path(files, Item::Chunk(i));
                (Some(name), true, Vec::new())
            }
            (Some(place @ Place::Split { .. }), body) => {
                let slots = body.slots().unwrap_or_default();
                let resources = (0..slots.len())
                    .map(|index| match slots[index] {
                        true => files.resource(i, index),
                        false => String::new(),
                    })
                    .collect();
                (place.rest().and(path(Item::Record(i))), false, resources)
            }
            (Some(_), _) => (path(Item::Record(i)), false, Vec::new()),
        };
        let crc32s = resources
            .iter()
            .map(|r: &String| ex.crc(r).unwrap_or_default())
            .collect();
        chunks.push(ChunkFile {
            name: c.name,
            raw: c.raw,
            offset: c.offset,
            version: part.version,
            file_crc32: file.as_deref().filter(|_| !stored).and_then(|f| ex.crc(f)),
            file,
            stored,
            empty: matches!(part.body, Body::Empty),
            resources,
            crc32s,
        });
    }
    let frames = all
        .iter()
        .filter_map(|(e, item)| {
            let ptr = frame_item(game, *item)?;
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
    let masks = all
        .iter()
        .filter(|(_, item)| matches!(item, Item::SpriteMask { .. }))
        .filter_map(|(e, _)| {
            Some(MaskFile {
                file: e.path.clone(),
                crc32: ex.crc(&e.path)?,
            })
        })
        .collect();
    let strings = match all.iter().find(|(_, i)| *i == Item::Strings) {
        Some((e, _)) => {
            let original = "raw/strings.json".to_string();
            ex.write(&original, &strings_json(model))?;
            Some(StringsFile {
                file: e.path.clone(),
                crc32: ex.crc(&e.path).unwrap_or_default(),
                original,
                aligned: model.get::<Strings>().is_some_and(|s| s.aligned),
            })
        }
        None => None,
    };
    let (code, code_blobs) = code_files(files, ex, decompiled)?;
    let trailing = match model.trailing {
        [] => None,
        bytes => {
            let name = "raw/trailing.bin".to_string();
            ex.write(&name, bytes)?;
            Some(name)
        }
    };
    Ok(Manifest {
        format: Format::GameMaker,
        strings,
        partial: ex.partial(),
        endian: form.endian,
        alignment: model.alignment,
        bytecode: model.bytecode,
        chunks,
        textures,
        audio,
        frames,
        masks,
        code,
        code_blobs,
        trailing,
        audio_groups: Vec::new(),
        text: None,
        derived: model.get::<General>().map(|g| Derived {
            last_object_id: g.last_object_id,
            last_tile_id: g.last_tile_id,
        }),
        releases: Some(crate::formats::gamemaker::inspect::release::infer(game).releases),
    })
}

/// Each code entry's statements, by code-entry index, as the decompiler gives them.
type Decompiled =
    Option<std::result::Result<Vec<gml::language::ast::Stmt>, gml::decompile::sim::Stuck>>;

/// The GML of each blob whose disassembly was written, beside it: the code of the
/// blob's own entry, with the functions it declares inside it. Code that does not
/// decompile gets no file, and a note says why. Written across cores: a game has
/// hundreds.
fn gml_files(
    game: &FileView<'_>,
    list: &mut [CodeFile],
    ex: &Extraction,
    decompiled: &[Decompiled],
) -> Result<()> {
    // Printed on the pass threads, whose stacks are sized for the deepest code
    // the decompiler gives.
    let made: Vec<Option<GmlFile>> = crate::pass_stack::run(|| {
        game.blob_entries()
            .par_iter()
            .zip(list.par_iter())
            .map(|(entries, c)| {
                if ex.crc(&c.file).is_none() {
                    return Ok(None);
                }
                let own = entries
                    .iter()
                    .copied()
                    .find(|&e| game.code[e].start == 0)
                    .unwrap_or(entries[0]);
                let file = format!("{}.gml", c.file.strip_suffix(".asm").unwrap_or(&c.file));
                match &decompiled[own] {
                    Some(Ok(body)) => {
                        ex.write(
                            &file,
                            gml::decompile::game_code::text(game, body).as_bytes(),
                        )?;
                        Ok(ex.crc(&file).map(|crc32| GmlFile { file, crc32 }))
                    }
                    Some(Err(stuck)) => {
                        ex.note(format!(
                            "{file}: not written: the code does not decompile (L{:04x}: {})",
                            stuck.at, stuck.why
                        ));
                        Ok(None)
                    }
                    None => Ok(None),
                }
            })
            .collect::<Result<_>>()
    })?;
    for (c, gml) in list.iter_mut().zip(made) {
        c.gml = gml;
    }
    Ok(())
}

/// Each disassembly with the size of its blob, and, when the model reads CODE,
/// every blob as stored in `raw/code.bin` (a CODE kept as stored holds them).
fn code_files(
    files: &entries::Files<'_, '_>,
    ex: &Extraction,
    decompiled: Option<&[Decompiled]>,
) -> Result<(Vec<CodeFile>, Option<String>)> {
    let game = files.game;
    let mut list: Vec<CodeFile> = game
        .blob_entries()
        .iter()
        .enumerate()
        .map(|(k, entries)| {
            let file = entries::path(files, Item::Code(k));
            CodeFile {
                crc32: ex.crc(&file).unwrap_or_default(),
                file,
                size: game.code[entries[0]].length.into(),
                gml: None,
            }
        })
        .collect();
    if let Some(decompiled) = decompiled {
        gml_files(game, &mut list, ex, decompiled)?;
    }
    let Some(code) = files.model.get::<CodeChunk>() else {
        return Ok((list, None));
    };
    let (old, endian) = (files.model.bytecode < 15, files.model.endian);
    let blobs = code
        .blobs
        .bytes(if old { 8 } else { 0 }, endian, old)
        .map_err(|why| Error::at("CODE", why))?;
    let sizes = blobs.iter().map(|b| b.len() as u64);
    if !sizes.eq(list.iter().map(|c| c.size)) {
        return Err(Error::at(
            "CODE",
            "the model's instruction blobs are not the ones the disassembly reads",
        ));
    }
    let name = "raw/code.bin".to_string();
    ex.write(&name, &blobs.concat())?;
    Ok((list, Some(name)))
}
