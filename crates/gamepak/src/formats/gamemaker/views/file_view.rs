//! A GameMaker file as the verbs see it: the container, the typed model, and the
//! views the verbs ask of it (pages, texture items, frames, clips, sounds, code
//! entries), each taken from the model's records. Nothing here reads a byte of a
//! chunk: the model did, and the views only place its records in the file.
//!
//! A model made or edited in memory is seen the same way without being written
//! ([`of_model`]): its code is laid out where the file would hold it (see
//! [`code_space`]), and what only a file can show (where each record lies, the
//! release its layouts give) is not asked of it.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::assets::{Damage, Lost};
use crate::error::{Error, Result};
use crate::formats::gamemaker::binary::container::{self, chunk_location, offset_in, Form};
use crate::formats::gamemaker::model::chunks::audio::Audio;
use crate::formats::gamemaker::model::chunks::backgrounds::Backgrounds;
use crate::formats::gamemaker::model::chunks::code::Code;
use crate::formats::gamemaker::model::chunks::general::General;
use crate::formats::gamemaker::model::chunks::sounds::Sounds;
use crate::formats::gamemaker::model::chunks::sprites::Sprites;
use crate::formats::gamemaker::model::chunks::texture_items::TextureItems;
use crate::formats::gamemaker::model::chunks::textures::Textures;
use crate::formats::gamemaker::model::chunks::{Body, ChunkModel};
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::formats::gamemaker::model::wire::{Blob, StrId, TpagId};
use crate::formats::gamemaker::pictures::page_codecs::page_size;
use crate::formats::gamemaker::{
    model, views::clips, views::code_entries, views::code_space, views::frames,
    views::general_info, views::page_blobs, views::page_items, views::sound_clips,
};
use crate::fourcc::FourCC;
use crate::report::{Problem, Severity};

#[derive(Debug)]
pub struct FileView<'a> {
    pub form: Form<'a>,
    /// Every chunk as the model read it, or the model seen in memory.
    pub model: Seen<'a>,
    /// Where the instruction blobs lie, for the walks that follow code addresses.
    pub code_space: code_space::CodeSpace<'a>,
    /// The releases that may have written the game, when they are known without
    /// asking its records: from an extraction's record.
    pub releases: Option<Range>,
    pub gen8: general_info::Gen8,
    pub txtr: Option<page_blobs::Txtr<'a>>,
    pub tpag: page_items::Tpag,
    pub sprites: Vec<frames::Frames>,
    pub backgrounds: Vec<frames::Frames>,
    pub clips: Vec<clips::Clip<'a>>,
    pub clip_names: HashMap<u32, String>,
    /// Every sound that plays a clip, and from which group.
    pub sounds: Vec<sound_clips::Sound>,
    pub code: Vec<code_entries::Entry<'a>>,
    /// What could not be read, each where its bad bytes are stored: the container's
    /// damage, and each chunk the model stopped in on bytes that break the format.
    pub problems: Vec<Problem>,
    /// The entries of each instruction blob (see [`code_entries::blob_indices`]), grouped
    /// when first asked for.
    blobs: std::sync::OnceLock<Vec<code_entries::BlobEntries>>,
    /// The chunks the views come from that the model keeps as stored, read
    /// leniently (see [`FileView::chunk`]).
    lenient: HashMap<FourCC, model::Lenient<'a>>,
}

/// The model a view is of: read from the file, or a game in memory. (Not a `Cow`,
/// which would tie the view to one lifetime: a view of a file must outlive the
/// borrows taken of it.)
#[derive(Debug)]
pub enum Seen<'a> {
    Read(Box<model::Game<'a>>),
    InMemory(&'a model::Game<'a>),
}

impl<'a> std::ops::Deref for Seen<'a> {
    type Target = model::Game<'a>;

    fn deref(&self) -> &model::Game<'a> {
        match self {
            Seen::Read(game) => game,
            Seen::InMemory(game) => game,
        }
    }
}

/// Reads what it can: an error only when the FORM itself does not read. A chunk the
/// model does not read is kept as stored, and why goes to `problems` when its bytes
/// break the format.
pub fn read(data: &[u8]) -> Result<FileView<'_>> {
    let (form, damage) = container::read_damaged(data)?;
    let problems = damage.iter().map(Problem::of).collect();
    Ok(of_form(form, problems))
}

