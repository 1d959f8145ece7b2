//! The typed document of a SWAG file: what the reader gives and the writer takes.
//!
//! Blobs (sheets, audio, compressed streams) borrow from the input when read, so
//! listing a large file copies none of them; they are owned when a document is built.

use crate::FourCC;
use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::bytes::Endian;

/// The only version this module reads and writes.
pub const VERSION: u8 = 10;

pub const PLATFORMS: [&str; 8] = [
    "Windows",
    "Mac OS X",
    "Linux",
    "Android",
    "iOS",
    "HTML5",
    "Undefined",
    "Unknown",
];

/// The names of the bits set in a platform flag byte.
pub fn platform_names(flags: u8) -> Vec<&'static str> {
    (0..8)
        .filter(|b| flags & (1 << b) != 0)
        .map(|b| PLATFORMS[b])
        .collect()
}

#[derive(Debug, Clone, PartialEq)]
pub struct Swag<'a> {
    pub endian: Endian,
    pub version: u8,
    pub platforms: u8,
    pub sections: Vec<Section<'a>>,
    /// Where each section lay, tag included, when read from a file; empty when built.
    pub spans: Vec<std::ops::Range<u64>>,
}

/// A byte string of the file (a sheet, a clip, a compressed stream) and where it was.
/// Two blobs are equal when their bytes are, wherever they were.
#[derive(Debug, Clone)]
pub struct Blob<'a> {
    pub bytes: Cow<'a, [u8]>,
    /// Absolute offset of the bytes when read from a file; 0 when built.
    pub offset: u64,
}

