//! The reading direction of [`Wire`]: a cursor over the whole file that fills each
//! field, checks every pointer against the cursor, and resolves references through
//! the labels the chunks read before it left.

use rustc_hash::FxHashMap;

use super::version::Version;
use super::wire::{Blob, CodeAddress, Label, Slot, StrId, Wire};
use crate::bytes::Endian;
use crate::error::{Error, Result};
use crate::fourcc::FourCC;
use crate::location::Location;

/// Where the chunks read so far put what references can name.
#[derive(Debug, Clone, Default)]
pub struct Labels {
    /// Labels by the absolute offset they stand at (a fast hash: the model looks
    /// one up for every reference it reads).
    pub exact: FxHashMap<u32, Label>,
    /// Code blobs as (absolute start, index, length), by start, for addresses
    /// that point anywhere inside one: a sorted list, since blobs come in order and
    /// every code reference looks one up.
    blobs: Vec<(u32, u32, u32)>,
}

impl Labels {
    pub fn new() -> Self {
        Labels::default()
    }

    /// Adds what a chunk that read whole found.
    pub fn extend(&mut self, found: Vec<(u32, Label)>, blobs: Vec<(u32, u32, u32)>) {
        self.exact.extend(found);
        self.add_blobs(&blobs);
    }

    /// Adds every label of `other`.
    pub fn merge(&mut self, other: &Labels) {
        self.exact.extend(other.exact.iter().map(|(&k, &v)| (k, v)));
        self.add_blobs(&other.blobs);
    }

    /// Adds code blobs; one that starts where a blob already does takes its place.
    fn add_blobs(&mut self, blobs: &[(u32, u32, u32)]) {
        self.blobs.extend_from_slice(blobs);
        if !self.blobs.is_sorted_by(|a, b| a.0 < b.0) {
            // Stable, so the later of two blobs at one start sorts last and stays.
            self.blobs.sort_by_key(|b| b.0);
            self.blobs.reverse();
            self.blobs.dedup_by_key(|b| b.0);
            self.blobs.reverse();
        }
    }

    /// The code blob and offset in it that absolute address `p` falls in.
    pub fn in_blob(&self, p: u32) -> Option<(u32, u32)> {
        let after = self.blobs.partition_point(|b| b.0 <= p);
        let &(start, blob, len) = self.blobs.get(after.checked_sub(1)?)?;
        (p - start < len).then_some((blob, p - start))
    }
}