/// Reads a damaged or truncated file as far as it goes, for salvage: a chunk that
/// does not read is kept as stored and, where the views come from it, read
/// leniently, so that each page, frame, clip or code entry is lost alone. Only a
/// FORM or GEN8 that cannot be read fails.
pub fn read_salvaging(data: &[u8]) -> Result<(FileView<'_>, Damage)> {
    let (form, mut damage) = container::read_salvaging(data)?;
    let game = of_form(form, Vec::new());
    // GEN8 says what the rest is (its bytecode): without it nothing can be read.
    if game.gen8.bytecode == 0 {
        return Err(game.stopped(FourCC::GEN8).unwrap_or_else(|| {
            Error::invalid(container::form_location(), 8, "no GEN8 chunk that reads")
        }));
    }
    for p in &game.problems {
        if p.severity == Severity::Error {
            damage.lost.push(Lost {
                entry: p.path.clone(),
                offset: p.offset,
                message: p.message.clone(),
            });
        }
    }
    Ok((game, damage))
}

/// The views of `game`, made or edited in memory, as a file of it would show
/// them: its code laid out where the file would hold it, and the releases that
/// may have written it, `releases` where they are known from elsewhere (an
/// extraction's record) and otherwise as its records show them.
pub fn of_model<'a>(game: &'a model::Game<'a>, releases: Option<Range>) -> FileView<'a> {
    // The chunks are named, for what asks which the game holds; their bytes are
    // the model's.
    let chunks = game
        .chunks
        .iter()
        .map(|p| container::Chunk {
            name: p.name,
            raw: p.raw,
            offset: 0,
            body: &[],
        })
        .collect();
    let form = Form {
        endian: game.endian,
        chunks,
        data: &[],
        trailing: 0,
    };
    let laid_out = code_space::CodeSpace::laid_out(game.get::<Code>(), game.bytecode, game.endian);
    let (space, problems) = match laid_out {
        Ok(space) => (space, Vec::new()),
        Err(why) => {
            let problem = Problem::error(chunk_location(FourCC::CODE), 0, why);
            (code_space::CodeSpace::default(), vec![problem])
        }
    };
    let mut view = views_of(form, Seen::InMemory(game), space, HashMap::new(), problems);
    view.releases = releases;
    view
}

/// The views of the model read from `form`, with the container's `problems`.
fn of_form(form: Form<'_>, mut problems: Vec<Problem>) -> FileView<'_> {
    let model = model::read_form(&form);
    for p in &model.chunks {
        if let Body::Stored { why: Some(why), .. } = &p.body {
            if why.damage {
                problems.push(Problem::new(
                    Severity::Error,
                    why.path.clone(),
                    Some(why.offset),
                    why.message.clone(),
                ));
            }
        }
    }
    let lenient = lenient_reads(&form, &model, &mut problems);
    let space = code_space::CodeSpace::of_file(
        &form,
        Views {
            model: &model,
            lenient: &lenient,
        }
        .get::<Code>(),
    );
    views_of(form, Seen::Read(Box::new(model)), space, lenient, problems)
}

/// The views of `model`, its code lying in `space`.
fn views_of<'a>(
    form: Form<'a>,
    model: Seen<'a>,
    space: code_space::CodeSpace<'a>,
    lenient: HashMap<FourCC, model::Lenient<'a>>,
    problems: Vec<Problem>,
) -> FileView<'a> {
    let views = Views {
        model: &model,
        lenient: &lenient,
    };
    let texts = model.texts();
    // A clone of a text borrowed from the file is that borrow: the views' names
    // copy nothing.
    let text = |id: Option<StrId>| -> Cow<'_, str> {
        id.and_then(|id| texts.get(id.0 as usize))
            .cloned()
            .unwrap_or_default()
    };
    let gen8 = views
        .get::<General>()
        .map_or_else(Default::default, |g| general_info::Gen8 {
            debugger_disabled: g.debugger_disabled,
            bytecode: g.bytecode,
            file_name: text(g.file_name).into_owned(),
            config: text(g.config).into_owned(),
            game_id: g.game_id,
            name: text(g.name).into_owned(),
            version: g.ide_version,
            window: g.window,
            timestamp: g.timestamp as u64,
            display_name: text(g.display_name).into_owned(),
        });
    let txtr = pages(&form, &views);
    let tpag = texture_items(&views);
    let frame = |id: &Option<TpagId>| {
        id.and_then(|t| tpag.offsets.get(t.0 as usize).copied())
            .unwrap_or(0)
    };
    let sprites = views.get::<Sprites>().map_or_else(Vec::new, |s| {
        s.sprites
            .iter()
            .map(|s| {
                let Some(s) = s else {
                    return frames::Frames::default();
                };
                // Frames of a sprite that is no bitmap (a Spine or vector sprite) are
                // not pictures on pages.
                let bitmap = s.special.as_ref().is_none_or(|sp| sp.kind == 0);
                frames::Frames {
                    name: text(s.name).into_owned(),
                    items: match bitmap {
                        true => s.frames.iter().map(frame).collect(),
                        false => Vec::new(),
                    },
                    size: Some((s.width, s.height)),
                }
            })
            .collect()
    });
    let backgrounds = views.get::<Backgrounds>().map_or_else(Vec::new, |b| {
        b.backgrounds
            .iter()
            .map(|b| match b {
                Some(b) => frames::Frames {
                    name: text(b.name).into_owned(),
                    items: vec![frame(&b.texture)],
                    size: None,
                },
                None => frames::Frames::default(),
            })
            .collect()
    });
    let clips = clips(&form, &views);
    let sounds = sounds(&views, &text);
    let code = code_entries(&space, &views, &text);
    FileView {
        code_space: space,
        releases: None,
        clip_names: sound_clips::clip_names(&sounds, 0),
        gen8,
        txtr,
        tpag,
        sprites,
        backgrounds,
        clips,
        sounds,
        code,
        form,
        model,
        problems,
        blobs: std::sync::OnceLock::new(),
        lenient,
    }
}

