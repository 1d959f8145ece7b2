//! One entry as `extract` would write it, rendered into memory: the format's own
//! extraction runs with `--only` naming the entry exactly, into a [`MemoryFolder`],
//! so the files are the ones extract writes, byte for byte, and nothing touches the
//! disk. `gamepak serve` shows entries this way.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use super::entry::{ExtractOptions, ExtractSummary};
use crate::error::{Error, Result};
use crate::io::MemoryFolder;

/// The files `extract` (a document's) writes for the entry at `path`: its own file,
/// and those beside it that carry its path with a suffix (a tile map's picture) or
/// its name with another extension (a script's GML beside its disassembly).
pub fn render_entry(
    extract: impl FnOnce(&Path, &ExtractOptions) -> Result<ExtractSummary>,
    path: &str,
) -> Result<BTreeMap<String, Vec<u8>>> {
    let memory = Arc::new(MemoryFolder::default());
    let only = globset::GlobSetBuilder::new()
        .add(
            globset::GlobBuilder::new(&globset::escape(path))
                .literal_separator(true)
                .build()
                .map_err(|e| Error::at(path, e.to_string()))?,
        )
        .build()
        .map_err(|e| Error::at(path, e.to_string()))?;
    let options = ExtractOptions {
        only: Some(only),
        memory: Some(memory.clone()),
        ..ExtractOptions::default()
    };
    extract(Path::new("memory"), &options)?;
    Ok(memory
        .take()
        .into_iter()
        .filter(|(name, _)| name.starts_with(path) || stem(name) == stem(path))
        .collect())
}

/// A path without its extension: `code/001-x` for `code/001-x.asm`.
fn stem(path: &str) -> &str {
    let name_from = path.rfind('/').map_or(0, |i| i + 1);
    match path[name_from..].rfind('.') {
        Some(dot) if dot > 0 => &path[..name_from + dot],
        _ => path,
    }
}