pub struct WireReader<'a, 'l> {
    data: &'a [u8],
    endian: Endian,
    pos: u64,
    /// Where the chunk's body starts.
    start: u64,
    /// The end of the chunk being read: nothing is read past it.
    end: u64,
    version: Version,
    bytecode: u8,
    /// Every release gate the walk asked about.
    pub consulted: Vec<Version>,
    /// Labels of the chunks read before.
    known: &'l Labels,
    /// STRG's texts.
    texts: &'l [std::borrow::Cow<'a, str>],
    /// Labels this chunk sets, kept apart until it has read whole.
    pub found: Vec<(u32, Label)>,
    /// Code blobs this chunk holds: (absolute start, blob, length).
    pub found_blobs: Vec<(u32, u32, u32)>,
    /// Where each record of the chunk's own list starts, by index (0 for a null
    /// slot), for problems found later to be located at their record.
    pub places: Vec<u64>,
    chunk: FourCC,
    path: Vec<(&'static str, Option<usize>)>,
    /// Whether the walk failed on a layout question (see [`Wire::unlike_gamemaker`]).
    unlike: std::cell::Cell<bool>,
    /// Reading for what a chunk's entries hold, not for its layout: a pointer is
    /// followed wherever it points inside the chunk, and an entry that does not read
    /// is passed over (see [`Wire::entry`]), why kept in `passed`.
    lenient: bool,
    /// The entries a lenient walk passed over.
    pub passed: Vec<Error>,
    /// The record whose dangling reference was passed over last.
    passed_in: Option<Option<(&'static str, Option<usize>)>>,
}

impl<'a, 'l> WireReader<'a, 'l> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        data: &'a [u8],
        endian: Endian,
        chunk: FourCC,
        (start, end): (u64, u64),
        version: Version,
        bytecode: u8,
        (known, texts): (&'l Labels, &'l [std::borrow::Cow<'a, str>]),
    ) -> Self {
        WireReader {
            data,
            endian,
            pos: start,
            start,
            end,
            version,
            bytecode,
            consulted: Vec::new(),
            known,
            texts,
            found: Vec::new(),
            found_blobs: Vec::new(),
            places: Vec::new(),
            chunk,
            path: Vec::new(),
            unlike: std::cell::Cell::new(false),
            lenient: false,
            passed: Vec::new(),
            passed_in: None,
        }
    }

    /// The same reader, lenient (see `lenient`).
    pub fn lenient(self) -> Self {
        WireReader {
            lenient: true,
            ..self
        }
    }

    fn location(&self) -> Location {
        self.path.iter().fold(
            Location::root("FORM").child(self.chunk.to_string()),
            |l, &(name, index)| match index {
                Some(i) => l.at(name, i),
                None => l.child(name),
            },
        )
    }

    #[inline]
    fn take<const N: usize>(&mut self, what: &str) -> Result<[u8; N]> {
        let b = self.take_bytes(N as u64, what)?;
        Ok(b.try_into().expect("N bytes"))
    }

    /// Inlined into every field's read, with the error made apart: a game's model
    /// read is millions of these.
    #[inline]
    fn take_bytes(&mut self, n: u64, what: &str) -> Result<&'a [u8]> {
        if n > self.end.saturating_sub(self.pos) {
            return Err(self.past_end(n, what));
        }
        let at = self.pos as usize;
        self.pos += n;
        Ok(&self.data[at..at + n as usize])
    }

    #[cold]
    #[inline(never)]
    fn past_end(&self, n: u64, what: &str) -> Error {
        self.invalid(
            self.pos,
            format!(
                "{what} of {n} bytes runs past the end of the chunk at {:#x}",
                self.end
            ),
        )
    }

    /// Whether the walk stopped on bytes that break the format, rather than on a
    /// layout the model does not know. A walk that fails leaves its path where it
    /// stopped. A layout question is never damage; nor is a failure deeper than a
    /// chunk's own records, since a field the model does not know (a newer
    /// release's) shifts what follows it and surfaces as any kind of failure
    /// further on, while a chunk's head and its list of records are laid out alike
    /// in every release.
    pub fn damage(&self) -> bool {
        !self.unlike.get() && self.path.len() <= 1
    }

    /// Records that the chunk's own record `i` starts at `at`: its first start is
    /// its own, a part it places itself comes later.
    fn place(&mut self, i: usize, at: u64) {
        if self.places.len() <= i {
            self.places.resize(i + 1, 0);
        }
        if self.places[i] == 0 {
            self.places[i] = at;
        }
    }

    /// The cursor's place once the walk is over.
    pub fn position(&self) -> u64 {
        self.pos
    }
}

macro_rules! read_int {
    ($self:ident, $v:ident, $ty:ty, $what:literal) => {{
        let b = $self.take($what)?;
        *$v = match $self.endian {
            Endian::Little => <$ty>::from_le_bytes(b),
            Endian::Big => <$ty>::from_be_bytes(b),
        };
        Ok(())
    }};
}

