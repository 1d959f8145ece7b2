//! A whole file read into the model chunk by chunk, and written back: the order
//! chunks are read in, how each chunk's layout release is found, and the layout of
//! the file around them.

use std::borrow::Cow;

use super::chunks::code::{Blobs, Code};
use super::chunks::strings::Strings;
use super::chunks::symbols::{Functions, Uses, Variables};
use super::chunks::{self, Body, ChunkModel, MARKERS};
use super::version::{Range, Version};
use super::wire::{CodeAddress, Label};
use super::wire_read::{Labels, WireReader};
use super::wire_write::WireWriter;
use crate::bytes::Endian;
use crate::error::{Error, Result};
use crate::formats::gamemaker::binary::container::{self, Chunk as StoredChunk, Form};
use crate::formats::gamemaker::{model::names, model::wire};
use crate::fourcc::FourCC;

/// A whole file, chunk by chunk.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    /// The file's byte order: little-endian, or big-endian (a `MROF` magic) in some
    /// console builds.
    pub endian: Endian,
    /// What every chunk but the last is padded to.
    pub alignment: u64,
    /// The bytecode version GEN8 states (13 to 17; 0 without GEN8). CODE, VARI and
    /// FUNC, and a few fields elsewhere, are laid out by it.
    pub bytecode: u8,
    /// The chunks in file order, the order they are written back in.
    pub chunks: Vec<Part<'a>>,
    /// Bytes after the FORM.
    pub trailing: &'a [u8],
    /// Where every string and TPAG item stood in the file read, which chunks kept as
    /// stored may point at.
    pub(super) read_labels: Labels,
    /// Where each chunk's listed records started in the file read, by chunk.
    places: Vec<Vec<u64>>,
    /// The container the game was read from, for what only its bytes show: the
    /// layouts its chunks do not read in. `None` for a game made in code.
    read_from: Option<Form<'a>>,
    /// The release gates each chunk's read asked about, for the evidence of the
    /// file's release (see [`release_evidence`](super::release_evidence)).
    pub(super) gates: Vec<Vec<Version>>,
    /// STRG's texts as far as they read, when STRG does not read whole.
    lenient_texts: Vec<Cow<'a, str>>,
    /// Where the entries of a STRG or TPAG kept as stored stood, as read leniently:
    /// for lenient reads only (see [`Game::read_leniently`]).
    lenient_labels: Labels,
}

/// One chunk: its name as stored and what it holds.
#[derive(Debug, Clone)]
pub struct Part<'a> {
    /// The chunk's name (GEN8, STRG, ...), as read in the file's byte order.
    pub name: FourCC,
    /// The name's four bytes as the file stores them: reversed in a big-endian file.
    pub raw: [u8; 4],
    /// What the chunk holds: its model's records, or its bytes as stored.
    pub body: Body<'a>,
    /// The release whose layout the chunk was read in.
    pub version: Version,
}

impl<'a> Part<'a> {
    /// Chunk `name` holding `body`, laid out as `version` lays it out, with its name
    /// stored in `endian`'s order.
    pub fn new(name: FourCC, endian: Endian, body: Body<'a>, version: Version) -> Self {
        Part {
            name,
            raw: container::stored_name(&name.0, endian),
            body,
            version,
        }
    }
}

/// Reads every chunk into its model, or keeps it as stored. A damaged container is
/// read as far as its bytes go, so that what it holds can still be listed; `check`
/// names the damage.
pub fn read(data: &[u8]) -> Result<Game<'_>> {
    let (form, _) = container::read_damaged(data)?;
    Ok(read_form(&form))
}

