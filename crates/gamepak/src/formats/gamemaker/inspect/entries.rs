//! What a GameMaker file holds as entries, and where each goes in an extracted folder.

use crate::assets::{line, Kind};
use crate::codec::vorbis;
use crate::formats::gamemaker::folder::layout::{self, Place};
use crate::formats::gamemaker::model;
use crate::formats::gamemaker::model::chunks::sprites::MASKS_BOXED;
use crate::formats::gamemaker::model::chunks::{shaders, Body};
use crate::formats::gamemaker::views::file_view::FileView;
use crate::formats::gamemaker::views::page_blobs::PageFormat;
use crate::fourcc::FourCC;
use crate::io::{stem_path, whole_stem_path};
use crate::Entry;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Item {
    Page(usize),
    SpriteFrame {
        sprite: usize,
        frame: usize,
    },
    Background(usize),
    Clip(usize),
    Strings,
    /// The disassembly of one instruction blob.
    Code(usize),
    /// Chunk `i`'s records as JSON (`general.json`), or a split chunk's other
    /// fields (see [`layout::Place`]).
    Record(usize),
    /// Resource `index` of split chunk `chunk`, as JSON.
    Resource {
        chunk: usize,
        index: usize,
    },
    /// Compiled blob `blob` (see [`shaders::BLOBS`]) of shader `shader` in chunk
    /// `chunk`.
    ShaderBlob {
        chunk: usize,
        shader: usize,
        blob: usize,
    },
    /// Collision mask `mask` of sprite `sprite` in chunk `chunk`, as a 1-bit PNG.
    SpriteMask {
        chunk: usize,
        sprite: usize,
        mask: usize,
    },
    /// A chunk kept as stored: one the model does not read, or the repeat of a
    /// chunk name.
    Chunk(usize),
}

/// What entry paths are named from: the file's chunks and the names of the
/// resources they list.
pub struct Files<'g, 'a> {
    pub game: &'g FileView<'a>,
    pub model: &'g model::Game<'a>,
    /// Each chunk's place; `None` for a chunk kept as stored.
    places: Vec<Option<Place>>,
    /// Each chunk's resource names, by index.
    names: Vec<Vec<Option<&'g str>>>,
}

impl<'g, 'a> Files<'g, 'a> {
    pub fn new(game: &'g FileView<'a>) -> Self {
        let model = &game.model;
        let names = model
            .chunk_names()
            .into_iter()
            .map(Option::unwrap_or_default)
            .collect();
        Files {
            game,
            model,
            places: places(model),
            names,
        }
    }

    /// Chunk `i`'s place in the folder; `None` when it is kept as stored.
    pub fn place(&self, i: usize) -> Option<Place> {
        self.places[i]
    }

    /// The file of resource `index` of chunk `chunk`.
    pub fn resource(&self, chunk: usize, index: usize) -> String {
        self.places[chunk]
            .and_then(|p| p.resource(index, self.name(chunk, index)))
            .unwrap_or_default()
    }

    /// File `file` beside resource `index` of chunk `chunk` (see
    /// [`Place::in_resource`]).
    fn in_resource(&self, chunk: usize, index: usize, file: impl std::fmt::Display) -> String {
        self.places[chunk]
            .map(|p| p.in_resource(index, self.name(chunk, index), file))
            .unwrap_or_default()
    }

    fn name(&self, chunk: usize, index: usize) -> &str {
        self.names[chunk][index].unwrap_or_default()
    }
}

/// Each chunk's place in the folder; `None` for a chunk kept as stored: one the
/// model does not read, or the repeat of a chunk name, whose files would collide.
pub fn places(model: &model::Game<'_>) -> Vec<Option<Place>> {
    let mut seen = std::collections::HashSet::new();
    model
        .chunks
        .iter()
        .map(|p| {
            let first = seen.insert(p.name);
            let typed = !matches!(p.body, Body::Stored { .. });
            (typed && first).then(|| layout::place(p.name))
        })
        .collect()
}

pub fn audio_extension(b: &[u8]) -> &'static str {
    if vorbis::is_ogg(b) {
        "ogg"
    } else if b.starts_with(b"RIFF") {
        "wav"
    } else {
        "bin"
    }
}