/// The chunks the views are taken from: each as the model read it, or, where the
/// model keeps it as stored (a damaged file, or a layout it does not know), as read
/// leniently, so that what its entries hold can still be listed and taken out.
struct Views<'m, 'a> {
    model: &'m model::Game<'a>,
    lenient: &'m HashMap<FourCC, model::Lenient<'a>>,
}

/// The chunks views are taken from.
const VIEWED: [FourCC; 11] = [
    FourCC::GEN8,
    FourCC::TPAG,
    FourCC::TXTR,
    FourCC::SPRT,
    FourCC::BGND,
    FourCC::SOND,
    FourCC::AUDO,
    FourCC::CODE,
    FourCC::VARI,
    FourCC::FUNC,
    FourCC::STRG,
];

/// Each chunk views are taken from that the model keeps as stored, read leniently,
/// with what its read passed over added to `problems`.
fn lenient_reads<'a>(
    form: &Form<'a>,
    model: &model::Game<'a>,
    problems: &mut Vec<Problem>,
) -> HashMap<FourCC, model::Lenient<'a>> {
    let mut lenient = HashMap::new();
    let mut known: std::collections::HashSet<(String, Option<u64>)> = problems
        .iter()
        .map(|p| (p.path.clone(), p.offset))
        .collect();
    for (i, p) in model.chunks.iter().enumerate() {
        let stored = matches!(p.body, Body::Stored { .. });
        if !stored || !VIEWED.contains(&p.name) || lenient.contains_key(&p.name) {
            continue;
        }
        if let Some(read) = model.read_leniently(form, i) {
            for e in &read.passed {
                if known.insert((e.path.clone(), e.offset)) {
                    problems.push(Problem::of(e));
                }
            }
            lenient.insert(p.name, read);
        }
    }
    lenient
}

impl<'m, 'a> Views<'m, 'a> {
    /// The chunk `T` models, as the model read it or as read leniently.
    fn get<T: ChunkModel<'a>>(&self) -> Option<&'m T> {
        self.model
            .get::<T>()
            .or_else(|| T::of(&self.lenient.get(&T::NAME)?.body))
    }

    /// Where record `i` of chunk `name`'s list started.
    fn place(&self, name: FourCC, i: usize) -> Option<u64> {
        let at = match self.lenient.get(&name) {
            Some(read) => *read.places.get(i)?,
            None => self.model.place_in(name, i)?,
        };
        (at != 0).then_some(at)
    }
}

fn pages<'a>(form: &Form<'a>, views: &Views<'_, 'a>) -> Option<page_blobs::Txtr<'a>> {
    let t = views.get::<Textures>()?;
    let version = views
        .model
        .chunks
        .iter()
        .find(|p| p.name == FourCC::TXTR)
        .map_or(Version::NEWEST, |p| p.version);
    let pages = t
        .pages
        .iter()
        .map(|p| {
            let blob: Option<&'a [u8]> = match p.as_ref().and_then(|p| p.blob.as_ref()) {
                Some(std::borrow::Cow::Borrowed(b)) => Some(b),
                _ => None,
            };
            page_blobs::Page {
                blob,
                blob_offset: blob.map_or(0, |b| offset_in(form.data, b)),
                format: blob.map_or(page_blobs::PageFormat::Unknown, page_blobs::PageFormat::of),
                missing: p.is_none(),
            }
        })
        .collect();
    Some(page_blobs::Txtr { version, pages })
}