/// The model of an opened FORM: a chunk that does not read is kept as stored, so
/// this reads a FORM a salvage opened, whatever its chunks hold.
pub fn read_form<'a>(form: &Form<'a>) -> Game<'a> {
    #[cfg(test)]
    counted::READS.with(|n| n.set(n.get() + 1));
    let data = form.data;
    let bytecode = form
        .chunk(FourCC::GEN8)
        .and_then(|g| g.body.get(1).copied())
        .unwrap_or(0);
    let range = range(form);
    let alignment = form.alignment();
    let mut labels = Labels::new();
    let mut parts: Vec<Option<(Part, Found)>> = vec![None; form.chunks.len()];
    // STRG first: every other chunk's records name its texts, which are borrowed
    // from it rather than copied.
    let strg = form.chunks.iter().position(|c| c.name == FourCC::STRG);
    let mut strings =
        strg.map(|i| Reading::new(form, i, (bytecode, alignment), range, &[]).part(&mut labels));
    // A STRG or TPAG kept as stored still names what it can, read leniently: the
    // views read what refers to their entries with these labels too. The model's
    // own chunks do not: each one that reads must write back, and a stored chunk's
    // entries have no place the writer knows. STRG's texts are kept for the names
    // the verbs show.
    let mut lenient_labels = Labels::new();
    let lenient_texts = match (strg, &strings) {
        (Some(i), Some((p, _))) if matches!(p.body, Body::Stored { .. }) => {
            let reading = Reading::new(form, i, (bytecode, alignment), range, &[]);
            let read = reading.lenient(&mut lenient_labels).map(|l| l.body);
            match read {
                Some(Body::Strings(s)) => s.list,
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    };
    let texts: &[Cow<'a, str>] = strings
        .as_ref()
        .and_then(|(p, _)| Strings::of(&p.body))
        .map_or(lenient_texts.as_slice(), |s| s.list.as_slice());
    let order = form
        .chunks
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != strg)
        .filter(|(_, c)| c.name == FourCC::TPAG)
        .chain(
            form.chunks
                .iter()
                .enumerate()
                .filter(|(i, c)| Some(*i) != strg && c.name != FourCC::TPAG),
        );
    let order: Vec<usize> = order.map(|(i, _)| i).collect();
    for &i in &order {
        let reading = Reading::new(form, i, (bytecode, alignment), range, texts);
        let (part, found) = reading.part(&mut labels);
        if form.chunks[i].name == FourCC::TPAG && matches!(part.body, Body::Stored { .. }) {
            reading.lenient(&mut lenient_labels);
        }
        parts[i] = Some((part, found));
    }
    // A chunk that read only below a release gate shows the file is older than
    // that release. A chunk that read in a newer layout, where both read, is read
    // again in the older one, so every chunk is read as the same release.
    let read = |p: &Part| !matches!(p.body, Body::Stored { .. } | Body::Empty);
    let ceiling = parts
        .iter()
        .flatten()
        .chain(&strings)
        .filter(|(p, _)| read(p))
        .map(|(p, _)| p.version)
        .filter(|&v| v < range.high)
        .min();
    if let Some(high) = ceiling {
        let older = Range { high, ..range };
        for &i in &order {
            let newer = parts[i]
                .as_ref()
                .is_some_and(|(p, _)| p.version > high && read(p));
            if newer {
                let again =
                    Reading::new(form, i, (bytecode, alignment), older, texts).part(&mut labels);
                if !matches!(again.0.body, Body::Stored { .. }) {
                    parts[i] = Some(again);
                }
            }
        }
        // STRG's layout is the same in every release: read again, it would read
        // the same, in the older one.
        if let Some((p, _)) = strings.as_mut().filter(|(p, _)| p.version > high) {
            p.version = high;
        }
    }
    if let (Some(i), Some(p)) = (strg, strings) {
        parts[i] = Some(p);
    }
    let (mut chunks, found): (Vec<Part>, Vec<Found>) = parts
        .into_iter()
        .map(|p| p.expect("every chunk read"))
        .unzip();
    let (places, gates) = found.into_iter().map(|f| (f.places, f.gates)).unzip();
    // Where a chunk others refer into is kept as stored for its layout, what refers
    // into it cannot be judged: its failure is a question of layout too.
    let unknown = chunks.iter().any(|p| {
        [FourCC::STRG, FourCC::TPAG, FourCC::CODE].contains(&p.name)
            && matches!(&p.body, Body::Stored { why, .. } if why.as_ref().is_none_or(|w| !w.damage))
    });
    if unknown {
        for p in &mut chunks {
            if let Body::Stored { why: Some(why), .. } = &mut p.body {
                why.damage = false;
            }
        }
    }
    Game {
        endian: form.endian,
        alignment,
        bytecode,
        chunks,
        trailing: &data[data.len() - form.trailing..],
        read_labels: labels,
        places,
        read_from: Some(form.clone()),
        gates,
        lenient_texts,
        lenient_labels,
    }
}

/// What a lenient read of a chunk gives (see [`WireReader::lenient`]): its body,
/// each entry passed over because it did not read, and where its listed records
/// started.
#[derive(Debug)]
pub struct Lenient<'a> {
    pub body: Body<'a>,
    pub passed: Vec<Error>,
    pub places: Vec<u64>,
}