pub fn path(files: &Files<'_, '_>, item: Item) -> String {
    let game = files.game;
    match item {
        Item::Page(i) => match game.pages()[i].format {
            PageFormat::Unknown => format!("textures/{i:03}.bin"),
            _ => format!("textures/{i:03}.png"),
        },
        Item::SpriteFrame { sprite, frame } => stem_path(
            "sprites",
            sprite,
            &game.sprites[sprite].name,
            format_args!("/{frame:03}.png"),
        ),
        Item::Background(i) => stem_path("backgrounds", i, &game.backgrounds[i].name, ".png"),
        Item::Clip(i) => {
            let name = game.clip_names.get(&(i as u32)).map_or("", String::as_str);
            let ext = audio_extension(game.clips[i].bytes);
            stem_path("audio", i, name, format_args!(".{ext}"))
        }
        Item::Strings => "strings.json".into(),
        Item::Record(i) => match files.place(i) {
            Some(Place::File(file)) => file.into(),
            Some(place) => place.rest().unwrap_or_default(),
            None => String::new(),
        },
        Item::Resource { chunk, index } => files.resource(chunk, index),
        Item::ShaderBlob {
            chunk,
            shader,
            blob,
        } => files.in_resource(chunk, shader, format_args!("{}.bin", shaders::BLOBS[blob])),
        Item::SpriteMask {
            chunk,
            sprite,
            mask,
        } => files.in_resource(
            chunk,
            sprite,
            crate::formats::gamemaker::pictures::masks::FileName(mask),
        ),
        Item::Code(k) => {
            let entries = &game.blob_entries()[k];
            let owner = entries
                .iter()
                .map(|&i| &game.code[i])
                .find(|e| e.start == 0)
                .unwrap_or(&game.code[entries[0]]);
            whole_stem_path("code", k, &owner.name, ".asm")
        }
        Item::Chunk(i) => layout::stored(i, game.form.chunks[i].name),
    }
}

/// Every entry, from headers and tables only: nothing is decoded.
pub fn items(files: &Files<'_, '_>) -> Vec<(Entry, Item)> {
    let game = files.game;
    let path_of = |item| path(files, item);
    let mut list = crate::assets::Listing::new(&path_of);
    // A page whose entry did not read is among the problems, not the entries.
    for (i, p) in game.pages().iter().enumerate().filter(|(_, p)| !p.missing) {
        let (w, h) =
            crate::formats::gamemaker::pictures::page_codecs::page_size(p).unwrap_or_default();
        let stored = p.blob.map_or(0, |b| b.len() as u64);
        let detail = if p.blob.is_some() {
            line(format_args!("{w}x{h}"))
        } else {
            "stored outside the file".into()
        };
        list.push(
            Item::Page(i),
            Kind::Image,
            (p.blob_offset, stored),
            u64::from(w) * u64::from(h) * 4,
            p.format.name(),
            detail,
        );
    }
    let frame = |ptr: u32| game.item(ptr).copied();
    for (s, sprite) in game.sprites.iter().enumerate() {
        for (f, &ptr) in sprite.items.iter().enumerate() {
            let Some(it) = frame(ptr) else { continue };
            let [bw, bh] = it.bounding;
            let detail = line(format_args!(
                "{bw}x{bh} from page {} at ({}, {})",
                it.page, it.source[0], it.source[1]
            ));
            list.push(
                Item::SpriteFrame {
                    sprite: s,
                    frame: f,
                },
                Kind::Sprite,
                (ptr.into(), 0),
                u64::from(bw) * u64::from(bh) * 4,
                "tpag",
                detail,
            );
        }
    }
    for (b, bg) in game.backgrounds.iter().enumerate() {
        let Some(it) = bg.items.first().and_then(|&p| frame(p)) else {
            continue;
        };
        let [bw, bh] = it.bounding;
        let detail = line(format_args!("{bw}x{bh} from page {}", it.page));
        list.push(
            Item::Background(b),
            Kind::Image,
            (bg.items[0].into(), 0),
            u64::from(bw) * u64::from(bh) * 4,
            "tpag",
            detail,
        );
    }
    // A clip that could not be read is left out; `game.problems` names it.
    for (i, c) in game.clips.iter().enumerate().filter(|(_, c)| c.offset != 0) {
        let ext = audio_extension(c.bytes);
        let detail = game
            .clip_names
            .get(&(i as u32))
            .cloned()
            .unwrap_or_default();
        list.push(
            Item::Clip(i),
            Kind::Sound,
            (c.offset, c.bytes.len() as u64),
            c.bytes.len() as u64,
            ext,
            detail,
        );
    }
    if let Some(c) = game.form.chunk(FourCC::STRG) {
        let n = game.texts().len();
        list.push(
            Item::Strings,
            Kind::Strings,
            (c.body_offset(), c.body.len() as u64),
            0,
            "utf-8",
            format!("{n} strings"),
        );
    }
    for (k, entries) in game.blob_entries().iter().enumerate() {
        let e = &game.code[entries[0]];
        let detail = line(format_args!("{} functions", entries.len()));
        list.push(
            Item::Code(k),
            Kind::Script,
            (e.blob, e.length.into()),
            e.length.into(),
            "bytecode",
            detail,
        );
    }
    for (i, (c, part)) in game.form.chunks.iter().zip(&files.model.chunks).enumerate() {
        chunk_entries(&mut list, files, i, c, &part.body);
    }
    list.entries
}

