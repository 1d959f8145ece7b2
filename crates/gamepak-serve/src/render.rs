//! An entry as `extract` would write it, rendered into memory: the format's own
//! extraction runs with `--only` naming the entry exactly, into a
//! [`MemoryFolder`], so the files are the ones extract writes, byte for byte, and
//! nothing touches the disk.

use std::collections::BTreeMap;
use std::sync::Arc;

use gamepak::io::MemoryFolder;
use gamepak::{ExtractOptions, Result};

use crate::files::ServedFile;

/// The files extract writes for the entry at `path`: its own file, or its file and
/// those beside it that carry its path with a suffix (a tile map's picture).
pub fn entry(
    file: &ServedFile,
    path: &str,
    opts: &gamepak::Options,
) -> Result<BTreeMap<String, Vec<u8>>> {
    let memory = Arc::new(MemoryFolder::default());
    let only = globset::GlobSetBuilder::new()
        .add(
            globset::GlobBuilder::new(&globset::escape(path))
                .literal_separator(true)
                .build()
                .map_err(|e| gamepak::Error::at(path, e.to_string()))?,
        )
        .build()
        .map_err(|e| gamepak::Error::at(path, e.to_string()))?;
    let extract = ExtractOptions {
        only: Some(only),
        memory: Some(memory.clone()),
        ..ExtractOptions::default()
    };
    let rendered = file
        .handler
        .extract(&file.data, std::path::Path::new("memory"), &extract, opts);
    // What was read from a file that changed meanwhile is not answered with, and
    // the change explains whatever went wrong reading it.
    file.data.unchanged()?;
    rendered?;
    Ok(memory
        .take()
        .into_iter()
        .filter(|(name, _)| name.starts_with(path))
        .collect())
}
