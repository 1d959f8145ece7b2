//! Where each chunk's records go in an extracted folder: one JSON file for a chunk
//! of settings or tables (`general.json`, `code.json`), one file per resource for a
//! chunk of named resources (`rooms/003-room_start.json`,
//! `sprites/001-spr_player/sprite.json` beside the frames), and `chunks/` for a chunk
//! whose layout is not known.

use crate::fourcc::FourCC;
use crate::io::file_stem;

/// Where a chunk's JSON goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// One file.
    File(&'static str),
    /// A folder with a file per resource, and `<folder>.json` for the chunk's other
    /// fields when it has any.
    Split {
        folder: &'static str,
        /// A resource is a folder of its own holding this file (a sprite's frames,
        /// a shader's compiled blobs, lie beside it).
        nested: Option<&'static str>,
        rest: bool,
    },
    /// No JSON: the chunk is only its payloads (AUDO's clips) or its own file
    /// (`strings.json`).
    None,
}

const fn split(folder: &'static str, rest: bool) -> Place {
    Place::Split {
        folder,
        nested: None,
        rest,
    }
}

/// Where chunk `name`'s records go, for a chunk the model reads.
pub fn place(name: FourCC) -> Place {
    match name {
        FourCC::GEN8 => Place::File("general.json"),
        FourCC::OPTN => Place::File("options.json"),
        FourCC::EXTN => Place::File("extensions.json"),
        FourCC::TAGS => Place::File("tags.json"),
        FourCC::FEAT => Place::File("features.json"),
        FourCC::DAFL => Place::File("data_files.json"),
        FourCC::FEDS => Place::File("filter_effects.json"),
        FourCC::UILR => Place::File("ui_layers.json"),
        FourCC::LANG => Place::File("languages.json"),
        FourCC::AGRP => Place::File("audio_groups.json"),
        FourCC::SCPT => Place::File("scripts.json"),
        FourCC::GLOB => Place::File("global_scripts.json"),
        FourCC::EMBI => Place::File("embedded_images.json"),
        FourCC::TGIN => Place::File("texture_groups.json"),
        FourCC::TXTR => Place::File("textures.json"),
        FourCC::TPAG => Place::File("texture_items.json"),
        FourCC::CODE => Place::File("code.json"),
        FourCC::VARI => Place::File("variables.json"),
        FourCC::FUNC => Place::File("functions.json"),
        FourCC::SOND => split("sounds", false),
        FourCC::PATH => split("paths", false),
        FourCC::SPRT => Place::Split {
            folder: "sprites",
            nested: Some("sprite.json"),
            rest: false,
        },
        FourCC::BGND => split("backgrounds", true),
        FourCC::FONT => split("fonts", true),
        FourCC::SHDR => Place::Split {
            folder: "shaders",
            nested: Some("shader.json"),
            rest: false,
        },
        FourCC::PSEM => split("particle_emitters", true),
        FourCC::PSYS => split("particle_systems", true),
        FourCC::OBJT => split("objects", false),
        FourCC::TMLN => split("timelines", false),
        FourCC::SEQN => split("sequences", true),
        FourCC::ACRV => split("animation_curves", true),
        FourCC::ROOM => split("rooms", false),
        _ => Place::None,
    }
}

impl Place {
    /// The file of resource `index`, named `name`, of a split chunk.
    pub fn resource(self, index: usize, name: &str) -> Option<String> {
        let Place::Split { folder, nested, .. } = self else {
            return None;
        };
        let stem = file_stem(index, name);
        Some(match nested {
            Some(file) => format!("{folder}/{stem}/{file}"),
            None => format!("{folder}/{stem}.json"),
        })
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
