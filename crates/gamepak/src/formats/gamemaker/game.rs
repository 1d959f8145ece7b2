//! Everything gamepak reads of a GameMaker file, in one place: the container, and the
//! typed views of the chunks it understands. Chunks are never copied.

use std::collections::HashMap;

use super::container::{self, chunk_location, Form};
use super::pages::page_size;
use super::{audo, code, gen8, sond, sprites, strg, tpag, txtr};
use crate::assets::{Damage, Lost};
use crate::error::{Error, Result};
use crate::fourcc::FourCC;
use crate::report::{Problem, Severity};

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
    let txtr = or_problem(txtr::read(&form), &mut problems);
    let clips = audo::clips(&form, &mut problems);
    Ok(assemble(form, gen8, txtr, clips, problems))
}

/// Reads a damaged or truncated file as far as it goes, for salvage: a page or clip
/// that does not read is lost alone, any other entry is left out as `read` leaves it,
/// and the damage records each. Only a FORM or GEN8 that cannot be read fails.
pub fn read_salvaging(data: &[u8]) -> Result<(Game<'_>, Damage)> {
    let (form, mut damage) = container::read_salvaging(data)?;
    let gen8 = gen8::read(&form)?;
    let txtr = txtr::read_pages(&form, Some(&mut damage))?;
    let clips = audo::read_clips(&form, Some(&mut damage))?;
    let mut game = assemble(form, gen8, txtr, clips, Vec::new());
    for p in std::mem::take(&mut game.problems) {
        if p.severity == Severity::Error {
            damage.lost.push(Lost {
                entry: p.path,
                offset: p.offset,
                message: p.message,
            });
        }
    }
    Ok((game, damage))
}

/// The game from its container and the views read apart, reading the others as far
/// as they go into `problems`.
fn assemble<'a>(
    form: Form<'a>,
    gen8: gen8::Gen8,
    txtr: Option<txtr::Txtr<'a>>,
    clips: Vec<audo::Clip<'a>>,
    mut problems: Vec<Problem>,
) -> Game<'a> {
    let sounds = or_problem(sond::sounds(&form, gen8.bytecode), &mut problems);
    Game {
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
    }
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

    /// Why TPAG item `i` cannot be drawn (see [`tpag::Item::problems`]), each at the
    /// field at fault: `check` reports these, and `extract` leaves the item's frames
    /// out for them.
    pub fn item_problems(&self, i: usize) -> Vec<Error> {
        let (entry, at) = self.tpag.places[i];
        let path = chunk_location(FourCC::TPAG).at("entry", entry);
        let pages = self.pages();
        self.tpag.items[i]
            .problems(pages.len(), |k| page_size(&pages[k]))
            .into_iter()
            .map(|(field, why)| Error::invalid(&path, at + field, why))
            .collect()
    }

    /// The TPAG item at an absolute offset, when its frames can be cut: otherwise
    /// the first of its problems, or that no item starts there.
    pub fn drawable_item(&self, ptr: u32) -> Result<&tpag::Item> {
        let Some(&i) = self.tpag.by_offset.get(&ptr) else {
            let why = format!("no TPAG item starts at {ptr:#x}");
            return Err(Error::at(chunk_location(FourCC::TPAG).to_string(), why));
        };
        match self.item_problems(i).into_iter().next() {
            Some(e) => Err(e),
            None => Ok(&self.tpag.items[i]),
        }
    }
}