impl<'a> Game<'a> {
    /// Chunk `i` of `form`, the file this model was read from, read leniently, for
    /// what its entries hold rather than for its layout: for the pages, clips,
    /// frames and names of a chunk the model keeps as stored (a release's layout it
    /// does not know, or a damaged file), each found by its own pointer, with the
    /// strings and items the model read. `None` when no model reads the chunk or its
    /// head does not read.
    pub fn read_leniently(&self, form: &Form<'a>, i: usize) -> Option<Lenient<'a>> {
        let reading = Reading::new(
            form,
            i,
            (self.bytecode, self.alignment),
            range(form),
            self.texts(),
        );
        let mut labels = self.read_labels.clone();
        labels.merge(&self.lenient_labels);
        reading.lenient(&mut labels)
    }
}

/// The file the model stands for. The writer walks each record through the same
/// code as the reader, which takes it mutably; taking the model mutably spares a
/// copy of every chunk (a game's masks alone run to MBs). It changes nothing but
/// the counts and first addresses of typed code's chains, which follow its
/// instructions (see [`Game::settle_code_uses`]).
pub fn write(model: &mut Game<'_>) -> Result<Vec<u8>> {
    model.settle_code_uses();
    let mut w = WireWriter::new(model.endian, model.bytecode, 1 << 20);
    w.raw(match model.endian {
        Endian::Little => b"FORM",
        Endian::Big => b"MROF",
    });
    w.raw(&[0; 4]);
    let last = model.chunks.len().saturating_sub(1);
    for (i, part) in model.chunks.iter_mut().enumerate() {
        w.raw(&part.raw);
        let size_at = w.len();
        w.raw(&[0; 4]);
        w.set_version(part.version);
        part.body.walk(&mut w)?;
        if i < last {
            wire::Wire::pad(&mut w, model.alignment)?;
        }
        let size = w.len() - size_at - 4;
        w.patch(size_at, size_u32(size)?);
    }
    let form_size = w.len() - 8;
    w.patch(4, size_u32(form_size)?);
    w.raw(model.trailing);
    let stored = model
        .chunks
        .iter()
        .any(|p| matches!(p.body, Body::Stored { at: Some(_), .. }));
    w.finish(stored.then_some(&model.read_labels))
}

fn size_u32(n: u64) -> Result<u32> {
    u32::try_from(n).map_err(|_| {
        Error::at(
            container::form_location(),
            format!("{n} bytes exceed a u32 size"),
        )
    })
}

/// A chunk as the model read it: its body, the release whose layout it read in,
/// and where its listed records started.
type Read<'a> = (Body<'a>, Version, Found);

/// What a chunk's read found besides its body: where its listed records started,
/// and the release gates it asked about.
#[derive(Debug, Clone, Default)]
struct Found {
    places: Vec<u64>,
    gates: Vec<Version>,
}

/// One chunk being read.
pub(super) struct Reading<'f, 'a> {
    form: &'f Form<'a>,
    pub(super) chunk: &'f StoredChunk<'a>,
    bytecode: u8,
    range: Range,
    /// What the chunk's end is padded to, when another chunk follows.
    end_align: Option<u64>,
    /// STRG's texts, once STRG is read.
    texts: &'f [Cow<'a, str>],
}

