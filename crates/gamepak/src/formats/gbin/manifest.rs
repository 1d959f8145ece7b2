//! The `gamepak.toml` of an extracted GBIN: the header and every table verbatim, so
//! that `pack` can rebuild the exact bytes; pixel data, colours, files, samples and
//! strings come back from the asset files beside it.
//!
//! A chunk's entry is made from the list of bodies in `model.rs` ([`bodies!`]), so
//! that no body is declared twice: every plain body is a `blob` (its chunk id says
//! which body it is again), and every decoded one is tagged with its `kind` and holds
//! its parameter and what [`Stored`] keeps of its payload.

use std::borrow::Cow;

use crate::FourCC;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::model::*;
use super::views;
use crate::io::SourceDir;
use crate::{Error, Format, Result};

/// The folder, under the extracted folder, for bytes no asset file holds.
pub const RESIDUE_DIR: &str = "raw";

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

/// Makes [`BodyEntry`] from the list [`bodies!`] gives.
macro_rules! body_entries {
    (
        bytes { $($(#[$bytes_doc:meta])* $bytes:ident = $id:ident,)* }
        $(#[$other_doc:meta])* other $other:ident,
        decoded {$(
            $(#[$doc:meta])*
            $name:ident $([$param:ident: $param_ty:ty])? ($payload:ident $(<$arg:ty>)?) = $kind:literal,
        )*}
    ) => {
        /// A chunk's contents: tables verbatim; blobs by length, with an optional file
        /// of the bytes that no asset file covers (omitted when those bytes are all zero).
        #[derive(Debug, Serialize, Deserialize)]
        #[serde(tag = "kind")]
        pub enum BodyEntry {
            /// Any body kept as plain bytes.
            #[serde(rename = "blob")]
            Blob(Blob),
            $(
                $(#[$doc])*
                #[serde(rename = $kind)]
                $name {
                    $($param: $param_ty,)?
                    #[serde(flatten)]
                    payload: <$payload<'static $(, $arg)?> as Stored>::Entry,
                },
            )*
        }

        impl BodyEntry {
            /// A body's entry; `residues` keeps what no asset file holds of its blob.
            pub fn store(body: &Body<'_>, residues: &mut Residues<'_>) -> Self {
                match body {
                    plain_bytes!(b) => BodyEntry::Blob(Stored::store(b, residues)),
                    $(Body::$name($($param,)? payload) => BodyEntry::$name {
                        $($param: *$param,)?
                        payload: Stored::store(payload, residues),
                    },)*
                }
            }

            /// The body of a chunk with this id again, reading its residue from `dir`.
            /// What asset files hold is zeros (or absent) until pack lays it in.
            pub fn load(&self, id: FourCC, dir: &SourceDir) -> Result<Body<'static>> {
                Ok(match self {
                    BodyEntry::Blob(b) => Body::plain(id, Stored::load(b, dir)?),
                    $(BodyEntry::$name { $($param,)? payload } => {
                        Body::$name($(*$param,)? Stored::load(payload, dir)?)
                    })*
                })
            }
        }
    };
}
bodies!(body_entries);

/// How a payload is kept in the manifest.
pub trait Stored: Sized {
    /// Its fields in a chunk's entry, after the chunk's id, CRC and kind.
    type Entry: Serialize + DeserializeOwned;
    fn store(&self, residues: &mut Residues<'_>) -> Self::Entry;
    fn load(entry: &Self::Entry, dir: &SourceDir) -> Result<Self>;
}

/// What extraction keeps of one chunk's blob besides its asset files: the bytes none
/// of them holds, as a file under [`RESIDUE_DIR`], and only when one of those bytes is
/// not zero.
pub struct Residues<'f> {
    /// The file's name: the chunk's index and id.
    name: String,
    /// The ranges of the blob that asset files hold.
    covered: Vec<(u64, u64)>,
    /// The residue files made so far, by name.
    files: &'f mut Vec<(String, Vec<u8>)>,
}

impl<'f> Residues<'f> {
    /// The residue of chunk `index`, whose blob's `covered` ranges asset files hold,
    /// added to `files` when there is one.
    pub fn new(
        index: usize,
        id: FourCC,
        covered: Vec<(u64, u64)>,
        files: &'f mut Vec<(String, Vec<u8>)>,
    ) -> Self {
        Residues {
            name: format!("{index:03}_{}.bin", id_text(id)),
            covered,
            files,
        }
    }

    /// The name of the file keeping what no asset file holds of `blob`, if anything.
    fn keep(&mut self, blob: &[u8]) -> Option<String> {
        let runs = views::residue_runs(blob, &mut self.covered);
        if runs.is_empty() {
            return None;
        }
        self.files
            .push((self.name.clone(), views::residue(blob, &runs)));
        Some(self.name.clone())
    }
}

/// A residue again: the file's bytes, or zeros when there is no file.
fn residue(dir: &SourceDir, len: u64, name: &Option<String>) -> Result<Cow<'static, [u8]>> {
    let Some(name) = name else {
        let len = usize::try_from(len).map_err(|_| Error::at("gamepak.toml", "blob too large"))?;
        return Ok(Cow::Owned(vec![0; len]));
    };
    let file = format!("{RESIDUE_DIR}/{name}");
    let data = dir.read(&file)?;
    if data.len() as u64 != len {
        return Err(Error::at(
            dir.shown(&file),
            format!("holds {} bytes, the manifest says {len}", data.len()),
        ));
    }
    Ok(Cow::Owned(data))
}

/// Bytes the manifest holds as hex; `what` names them in the error.
pub fn hex(s: &str, what: &str) -> Result<Cow<'static, [u8]>> {
    from_hex(s)
        .map(Cow::Owned)
        .ok_or_else(|| Error::at("gamepak.toml", format!("{what} is not hex")))
}

/// A plain body: its length, and the file of the bytes no asset file holds.
#[derive(Debug, Serialize, Deserialize)]
pub struct Blob {
    len: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    residue: Option<String>,
}

impl Stored for Cow<'_, [u8]> {
    type Entry = Blob;

    fn store(&self, residues: &mut Residues<'_>) -> Blob {
        Blob {
            len: self.len() as u64,
            residue: residues.keep(self),
        }
    }

    fn load(b: &Blob, dir: &SourceDir) -> Result<Self> {
        residue(dir, b.len, &b.residue)
    }
}

/// A table: its entries, and the bytes after the last one.
#[derive(Debug, Serialize, Deserialize)]
pub struct TableEntry<T> {
    entries: Vec<T>,
    tail: String,
}

impl<T: Clone + Serialize + DeserializeOwned> Stored for Table<'_, T> {
    type Entry = TableEntry<T>;

    fn store(&self, _: &mut Residues<'_>) -> TableEntry<T> {
        TableEntry {
            entries: self.entries.clone(),
            tail: to_hex(&self.tail),
        }
    }

    fn load(t: &TableEntry<T>, _: &SourceDir) -> Result<Self> {
        Ok(Table {
            entries: t.entries.clone(),
            tail: hex(&t.tail, "a table tail")?,
        })
    }
}

/// A seed tile map.
#[derive(Debug, Serialize, Deserialize)]
pub struct TilemapInlineEntry {
    /// Its own table: the map has an `id` of its own beside the chunk's.
    map: TilemapHead,
    /// The indices and blocks, stored raw.
    data: String,
    index_len: u64,
}

impl Stored for TilemapInline<'_> {
    type Entry = TilemapInlineEntry;

    fn store(&self, _: &mut Residues<'_>) -> TilemapInlineEntry {
        TilemapInlineEntry {
            map: self.head.clone(),
            data: to_hex(&[self.indices.as_ref(), self.blocks.as_ref()].concat()),
            index_len: self.indices.len() as u64,
        }
    }

    fn load(m: &TilemapInlineEntry, _: &SourceDir) -> Result<Self> {
        let data = hex(&m.data, "tile map data")?.into_owned();
        let split = (m.index_len as usize).min(data.len());
        Ok(TilemapInline {
            head: m.map.clone(),
            indices: Cow::Owned(data[..split].to_vec()),
            blocks: Cow::Owned(data[split..].to_vec()),
        })
    }
}

