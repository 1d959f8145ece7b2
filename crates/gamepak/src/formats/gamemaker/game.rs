//! Everything gamepak reads of a GameMaker file, in one place: the container, and the
//! typed views of the chunks it understands. Chunks are never copied.

use std::collections::HashMap;

use super::container::{self, chunk_location, Form};
use super::items::page_size;
use super::{audo, code, gen8, sond, sprites, strg, tpag, txtr};
use crate::assets::Damage;
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

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
    /// The entries of each instruction blob (see [`code::blob_indices`]), grouped
    /// when first asked for.
    blobs: std::sync::OnceLock<Vec<Vec<usize>>>,
}

pub fn read(data: &[u8]) -> Result<Game<'_>> {
    from_form(container::read(data)?, None)
}

/// Reads a damaged or truncated file as far as it goes, for salvage: a view that
/// does not read is left empty, a page or clip that does not read is lost alone,
/// and the damage records each. Only a FORM or GEN8 that cannot be read fails.
pub fn read_salvaging(data: &[u8]) -> Result<(Game<'_>, Damage)> {
    let (form, mut damage) = container::read_salvaging(data)?;
    let game = from_form(form, Some(&mut damage))?;
    Ok((game, damage))
}

/// Every view of `form`: strictly without `damage`, as far as they go with it.
fn from_form<'a>(form: Form<'a>, mut damage: Option<&mut Damage>) -> Result<Game<'a>> {
    let gen8 = gen8::read(&form)?;
    let sounds = or_lost(sond::sounds(&form, gen8.bytecode), &mut damage)?;
    Ok(Game {
        code: or_lost(code::entries(&form, gen8.bytecode), &mut damage)?,
        gen8,
        txtr: txtr::read_pages(&form, damage.as_deref_mut())?,
        tpag: or_lost(tpag::read(&form), &mut damage)?,
        sprites: or_lost(sprites::sprites(&form), &mut damage)?,
        backgrounds: or_lost(sprites::backgrounds(&form), &mut damage)?,
        clips: audo::read_clips(&form, damage.as_deref_mut())?,
        clip_names: sond::clip_names(&sounds, 0),
        sounds,
        strings: or_lost(strg::strings(&form), &mut damage)?,
        form,
        blobs: std::sync::OnceLock::new(),
    })
}

/// A view as read; when salvaging, an empty one in place of one that does not read,
/// with the loss recorded.
fn or_lost<T: Default>(read: Result<T>, damage: &mut Option<&mut Damage>) -> Result<T> {
    match (read, damage.as_deref_mut()) {
        (Ok(view), _) => Ok(view),
        (Err(e), Some(d)) => {
            d.lose(&e);
            Ok(T::default())
        }
        (Err(e), None) => Err(e),
    }
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
        let path = chunk_location(FourCC::TPAG).at("entry", i);
        let at = u64::from(self.tpag.offsets[i]);
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
