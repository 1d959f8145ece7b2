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

/// The platform flag names by bit, bit 0 (the least significant) first. The header's
/// platform byte and SDRM's registered platforms both use these bits.
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

/// A SWAG file: its header (byte order, version, platform flags) and its sections in
/// file order.
#[derive(Debug, Clone, PartialEq)]
pub struct Swag<'a> {
    /// Byte order of every multi-byte number, told by which byte of the stored u16 version
    /// is nonzero: `0A 00` is little-endian, `00 0A` big-endian.
    pub endian: Endian,
    /// Format version, stored as a u16; only [`VERSION`] is read.
    pub version: u8,
    /// Platforms the game was built for, one bit each as named by [`PLATFORMS`].
    pub platforms: u8,
    /// The sections in file order (their count is stored as a u8).
    pub sections: Vec<Section<'a>>,
    /// Where each section lay, tag included, when read from a file; empty when built.
    pub spans: Vec<std::ops::Range<u64>>,
}

/// A byte string of the file (a sheet, a clip, a compressed stream) and where it was.
/// Two blobs are equal when their bytes are, wherever they were.
#[derive(Debug, Clone)]
pub struct Blob<'a> {
    /// The bytes as stored: borrowed from the input when read, owned when built.
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
    /// A blob that owns `bytes`, at offset 0, for a document being built.
    pub fn owned(bytes: Vec<u8>) -> Blob<'static> {
        Blob {
            bytes: Cow::Owned(bytes),
            offset: 0,
        }
    }
}

/// One section of the file, by its four-byte tag.
#[derive(Debug, Clone, PartialEq)]
pub enum Section<'a> {
    /// `CNFG`: game title, window settings and the initial state.
    Config(Config),
    /// `SDRM`: the copy protection type and its hash.
    Drm(Drm),
    /// `TXTR`: textures, each a list of frames cut out of the `TXST` sheets.
    Textures(Vec<Texture>),
    /// `SOND`: sounds, each streamed from a file or held in `AUDO`.
    Sounds(Vec<Sound>),
    /// `FONT`: fonts, each a system face name or an embedded TrueType file.
    Fonts(Vec<Font<'a>>),
    /// `CODE`: the compiled bytecode objects.
    Code(Vec<CodeObject>),
    /// `SCNE`: scenes, each a name and compressed data opaque to this library.
    Scenes(Vec<Scene<'a>>),
    /// `TXST`: texture sheets, each a PNG file stored as a u32 length and its bytes.
    Sheets(Vec<Blob<'a>>),
    /// `AUDO`: audio clips, each a u32 length and the clip's file bytes as stored.
    Audio(Vec<Blob<'a>>),
}

impl Section<'_> {
    /// The four-byte tag that introduces this section in the file.
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
    /// Game title.
    pub title: String,
    /// Window width, in pixels.
    pub width: u16,
    /// Window height, in pixels.
    pub height: u16,
    /// 1 to start full screen, 0 windowed.
    pub fullscreen: u8,
    /// 1 to wait for vertical sync, 0 not.
    pub vertical_sync: u8,
    /// 1 to show the mouse cursor, 0 to hide it.
    pub cursor_visible: u8,
    /// Anti-aliasing level: unlike the flags beside it, not a boolean.
    pub anti_aliasing: u8,
    /// Target frame rate, in frames per second.
    pub target_framerate: u8,
    /// Name of the state the game starts in.
    pub initial_state: String,
}

/// SDRM, by type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Drm {
    /// Type 0: no protection; nothing follows.
    None,
    /// Type 1: an alpha build, unlocked by a key.
    Alpha {
        /// SHA-1 of the key, as 40 lowercase hex characters.
        key_sha1: String,
    },
    /// Type 2: a free build, tied to one machine.
    Free {
        /// SHA-1 of the machine's hardware id, as 40 lowercase hex characters.
        hwid_sha1: String,
    },
    /// Type 3: a registered build, for some platforms.
    Registered {
        /// Platforms the registration covers, with the bits of the header's platform
        /// flags ([`PLATFORMS`]).
        platforms: u8,
        /// SHA-1 of the key, as 40 lowercase hex characters.
        key_sha1: String,
    },
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

/// One frame of a texture: where its pixels lie in a sheet. Its size is the texture's
/// width and height.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// 0-based index of the sheet in the first `TXST` section.
    pub sheet: u16,
    /// Left edge of the frame in the sheet, in pixels.
    pub x: u16,
    /// Top edge of the frame in the sheet, in pixels.
    pub y: u16,
}

/// A texture of `TXTR`: frames of one size cut out of the sheets, with its origin,
/// bounding box and collision mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Texture {
    /// Name by which the game refers to the texture.
    pub key: String,
    /// Width of every frame, in pixels.
    pub width: u16,
    /// Height of every frame, in pixels.
    pub height: u16,
    /// The frames in order (their count is stored as a u32).
    pub frames: Vec<Frame>,
    /// Origin point x, y, as binary32 floats; the spec gives no unit.
    pub origin: [f32; 2],
    /// Smooth flag (a one-byte boolean, 1 set): the spec gives only the name, which suggests
    /// filtering when the texture is scaled.
    pub smooth: u8,
    /// Left, top, right, bottom.
    pub bbox: [f32; 4],
    /// 0 none, 1 precise, 2 bounding box; other values are kept and reported.
    pub collision: u8,
    /// Lazy flag (a one-byte boolean, 1 set): the spec gives only the name, which suggests
    /// loading on first use.
    pub lazy: u8,
}

