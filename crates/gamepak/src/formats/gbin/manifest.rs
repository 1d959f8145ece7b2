//! The `gamepak.toml` of an extracted GBIN: the header and every table verbatim, so
//! that `pack` can rebuild the exact bytes; pixel data, colours, files, samples and
//! strings come back from the asset files beside it.

use crate::FourCC;
use serde::{Deserialize, Serialize};

use super::model::*;
use crate::Format;

#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: Format,
    /// The byte order and header of the package.
    pub header: Header,
    /// Whether the CRC field held a real CRC (recomputed on pack) or a placeholder.
    pub crc_is_real: bool,
    /// Set when `--only` left assets out: such a folder cannot be packed.
    #[serde(default)]
    pub partial: bool,
    pub chunks: Vec<ChunkEntry>,
    /// Bytes after the last chunk, as hex.
    #[serde(default)]
    pub trailing: String,
}

/// One chunk, in file order.
#[derive(Debug, Serialize, Deserialize)]
pub struct ChunkEntry {
    /// FourCC, as text when printable, else as 8 hex digits.
    pub id: String,
    /// CRC-32 of the original payload, to tell which chunks an edit changed.
    pub crc32: u32,
    #[serde(flatten)]
    pub body: BodyEntry,
}

/// A chunk's contents: tables verbatim; blobs by length, with an optional file of
/// the bytes that no asset file covers (omitted when those bytes are all zero).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BodyEntry {
    Blob {
        len: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        residue: Option<String>,
    },
    SourceImages {
        entries: Vec<SourceImage>,
        tail: String,
    },
    Images {
        version: ImagVersion,
        entries: Vec<Image>,
        tail: String,
    },
    Groups {
        entries: Vec<Group>,
        tail: String,
    },
    Sequences {
        entries: Vec<Sequence>,
        tail: String,
    },
    Frames {
        entries: Vec<Frame>,
        tail: String,
    },
    Tilesets {
        entries: Vec<Tileset>,
        tail: String,
    },
    Tilemaps {
        entries: Vec<TilemapEntry>,
        tail: String,
    },
    TilemapInline {
        /// Its own table: the map has an `id` of its own beside the chunk's.
        map: TilemapHead,
        /// The indices and blocks, stored raw.
        data: String,
        index_len: u64,
    },
    ColourMaps {
        entries: Vec<ColourMapEntry>,
        tail: String,
    },
    ColourMapInline {
        #[serde(flatten)]
        head: ColourMapHead,
        tail: String,
    },
    Files {
        entries: Vec<FileEntry>,
        tail: String,
    },
    FileInline {
        #[serde(flatten)]
        head: FileHead,
        name: String,
        name_len: u8,
        /// Bytes after the file's data (its padding).
        tail: String,
    },
    Strings {
        language: [u8; 4],
        reserved: u16,
        entries: Vec<(u16, u16)>,
        data_len: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        residue: Option<String>,
    },
    Sounds {
        entries: Vec<SoundSample>,
        tail: String,
    },
}

pub use crate::bytes::{from_hex, to_hex};

/// A chunk id as the manifest stores it: its text when every byte is a letter or a
/// digit, hex otherwise (stricter than [`FourCC`]'s display, and kept so that
/// manifests already written read the same).
pub fn id_text(id: FourCC) -> String {
    if id.0.iter().all(u8::is_ascii_alphanumeric) {
        String::from_utf8_lossy(&id.0).into_owned()
    } else {
        to_hex(&id.0)
    }
}

pub fn id_from_text(s: &str) -> Option<FourCC> {
    let b = if s.len() == 4 {
        s.as_bytes().to_vec()
    } else {
        from_hex(s)?
    };
    b.try_into().ok().map(FourCC)
}