impl<'f, 'a> Reading<'f, 'a> {
    /// `alignment` is the form's, measured once: a damaged file's zeros read as
    /// thousands of chunks, and measuring it again for each would be quadratic.
    pub(super) fn new(
        form: &'f Form<'a>,
        i: usize,
        (bytecode, alignment): (u8, u64),
        range: Range,
        texts: &'f [Cow<'a, str>],
    ) -> Self {
        Reading {
            form,
            chunk: &form.chunks[i],
            bytecode,
            range,
            end_align: (i + 1 < form.chunks.len()).then_some(alignment),
            texts,
        }
    }

    /// The chunk's model, or the chunk as stored with the reason.
    fn part(&self, labels: &mut Labels) -> (Part<'a>, Found) {
        let c = self.chunk;
        let stored = |why: Option<chunks::Unread>| {
            let body = Body::stored(c.body, c.body_offset(), why);
            (body, self.range.high, Found::default())
        };
        let (body, version, found) = if c.body.is_empty() {
            (Body::Empty, self.range.high, Found::default())
        } else {
            match self.typed(labels) {
                Some(Ok(read)) => read,
                Some(Err(e)) => stored(Some(e)),
                None => stored(None),
            }
        };
        let part = Part {
            name: c.name,
            raw: c.raw,
            body,
            version,
        };
        (part, found)
    }

    /// Reads the chunk in the newest layout it reads in, stepping below each release
    /// gate a failed read consulted; `None` when no model reads this chunk.
    fn typed(&self, labels: &mut Labels) -> Option<std::result::Result<Read<'a>, chunks::Unread>> {
        let mut version = self.range.high;
        let mut first_error = None;
        loop {
            let mut r = self.reader(version, labels);
            let result = Body::read(self.chunk.name, &mut r)?
                .and_then(|body| self.ends_here(&r).map(|()| body));
            match result {
                Ok(body) => {
                    let found = std::mem::take(&mut r.found);
                    let blobs = std::mem::take(&mut r.found_blobs);
                    let places = std::mem::take(&mut r.places);
                    let gates = std::mem::take(&mut r.consulted);
                    labels.extend(found, blobs);
                    return Some(Ok((body, version, Found { places, gates })));
                }
                Err(e) => {
                    let damage = r.damage();
                    first_error.get_or_insert_with(|| chunks::Unread::new(&e, damage));
                    match self.gate_below(&r, version) {
                        Some(g) => version = g.below(),
                        None => return first_error.map(Err),
                    }
                }
            }
        }
    }

    /// The chunk read leniently in the layout that passes over the fewest entries,
    /// stepping below each release gate as [`Self::typed`] does; the labels it sets
    /// go into `labels`.
    fn lenient(&self, labels: &mut Labels) -> Option<Lenient<'a>> {
        let mut best: Option<(Lenient<'a>, Vec<(u32, Label)>)> = None;
        let mut version = self.range.high;
        loop {
            let mut r = self.reader(version, labels).lenient();
            if let Ok(body) = Body::read(self.chunk.name, &mut r)? {
                let passed = std::mem::take(&mut r.passed);
                if best
                    .as_ref()
                    .is_none_or(|(b, _)| passed.len() < b.passed.len())
                {
                    let read = Lenient {
                        body,
                        passed,
                        places: std::mem::take(&mut r.places),
                    };
                    best = Some((read, std::mem::take(&mut r.found)));
                }
            }
            match self.gate_below(&r, version) {
                Some(g) if best.as_ref().is_none_or(|(b, _)| !b.passed.is_empty()) => {
                    version = g.below()
                }
                _ => break,
            }
        }
        let (read, found) = best?;
        labels.extend(found, Vec::new());
        Some(read)
    }

    /// The newest release gate a walk in `version`'s layout asked about, within the
    /// file's range: reading below it is the next layout to try.
    fn gate_below(&self, r: &WireReader, version: Version) -> Option<Version> {
        r.consulted
            .iter()
            .copied()
            .filter(|&g| g <= version && g > self.range.low)
            .max()
    }

    pub(super) fn reader<'l>(&'l self, version: Version, labels: &'l Labels) -> WireReader<'a, 'l> {
        WireReader::new(
            self.form.data,
            self.form.endian,
            self.chunk.name,
            (self.chunk.body_offset(), self.chunk.end()),
            version,
            self.bytecode,
            (labels, self.texts),
        )
    }

    /// Whether the walk ended where the chunk does, with only its padding after it.
    pub(super) fn ends_here(&self, r: &WireReader) -> Result<()> {
        let at = r.position();
        let end = self.chunk.end();
        let expected = self.end_align.map_or(at, |a| at.next_multiple_of(a));
        let rest = &self.form.data[at as usize..end as usize];
        if end != expected || rest.iter().any(|&b| b != 0) {
            return Err(wire::Wire::unlike_gamemaker(
                r,
                at,
                format!(
                    "the model ends at {at:#x}, but the chunk runs on to {end:#x}{}",
                    if rest.iter().any(|&b| b != 0) {
                        " with bytes that are not padding"
                    } else {
                        ""
                    }
                ),
            ));
        }
        Ok(())
    }
}