/// A seed colour map: its head, and what follows its colours (which its palette
/// file holds).
#[derive(Debug, Serialize, Deserialize)]
pub struct ColourMapInlineEntry {
    #[serde(flatten)]
    head: ColourMapHead,
    tail: String,
}

impl Stored for ColourMapInline<'_> {
    type Entry = ColourMapInlineEntry;

    fn store(&self, _: &mut Residues<'_>) -> ColourMapInlineEntry {
        let used = (self.head.count as usize * 4).min(self.colours.len());
        ColourMapInlineEntry {
            head: self.head.clone(),
            tail: to_hex(&self.colours[used..]),
        }
    }

    fn load(m: &ColourMapInlineEntry, _: &SourceDir) -> Result<Self> {
        let mut colours = vec![0; m.head.count as usize * 4];
        colours.extend_from_slice(&hex(&m.tail, "colour map tail")?);
        Ok(ColourMapInline {
            head: m.head.clone(),
            colours: Cow::Owned(colours),
        })
    }
}

/// A seed file: its head and name, and the padding after its data (which its file
/// holds).
#[derive(Debug, Serialize, Deserialize)]
pub struct FileInlineEntry {
    #[serde(flatten)]
    head: FileHead,
    name: String,
    name_len: u8,
    /// Bytes after the file's data (its padding).
    tail: String,
}

impl Stored for FileInline<'_> {
    type Entry = FileInlineEntry;

    fn store(&self, _: &mut Residues<'_>) -> FileInlineEntry {
        let len = self.data.len().saturating_sub(self.head.padding as usize);
        FileInlineEntry {
            head: self.head.clone(),
            name: to_hex(&self.name),
            name_len: self.name_len,
            tail: to_hex(&self.data[len..]),
        }
    }

    /// The file's data is only its padding, until pack puts the file before it.
    fn load(f: &FileInlineEntry, _: &SourceDir) -> Result<Self> {
        Ok(FileInline {
            head: f.head.clone(),
            name: hex(&f.name, "file name")?,
            name_len: f.name_len,
            data: hex(&f.tail, "file padding")?,
        })
    }
}

/// A string table: its entries, and its data like a blob (the strings' file holds
/// the strings).
#[derive(Debug, Serialize, Deserialize)]
pub struct StringTableEntry {
    language: [u8; 4],
    reserved: u16,
    entries: Vec<(u16, u16)>,
    data_len: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    residue: Option<String>,
}

impl Stored for StringTable<'_> {
    type Entry = StringTableEntry;

    fn store(&self, residues: &mut Residues<'_>) -> StringTableEntry {
        StringTableEntry {
            language: self.language,
            reserved: self.reserved,
            entries: self.entries.clone(),
            data_len: self.data.len() as u64,
            residue: residues.keep(&self.data),
        }
    }

    fn load(s: &StringTableEntry, dir: &SourceDir) -> Result<Self> {
        Ok(StringTable {
            language: s.language,
            reserved: s.reserved,
            entries: s.entries.clone(),
            data: residue(dir, s.data_len, &s.residue)?,
        })
    }
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