impl PartialEq for Blob<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<'a> Blob<'a> {
    pub fn owned(bytes: Vec<u8>) -> Blob<'static> {
        Blob {
            bytes: Cow::Owned(bytes),
            offset: 0,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Section<'a> {
    Config(Config),
    Drm(Drm),
    Textures(Vec<Texture>),
    Sounds(Vec<Sound>),
    Fonts(Vec<Font<'a>>),
    Code(Vec<CodeObject>),
    Scenes(Vec<Scene<'a>>),
    Sheets(Vec<Blob<'a>>),
    Audio(Vec<Blob<'a>>),
}

impl Section<'_> {
    pub fn tag(&self) -> FourCC {
        match self {
            Section::Config(_) => FourCC::CNFG,
            Section::Drm(_) => FourCC::SDRM,
            Section::Textures(_) => FourCC::TXTR,
            Section::Sounds(_) => FourCC::SOND,
            Section::Fonts(_) => FourCC::FONT,
            Section::Code(_) => FourCC::CODE,
            Section::Scenes(_) => FourCC::SCNE,
            Section::Sheets(_) => FourCC::TXST,
            Section::Audio(_) => FourCC::AUDO,
        }
    }

    /// How many records the section holds (1 for CNFG and SDRM).
    pub fn count(&self) -> usize {
        match self {
            Section::Config(_) | Section::Drm(_) => 1,
            Section::Textures(v) => v.len(),
            Section::Sounds(v) => v.len(),
            Section::Fonts(v) => v.len(),
            Section::Code(v) => v.len(),
            Section::Scenes(v) => v.len(),
            Section::Sheets(v) | Section::Audio(v) => v.len(),
        }
    }
}

/// CNFG. The one-byte booleans keep their stored value: `check` reports any but 0 or 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Config {
    pub title: String,
    pub width: u16,
    pub height: u16,
    pub fullscreen: u8,
    pub vertical_sync: u8,
    pub cursor_visible: u8,
    pub anti_aliasing: u8,
    pub target_framerate: u8,
    pub initial_state: String,
}

/// SDRM, by type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Drm {
    None,
    Alpha { key_sha1: String },
    Free { hwid_sha1: String },
    Registered { platforms: u8, key_sha1: String },
}

impl Drm {
    /// The SHA-1 string the type carries.
    pub fn hash(&self) -> Option<&str> {
        match self {
            Drm::None => None,
            Drm::Alpha { key_sha1 } | Drm::Registered { key_sha1, .. } => Some(key_sha1),
            Drm::Free { hwid_sha1 } => Some(hwid_sha1),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    pub sheet: u16,
    pub x: u16,
    pub y: u16,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Texture {
    pub key: String,
    pub width: u16,
    pub height: u16,
    pub frames: Vec<Frame>,
    pub origin: [f32; 2],
    pub smooth: u8,
    /// Left, top, right, bottom.
    pub bbox: [f32; 4],
    /// 0 none, 1 precise, 2 bounding box; other values are kept and reported.
    pub collision: u8,
    pub lazy: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SoundSource {
    /// Mode 0: a file the engine streams from.
    Stream(String),
    /// Mode 1: an index into AUDO.
    Memory(u32),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sound {
    pub key: String,
    pub source: SoundSource,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FontFace<'a> {
    /// Type 0: a font installed on the system, by face name.
    Referenced(String),
    /// Type 1: a TrueType file as a compressed stream.
    Compiled(Blob<'a>),
}

pub const STYLE_OUTLINE: u8 = 1 << 5;
pub const STYLE_DROP_SHADOW: u8 = 1 << 6;
pub const STYLES: [&str; 8] = [
    "bold",
    "italic",
    "underline",
    "overline",
    "strikethrough",
    "outline",
    "dropshadow",
    "undefined",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outline {
    pub color: [u8; 4],
    pub thickness: u16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropShadow {
    pub color: [u8; 4],
    pub spread: i32,
    pub offset: [i32; 2],
}

/// A font. The outline and drop-shadow blocks are present exactly when their style
/// bits are set: the writer derives the bits' presence from them.
#[derive(Debug, Clone, PartialEq)]
pub struct Font<'a> {
    pub key: String,
    pub face: FontFace<'a>,
    pub anti_aliasing: u8,
    pub size: i32,
    /// Style bits other than outline and drop shadow.
    pub style: u8,
    pub outline: Option<Outline>,
    pub drop_shadow: Option<DropShadow>,
}

impl Font<'_> {
    /// The style byte as stored.
    pub fn style_byte(&self) -> u8 {
        let mut s = self.style & !(STYLE_OUTLINE | STYLE_DROP_SHADOW);
        if self.outline.is_some() {
            s |= STYLE_OUTLINE;
        }
        if self.drop_shadow.is_some() {
            s |= STYLE_DROP_SHADOW;
        }
        s
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Scene<'a> {
    pub name: String,
    /// The compressed scene data as stored.
    pub data: Blob<'a>,
}

/// A value of the bytecode: a field's value or an instruction's operand.
#[derive(Debug, Clone, PartialEq)]
pub enum Variant {
    Nil,
    Integer(i64),
    Double(f64),
    String(String),
    List(Vec<Variant>),
    Object,
}

/// 0 undefined, 1 class, 2 global, 3 entity, 4 state.
pub const OBJECT_TYPES: [&str; 5] = ["undefined", "class", "global", "entity", "state"];

#[derive(Debug, Clone, PartialEq)]
pub struct CodeObject {
    /// Kept as stored: values past 4 are reported by `check`.
    pub kind: u8,
    pub name: String,
    pub fields: Vec<(String, Variant)>,
    pub methods: Vec<Method>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Method {
    pub name: String,
    pub arguments: u8,
    pub code: Vec<Instruction>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    pub opcode: u8,
    pub operands: Vec<Variant>,
}

impl Swag<'_> {
    /// The first section with this tag.
    pub fn section(&self, tag: FourCC) -> Option<&Section<'_>> {
        self.sections.iter().find(|s| s.tag() == tag)
    }

    pub fn sheets(&self) -> &[Blob<'_>] {
        match self.section(FourCC::TXST) {
            Some(Section::Sheets(v)) => v,
            _ => &[],
        }
    }

    pub fn audio(&self) -> &[Blob<'_>] {
        match self.section(FourCC::AUDO) {
            Some(Section::Audio(v)) => v,
            _ => &[],
        }
    }
}
