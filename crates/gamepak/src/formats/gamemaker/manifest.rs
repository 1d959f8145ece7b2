//! The `gamepak.toml` of an extracted GameMaker file: what `pack` needs beyond the
//! asset files.

use serde::{Deserialize, Serialize};

use super::txtr::PageFormat;
use crate::bytes::Endian;
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
    /// Every chunk in order. TXTR and AUDO are rebuilt from their assets when the
    /// manifest describes them; every other chunk is its file, as stored.
    pub chunks: Vec<ChunkFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub textures: Option<Textures>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audio: Option<Vec<ClipFile>>,
    /// The strings as JSON, written back into STRG in place when changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strings: Option<ClipFile>,
    /// Sprite frames and backgrounds, to put edits back on their pages.
    #[serde(default)]
    pub frames: Vec<FrameFile>,
    /// Each instruction blob's disassembly, in blob order: an edited one is packed
    /// back in place (see `code_edit`).
    #[serde(default)]
    pub code: Vec<ClipFile>,
    /// The resource views as extracted. They are views of chunks packed as stored:
    /// one the user has not touched is not compared with the packed file, which may
    /// differ only because of another edit (a renamed string).
    #[serde(default)]
    pub views: Vec<ClipFile>,
    /// The audio group files found beside the game, each extracted into its own
    /// folder (which packs on its own too) and packed back beside the game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audio_groups: Vec<crate::assets::Companion>,
}

/// An asset file and its CRC-32 as extracted.
#[derive(Debug, Serialize, Deserialize)]
pub struct ClipFile {
    pub file: String,
    pub crc32: u32,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ChunkFile {
    pub name: FourCC,
    /// The name's bytes as stored (names need not be printable).
    pub raw: [u8; 4],
    /// Where the chunk's header was: a stored chunk cannot move, since pointers into
    /// it and out of it are not rewritten.
    pub offset: u64,
    /// The stored chunk; absent for TXTR and AUDO rebuilt from their assets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Textures {
    pub entry_size: usize,
    pub pages: Vec<PageFile>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct PageFile {
    /// The entry's fields before its blob pointer.
    pub fields: Vec<u32>,
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
