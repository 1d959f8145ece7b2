//! Everything gamepak reads of a GameMaker file, in one place: the container, and the
//! typed views of the chunks it understands. Chunks are never copied.

use std::collections::HashMap;

use super::container::{self, Form};
use super::{audo, code, gen8, sond, sprites, strg, tpag, txtr};
use crate::error::Result;
use crate::report::Problem;

#[derive(Debug)]
pub struct Game<'a> {
    pub form: Form<'a>,
    pub gen8: gen8::Gen8,
    pub txtr: Option<txtr::Txtr<'a>>,
    pub tpag: tpag::Tpag,
    pub sprites: Vec<sprites::Frames>,
    pub backgrounds: Vec<sprites::Frames>,
    pub clips: Vec<audo::Clip<'a>>,
    pub clip_names: HashMap<u32, String>,
    /// Every sound that plays a clip, and from which group.
    pub sounds: Vec<sond::Sound>,
    pub strings: Vec<strg::Str<'a>>,
    pub code: Vec<code::Entry>,
    /// What could not be read, each where its bad bytes are stored.
    pub problems: Vec<Problem>,
    /// The entries of each instruction blob (see [`code::blob_indices`]), grouped
    /// when first asked for.
    blobs: std::sync::OnceLock<Vec<Vec<usize>>>,
}

/// Reads what it can: an error only when the FORM itself does not read. A chunk or
/// an entry that does not read is left out (an entry as a null one in its place),
/// and why goes to `problems`.
pub fn read(data: &[u8]) -> Result<Game<'_>> {
    let (form, damage) = container::read_damaged(data)?;
    let mut problems: Vec<Problem> = damage.iter().map(Problem::of).collect();
    let gen8 = or_problem(gen8::read(&form), &mut problems);
    let sounds = or_problem(sond::sounds(&form, gen8.bytecode), &mut problems);
    let txtr = or_problem(txtr::read(&form), &mut problems);
    let clips = audo::clips(&form, &mut problems);
    Ok(Game {
        code: code::entries(&form, gen8.bytecode, &mut problems),
        gen8,
        txtr,
        tpag: tpag::read(&form, &mut problems),
        sprites: sprites::sprites(&form, &mut problems),
        backgrounds: sprites::backgrounds(&form, &mut problems),
        clips,
        clip_names: sond::clip_names(&sounds, 0),
        sounds,
        strings: strg::strings(&form, &mut problems),
        form,
        problems,
        blobs: std::sync::OnceLock::new(),
    })
}

/// What `read` gave, or nothing with why in `problems`.
fn or_problem<T: Default>(read: Result<T>, problems: &mut Vec<Problem>) -> T {
    read.unwrap_or_else(|e| {
        problems.push(Problem::of(&e));
        T::default()
    })
}

impl Game<'_> {
    /// STRG's strings as text, bytes that are not UTF-8 replaced: as `strings.json`,
    /// the disassembly and its editor show them.
    pub fn texts(&self) -> Vec<String> {
        self.strings
            .iter()
            .map(|s| String::from_utf8_lossy(s.bytes).into_owned())
            .collect()
    }

    /// The entries of each instruction blob, by index into `code`.
    pub fn blob_entries(&self) -> &[Vec<usize>] {
        self.blobs.get_or_init(|| code::blob_indices(&self.code))
    }

    pub fn pages(&self) -> &[txtr::Page<'_>] {
        self.txtr.as_ref().map_or(&[], |t| &t.pages)
    }

    /// The TPAG item at an absolute offset.
    pub fn item(&self, ptr: u32) -> Option<&tpag::Item> {
        self.tpag.by_offset.get(&ptr).map(|&i| &self.tpag.items[i])
    }
}
