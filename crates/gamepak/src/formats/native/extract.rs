//! Writing a game.bin's assets and manifest to a folder.

use std::path::Path;
use std::sync::OnceLock;

use super::content::plain;
use super::items::{self, codec, Codec, Item, Tables, View};
use super::manifest::*;
use super::model::*;
use crate::assets::{Damage, Extraction, Rendered};
use crate::codec::{crc::crc32, png as png_codec, wav};
use crate::limits::{Held, Kept, Limits};
use crate::{Error, ExtractOptions, ExtractSummary, Format, Result};

/// Extracts a game.bin; `damage` is what its read could not take, for a salvage.
pub fn extract(
    doc: &GameBin<'_>,
    damage: Damage,
    out_path: &Path,
    opts: &ExtractOptions,
    limits: &Limits,
) -> Result<ExtractSummary> {
    let view = View::new(doc, limits);
    let all = items::items(&view);
    let (mut ex, selected) = Extraction::begin(out_path, opts, limits, &all)?;
    ex.salvage(damage);
    // Raw chunks, the only items of a file whose chunks do not fit, need no tables.
    let no_tables = Tables::default();
    let tables = view.tables.as_ref().unwrap_or(&no_tables);
    let atlas = OnceLock::new();
    ex.render(
        &selected,
        |(_, item)| render(doc, tables, &atlas, limits, *item),
        |_| false,
    )?;
    let made =
        manifest(&view, &all, ex.partial(), &ex, limits).and_then(|(manifest, originals)| {
            for (name, bytes) in originals {
                ex.write(&name, bytes)?;
            }
            Ok(manifest)
        });
    for (e, item) in &all {
        if let Item::Frame(k) = item {
            if tables.frames[*k].is_empty() {
                ex.note(format!("{}: empty frame, noted in the manifest", e.path));
            }
        }
    }
    if made.as_ref().is_ok_and(|m| !m.raw_chunks.is_empty()) {
        ex.note("the chunks do not fit the metadata (see `check`): kept as raw chunks".into());
    }
    ex.finish_made(made, Format::Native)
}

fn json<T: serde::Serialize>(v: &T) -> Vec<u8> {
    serde_json::to_vec_pretty(v).expect("tables serialise")
}

/// The atlas, decoded once for every frame cut from it and kept for the extraction.
type Atlas = OnceLock<Result<Held<png_codec::Rgba, Kept>>>;

fn decoded_atlas<'a>(
    doc: &GameBin<'_>,
    cell: &'a Atlas,
    limits: &Limits,
) -> Result<&'a png_codec::Rgba> {
    let r = cell.get_or_init(|| {
        let (_, c) = doc.chunk(Role::Atlas).unwrap_or((0, &[]));
        png_codec::decode(c, "atlas", limits).map(Held::keep)
    });
    r.as_deref()
        .map_err(|e| Error::at("atlas", e.kind.to_string()))
}

/// An item's bytes in its standard form; nothing for an empty frame.
fn render<'d>(
    doc: &'d GameBin<'_>,
    t: &Tables,
    atlas: &Atlas,
    limits: &Limits,
    item: Item,
) -> Result<Rendered<'d>> {
    let chunk = |role: Role| doc.chunk(role).map_or(&[][..], |(_, c)| c);
    Ok(match item {
        Item::Script => Rendered::File(plain(doc, Role::Script, limits)?),
        Item::SpriteTable => Rendered::File(json(&t.frames)),
        Item::Atlas => Rendered::Stored(chunk(Role::Atlas)),
        Item::Frame(k) => {
            let f = t.frames[k];
            if f.is_empty() {
                return Ok(Rendered::Nothing);
            }
            let rect = [f.x, f.y, f.width, f.height].map(u32::from);
            let img =
                decoded_atlas(doc, atlas, limits)?.crop_checked(rect, "sprite frame", limits)?;
            Rendered::File(png_codec::encode(&img)?)
        }
        Item::BackgroundTable => Rendered::File(json(&t.backgrounds)),
        Item::Background(b) => Rendered::Stored(chunk(Role::Background(b as u16))),
        Item::GainTable(k) => Rendered::File(json(&t.gains(k))),
        Item::Audio(k, n) => {
            let c = chunk(Role::Audio(k, n as u16));
            match codec(c) {
                Codec::Pcm => Rendered::File(wav::encode(c, wav::Pcm::S16, SAMPLE_RATE, 2)?),
                Codec::Vorbis | Codec::Raw => Rendered::Stored(c),
            }
        }
        Item::Raw(i) => Rendered::Stored(&doc.chunks[i]),
    })
}

