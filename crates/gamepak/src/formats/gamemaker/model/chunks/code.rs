//! CODE, the code entries and their instruction blobs. From bytecode 15 every blob
//! comes first, in the order of the entries that own them, then the entries: name,
//! blob length, locals, arguments (the top bit a flag), the blob's address relative
//! to that field, and where in the blob the entry starts; from 2.3 a child function
//! shares its parent's blob. Before bytecode 15 an entry is its name and length with
//! its instructions right after. A blob read stays bytes, its occurrence chains
//! (what VARI and FUNC address) as the file links them; edited code is typed
//! instructions, which the walk encodes and links (see [`super::instructions`]).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::bytecode::instruction::{self, Instr};
use crate::formats::gamemaker::model::chunks::instructions::Instructions;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::wire::{Blob, Record, Slots, StrId, Wire};

/// CODE: the compiled code of every script, event and function, as code entries
/// and the instruction blobs they run.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Code<'a> {
    /// The instruction blobs, in file order.
    #[serde(skip)]
    pub blobs: Blobs<'a>,
    /// The code entries by index (a code id); `None` for a null slot.
    pub entries: Vec<Option<CodeEntry>>,
}

/// A code entry: a named piece of compiled code and where its instructions lie.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct CodeEntry {
    /// The entry's name, which says what runs it (`gml_Object_obj_player_Step_0`,
    /// `gml_Script_scr_init`).
    pub name: Option<StrId>,
    /// The blob the entry runs, by index in [`Code::blobs`].
    pub blob: u32,
    /// Bytecode 15 and later.
    pub locals: u16,
    /// Bytecode 15 and later; the top bit is a flag GameMaker sets.
    pub arguments: u16,
    /// Where in its blob the entry starts (bytecode 15 and later).
    pub offset: u32,
}

/// CODE's instruction blobs: as stored, or typed once the code is edited.
#[derive(Debug, Clone)]
pub enum Blobs<'a> {
    /// Each blob's bytes as read, their chains linked as the file links them.
    Stored(Vec<Blob<'a>>),
    /// Every blob as instructions, laid out and linked when written.
    Typed(Instructions),
}

impl Default for Blobs<'_> {
    fn default() -> Self {
        Blobs::Stored(Vec::new())
    }
}

impl<'a> Blobs<'a> {
    /// How many blobs there are.
    pub fn len(&self) -> usize {
        match self {
            Blobs::Stored(b) => b.len(),
            Blobs::Typed(t) => t.blobs.len(),
        }
    }

    /// Whether there are no blobs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Blob `k`'s size in bytes.
    pub fn size(&self, k: usize) -> u64 {
        match self {
            Blobs::Stored(b) => b.get(k).map_or(0, |b| b.len() as u64),
            Blobs::Typed(t) => t.size(k),
        }
    }

    /// Blob `k`'s instructions: as typed, or decoded from its bytes (on no
    /// chain: a stored blob's chains are VARI's and FUNC's to follow).
    pub fn instructions(
        &self,
        k: usize,
        endian: crate::bytes::Endian,
        old_opcodes: bool,
    ) -> Cow<'_, [Instr]> {
        match self {
            Blobs::Stored(b) => Cow::Owned(b.get(k).map_or_else(Vec::new, |b| {
                instruction::decode(b, endian, old_opcodes, |_| None)
            })),
            Blobs::Typed(t) => Cow::Borrowed(t.blobs.get(k).map_or(&[][..], |b| b.as_slice())),
        }
    }

    /// Each blob's bytes, as a file holds them with `header` bytes before each
    /// (see [`Instructions::lay_out`]).
    pub fn bytes(
        &self,
        header: u64,
        endian: crate::bytes::Endian,
        old_opcodes: bool,
    ) -> std::result::Result<Vec<Blob<'a>>, String> {
        match self {
            // A blob read borrows the file: cloning it copies no bytes.
            Blobs::Stored(b) => Ok(b.clone()),
            Blobs::Typed(t) => Ok(t
                .lay_out(header, endian, old_opcodes)?
                .into_iter()
                .map(Cow::Owned)
                .collect()),
        }
    }
}

impl Named for CodeEntry {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Code<'a> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let slots = w.pointers(&mut self.entries)?;
        let inline = w.bytecode() < 15;
        if w.reading() {
            let mut blobs = Vec::new();
            match inline {
                true => inline_blobs(w, &mut self.entries, &mut blobs, slots)?,
                false => self.read_blobs_first(w, &mut blobs, slots)?,
            }
            self.blobs = Blobs::Stored(blobs);
            return Ok(());
        }
        let header = if inline { 8 } else { 0 };
        let at = w.offset();
        let mut blobs = self
            .blobs
            .bytes(header, w.endian(), inline)
            .map_err(|why| w.invalid(at, why))?;
        match inline {
            true => inline_blobs(w, &mut self.entries, &mut blobs, slots),
            false => write_blobs_first(w, &mut self.entries, &mut blobs, slots),
        }
    }
}

/// Bytecode 13 and 14: each entry's blob right after its name and length.
fn inline_blobs<'a, W: Wire<'a>>(
    w: &mut W,
    entries: &mut [Option<CodeEntry>],
    blobs: &mut Vec<Blob<'a>>,
    slots: Slots,
) -> Result<()> {
    let reading = w.reading();
    for (i, (entry, slot)) in entries.iter_mut().zip(slots).enumerate() {
        let Some(e) = entry else { continue };
        w.enter("entry", Some(i));
        w.here(slot)?;
        w.string(&mut e.name)?;
        if reading {
            e.blob = blobs.len() as u32;
            blobs.push(Blob::default());
        }
        let blob = blobs
            .get_mut(e.blob as usize)
            .ok_or_else(|| w.invalid(w.offset(), format!("blob {} does not exist", e.blob)))?;
        let mut len = blob.len();
        w.count(&mut len, 1)?;
        w.code_blob(w.offset(), e.blob, len as u32);
        w.blob(blob, len)?;
        w.leave();
    }
    Ok(())
}

