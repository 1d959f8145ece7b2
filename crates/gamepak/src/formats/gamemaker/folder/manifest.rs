//! The `gamepak.toml` of an extracted GameMaker file: the chunks in order and where
//! each one's records are, and what `pack` needs beyond the records and assets.

use serde::{Deserialize, Serialize};

use crate::bytes::Endian;
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::formats::gamemaker::views::page_blobs::PageFormat;
use crate::fourcc::FourCC;
use crate::Format;

#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: Format,
    /// `--only` left entries out: the folder cannot be packed.
    pub partial: bool,
    pub endian: Endian,
    /// What every chunk but the last is padded to.
    pub alignment: u64,
    /// The bytecode version, which some layouts follow.
    pub bytecode: u8,
    /// Every chunk in order.
    pub chunks: Vec<ChunkFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub textures: Option<Textures>,
    /// AUDO's clips, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audio: Option<Vec<ClipFile>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strings: Option<StringsFile>,
    /// `text.json` as extracted: the texts shown, apart from the names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<ClipFile>,
    /// Sprite frames and backgrounds, to put edits back on their pages.
    #[serde(default)]
    pub frames: Vec<FrameFile>,
    /// Each sprite mask's file as extracted: one edited since is drawn by hand, and
    /// kept when its sprite's frames change.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub masks: Vec<MaskFile>,
    /// Each instruction blob's disassembly, in blob order, and its stored size in
    /// [`Manifest::code_blobs`]: an edited one is assembled again (see `code_edit`).
    #[serde(default)]
    pub code: Vec<CodeFile>,
    /// Every instruction blob as stored, one after the other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code_blobs: Option<String>,
    /// Bytes after the FORM, as stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trailing: Option<String>,
    /// The audio group files found beside the game, each extracted into its own
    /// folder (which packs on its own too) and packed back beside the game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audio_groups: Vec<crate::assets::Companion>,
    /// GEN8's ids that pack keeps past every instance and tile, as extracted: a
    /// value in the folder other than these was set by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub derived: Option<Derived>,
    /// The releases that may have written the game, as its file showed them: pack
    /// compiles and links code for them without writing the file first to ask.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub releases: Option<Range>,
}

impl Manifest {
    /// Every file the manifest lists at `was`, or below it, listed at `now`: a
    /// resource's file or folder renamed.
    pub fn rename(&mut self, was: &str, now: &str) {
        let moved = |file: &mut String| {
            if let Some(rest) = file.strip_prefix(was) {
                if rest.is_empty() || rest.starts_with('/') {
                    *file = format!("{now}{rest}");
                }
            }
        };
        for c in &mut self.chunks {
            c.resources.iter_mut().for_each(moved);
        }
        self.frames.iter_mut().for_each(|f| moved(&mut f.file));
        self.masks.iter_mut().for_each(|f| moved(&mut f.file));
    }
}

/// GEN8's fields pack derives from the rooms, as extracted.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Derived {
    pub last_object_id: u32,
    pub last_tile_id: u32,
}

/// A file and its CRC-32 as extracted.
#[derive(Debug, Serialize, Deserialize)]
pub struct ClipFile {
    pub file: String,
    pub crc32: u32,
}

/// A disassembly, its CRC-32 as extracted and the size of its blob as stored, and
/// the GML written beside it with its CRC-32 (none where the code did not
/// decompile).
#[derive(Debug, Serialize, Deserialize)]
pub struct CodeFile {
    pub file: String,
    pub crc32: u32,
    pub size: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gml: Option<GmlFile>,
}

/// The GML of a blob's code, as extracted.
#[derive(Debug, Serialize, Deserialize)]
pub struct GmlFile {
    pub file: String,
    pub crc32: u32,
}

/// `strings.json`, and the table as extracted: a text edited in `strings.json`
/// keeps its place, and every record that named the old text names the new one.
#[derive(Debug, Serialize, Deserialize)]
pub struct StringsFile {
    pub file: String,
    pub crc32: u32,
    pub original: String,
    /// Whether each string starts on a 4-byte boundary.
    pub aligned: bool,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ChunkFile {
    pub name: FourCC,
    /// The name's bytes as stored (names need not be printable).
    pub raw: [u8; 4],
    /// Where the chunk's header was, which a chunk kept as stored must keep.
    pub offset: u64,
    /// The release whose layout the chunk is written in.
    pub version: Version,
    /// The chunk's JSON (a split chunk's other fields), or its stored bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// A chunk with no bytes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub empty: bool,
    /// Kept as stored: `file` holds its bytes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stored: bool,
    /// A split chunk's resource files in slot order, `""` for a null slot; files
    /// added to its folder come after them, in name order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<String>,
    /// The CRC-32 of each resource file as extracted (0 for a null slot), and
    /// of the chunk's JSON: what pack finds in a file still so was in the game,
    /// not the modder's doing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crc32s: Vec<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_crc32: Option<u32>,
}

impl Manifest {
    /// The CRC-32 each JSON file of the chunks had when it was extracted.
    pub fn extracted_crcs(&self) -> std::collections::HashMap<&str, u32> {
        let mut out = std::collections::HashMap::new();
        for c in &self.chunks {
            for (file, &crc) in c.resources.iter().zip(&c.crc32s) {
                if !file.is_empty() {
                    out.insert(file.as_str(), crc);
                }
            }
            if let (Some(file), Some(crc)) = (&c.file, c.file_crc32) {
                out.insert(file.as_str(), crc);
            }
        }
        out
    }
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Textures {
    /// The pages with a blob or stored outside the file, in TXTR's order.
    pub pages: Vec<PageFile>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct PageFile {
    /// The page as PNG; absent for a page stored outside the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    pub format: PageFormat,
    /// BZip2-QOI: the header carries the uncompressed length.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub with_length: bool,
    /// The stored blob of a page that is not PNG, used while its PNG is unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original: Option<String>,
    /// CRC-32 of the PNG as extracted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crc32: Option<u32>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct FrameFile {
    pub file: String,
    pub crc32: u32,
    pub page: u16,
    pub source: [u16; 4],
    pub target: [u16; 4],
    pub bounding: [u16; 2],
}

#[derive(Debug, Serialize, Deserialize)]
pub struct MaskFile {
    pub file: String,
    pub crc32: u32,
}
