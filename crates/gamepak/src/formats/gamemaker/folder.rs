//! Where each chunk's records go in an extracted folder: one JSON file for a chunk
//! of settings or tables (`general.json`, `code.json`), one file per resource for a
//! chunk of named resources (`rooms/003-room_start.json`,
//! `sprites/001-spr_player/sprite.json` beside the frames), and `chunks/` for a chunk
//! whose layout is not known.

use super::model::chunks::Body;
use crate::fourcc::FourCC;
use crate::io::{file_stem, push_file_stem};

pub use super::model::chunks::split::Place;

/// Where chunk `name`'s records go, for a chunk the model reads: its row in the
/// model's one table of chunks says.
pub fn place(name: FourCC) -> Place {
    Body::place(name)
}

impl Place {
    /// The file of resource `index`, named `name`, of a split chunk.
    pub fn resource(self, index: usize, name: &str) -> Option<String> {
        let Place::Split { nested, .. } = self else {
            return None;
        };
        Some(match nested {
            Some(file) => self.in_resource(index, name, file),
            None => self.in_folder(Some((index, name)), format_args!(".json")),
        })
    }

    /// File `file` of resource `index`, named `name`, of a split chunk: in the
    /// resource's own folder when it has one (a sprite's masks beside its
    /// `sprite.json`), or else beside the resource's file.
    pub fn in_resource(self, index: usize, name: &str, file: impl std::fmt::Display) -> String {
        match self {
            Place::Split { nested: None, .. } => self.in_folder(None, file),
            _ => self.in_folder(Some((index, name)), format_args!("/{file}")),
        }
    }

    /// The chunk's folder, then the stem of a resource (its index and name), if
    /// any, then `tail`, built in one string.
    fn in_folder(self, stem: Option<(usize, &str)>, tail: impl std::fmt::Display) -> String {
        use std::fmt::Write;
        let Place::Split { folder, .. } = self else {
            return String::new();
        };
        let mut path = String::with_capacity(folder.len() + 72);
        path.push_str(folder);
        path.push('/');
        if let Some((index, name)) = stem {
            push_file_stem(&mut path, index, name);
        }
        let _ = write!(path, "{tail}");
        path
    }

    /// The file of a split chunk's other fields.
    pub fn rest(self) -> Option<String> {
        match self {
            Place::Split {
                folder, rest: true, ..
            } => Some(format!("{folder}.json")),
            _ => None,
        }
    }
}

/// A file `name` beside `resource`, the file of a nested resource (a shader's
/// compiled blob beside its `shader.json`).
pub fn beside(resource: &str, name: &str) -> String {
    let folder = resource.rsplit_once('/').map_or("", |(d, _)| d);
    format!("{folder}/{name}")
}

/// Where a chunk kept as stored goes.
pub fn stored(index: usize, name: FourCC) -> String {
    format!("chunks/{}.bin", file_stem(index, &name.to_string()))
}