fn texture_items(views: &Views<'_, '_>) -> page_items::Tpag {
    let mut out = page_items::Tpag::default();
    let Some(t) = views.get::<TextureItems>() else {
        return out;
    };
    for (i, item) in t.items.iter().enumerate() {
        let at = item.as_ref().and(views.place(FourCC::TPAG, i));
        out.offsets.push(at.map_or(0, |a| a as u32));
        let (Some(item), Some(at)) = (item, at) else {
            continue;
        };
        out.by_offset.insert(at as u32, out.items.len());
        out.places.push((i, at));
        out.items.push(page_items::Item {
            source: item.source,
            target: item.target,
            bounding: item.bounds,
            page: item.page,
        });
    }
    out
}

fn clips<'a>(form: &Form<'a>, views: &Views<'_, 'a>) -> Vec<clips::Clip<'a>> {
    let Some(a) = views.get::<Audio>() else {
        return Vec::new();
    };
    a.clips.iter().map(|c| clip(form.data, c)).collect()
}

/// A clip of `data`'s AUDO as the model read it; one that did not read is empty.
pub fn clip<'a>(data: &[u8], c: &Option<Blob<'a>>) -> clips::Clip<'a> {
    match c {
        Some(std::borrow::Cow::Borrowed(b)) => clips::Clip {
            offset: offset_in(data, b),
            bytes: b,
        },
        _ => clips::Clip::default(),
    }
}

fn sounds<'a>(
    views: &Views<'_, 'a>,
    text: &dyn Fn(Option<StrId>) -> Cow<'a, str>,
) -> Vec<sound_clips::Sound> {
    let Some(s) = views.get::<Sounds>() else {
        return Vec::new();
    };
    s.sounds
        .iter()
        .enumerate()
        .filter_map(|(index, s)| {
            let s = s.as_ref().filter(|s| s.clip != -1)?;
            Some(sound_clips::Sound {
                index,
                at: views.place(FourCC::SOND, index).unwrap_or(0),
                name: text(s.name).into_owned(),
                group: sound_clips::group(Some(s.group as u32), views.model.bytecode),
                clip: s.clip as u32,
            })
        })
        .collect()
}

fn code_entries<'a>(
    space: &code_space::CodeSpace<'a>,
    views: &Views<'_, 'a>,
    text: &dyn Fn(Option<StrId>) -> Cow<'a, str>,
) -> Vec<code_entries::Entry<'a>> {
    let Some(c) = views.get::<Code>() else {
        return Vec::new();
    };
    c.entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let Some(e) = e else {
                return code_entries::Entry::default();
            };
            let length = c.blobs.size(e.blob as usize);
            let blob = space.start(e.blob as usize).unwrap_or(0);
            code_entries::Entry {
                // A model seen in memory has no places: its entry is where its
                // blob is laid out.
                at: views.place(FourCC::CODE, i).unwrap_or(blob),
                name: text(e.name),
                blob,
                length: length as u32,
                locals: e.locals,
                arguments: e.arguments,
                start: e.offset,
            }
        })
        .collect()
}

impl<'a> FileView<'a> {
    fn views(&self) -> Views<'_, 'a> {
        Views {
            model: &self.model,
            lenient: &self.lenient,
        }
    }

    /// The chunk `T` models, as the model read it or, where the model keeps it as
    /// stored, as read leniently for its entries.
    pub fn chunk<T: ChunkModel<'a>>(&self) -> Option<&T> {
        self.views().get::<T>()
    }

    /// Where record `i` of chunk `name`'s own list started in the file.
    pub fn place_of(&self, name: FourCC, i: usize) -> Option<u64> {
        self.views().place(name, i)
    }

    /// STRG's strings, as the model read them.
    pub fn texts(&self) -> &[std::borrow::Cow<'a, str>] {
        self.model.texts()
    }

    /// Why the model could not read chunk `name`, where it stopped.
    fn stopped(&self, name: FourCC) -> Option<Error> {
        self.model.chunks.iter().find_map(|p| match &p.body {
            Body::Stored { why: Some(why), .. } if p.name == name => Some(Error::invalid(
                why.path.clone(),
                why.offset,
                why.message.clone(),
            )),
            _ => None,
        })
    }

    /// The entries of each instruction blob, by index into `code`.
    pub fn blob_entries(&self) -> &[code_entries::BlobEntries] {
        self.blobs
            .get_or_init(|| code_entries::blob_indices(&self.code))
    }

    pub fn pages(&self) -> &[page_blobs::Page<'_>] {
        self.txtr.as_ref().map_or(&[], |t| &t.pages)
    }

    /// The TPAG item at an absolute offset.
    pub fn item(&self, ptr: u32) -> Option<&page_items::Item> {
        self.tpag.by_offset.get(&ptr).map(|&i| &self.tpag.items[i])
    }

    /// Why TPAG item `i` cannot be drawn (see [`page_items::Item::problems`]), each at the
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
    pub fn drawable_item(&self, ptr: u32) -> Result<&page_items::Item> {
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