/// Chunk `i`'s JSON records, its shaders' blobs, or the chunk as stored.
fn chunk_entries(
    list: &mut crate::assets::Listing<'_, Item>,
    files: &Files<'_, '_>,
    i: usize,
    c: &crate::formats::gamemaker::binary::container::Chunk<'_>,
    body: &Body<'_>,
) {
    let place = (c.body_offset(), c.body.len() as u64);
    let json = |list: &mut crate::assets::Listing<'_, Item>, item, detail| {
        list.push(item, Kind::Table, place, 0, "json", detail)
    };
    match files.place(i) {
        None => list.push(
            Item::Chunk(i),
            Kind::Chunk,
            place,
            place.1,
            "raw",
            String::new(),
        ),
        Some(_) if matches!(body, Body::Empty) => {}
        Some(Place::None) => {}
        Some(Place::File(_)) => json(
            list,
            Item::Record(i),
            line(format_args!("{} as JSON", c.name)),
        ),
        Some(p @ Place::Split { .. }) => {
            if p.rest().is_some() {
                json(
                    list,
                    Item::Record(i),
                    line(format_args!("{} as JSON", c.name)),
                );
            }
            let slots = body.slots().unwrap_or_default();
            for index in (0..slots.len()).filter(|&k| slots[k]) {
                let name = files.names[i].get(index).copied().flatten();
                let detail = line(format_args!("{} {}", c.name, name.unwrap_or_default()));
                json(list, Item::Resource { chunk: i, index }, detail);
            }
            if let Body::Sprites(s) = body {
                let boxed = files.model.chunks[i].version >= MASKS_BOXED;
                for (sprite, sp) in s.sprites.iter().enumerate() {
                    let Some(sp) = sp else { continue };
                    let (w, h) = sp.mask_size(boxed);
                    for mask in 0..sp.masks.len() {
                        let item = Item::SpriteMask {
                            chunk: i,
                            sprite,
                            mask,
                        };
                        let detail = line(format_args!("{w}x{h} collision mask"));
                        let pixels = u64::from(w) * u64::from(h);
                        list.push(item, Kind::Image, place, pixels / 8, "png", detail);
                    }
                }
            }
            if let Body::Shaders(s) = body {
                for (shader, sh) in s.shaders.iter().enumerate() {
                    let Some(sh) = sh else { continue };
                    for (blob, b) in sh.blobs.iter().enumerate() {
                        let Some(b) = b else { continue };
                        let item = Item::ShaderBlob {
                            chunk: i,
                            shader,
                            blob,
                        };
                        list.push(
                            item,
                            Kind::File,
                            place,
                            b.len() as u64,
                            "raw",
                            shaders::BLOBS[blob].into(),
                        );
                    }
                }
            }
        }
    }
}