impl<'a> Wire<'a> for WireReader<'a, '_> {
    fn reading(&self) -> bool {
        true
    }
    fn since(&mut self, v: Version) -> bool {
        if !self.consulted.contains(&v) {
            self.consulted.push(v);
        }
        self.version >= v
    }
    fn endian(&self) -> Endian {
        self.endian
    }
    fn bytecode(&self) -> u8 {
        self.bytecode
    }
    fn text_of(&self, id: StrId) -> Option<String> {
        self.texts.get(id.0 as usize).map(|t| t.to_string())
    }
    fn offset(&self) -> u64 {
        self.pos
    }
    #[inline]
    fn u8(&mut self, v: &mut u8) -> Result<()> {
        *v = self.take::<1>("byte")?[0];
        Ok(())
    }
    #[inline]
    fn u16(&mut self, v: &mut u16) -> Result<()> {
        read_int!(self, v, u16, "u16")
    }
    #[inline]
    fn u32(&mut self, v: &mut u32) -> Result<()> {
        read_int!(self, v, u32, "u32")
    }
    #[inline]
    fn u64(&mut self, v: &mut u64) -> Result<()> {
        read_int!(self, v, u64, "u64")
    }
    fn blob(&mut self, v: &mut Blob<'a>, len: usize) -> Result<()> {
        *v = Blob::Borrowed(self.take_bytes(len as u64, "payload")?);
        Ok(())
    }
    fn bytes(&mut self, v: &mut Vec<u8>, len: usize) -> Result<()> {
        *v = self.take_bytes(len as u64, "bytes")?.to_vec();
        Ok(())
    }
    fn blob_measured(
        &mut self,
        v: &mut Blob<'a>,
        measure: &dyn Fn(&[u8]) -> Option<usize>,
        what: &'static str,
    ) -> Result<()> {
        let rest = &self.data[self.pos as usize..self.end as usize];
        let len = measure(rest)
            .ok_or_else(|| self.invalid(self.pos, format!("no {what} whose end can be found")))?;
        self.blob(v, len)
    }
    fn text(&mut self, v: &mut std::borrow::Cow<'a, str>, label: Label) -> Result<()> {
        let mut n = 0;
        self.count(&mut n, 1)?;
        self.label(label);
        let at = self.pos;
        let bytes = self.take_bytes(n as u64 + 1, "string")?;
        let (nul, text) = bytes.split_last().expect("at least the NUL");
        *v = std::borrow::Cow::Borrowed(
            std::str::from_utf8(text)
                .map_err(|e| self.invalid(at, format!("the string is not UTF-8: {e}")))?,
        );
        if *nul != 0 {
            return Err(self.invalid(at + n as u64, "the string does not end with a NUL".into()));
        }
        Ok(())
    }
    fn pad(&mut self, align: u64) -> Result<()> {
        let at = self.pos;
        let n = at.next_multiple_of(align) - at;
        let padding = self.take_bytes(n, "padding")?;
        if !self.lenient && padding.iter().any(|&b| b != 0) {
            return Err(self.invalid(at, format!("padding to {align} bytes is not zero")));
        }
        Ok(())
    }
    fn label(&mut self, label: Label) {
        if let Ok(at) = u32::try_from(self.pos) {
            self.found.push((at, label));
        }
    }
    fn reference(&mut self, v: &mut Option<Label>, kind: fn(u32) -> Label) -> Result<()> {
        let at = self.pos;
        let mut p = 0;
        self.u32(&mut p)?;
        if p == 0 {
            *v = None;
            return Ok(());
        }
        let wanted = std::mem::discriminant(&kind(0));
        match self.known.exact.get(&p) {
            Some(l) if std::mem::discriminant(l) == wanted => {
                *v = Some(*l);
                Ok(())
            }
            _ => {
                let e = self.invalid(
                    at,
                    format!(
                        "reference {p:#x} does not point at the start of a {}",
                        kind_name(kind(0))
                    ),
                );
                // Read leniently, a reference that leads nowhere is none, and the
                // first such in a record stands for the rest (a record read out of
                // place can hold thousands).
                if !self.lenient {
                    return Err(e);
                }
                let record = self.path.first().copied();
                if self.passed_in != Some(record) {
                    self.passed_in = Some(record);
                    self.passed.push(e);
                }
                *v = None;
                Ok(())
            }
        }
    }
    fn code_blob(&mut self, at: u64, blob: u32, len: u32) {
        if let Ok(at) = u32::try_from(at) {
            self.found.push((at, Label::Code { blob, at: 0 }));
            self.found_blobs.push((at, blob, len));
        }
    }
    fn code_address(&mut self, v: &mut CodeAddress) -> Result<()> {
        let mut p = 0;
        self.u32(&mut p)?;
        *v = match self.known.in_blob(p) {
            Some((blob, at)) => CodeAddress::In { blob, at },
            None => CodeAddress::Raw(p),
        };
        Ok(())
    }
    fn remaining(&self) -> u64 {
        self.end.saturating_sub(self.pos)
    }
    fn more(&self, size: u64) -> bool {
        self.end.saturating_sub(self.pos) >= size
            && self.data[self.pos as usize..self.pos as usize + 4] != [0; 4]
    }
    fn pointer(&mut self, present: &mut bool) -> Result<Slot> {
        let at = self.pos;
        let mut p = 0;
        self.u32(&mut p)?;
        *present = p != 0;
        Ok(Slot(p.into(), at))
    }
    fn starts(&mut self, i: usize) {
        if let [("entry", Some(_))] = self.path[..] {
            self.place(i, self.pos);
        }
    }
    fn here(&mut self, slot: Slot) -> Result<()> {
        if let [(_, Some(i))] = self.path[..] {
            self.place(i, slot.0);
        }
        if !(self.start..=self.end).contains(&slot.0) {
            return Err(self.invalid(
                slot.1,
                format!(
                    "points at {:#x}, outside the chunk ({:#x} to {:#x})",
                    slot.0, self.start, self.end
                ),
            ));
        }
        if slot.0 != self.pos && self.lenient {
            self.pos = slot.0;
        }
        if slot.0 != self.pos {
            return Err(self.unlike_gamemaker(
                slot.1,
                format!(
                    "points at {:#x}, where GameMaker's layout puts it at {:#x}",
                    slot.0, self.pos
                ),
            ));
        }
        Ok(())
    }
    fn count(&mut self, n: &mut usize, each: u64) -> Result<()> {
        let at = self.pos;
        let mut c = 0;
        self.u32(&mut c)?;
        self.fits(at, c.into(), each)?;
        *n = c as usize;
        Ok(())
    }
    fn fits(&mut self, at: u64, n: u64, each: u64) -> Result<()> {
        let room = self.end.saturating_sub(self.pos);
        if n.saturating_mul(each) > room {
            let what = match each {
                1 => format!("{n} bytes"),
                _ => format!("{n} entries of {each} bytes or more"),
            };
            return Err(self.invalid(at, format!("{what} do not fit in the {room} bytes left")));
        }
        Ok(())
    }
    fn enter(&mut self, name: &'static str, index: Option<usize>) {
        self.path.push((name, index));
    }
    fn leave(&mut self) {
        self.path.pop();
    }
    fn depth(&self) -> usize {
        self.path.len()
    }
    fn invalid(&self, at: u64, msg: String) -> Error {
        Error::invalid(self.location(), at, msg)
    }
    fn unlike_gamemaker(&self, at: u64, msg: String) -> Error {
        self.unlike.set(true);
        self.invalid(at, msg)
    }
    fn leniently(&self) -> bool {
        self.lenient
    }
    fn entry(&mut self, walk: impl FnOnce(&mut Self) -> Result<()>) -> Result<bool> {
        let depth = self.path.len();
        match walk(self) {
            Ok(()) => Ok(true),
            Err(e) if self.lenient => {
                self.path.truncate(depth);
                self.passed.push(e);
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }
}

fn kind_name(l: Label) -> &'static str {
    match l {
        Label::Str(_) => "STRG string",
        Label::Tpag(_) => "TPAG item",
        Label::Code { .. } => "code blob",
    }
}
