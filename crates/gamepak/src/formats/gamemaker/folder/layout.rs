//! Where each chunk's records go in an extracted folder: one JSON file for a chunk
//! of settings or tables (`general.json`, `code.json`), one file per resource for a
//! chunk of named resources (`rooms/003-room_start.json`,
//! `sprites/001-spr_player/sprite.json` beside the frames), and `chunks/` for a chunk
//! whose layout is not known.

use crate::formats::gamemaker::model::chunks::Body;
use crate::fourcc::FourCC;
use crate::io::{file_stem, stem_path};

pub use crate::formats::gamemaker::model::chunks::split::Place;

/// Where chunk `name`'s records go, for a chunk the model reads: its row in the
/// model's one table of chunks says.
pub fn place(name: FourCC) -> Place {
    Body::place(name)
}

impl Place {
    /// The file of resource `index`, named `name`, of a split chunk.
    pub fn resource(self, index: usize, name: &str) -> Option<String> {
        let Place::Split { folder, nested, .. } = self else {
            return None;
        };
        Some(match nested {
            Some(file) => stem_path(folder, index, name, format_args!("/{file}")),
            None => stem_path(folder, index, name, ".json"),
        })
    }

    /// File `file` of resource `index`, named `name`, of a split chunk: in the
    /// resource's own folder when it has one (a sprite's masks beside its
    /// `sprite.json`), or else beside the resource's file.
    pub fn in_resource(self, index: usize, name: &str, file: impl std::fmt::Display) -> String {
        match self {
            Place::Split {
                folder,
                nested: Some(_),
                ..
            } => stem_path(folder, index, name, format_args!("/{file}")),
            Place::Split { folder, .. } => format!("{folder}/{file}"),
            _ => String::new(),
        }
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
