//! Writing a GameMaker file's assets, its stored chunks and its manifest to a folder.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use rayon::prelude::*;

use super::game::Game;
use super::items::{self, Item};
use super::manifest::*;
use super::stream::{self, Cut};
use super::{audo, code, pages, txtr};
use crate::codec::crc::crc32;
use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::io::{sanitize_relative, OutputFolder};
use crate::{ExtractOptions, ExtractSummary, Format};

type Decoded = Vec<OnceLock<std::result::Result<Rgba, String>>>;

fn page<'d>(game: &Game<'_>, cells: &'d Decoded, k: usize) -> Result<&'d Rgba> {
    let p = game
        .pages()
        .get(k)
        .ok_or_else(|| Error::at("TPAG", format!("page {k} does not exist")))?;
    cells[k]
        .get_or_init(|| {
            let blob = p.blob.ok_or("the page is stored outside the file")?;
            pages::decode(blob, p.format, &format!("FORM/TXTR/page[{k}]"))
                .map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| Error::at(format!("FORM/TXTR/page[{k}]"), e.clone()))
}

/// What code disassembly needs, made once per extraction.
struct CodeView {
    names: code::Names,
    strings: Vec<String>,
}

/// Frames on pages too large to decode whole, by TPAG item address: each such page is
/// decoded once, a row at a time, for all its selected frames.
fn streamed_frames(game: &Game<'_>, selected: &[&(crate::Entry, Item)]) -> HashMap<u32, Cut> {
    let mut by_page: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
    for (_, item) in selected {
        let ptr = match *item {
            Item::SpriteFrame { sprite, frame } => game.sprites[sprite].items[frame],
            Item::Background(b) => game.backgrounds[b].items[0],
            _ => continue,
        };
        if let Some(k) = game.item(ptr).map(|it| usize::from(it.page)) {
            if stream::too_large(game, k) {
                by_page.entry(k).or_default().push(ptr);
            }
        }
    }
    by_page
        .into_par_iter()
        .flat_map_iter(|(k, ptrs)| stream::frames(game, k, &ptrs))
        .collect()
}

fn render(
    game: &Game<'_>,
    cells: &Decoded,
    streamed: &HashMap<u32, Cut>,
    code_view: &OnceLock<CodeView>,
    item: Item,
) -> Result<Vec<u8>> {
    let framed = |ptr: u32| -> Result<Vec<u8>> {
        if let Some(cut) = streamed.get(&ptr) {
            return cut.clone().map_err(|why| Error::at("TPAG", why));
        }
        let it = game
            .item(ptr)
            .ok_or_else(|| Error::at("TPAG", format!("no item at {ptr:#x}")))?;
        png_codec::encode(&pages::frame(page(game, cells, it.page.into())?, it)?)
    };
    match item {
        Item::Page(k) => {
            let p = &game.pages()[k];
            match (p.format, p.blob) {
                (txtr::PageFormat::Png | txtr::PageFormat::Unknown, Some(b)) => Ok(b.to_vec()),
                _ if stream::too_large(game, k) => stream::page_png(game, k),
                _ => png_codec::encode(page(game, cells, k)?),
            }
        }
        Item::SpriteFrame { sprite, frame } => framed(game.sprites[sprite].items[frame]),
        Item::Background(b) => framed(game.backgrounds[b].items[0]),
        Item::Clip(i) => Ok(game.clips[i].bytes.to_vec()),
        Item::Strings => Ok(serde_json::to_vec_pretty(&game.texts()).expect("strings serialise")),
        Item::Chunk(i) => Ok(game.form.chunks[i].body.to_vec()),
        Item::View(k) => {
            let chunk = super::resources::VIEWS[k].chunk;
            let value = super::resources::view(&game.form, chunk, &game.code)
                .ok_or_else(|| Error::at(chunk, "no such chunk"))??;
            Ok(serde_json::to_vec_pretty(&value).expect("JSON serialises"))
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
            Ok(code::disassemble(
                &game.form,
                e.blob,
                e.length,
                &entries,
                &view.names,
                &view.strings,
            )
            .into_bytes())
        }
    }
}

pub fn extract(game: &Game<'_>, out_path: &Path, opts: &ExtractOptions) -> Result<ExtractSummary> {
    let out = OutputFolder::create(out_path, opts.replace)?;
    let all = items::items(game);
    let selected: Vec<&(crate::Entry, Item)> =
        all.iter().filter(|(e, _)| opts.selects(&e.path)).collect();
    let cells: Decoded = game.pages().iter().map(|_| OnceLock::new()).collect();
    let streamed = streamed_frames(game, &selected);
    let code_view = OnceLock::new();
    let total = selected.len() as u64;
    let done = AtomicU64::new(0);
    let results: Vec<(String, std::result::Result<u32, String>)> = selected
        .par_iter()
        .map(|(entry, item)| {
            let r = match render(game, &cells, &streamed, &code_view, *item) {
                Ok(bytes) => {
                    out.write(&sanitize_relative(&entry.path), &bytes)?;
                    Ok(crc32(&bytes))
                }
                Err(e) if !matches!(item, Item::Chunk(_) | Item::Clip(_) | Item::Strings) => {
                    Err(format!("{}: {e}", entry.path))
                }
                Err(e) => return Err(e),
            };
            opts.report(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            Ok((entry.path.clone(), r))
        })
        .collect::<Result<_>>()?;
    let mut summary = ExtractSummary::default();
    let mut crcs = std::collections::HashMap::new();
    for (path, r) in results {
        match r {
            Ok(crc) => {
                crcs.insert(path, crc);
            }
            Err(failure) => summary.failed.push(failure),
        }
    }
    let partial = selected.len() < all.len();
    let manifest = manifest(game, &all, &crcs, partial, &out, &mut summary)?;
    crate::manifest::finish_extraction(out, &manifest, partial, &mut summary)?;
    Ok(summary)
}

/// The manifest, writing the stored blobs of pages that are not PNG beside it. TXTR
/// and AUDO are described by their assets only when our writer gives their exact
/// bytes back; otherwise they are kept as stored chunks too.
fn manifest(
    game: &Game<'_>,
    all: &[(crate::Entry, Item)],
    crcs: &std::collections::HashMap<String, u32>,
    partial: bool,
    out: &OutputFolder,
    summary: &mut ExtractSummary,
) -> Result<Manifest> {
    let form = &game.form;
    let align = form.alignment();
    let align_for = |name: &str| {
        if form.chunks.last().is_some_and(|c| c.name == name) {
            1
        } else {
            align
        }
    };
    let mut textures = None;
    if let (Some(t), Some(c)) = (&game.txtr, form.chunk("TXTR")) {
        let blobs: Vec<Option<Vec<u8>>> =
            t.pages.iter().map(|p| p.blob.map(<[u8]>::to_vec)).collect();
        if txtr::write(t, &blobs, c.body_offset(), align_for("TXTR"), form.endian) == c.body {
            let mut pages = Vec::new();
            for (k, p) in t.pages.iter().enumerate() {
                let file = p.blob.map(|_| items::path(game, Item::Page(k)));
                let original = match (p.format, p.blob) {
                    (txtr::PageFormat::Png, _) | (_, None) => None,
                    (_, Some(b)) => {
                        let name = format!("raw/textures/{k:03}.{}", p.format.name());
                        out.write(&sanitize_relative(&name), b)?;
                        Some(name)
                    }
                };
                pages.push(PageFile {
                    fields: p.fields.clone(),
                    crc32: file.as_ref().and_then(|f| crcs.get(f).copied()),
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
            summary.notes.push("TXTR is laid out in a way our writer does not reproduce: kept as stored, so page edits are not packed".into());
        }
    }
    let mut audio = None;
    if let Some(c) = form.chunk("AUDO") {
        let bytes: Vec<&[u8]> = game.clips.iter().map(|c| c.bytes).collect();
        if audo::write(&bytes, c.body_offset(), align_for("AUDO"), form.endian) == c.body {
            audio = Some(
                (0..game.clips.len())
                    .map(|i| {
                        let file = items::path(game, Item::Clip(i));
                        ClipFile {
                            crc32: crcs.get(&file).copied().unwrap_or_default(),
                            file,
                        }
                    })
                    .collect(),
            );
        } else {
            summary.notes.push("AUDO is laid out in a way our writer does not reproduce: kept as stored, so sound edits are not packed".into());
        }
    }
    // Only the first TXTR and AUDO are what the views read; a repeat is kept as stored.
    let first = |name: &str| form.chunks.iter().position(|c| c.name == name);
    let (first_txtr, first_audo) = (first("TXTR"), first("AUDO"));
    let mut chunks = Vec::new();
    for (i, c) in form.chunks.iter().enumerate() {
        let rebuilt = (Some(i) == first_txtr && textures.is_some())
            || (Some(i) == first_audo && audio.is_some());
        let file = if rebuilt {
            None
        } else if matches!(c.name.as_str(), "TXTR" | "AUDO") {
            let name = items::path(game, Item::Chunk(i));
            out.write(&sanitize_relative(&name), c.body)?;
            Some(name)
        } else {
            Some(items::path(game, Item::Chunk(i)))
        };
        chunks.push(ChunkFile {
            name: c.name.clone(),
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
                crc32: *crcs.get(&e.path)?,
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
            crc32: crcs.get(&e.path).copied().unwrap_or_default(),
        });
    let code = all
        .iter()
        .filter(|(_, item)| matches!(item, Item::Code(_)))
        .map(|(e, _)| ClipFile {
            file: e.path.clone(),
            crc32: crcs.get(&e.path).copied().unwrap_or_default(),
        })
        .collect();
    Ok(Manifest {
        format: Format::GameMaker,
        strings,
        partial,
        endian: form.endian,
        alignment: align,
        chunks,
        textures,
        audio,
        frames,
        code,
    })
}
