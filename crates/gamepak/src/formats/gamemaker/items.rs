//! What a GameMaker file holds as entries, and where each goes in an extracted folder.

use super::game::Game;
use super::txtr::{Page, PageFormat};
use crate::assets::Kind;
use crate::codec::vorbis;
use crate::fourcc::FourCC;
use crate::io::file_stem;
use crate::Entry;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Page(usize),
    SpriteFrame {
        sprite: usize,
        frame: usize,
    },
    Background(usize),
    Clip(usize),
    Strings,
    /// The disassembly of one instruction blob (a view: not packed).
    Code(usize),
    /// A resource chunk as JSON, by its index in [`super::resources::VIEWS`] (a view:
    /// not packed).
    View(usize),
    /// A chunk kept as stored (every chunk but TXTR and AUDO).
    Chunk(usize),
}

/// Width and height from a page's header, without decoding it.
pub fn page_size(p: &Page<'_>) -> Option<(u32, u32)> {
    let b = p.blob?;
    match p.format {
        PageFormat::Png => crate::codec::png::dimensions(b),
        PageFormat::Qoi | PageFormat::Bz2Qoi => {
            let w = u16::from_le_bytes([*b.get(4)?, *b.get(5)?]);
            let h = u16::from_le_bytes([*b.get(6)?, *b.get(7)?]);
            Some((w.into(), h.into()))
        }
        PageFormat::Unknown => None,
    }
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

pub fn path(game: &Game<'_>, item: Item) -> String {
    match item {
        Item::Page(i) => match game.pages()[i].format {
            PageFormat::Unknown => format!("textures/{i:03}.bin"),
            _ => format!("textures/{i:03}.png"),
        },
        Item::SpriteFrame { sprite, frame } => format!(
            "sprites/{}/{frame:03}.png",
            file_stem(sprite, &game.sprites[sprite].name)
        ),
        Item::Background(i) => format!(
            "backgrounds/{}.png",
            file_stem(i, &game.backgrounds[i].name)
        ),
        Item::Clip(i) => {
            let name = game.clip_names.get(&(i as u32)).map_or("", String::as_str);
            format!(
                "audio/{}.{}",
                file_stem(i, name),
                audio_extension(game.clips[i].bytes)
            )
        }
        Item::Strings => "strings.json".into(),
        Item::View(k) => super::resources::VIEWS[k].file.into(),
        Item::Code(k) => {
            let entries = &game.blob_entries()[k];
            let owner = entries
                .iter()
                .map(|&i| &game.code[i])
                .find(|e| e.start == 0)
                .unwrap_or(&game.code[entries[0]]);
            format!("code/{}.asm", file_stem(k, &owner.name))
        }
        Item::Chunk(i) => format!(
            "chunks/{}.bin",
            file_stem(i, &game.form.chunks[i].name.to_string())
        ),
    }
}

/// Every entry, from headers and tables only: nothing is decoded.
pub fn items(game: &Game<'_>) -> Vec<(Entry, Item)> {
    let path_of = |item| path(game, item);
    let mut list = crate::assets::Listing::new(&path_of);
    for (i, p) in game.pages().iter().enumerate() {
        let (w, h) = page_size(p).unwrap_or_default();
        let stored = p.blob.map_or(0, |b| b.len() as u64);
        let detail = if p.blob.is_some() {
            format!("{w}x{h}")
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
            let detail = format!(
                "{bw}x{bh} from page {} at ({}, {})",
                it.page, it.source[0], it.source[1]
            );
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
        let detail = format!("{bw}x{bh} from page {}", it.page);
        list.push(
            Item::Background(b),
            Kind::Image,
            (bg.items[0].into(), 0),
            u64::from(bw) * u64::from(bh) * 4,
            "tpag",
            detail,
        );
    }
    for (i, c) in game.clips.iter().enumerate() {
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
        let n = game.strings.len();
        list.push(
            Item::Strings,
            Kind::Strings,
            (c.body_offset(), c.body.len() as u64),
            0,
            "utf-8",
            format!("{n} strings"),
        );
    }
    for (k, view) in super::resources::VIEWS.iter().enumerate() {
        if let Some(c) = game.form.chunk(view.chunk) {
            let n = c.body.len() as u64;
            list.push(
                Item::View(k),
                Kind::Table,
                (c.body_offset(), n),
                0,
                "json",
                format!("{} as JSON", view.chunk),
            );
        }
    }
    for (k, entries) in game.blob_entries().iter().enumerate() {
        let e = &game.code[entries[0]];
        let detail = format!("{} functions", entries.len());
        list.push(
            Item::Code(k),
            Kind::Script,
            (e.blob, e.length.into()),
            e.length.into(),
            "bytecode",
            detail,
        );
    }
    for (i, c) in game.form.chunks.iter().enumerate() {
        if c.name != FourCC::TXTR && c.name != FourCC::AUDO {
            let n = c.body.len() as u64;
            list.push(
                Item::Chunk(i),
                Kind::Chunk,
                (c.body_offset(), n),
                n,
                "raw",
                String::new(),
            );
        }
    }
    list.entries
}