/// The releases the file can be from, by the chunks it holds.
pub(super) fn range(form: &Form<'_>) -> Range {
    let gen8_major = form
        .chunk(FourCC::GEN8)
        .and_then(|g| g.body.get(44..48))
        .map(|b| crate::formats::gamemaker::binary::words::get_u32(b, 0, form.endian))
        .unwrap_or(0);
    if gen8_major < 2 {
        let v = Version::new(1, 0, 0, 0);
        return Range { low: v, high: v };
    }
    let present = |c| form.chunk(c).is_some();
    let low = MARKERS
        .iter()
        .filter(|(c, _)| present(*c))
        .map(|&(_, v)| v)
        .max()
        .unwrap_or(Version::GMS2);
    let high = MARKERS
        .iter()
        .filter(|(c, v)| !present(*c) && *v > low)
        .map(|&(_, v)| v)
        .min()
        .map_or(Version::NEWEST, Version::below);
    Range { low, high }
}

impl<'a> Game<'a> {
    /// Each chunk kept as stored, with the reason where the model tried to read it.
    pub fn stored(&self) -> Vec<String> {
        self.chunks
            .iter()
            .filter_map(|p| match &p.body {
                Body::Stored { why: Some(why), .. } => Some(format!("{} ({why})", p.name)),
                Body::Stored { why: None, .. } => Some(p.name.to_string()),
                _ => None,
            })
            .collect()
    }

    /// A game made of `chunks`, in that order, as built from an extracted folder or
    /// in code. A chunk kept as stored in it must not move: where its pointers point
    /// is not known.
    pub fn new(
        endian: Endian,
        alignment: u64,
        bytecode: u8,
        chunks: Vec<Part<'a>>,
        trailing: &'a [u8],
    ) -> Self {
        Game {
            endian,
            alignment,
            bytecode,
            chunks,
            trailing,
            read_labels: Labels::new(),
            places: Vec::new(),
            read_from: None,
            gates: Vec::new(),
            lenient_texts: Vec::new(),
            lenient_labels: Labels::new(),
        }
    }

