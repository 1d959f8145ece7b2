//! An entry as `extract` would write it, rendered into memory by the file's
//! document ([`gamepak::Document::render`]): nothing touches the disk.

use std::collections::BTreeMap;

use gamepak::Result;

use crate::files::ServedFile;

/// The files extract writes for the entry at `path`: its own file and those beside
/// it that carry its path with a suffix (a tile map's picture) or another
/// extension (a script's GML).
pub fn entry(file: &ServedFile, path: &str) -> Result<BTreeMap<String, Vec<u8>>> {
    let rendered = file.document.render(path);
    // What was read from a file that changed meanwhile is not answered with, and
    // the change explains whatever went wrong reading it.
    file.data.unchanged()?;
    rendered
}
