//! What a SWAG file holds as entries, and where each goes in an extracted folder.
//!
//! Names from the file (texture keys, font keys) become part of a path only after
//! [`crate::io::file_stem`] has reduced them to safe characters behind an index, so no name reaches
//! outside the folder or collides with another.

use super::model::*;
use crate::assets::Kind;
use crate::codec::vorbis;
use crate::io::file_stem as stem;
use crate::Entry;
use crate::FourCC;

/// The file describing the document in an extracted or source folder.
pub const DOCUMENT: &str = "swag.toml";
/// The opcode table an extracted folder was read with.
pub const OPCODES: &str = "opcodes.toml";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// The document: header, configuration, DRM, tables.
    Document,
    Sheet {
        section: usize,
        index: usize,
    },
    Frame {
        section: usize,
        texture: usize,
        frame: usize,
    },
    Clip {
        section: usize,
        index: usize,
    },
    Font {
        section: usize,
        index: usize,
    },
    Scene {
        section: usize,
        index: usize,
    },
    Code {
        section: usize,
        index: usize,
    },
}

/// The folder for a section's assets: its usual name, numbered when the tag repeats.
pub fn folder(doc: &Swag<'_>, section: usize) -> String {
    let tag = doc.sections[section].tag();
    let base = match tag {
        FourCC::TXST => "sheets",
        FourCC::TXTR => "textures",
        FourCC::AUDO => "audio",
        FourCC::FONT => "fonts",
        FourCC::SCNE => "scenes",
        FourCC::CODE => "code",
        other => return other.to_string().to_ascii_lowercase(),
    };
    let repeat = doc.sections[..section]
        .iter()
        .filter(|s| s.tag() == tag)
        .count();
    if repeat == 0 {
        base.to_string()
    } else {
        format!("{base}-{}", repeat + 1)
    }
}

/// The file extension for stored audio, from its first bytes.
pub fn audio_extension(b: &[u8]) -> &'static str {
    if vorbis::is_ogg(b) {
        "ogg"
    } else if b.starts_with(b"RIFF") {
        "wav"
    } else if b.starts_with(b"fLaC") {
        "flac"
    } else if b.starts_with(b"ID3") || (b.len() > 1 && b[0] == 0xff && b[1] & 0xe0 == 0xe0) {
        "mp3"
    } else {
        "bin"
    }
}

impl Item {
    /// The section the item comes from; `None` for the document.
    pub fn section(self) -> Option<usize> {
        match self {
            Item::Document => None,
            Item::Sheet { section, .. }
            | Item::Frame { section, .. }
            | Item::Clip { section, .. }
            | Item::Font { section, .. }
            | Item::Scene { section, .. }
            | Item::Code { section, .. } => Some(section),
        }
    }
}

pub fn path(doc: &Swag<'_>, item: Item) -> String {
    let Some(section) = item.section() else {
        return DOCUMENT.into();
    };
    let file = match (item, &doc.sections[section]) {
        (Item::Sheet { index, .. }, _) => format!("{index:03}.png"),
        (Item::Frame { texture, frame, .. }, Section::Textures(t)) => {
            format!("{}/{frame:03}.png", stem(texture, &t[texture].key))
        }
        (Item::Clip { index, .. }, Section::Audio(a)) => {
            format!("{index:03}.{}", audio_extension(&a[index].bytes))
        }
        (Item::Font { index, .. }, Section::Fonts(f)) => {
            format!("{}.ttf", stem(index, &f[index].key))
        }
        (Item::Scene { index, .. }, Section::Scenes(s)) => {
            format!("{}.bin", stem(index, &s[index].name))
        }
        (Item::Code { index, .. }, Section::Code(c)) => {
            format!("{}.swasm", stem(index, &c[index].name))
        }
        _ => unreachable!("items name sections of their own kind"),
    };
    format!("{}/{file}", folder(doc, section))
}

/// Every entry, from the document alone: nothing is inflated or decoded.
pub fn items(doc: &Swag<'_>) -> Vec<(Entry, Item)> {
    let span = |s: usize| doc.spans.get(s).map_or(0..0, |r| r.clone());
    let place = |b: &Blob| (b.offset, b.bytes.len() as u64);
    let path_of = |item| path(doc, item);
    let mut list = crate::assets::Listing::new(&path_of);
    let tags: Vec<String> = doc.sections.iter().map(|s| s.tag().to_string()).collect();
    let detail = format!("header, {}", tags.join(" "));
    list.push(Item::Document, Kind::Table, (0, 0), 0, "toml", detail);
    let sheets = doc.sheets();
    for (section, s) in doc.sections.iter().enumerate() {
        match s {
            Section::Sheets(v) => {
                for (index, b) in v.iter().enumerate() {
                    let detail = crate::codec::png::dimensions(&b.bytes)
                        .map_or("not a PNG".into(), |(w, h)| format!("{w}x{h}"));
                    let item = Item::Sheet { section, index };
                    list.push(
                        item,
                        Kind::Image,
                        place(b),
                        b.bytes.len() as u64,
                        "png",
                        detail,
                    );
                }
            }
            Section::Textures(v) => {
                for (texture, t) in v.iter().enumerate() {
                    for (frame, f) in t.frames.iter().enumerate() {
                        let item = Item::Frame {
                            section,
                            texture,
                            frame,
                        };
                        let detail = format!(
                            "{}x{} from sheet {} at ({}, {})",
                            t.width, t.height, f.sheet, f.x, f.y
                        );
                        let size = u64::from(t.width) * u64::from(t.height) * 4;
                        let sheet = sheets.get(f.sheet as usize).map_or((0, 0), place);
                        list.push(item, Kind::Image, sheet, size, "png crop", detail);
                    }
                }
            }
            Section::Audio(v) => {
                for (index, b) in v.iter().enumerate() {
                    let ext = audio_extension(&b.bytes);
                    let item = Item::Clip { section, index };
                    list.push(
                        item,
                        Kind::Sound,
                        place(b),
                        b.bytes.len() as u64,
                        ext,
                        String::new(),
                    );
                }
            }
            Section::Fonts(v) => {
                for (index, f) in v.iter().enumerate() {
                    if let FontFace::Compiled(b) = &f.face {
                        let wrapping = crate::codec::zlib::Wrapping::of(&b.bytes).name();
                        let detail = format!("TrueType, {} pt", f.size);
                        list.push(
                            Item::Font { section, index },
                            Kind::File,
                            place(b),
                            0,
                            wrapping,
                            detail,
                        );
                    }
                }
            }
            Section::Scenes(v) => {
                for (index, sc) in v.iter().enumerate() {
                    let wrapping = crate::codec::zlib::Wrapping::of(&sc.data.bytes).name();
                    let item = Item::Scene { section, index };
                    list.push(
                        item,
                        Kind::File,
                        place(&sc.data),
                        0,
                        wrapping,
                        sc.name.clone(),
                    );
                }
            }
            Section::Code(v) => {
                let at = span(section);
                for (index, o) in v.iter().enumerate() {
                    let kind = OBJECT_TYPES.get(o.kind as usize).copied().unwrap_or("?");
                    let detail = format!(
                        "{kind} {}: {} fields, {} methods",
                        o.name,
                        o.fields.len(),
                        o.methods.len()
                    );
                    list.push(
                        Item::Code { section, index },
                        Kind::Script,
                        (at.start, 0),
                        0,
                        "bytecode",
                        detail,
                    );
                }
            }
            Section::Config(_) | Section::Drm(_) | Section::Sounds(_) => {}
        }
    }
    list.entries
}
