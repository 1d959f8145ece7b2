//! Readable JSON views of the resource chunks that are kept as stored, one file of
//! `resources/` per chunk. They are for reading; `pack` rebuilds from the stored
//! chunks, and compares each view it finds with the one the packed file gives.
//!
//! [`VIEWS`] is the one registry: each entry names a chunk, the file its view goes
//! to and how it is read, either as a whole body or as a pointer list of records
//! read one by one. Every view reads through `record::At`, which notes the string
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
use crate::fourcc::FourCC;
use record::At;
pub use record::Noted;
use Read::{Body, Records, Versioned};

/// One chunk's JSON view: the chunk, the file extract writes it to, and its reader.
#[derive(Clone, Copy)]
pub struct View {
    pub chunk: FourCC,
    pub file: &'static str,
    read: Read,
}

/// How a view reads its chunk.
#[derive(Clone, Copy)]
enum Read {
    /// The chunk's body as a whole.
    Body(fn(&At) -> Result<Value>),
    /// A pointer list of records, each read alone.
    Records(fn(&At) -> Result<Value>),
    /// A version word, then a pointer list of records.
    Versioned(fn(&At) -> Result<Value>),
}

impl View {
    const fn new(chunk: FourCC, file: &'static str, read: Read) -> Self {
        View { chunk, file, read }
    }
}

/// Every view, in the order extract lists them.
#[rustfmt::skip]
pub const VIEWS: [View; 27] = [
    View::new(FourCC::OPTN, "resources/options.json",           Body(options::options)),
    View::new(FourCC::LANG, "resources/languages.json",         Body(languages::languages)),
    View::new(FourCC::TAGS, "resources/tags.json",              Body(tags::tags)),
    View::new(FourCC::DAFL, "resources/data_files.json",        Body(inline::data_files)),
    View::new(FourCC::ACRV, "resources/animation_curves.json",  Versioned(named::named)),
    View::new(FourCC::FEDS, "resources/filter_effects.json",    Versioned(named::named)),
    View::new(FourCC::PSEM, "resources/particle_emitters.json", Versioned(named::named)),
    View::new(FourCC::PSYS, "resources/particle_systems.json",  Versioned(named::named)),
    View::new(FourCC::SHDR, "resources/shaders.json",           Records(shaders::shader)),
    View::new(FourCC::EXTN, "resources/extensions.json",        Records(extensions::extension)),
    View::new(FourCC::TGIN, "resources/texture_groups.json",    Versioned(textures::group)),
    View::new(FourCC::SEQN, "resources/sequences.json",         Versioned(sequences::record)),
    View::new(FourCC::AGRP, "resources/audio_groups.json",      Records(audio::group)),
    View::new(FourCC::GLOB, "resources/global_scripts.json",    Body(inline::global_scripts)),
    View::new(FourCC::FEAT, "resources/features.json",          Body(inline::features)),
    View::new(FourCC::EMBI, "resources/embedded_images.json",   Body(inline::embedded_images)),
    View::new(FourCC::SOND, "resources/sounds.json",            Records(audio::sound)),
    View::new(FourCC::SPRT, "resources/sprites.json",           Records(sprites::sprite)),
    View::new(FourCC::BGND, "resources/backgrounds.json",       Records(backgrounds::background)),
    View::new(FourCC::SCPT, "resources/scripts.json",           Records(scripts::script)),
    View::new(FourCC::PATH, "resources/paths.json",             Records(paths::path)),
    View::new(FourCC::FONT, "resources/fonts.json",             Records(fonts::font)),
    View::new(FourCC::OBJT, "resources/objects.json",           Records(objects::object)),
    View::new(FourCC::ROOM, "resources/rooms.json",             Records(rooms::room)),
    View::new(FourCC::TMLN, "resources/timelines.json",         Records(timelines::timeline)),
    View::new(FourCC::VARI, "resources/variables.json",         Body(symbols::variables)),
    View::new(FourCC::FUNC, "resources/functions.json",         Body(symbols::functions)),
];

/// The JSON view of one chunk, or `None` for a chunk the file lacks or no view reads.
pub fn view(form: &Form<'_>, name: FourCC, code: &[CodeEntry]) -> Option<Result<Value>> {
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
    name: FourCC,
    code: &[CodeEntry],
    sites: &RefCell<Noted>,
) -> Option<Result<Value>> {
    let read = VIEWS.iter().find(|v| v.chunk == name)?.read;
    let chunk = form.chunk(name)?;
    let body = At {
        form,
        chunk,
        base: chunk.body_offset(),
        path: chunk.location(),
        sites,
        code,
    };
    let (skip, record) = match read {
        Body(read) => return Some(read(&body)),
        Records(record) => (0, record),
        Versioned(record) => (4, record),
    };
    if chunk.body.len() as u64 <= skip {
        return Some(Ok(json!([])));
    }
    Some(
        body.list(skip)
            .and_then(|pointers| body.each(&pointers, "entry", record))
            .map(Value::Array),
    )
}