/// Original deflated streams to keep, by the name the manifest gives them.
type Originals<'d> = Vec<(String, &'d [u8])>;

/// The manifest, and the original deflated streams it names.
fn manifest<'d>(
    view: &View<'d, '_>,
    items: &[(crate::Entry, Item)],
    partial: bool,
    written: &Extraction,
    limits: &Limits,
) -> Result<(Manifest, Originals<'d>)> {
    let doc = view.doc;
    let m = doc.meta;
    let mut manifest = Manifest {
        format: Format::Native,
        layout: doc.layout,
        flags: m.flags,
        width: m.width,
        height: m.height,
        title: String::from_utf8_lossy(doc.chunks.get(1).map_or(&[][..], |c| c)).into_owned(),
        partial,
        chunk_crc32: doc.chunks.iter().map(|c| crc32(c)).collect(),
        raw_chunks: Vec::new(),
        script: None,
        sprite_table: None,
        atlas: None,
        frames: Vec::new(),
        background_table: None,
        backgrounds: Vec::new(),
        audio: Vec::new(),
    };
    let mut originals = Vec::new();
    let Some(t) = &view.tables else {
        manifest.raw_chunks = (0..doc.chunks.len()).map(items::raw_path).collect();
        return Ok((manifest, originals));
    };
    let mut stored = |role: Role, file: &str| -> Result<Stored> {
        let (_, c) = doc.chunk(role).unwrap_or((0, &[]));
        let plain = plain(doc, role, limits)?;
        let deflated = crate::codec::zlib::has_header(c);
        let original = deflated.then(|| {
            let name = format!("raw/{}.zlib", role.path());
            originals.push((name.clone(), c));
            name
        });
        Ok(Stored {
            file: file.into(),
            deflated,
            crc32: crc32(&plain),
            original,
        })
    };
    manifest.script = Some(stored(Role::Script, "script.js")?);
    manifest.sprite_table = Some(stored(Role::SpriteTable, "sprites.json")?);
    manifest.background_table = Some(stored(Role::BackgroundTable, "backgrounds.json")?);
    manifest.atlas = Some("atlas.png".into());
    if doc.layout == Layout::Current {
        for kind in AudioKind::ALL {
            let table = stored(Role::GainTable(kind), &format!("{}.json", kind.plural()))?;
            let clips = (0..m.audio(kind))
                .map(|n| {
                    let (_, c) = doc.chunk(Role::Audio(kind, n)).unwrap_or((0, &[]));
                    ClipFile {
                        file: items::audio_path(kind, n as usize, c),
                        codec: codec(c),
                    }
                })
                .collect();
            manifest.audio.push(AudioSet { kind, table, clips });
        }
    }
    manifest.backgrounds = (0..m.background_ids as usize)
        .map(items::background_path)
        .collect();
    for (e, item) in items {
        if let Item::Frame(k) = item {
            manifest.frames.push(if t.frames[*k].is_empty() {
                FrameFile {
                    file: None,
                    crc32: None,
                }
            } else {
                FrameFile {
                    file: Some(e.path.clone()),
                    crc32: written.crc(&e.path),
                }
            });
        }
    }
    Ok((manifest, originals))
}
