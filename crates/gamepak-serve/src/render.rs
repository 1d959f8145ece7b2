//! An entry as `extract` would write it, rendered into memory by the file's
//! document ([`gamepak::Document::render`]): nothing touches the disk. With a
//! [`Renderer`] the render runs in a worker process ([`crate::worker`]).

use std::collections::BTreeMap;

use gamepak::Result;

use crate::files::{Location, Opened};
use crate::worker::{render_apart, Renderer};

/// The files extract writes for the entry at `path`: its own file and those beside
/// it that carry its path with a suffix (a tile map's picture) or another
/// extension (a script's GML).
pub fn entry(
    location: &Location,
    file: &Opened,
    path: &str,
    renderer: Option<&Renderer>,
    max_bytes: u64,
) -> Result<BTreeMap<String, Vec<u8>>> {
    let rendered = match renderer {
        Some(r) => render_apart(r, location, worker_size(location, file), path, max_bytes),
        None => file.document().render(path),
    };
    // What was read from a file that changed meanwhile is not answered with, and
    // the change explains whatever went wrong reading it.
    file.data().unchanged()?;
    rendered
}

/// What a worker maps and holds to render from `file`: the file, and for a file
/// inside an archive the archive as well.
fn worker_size(location: &Location, file: &Opened) -> u64 {
    let archive = match location.inner {
        Some(_) => std::fs::metadata(&location.path).map_or(0, |m| m.len()),
        None => 0,
    };
    archive.saturating_add(file.data().len() as u64)
}