impl<'a> Code<'a> {
    /// Reads the blobs as one run up to the first entry, then the entries, and
    /// splits the run where the entries say their blobs lie: each new blob must
    /// start where the one before it ended, and a child's must be a blob already
    /// read.
    fn read_blobs_first<W: Wire<'a>>(
        &mut self,
        w: &mut W,
        blobs: &mut Vec<Blob<'a>>,
        slots: Slots,
    ) -> Result<()> {
        let start = w.offset();
        let first = self
            .entries
            .iter()
            .zip(&slots)
            .find_map(|(e, s)| e.as_ref().map(|_| s.0))
            .unwrap_or(start);
        let len = first.checked_sub(start).ok_or_else(|| {
            w.invalid(
                start,
                format!("the first code entry at {first:#x} comes before the blobs"),
            )
        })?;
        let mut run = Blob::default();
        w.blob(&mut run, len as usize)?;
        let Blob::Borrowed(run) = run else {
            return Err(w.invalid(start, "the blobs were not read from the file".into()));
        };
        let mut starts: Vec<(u64, u32)> = Vec::new();
        let mut next = start;
        let lenient = w.leniently();
        for (i, (entry, slot)) in self.entries.iter_mut().zip(slots).enumerate() {
            let Some(e) = entry else { continue };
            let read = w.entry(|w| {
                w.enter("entry", Some(i));
                w.here(slot)?;
                let fields = entry_fields(w, e, 0, 0)?;
                let (at, length) = (fields.at, fields.length);
                let new = at == next && (length > 0 || starts.last().is_none_or(|&(s, _)| s != at));
                // Looked for only when the blob is not new: a search for every entry
                // was quadratic in a game's thousands of entries.
                let child = match new {
                    true => None,
                    false => starts.iter().rposition(|&(s, l)| s == at && l == length),
                };
                if new || (lenient && child.is_none()) {
                    let from = at.checked_sub(start).filter(|&f| f <= run.len() as u64);
                    let Some(from) = from else {
                        let why = format!("the blob at {at:#x} lies outside the blobs ({start:#x} to {first:#x})");
                        return Err(w.invalid(fields.address_at, why));
                    };
                    let bytes = run.get(from as usize..from as usize + length as usize).ok_or_else(|| {
                        let why = format!("the {length}-byte blob at {at:#x} runs past the blobs ({first:#x})");
                        w.invalid(fields.length_at, why)
                    })?;
                    e.blob = blobs.len() as u32;
                    w.code_blob(at, e.blob, length);
                    blobs.push(Blob::Borrowed(bytes));
                    starts.push((at, length));
                    next = at + u64::from(length);
                } else {
                    // A child function: its parent's blob, whole.
                    let blob = child.ok_or_else(|| {
                        w.unlike_gamemaker(
                            at,
                            format!("a blob at {at:#x} is not where GameMaker puts it ({next:#x})"),
                        )
                    })?;
                    e.blob = blob as u32;
                }
                w.leave();
                Ok(())
            })?;
            if !read {
                *entry = None;
            }
        }
        if next != first && !lenient {
            return Err(w.unlike_gamemaker(
                next,
                format!("the blobs end at {next:#x}, not at the first entry ({first:#x})"),
            ));
        }
        Ok(())
    }
}

/// From bytecode 15: the blobs one after another, then the entries.
fn write_blobs_first<'a, W: Wire<'a>>(
    w: &mut W,
    entries: &mut [Option<CodeEntry>],
    blobs: &mut [Blob<'a>],
    slots: Slots,
) -> Result<()> {
    let mut starts = Vec::with_capacity(blobs.len());
    for (i, blob) in blobs.iter_mut().enumerate() {
        starts.push(w.offset());
        w.code_blob(w.offset(), i as u32, blob.len() as u32);
        let len = blob.len();
        w.blob(blob, len)?;
    }
    for (entry, slot) in entries.iter_mut().zip(slots) {
        let Some(e) = entry else { continue };
        w.here(slot)?;
        let (&at, blob) = starts
            .get(e.blob as usize)
            .zip(blobs.get(e.blob as usize))
            .ok_or_else(|| w.invalid(w.offset(), format!("blob {} does not exist", e.blob)))?;
        entry_fields(w, e, at, blob.len() as u32)?;
    }
    Ok(())
}

/// Where an entry's blob lies, and where the fields that say so are stored.
struct EntryFields {
    /// The blob's absolute start, and its length.
    at: u64,
    length: u32,
    address_at: u64,
    length_at: u64,
}

/// An entry's fields after the pointer (bytecode 15 and later). Writing, `at` and
/// `length` are what to write.
fn entry_fields<'a, W: Wire<'a>>(
    w: &mut W,
    e: &mut CodeEntry,
    at: u64,
    mut length: u32,
) -> Result<EntryFields> {
    w.string(&mut e.name)?;
    let length_at = w.offset();
    w.u32(&mut length)?;
    w.u16(&mut e.locals)?;
    w.u16(&mut e.arguments)?;
    let field = w.offset();
    let mut rel = (at as i64 - field as i64) as i32;
    w.i32(&mut rel)?;
    w.u32(&mut e.offset)?;
    let at = u64::try_from(field as i64 + i64::from(rel))
        .map_err(|_| w.invalid(field, format!("blob address {rel} points before the file")))?;
    Ok(EntryFields {
        at,
        length,
        address_at: field,
        length_at,
    })
}
