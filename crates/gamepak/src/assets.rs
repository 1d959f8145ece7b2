//! The neutral view every format offers: entries with kinds, places and sizes.

use serde::Serialize;

/// One entry of a file, as `list` shows it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Entry {
    /// Where the entry goes in an extracted folder, and how `--only` selects it.
    pub path: String,
    /// What it is: image, tile, tilemap, palette, file, strings, sound, table, opaque.
    pub kind: &'static str,
    /// Absolute offset of its stored bytes.
    pub offset: u64,
    /// Bytes it occupies in the file.
    pub stored_size: u64,
    /// Bytes it decodes to.
    pub size: u64,
    /// How it is stored: a pixel format, "zlib", "raw".
    pub encoding: String,
    /// A short human description (dimensions, counts).
    pub detail: String,
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
}

impl ExtractOptions<'_> {
    pub fn selects(&self, path: &str) -> bool {
        self.only.as_ref().is_none_or(|g| g.is_match(path))
    }

    pub fn report(&self, done: u64, total: u64) {
        if let Some(p) = self.progress {
            p(done, total);
        }
    }
}

/// What `extract` wrote.
#[derive(Debug, Default, Clone, Serialize)]
pub struct ExtractSummary {
    pub files: u64,
    pub bytes: u64,
    /// Things that could not be extracted as a standard asset, and why.
    pub notes: Vec<String>,
}
