//! An entry as every format lists it, and what extract is asked and answers.

use serde::{Deserialize, Serialize};

use super::salvage::Lost;

/// What an entry is, as `list` shows it and `--only` can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A picture: a texture page, a sheet, an atlas, a background.
    Image,
    /// One frame of a sprite.
    Sprite,
    /// One tile of a tile set.
    Tile,
    /// A tile map: which tile goes in each cell of a grid.
    Tilemap,
    /// A colour map or palette.
    Palette,
    /// A font file.
    Font,
    /// A sound clip: a sample, music or speech.
    Sound,
    /// A video clip.
    Video,
    /// Text: a string table.
    Strings,
    /// Code or a script, as text.
    Script,
    /// A structured table, written as JSON.
    Table,
    /// A file the format stores by name.
    File,
    /// A container chunk kept as stored.
    Chunk,
    /// Bytes whose meaning gamepak does not know.
    Opaque,
}

impl Kind {
    /// The lowercase word `list` shows for the kind, as JSON spells it too.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Image => "image",
            Kind::Sprite => "sprite",
            Kind::Tile => "tile",
            Kind::Tilemap => "tilemap",
            Kind::Palette => "palette",
            Kind::Font => "font",
            Kind::Sound => "sound",
            Kind::Video => "video",
            Kind::Strings => "strings",
            Kind::Script => "script",
            Kind::Table => "table",
            Kind::File => "file",
            Kind::Chunk => "chunk",
            Kind::Opaque => "opaque",
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One entry of a file, as `list` shows it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Entry {
    /// Where the entry goes in an extracted folder, and how `--only` selects it.
    pub path: String,
    /// What the entry is.
    pub kind: Kind,
    /// Absolute offset of its stored bytes.
    pub offset: u64,
    /// Bytes it occupies in the file.
    pub stored_size: u64,
    /// Bytes it decodes to.
    pub size: u64,
    /// How it is stored: a pixel format, "zlib", "raw".
    pub encoding: std::borrow::Cow<'static, str>,
    /// A short human description (dimensions, counts).
    pub detail: String,
}

impl Entry {
    /// An entry whose stored bytes are `(offset, stored_size)`.
    pub fn new(
        path: String,
        kind: Kind,
        (offset, stored_size): (u64, u64),
        size: u64,
        encoding: &'static str,
        detail: String,
    ) -> Entry {
        Entry {
            path,
            kind,
            offset,
            stored_size,
            size,
            encoding: encoding.into(),
            detail,
        }
    }
}

/// The text of `args` in a string sized for a short line from the start: `list`
/// writes a detail for every entry, where `format!` grows each from nothing.
pub fn line(args: std::fmt::Arguments<'_>) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(48);
    let _ = s.write_fmt(args);
    s
}

/// Collects a format's entries with the items they stand for, naming each by `path`.
pub struct Listing<'p, I> {
    path: &'p dyn Fn(I) -> String,
    /// Each entry with the item it stands for, in the order pushed.
    pub entries: Vec<(Entry, I)>,
}

impl<'p, I: Copy> Listing<'p, I> {
    /// An empty listing that names each item's entry by `path`.
    pub fn new(path: &'p dyn Fn(I) -> String) -> Self {
        Listing {
            path,
            entries: Vec::new(),
        }
    }

    /// Adds the entry for `item`, named by the listing's path function; `place` is
    /// its stored bytes as (offset, stored size), as in [`Entry::new`].
    pub fn push(
        &mut self,
        item: I,
        kind: Kind,
        place: (u64, u64),
        size: u64,
        encoding: &'static str,
        detail: String,
    ) {
        let entry = Entry::new((self.path)(item), kind, place, size, encoding, detail);
        self.entries.push((entry, item));
    }
}

/// Progress reports from long work: (done, total).
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// How `extract` should run.
#[derive(Default)]
pub struct ExtractOptions<'a> {
    /// Only entries whose path matches.
    pub only: Option<globset::GlobSet>,
    /// Called as entries are written.
    pub progress: Option<Progress<'a>>,
    /// Replace an output folder that already holds something (the user's edits,
    /// perhaps) instead of refusing it.
    pub replace: bool,
    /// Keep the files here instead of writing them; the output path is then unused.
    pub memory: Option<std::sync::Arc<crate::io::MemoryFolder>>,
    /// The input being extracted, as opened: asked, before the folder is moved into
    /// place, whether it changed while it was read, so that a file another program
    /// rewrote or truncated meanwhile is refused rather than written out.
    pub input: Option<&'a crate::io::Source>,
}

impl ExtractOptions<'_> {
    /// Whether the entry at `path` is to be extracted: every entry when `only` is unset.
    pub fn selects(&self, path: &str) -> bool {
        self.only.as_ref().is_none_or(|g| g.is_match(path))
    }

    /// Tells the `progress` callback, if any, that `done` of `total` entries are done.
    pub fn report(&self, done: u64, total: u64) {
        if let Some(p) = self.progress {
            p(done, total);
        }
    }
}

/// What `extract` wrote.
#[derive(Debug, Default, Clone, Serialize)]
pub struct ExtractSummary {
    /// Files written into the folder, the manifest included.
    pub files: u64,
    /// Bytes written, over all those files.
    pub bytes: u64,
    /// What is worth knowing about the folder written (kept as stored, partial).
    pub notes: Vec<String>,
    /// Entries that could not be decoded, and why: the rest were written, but the
    /// file breaks its format.
    pub failed: Vec<String>,
    /// When the file was damaged: what could not be taken out of it (also listed in
    /// the folder's `problems.json`, which makes `pack` refuse the folder).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lost: Vec<Lost>,
    /// Files that belong with the input, found beside it and extracted with it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub companions: Vec<Companion>,
}

/// A file that belongs with the input, found beside it and extracted with it into a
/// folder of its own (which `pack` writes back beside its output).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Companion {
    /// Its name beside the input.
    pub file: String,
    /// The folder it was extracted into, inside the input's.
    pub folder: String,
}