/// Where a sound's data is: the u8 mode and what follows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SoundSource {
    /// Mode 0: a file the engine streams from.
    Stream(String),
    /// Mode 1: an index into AUDO.
    Memory(u32),
}

/// A sound of `SOND`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sound {
    /// Name by which the game refers to the sound.
    pub key: String,
    /// A file to stream from, or a clip of `AUDO`.
    pub source: SoundSource,
}

/// Where a font's glyphs come from: the u8 type and what follows it.
#[derive(Debug, Clone, PartialEq)]
pub enum FontFace<'a> {
    /// Type 0: a font installed on the system, by face name.
    Referenced(String),
    /// Type 1: a TrueType file as a compressed stream.
    Compiled(Blob<'a>),
}

/// Font style bit 5: an outline block (colour, thickness) follows the style byte.
pub const STYLE_OUTLINE: u8 = 1 << 5;
/// Font style bit 6: a drop-shadow block follows, after the outline block when both
/// are set.
pub const STYLE_DROP_SHADOW: u8 = 1 << 6;
/// The font style bit names, bit 0 (the least significant) first.
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

/// A font's outline, present when style bit 5 is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outline {
    /// Outline colour, as bytes R, G, B, A.
    pub color: [u8; 4],
    /// Outline thickness (u16); the spec gives no unit.
    pub thickness: u16,
}

/// A font's drop shadow, present when style bit 6 is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropShadow {
    /// Shadow colour, as bytes R, G, B, A.
    pub color: [u8; 4],
    /// Shadow spread (i32); the spec gives no unit.
    pub spread: i32,
    /// Shadow offset x, y (i32 each); the spec gives no unit.
    pub offset: [i32; 2],
}

/// A font. The outline and drop-shadow blocks are present exactly when their style
/// bits are set: the writer derives the bits' presence from them.
#[derive(Debug, Clone, PartialEq)]
pub struct Font<'a> {
    /// Name by which the game refers to the font.
    pub key: String,
    /// A system font by face name, or an embedded TrueType file.
    pub face: FontFace<'a>,
    /// 1 to draw the font anti-aliased, 0 not (a one-byte boolean).
    pub anti_aliasing: u8,
    /// Font size (i32); the spec gives no unit.
    pub size: i32,
    /// Style bits other than outline and drop shadow.
    pub style: u8,
    /// Outline block: present exactly when style bit 5 ([`STYLE_OUTLINE`]) is set.
    pub outline: Option<Outline>,
    /// Drop-shadow block: present exactly when style bit 6 ([`STYLE_DROP_SHADOW`]) is set.
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

/// A scene of `SCNE`: a name and data opaque to this library.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene<'a> {
    /// Scene name.
    pub name: String,
    /// The compressed scene data as stored.
    pub data: Blob<'a>,
}

/// A value of the bytecode: a field's value or an instruction's operand.
#[derive(Debug, Clone, PartialEq)]
pub enum Variant {
    /// Tag 0: no value.
    Nil,
    /// Tag 1: a signed 64-bit integer.
    Integer(i64),
    /// Tag 2: an IEEE-754 binary64 float.
    Double(f64),
    /// Tag 3: a string (a u32 length and UTF-8 bytes).
    String(String),
    /// Tag 4: a u32 count and that many values, nested at most 64 deep.
    List(Vec<Variant>),
    /// Tag 5: an object; nothing follows the tag.
    Object,
}

/// 0 undefined, 1 class, 2 global, 3 entity, 4 state.
pub const OBJECT_TYPES: [&str; 5] = ["undefined", "class", "global", "entity", "state"];

/// A compiled object of `CODE`: its type, name, fields and methods.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeObject {
    /// Kept as stored: values past 4 are reported by `check`.
    pub kind: u8,
    /// Object name.
    pub name: String,
    /// The fields in file order, each a name and its value (their count is stored as a u16).
    pub fields: Vec<(String, Variant)>,
    /// The methods in file order (their count is stored as a u16).
    pub methods: Vec<Method>,
}

/// A method of a code object.
#[derive(Debug, Clone, PartialEq)]
pub struct Method {
    /// Method name.
    pub name: String,
    /// Number of arguments the method takes.
    pub arguments: u8,
    /// The instructions in order; the stored u32 length counts instructions, not bytes.
    pub code: Vec<Instruction>,
}

/// One bytecode instruction: an opcode and its operands.
#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    /// Opcode byte; its meaning and operand count come from the opcode table
    /// (`opcodes.toml` by default).
    pub opcode: u8,
    /// Operands, as many as the opcode table gives for this opcode.
    pub operands: Vec<Variant>,
}

impl Swag<'_> {
    /// The first section with this tag.
    pub fn section(&self, tag: FourCC) -> Option<&Section<'_>> {
        self.sections.iter().find(|s| s.tag() == tag)
    }

    /// The sheets (PNG files) of the first `TXST` section, which texture frames index; empty
    /// when there is none.
    pub fn sheets(&self) -> &[Blob<'_>] {
        match self.section(FourCC::TXST) {
            Some(Section::Sheets(v)) => v,
            _ => &[],
        }
    }

    /// The clips of the first `AUDO` section, which memory sounds index; empty when there is
    /// none.
    pub fn audio(&self) -> &[Blob<'_>] {
        match self.section(FourCC::AUDO) {
            Some(Section::Audio(v)) => v,
            _ => &[],
        }
    }
}