    /// The container the game was read from, while its chunks are still the
    /// container's, in its order: an edit that adds, drops or moves a chunk leaves
    /// its layouts nothing to say.
    pub(crate) fn read_from(&self) -> Option<&Form<'a>> {
        let form = self.read_from.as_ref()?;
        let names =
            |a: &[Part], b: &[StoredChunk]| a.iter().map(|p| p.name).eq(b.iter().map(|c| c.name));
        names(&self.chunks, &form.chunks).then_some(form)
    }

    /// Reads every chunk into its model, or keeps it as stored.
    pub fn read(data: &'a [u8]) -> Result<Self> {
        read(data)
    }

    /// Where the code is typed: each VARI and FUNC entry its chains name gets the
    /// count of its uses and the address of the first, as the instructions have
    /// them; one used no more keeps no address.
    pub fn settle_code_uses(&mut self) {
        let Some(Blobs::Typed(code)) = self.get::<Code>().map(|c| &c.blobs) else {
            return;
        };
        let settled: Vec<(bool, usize, Uses)> = code
            .symbols
            .iter()
            .zip(code.occurrences())
            .map(|(s, uses)| {
                let first = match uses.first() {
                    Some(&(blob, at)) => CodeAddress::In {
                        blob,
                        at: at + if s.first_at_operand { 4 } else { 0 },
                    },
                    None => CodeAddress::Raw(u32::MAX),
                };
                let count = uses.len() as u32;
                (s.call, s.entry, Uses { count, first })
            })
            .collect();
        for (call, entry, uses) in settled {
            let slot = match call {
                true => self
                    .get_mut::<Functions>()
                    .and_then(|f| f.functions.get_mut(entry))
                    .map(|f| &mut f.uses),
                false => self
                    .get_mut::<Variables>()
                    .and_then(|v| v.variables.get_mut(entry))
                    .map(|v| &mut v.uses),
            };
            if let Some(slot) = slot {
                *slot = uses;
            }
        }
    }

    /// The file the model stands for (see [`write()`]).
    pub fn write(&mut self) -> Result<Vec<u8>> {
        #[cfg(test)]
        counted::WRITES.with(|n| n.set(n.get() + 1));
        write(self)
    }

    /// Where record `i` of chunk `chunk`'s own list (by index in `chunks`) started
    /// in the file read: `None` for a game made in code, a null slot, or a chunk
    /// kept as stored.
    pub fn place(&self, chunk: usize, i: usize) -> Option<u64> {
        let at = *self.places.get(chunk)?.get(i)?;
        (at != 0).then_some(at)
    }

    /// Where record `i` of the chunk named `name` started in the file read (see
    /// [`Game::place`]).
    pub fn place_in(&self, name: FourCC, i: usize) -> Option<u64> {
        let chunk = self.chunks.iter().position(|p| p.name == name)?;
        self.place(chunk, i)
    }

    /// The chunk `T` models, when the file has it and it read.
    pub fn get<T: ChunkModel<'a>>(&self) -> Option<&T> {
        self.chunks.iter().find_map(|p| T::of(&p.body))
    }

    /// The chunk `T` models, to edit.
    pub fn get_mut<T: ChunkModel<'a>>(&mut self) -> Option<&mut T> {
        self.chunks.iter_mut().find_map(|p| T::of_mut(&mut p.body))
    }

    /// STRG's texts, as far as they read when STRG is kept as stored.
    pub fn texts(&self) -> &[Cow<'a, str>] {
        self.get::<Strings>()
            .map_or(self.lenient_texts.as_slice(), |s| s.list.as_slice())
    }

    /// The name of every resource, by chunk and index.
    pub fn names(&self) -> names::Names {
        self.chunk_names()
            .into_iter()
            .zip(&self.chunks)
            .filter_map(|(names, p)| {
                let owned = names?.into_iter().map(|n| n.map(str::to_owned)).collect();
                Some((p.name, owned))
            })
            .collect()
    }

    /// The names of the resources each chunk lists, by index, as texts; `None` for a
    /// chunk that lists no named resources. STRG is found once for them all: a file of
    /// many chunks (a damaged one reads its zeros as empty chunks) must not look it up
    /// once a chunk.
    pub fn chunk_names(&self) -> Vec<Option<Vec<Option<&str>>>> {
        let texts = self.texts();
        self.chunks
            .iter()
            .map(|p| {
                let ids = p.body.names()?;
                Some(
                    ids.into_iter()
                        .map(|id| Some(&**texts.get(id?.0 as usize)?))
                        .collect(),
                )
            })
            .collect()
    }

    /// What ids are shown from in JSON.
    pub fn shown(&self) -> names::Shown {
        names::Shown::new(
            self.texts().iter().map(|t| t.to_string()).collect(),
            &self.names(),
        )
    }
}

/// How often this thread read a whole game into the model and wrote one out: what
/// tests hold a verb's passes over a game to.
#[cfg(test)]
pub(crate) mod counted {
    use std::cell::Cell;

    thread_local! {
        pub static READS: Cell<usize> = const { Cell::new(0) };
        pub static WRITES: Cell<usize> = const { Cell::new(0) };
    }

    /// The reads and writes `run` made on this thread.
    pub fn passes<T>(run: impl FnOnce() -> T) -> (T, usize, usize) {
        let (reads, writes) = (READS.with(Cell::get), WRITES.with(Cell::get));
        let out = run();
        (
            out,
            READS.with(Cell::get) - reads,
            WRITES.with(Cell::get) - writes,
        )
    }
}
