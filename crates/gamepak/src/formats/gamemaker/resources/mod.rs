//! JSON views of the resource chunks, read in place from the file: `check` reads
//! every chunk through them, to locate a record that does not read and to follow
//! the references between resources (an object's sprite, a room instance's object)
//! to where they lead. Extract and pack go through the typed model instead.
//!
//! [`VIEWS`] is the one registry: each entry names a chunk, the name its view goes
//! by and how it is read, either as a whole body or as a pointer list of records
//! read one by one. Every view reads through `record::At`.
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

use serde_json::{json, Value};

use super::code::Entry as CodeEntry;
use super::container::Form;
use crate::error::Result;
use crate::fourcc::FourCC;
use record::At;
use Read::{Body, Records, Versioned};

/// One chunk's JSON view: the chunk, the file extract writes it to, and its reader.
#[derive(Clone, Copy)]
pub struct View {
    pub chunk: FourCC,
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
    const fn new(chunk: FourCC, read: Read) -> Self {
        View { chunk, read }
    }
}

/// Every view.
#[rustfmt::skip]
pub const VIEWS: [View; 27] = [
    View::new(FourCC::OPTN, Body(options::options)),
    View::new(FourCC::LANG, Body(languages::languages)),
    View::new(FourCC::TAGS, Body(tags::tags)),
    View::new(FourCC::DAFL, Body(inline::data_files)),
    View::new(FourCC::ACRV, Versioned(named::named)),
    View::new(FourCC::FEDS, Versioned(named::named)),
    View::new(FourCC::PSEM, Versioned(named::named)),
    View::new(FourCC::PSYS, Versioned(named::named)),
    View::new(FourCC::SHDR, Records(shaders::shader)),
    View::new(FourCC::EXTN, Records(extensions::extension)),
    View::new(FourCC::TGIN, Versioned(textures::group)),
    View::new(FourCC::SEQN, Versioned(sequences::record)),
    View::new(FourCC::AGRP, Records(audio::group)),
    View::new(FourCC::GLOB, Body(inline::global_scripts)),
    View::new(FourCC::FEAT, Body(inline::features)),
    View::new(FourCC::EMBI, Body(inline::embedded_images)),
    View::new(FourCC::SOND, Records(audio::sound)),
    View::new(FourCC::SPRT, Records(sprites::sprite)),
    View::new(FourCC::BGND, Records(backgrounds::background)),
    View::new(FourCC::SCPT, Records(scripts::script)),
    View::new(FourCC::PATH, Records(paths::path)),
    View::new(FourCC::FONT, Records(fonts::font)),
    View::new(FourCC::OBJT, Records(objects::object)),
    View::new(FourCC::ROOM, Records(rooms::room)),
    View::new(FourCC::TMLN, Records(timelines::timeline)),
    View::new(FourCC::VARI, Body(symbols::variables)),
    View::new(FourCC::FUNC, Body(symbols::functions)),
];

/// The JSON view of one chunk, or `None` for a chunk the file lacks or no view reads.
pub fn view(form: &Form<'_>, name: FourCC, code: &[CodeEntry]) -> Option<Result<Value>> {
    let read = VIEWS.iter().find(|v| v.chunk == name)?.read;
    let chunk = form.chunk(name)?;
    let body = At {
        form,
        chunk,
        base: chunk.body_offset(),
        path: chunk.location(),
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
