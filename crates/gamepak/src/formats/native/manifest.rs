//! The `gamepak.toml` of an extracted game.bin: what `pack` needs beyond the assets.

use serde::{Deserialize, Serialize};

use super::items::Codec;
use super::model::{AudioKind, Layout};
use crate::Format;

#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: Format,
    pub layout: Layout,
    pub flags: u16,
    pub width: u16,
    pub height: u16,
    pub title: String,
    /// `--only` left entries out: the folder cannot be packed.
    pub partial: bool,
    /// CRC-32 of every chunk as read, to report which ones a pack changed.
    pub chunk_crc32: Vec<u32>,
    /// Set when the chunks do not fit the metadata: the file is kept as raw chunks,
    /// and packing concatenates them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raw_chunks: Vec<String>,
    pub script: Option<Stored>,
    pub sprite_table: Option<Stored>,
    pub atlas: Option<String>,
    #[serde(default)]
    pub frames: Vec<FrameFile>,
    pub background_table: Option<Stored>,
    #[serde(default)]
    pub backgrounds: Vec<String>,
    #[serde(default)]
    pub audio: Vec<AudioSet>,
}

/// A chunk extracted in plain form (the script, a table). When it was deflated, the
/// original stream is kept: an unchanged plain form packs back to those exact bytes,
/// since no other deflater reproduces Node's.
#[derive(Debug, Serialize, Deserialize)]
pub struct Stored {
    pub file: String,
    pub deflated: bool,
    /// CRC-32 of the plain form as extracted.
    pub crc32: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original: Option<String>,
}

/// A sprite frame's image; empty frames have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct FrameFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// CRC-32 of the PNG as extracted: a change means the atlas must be laid out again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crc32: Option<u32>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct AudioSet {
    pub kind: AudioKind,
    pub table: Stored,
    pub clips: Vec<ClipFile>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ClipFile {
    pub file: String,
    /// How the clip was stored: a WAV given for a Vorbis clip is encoded to Vorbis.
    pub codec: Codec,
}
