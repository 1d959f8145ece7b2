//! Readable JSON views of the resource chunks that are kept as stored, one file of
//! `resources/` per chunk. They are for reading; `pack` rebuilds from the stored
//! chunks, and compares each view it finds with the one the packed file gives.
//!
//! [`VIEWS`] is the one registry: each entry names a chunk, the file its view goes
//! to and how it is read, either as a whole body or as a pointer list of records
//! read one by one. Every view reads through [`record::At`], which notes the string
//! references and the number-only ranges it meets (see [`noted`]).
//!
//! A null pointer in any pointer list, the chunk's own or one inside a record,
//! reads as null in its place, so that the entries after it keep their index.

mod audio;
mod backgrounds;
mod extensions;
mod fonts;
mod inline;
mod languages;
mod named;
mod objects;
mod options;
mod paths;
mod record;
mod rooms;
mod scripts;
mod sequences;
mod shaders;
mod sprites;
mod symbols;
mod tags;
mod textures;
mod timelines;

use std::cell::RefCell;

use serde_json::{json, Value};

use super::code::Entry as CodeEntry;
use super::container::Form;
use crate::error::Result;
use record::At;
pub use record::Noted;

/// One chunk's JSON view: the chunk, the file extract writes it to, and its reader.
#[derive(Clone, Copy)]
pub struct View {
    pub chunk: &'static str,
    pub file: &'static str,
    read: Read,
}

#[derive(Clone, Copy)]
enum Read {
    /// The chunk's body as a whole.
    Body(fn(&At) -> Result<Value>),
    /// A pointer list of records after `skip` bytes, each record read alone.
    Records {
        skip: u64,
        record: fn(&At) -> Result<Value>,
    },
}

impl View {
    const fn body(chunk: &'static str, file: &'static str, read: fn(&At) -> Result<Value>) -> Self {
        View {
            chunk,
            file,
            read: Read::Body(read),
        }
    }
    const fn records(
        chunk: &'static str,
        file: &'static str,
        record: fn(&At) -> Result<Value>,
    ) -> Self {
        View {
            chunk,
            file,
            read: Read::Records { skip: 0, record },
        }
    }
    /// Records whose pointer list comes after a version word.
    const fn versioned(
        chunk: &'static str,
        file: &'static str,
        record: fn(&At) -> Result<Value>,
    ) -> Self {
        View {
            chunk,
            file,
            read: Read::Records { skip: 4, record },
        }
    }
}

/// Every view, in the order extract lists them.
pub const VIEWS: [View; 27] = [
    View::body("OPTN", "resources/options.json", options::options),
    View::body("LANG", "resources/languages.json", languages::languages),
    View::body("TAGS", "resources/tags.json", tags::tags),
    View::body("DAFL", "resources/data_files.json", inline::data_files),
    View::versioned("ACRV", "resources/animation_curves.json", named::named),
    View::versioned("FEDS", "resources/filter_effects.json", named::named),
    View::versioned("PSEM", "resources/particle_emitters.json", named::named),
    View::versioned("PSYS", "resources/particle_systems.json", named::named),
    View::records("SHDR", "resources/shaders.json", shaders::shader),
    View::records("EXTN", "resources/extensions.json", extensions::extension),
    View::versioned("TGIN", "resources/texture_groups.json", textures::group),
    View::versioned("SEQN", "resources/sequences.json", sequences::record),
    View::records("AGRP", "resources/audio_groups.json", audio::group),
    View::body(
        "GLOB",
        "resources/global_scripts.json",
        inline::global_scripts,
    ),
    View::body("FEAT", "resources/features.json", inline::features),
    View::body(
        "EMBI",
        "resources/embedded_images.json",
        inline::embedded_images,
    ),
    View::records("SOND", "resources/sounds.json", audio::sound),
    View::records("SPRT", "resources/sprites.json", sprites::sprite),
    View::records(
        "BGND",
        "resources/backgrounds.json",
        backgrounds::background,
    ),
    View::records("SCPT", "resources/scripts.json", scripts::script),
    View::records("PATH", "resources/paths.json", paths::path),
    View::records("FONT", "resources/fonts.json", fonts::font),
    View::records("OBJT", "resources/objects.json", objects::object),
    View::records("ROOM", "resources/rooms.json", rooms::room),
    View::records("TMLN", "resources/timelines.json", timelines::timeline),
    View::body("VARI", "resources/variables.json", symbols::variables),
    View::body("FUNC", "resources/functions.json", symbols::functions),
];

/// The JSON view of one chunk, or `None` for a chunk the file lacks or no view reads.
pub fn view(form: &Form<'_>, name: &str, code: &[CodeEntry]) -> Option<Result<Value>> {
    view_noting(form, name, code, &RefCell::new(Noted::default()))
}

/// Reads every view, noting what it learns.
pub fn noted(form: &Form<'_>, code: &[CodeEntry]) -> Noted {
    let sites = RefCell::new(Noted::default());
    for v in VIEWS {
        let _ = view_noting(form, v.chunk, code, &sites);
    }
    sites.into_inner()
}

/// [`view`], noting in `sites` what it learns.
fn view_noting(
    form: &Form<'_>,
    name: &str,
    code: &[CodeEntry],
    sites: &RefCell<Noted>,
) -> Option<Result<Value>> {
    let read = VIEWS.iter().find(|v| v.chunk == name)?.read;
    let chunk = form.chunk(name)?;
    let body = At {
        form,
        chunk,
        base: chunk.body_offset(),
        path: format!("FORM/{name}"),
        sites,
        code,
    };
    Some(match read {
        Read::Body(read) => read(&body),
        Read::Records { skip, .. } if chunk.body.len() as u64 <= skip => Ok(json!([])),
        Read::Records { skip, record } => body
            .list(skip)
            .and_then(|pointers| body.each(&pointers, "entry", record))
            .map(Value::Array),
    })
}
