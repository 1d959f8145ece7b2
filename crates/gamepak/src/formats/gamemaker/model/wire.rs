//! One declaration of a record's layout that both reads and writes it.
//!
//! A record's [`Record::walk`] names its fields in file order. Walked by the reader,
//! each call fills the field from the file; walked by the writer, it writes the field.
//! The layout is therefore declared once, and what is read is exactly what is written.
//!
//! GameMaker lays a file out in one pass: a record's fixed fields, then what its
//! pointers point at, in an order each record fixes. The reader follows that order
//! with a cursor and checks that every pointer points where the cursor stands
//! ([`Wire::here`]), so a chunk that reads is one the writer gives back byte for byte.
//! A pointer that points elsewhere is not GameMaker's layout, and the chunk is kept as
//! stored instead.

use std::borrow::Cow;

use super::version::Version;
use crate::error::Result;

/// Bytes of a payload, borrowed from the file when read, owned once replaced.
pub type Blob<'a> = Cow<'a, [u8]>;

/// Something a reference can name: a STRG string, a TPAG item, a place in a code blob.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// A STRG string, by index: the place of its first character.
    Str(u32),
    /// A TPAG item, by index: the place of its entry.
    Tpag(u32),
    /// Byte `at` of code blob `blob`.
    Code {
        /// The code blob, by index in CODE's list of blobs.
        blob: u32,
        /// The byte offset in that blob.
        at: u32,
    },
}

/// A pointer field whose target comes later: the value read, or where the writer
/// left room for it; then where the pointer itself is stored, which is where a
/// reader reports one that does not point where the layout puts its target.
#[derive(Debug, Clone, Copy)]
pub struct Slot(pub(super) u64, pub(super) u64);

/// A pointer list's slots: most lists (an object's events, an event's actions) hold
/// a few, and are kept without an allocation of their own.
pub type Slots = smallvec::SmallVec<[Slot; 8]>;

/// The two directions a record is walked in.
pub trait Wire<'a>: Sized {
    /// Whether fields are being filled from the file.
    fn reading(&self) -> bool;
    /// Whether the layout being walked is GameMaker `v`'s or later's.
    fn since(&mut self, v: Version) -> bool;
    /// The bytecode version GEN8 states.
    fn bytecode(&self) -> u8;
    /// The file's byte order.
    fn endian(&self) -> crate::bytes::Endian;
    /// The text of a STRG string, when reading (a track's kind is told by its model
    /// name's text); the writer has no need of it and gives `None`.
    fn text_of(&self, id: StrId) -> Option<String>;
    /// The absolute offset the cursor stands at.
    fn offset(&self) -> u64;

    /// A byte.
    fn u8(&mut self, v: &mut u8) -> Result<()>;
    /// A 16-bit unsigned integer, in the file's byte order.
    fn u16(&mut self, v: &mut u16) -> Result<()>;
    /// A 32-bit unsigned integer, in the file's byte order.
    fn u32(&mut self, v: &mut u32) -> Result<()>;
    /// A 64-bit unsigned integer, in the file's byte order.
    fn u64(&mut self, v: &mut u64) -> Result<()>;
    /// `len` bytes of payload; the writer writes `v` whole.
    fn blob(&mut self, v: &mut Blob<'a>, len: usize) -> Result<()>;
    /// `len` bytes the model owns (small ones: masks, tables).
    fn bytes(&mut self, v: &mut Vec<u8>, len: usize) -> Result<()>;
    /// A payload whose length `measure` finds in the bytes from the cursor on.
    fn blob_measured(
        &mut self,
        v: &mut Blob<'a>,
        measure: &dyn Fn(&[u8]) -> Option<usize>,
        what: &'static str,
    ) -> Result<()>;
    /// A string as STRG holds it: a u32 length, the UTF-8 bytes (labelled `label`)
    /// and a NUL.
    fn text(&mut self, v: &mut Cow<'a, str>, label: Label) -> Result<()>;
    /// Zero bytes up to the next multiple of `align` from the start of the file.
    fn pad(&mut self, align: u64) -> Result<()>;

    /// Marks the cursor's place as `label`, for references to find.
    fn label(&mut self, label: Label);
    /// A u32 reference to a labelled place of the kind `kind` gives (0 for none).
    fn reference(&mut self, v: &mut Option<Label>, kind: fn(u32) -> Label) -> Result<()>;

    /// Marks absolute offset `at` as the start of code blob `blob`, `len` bytes long.
    fn code_blob(&mut self, at: u64, blob: u32, len: u32);
    /// A u32 address that points into a code blob, or a value that does not.
    fn code_address(&mut self, v: &mut CodeAddress) -> Result<()>;
    /// Reading: whether `size` more bytes remain and the next word is not 0 (a list
    /// that runs to the end of its chunk stops at the padding). Writing: false.
    fn more(&self, size: u64) -> bool;
    /// Reading: the bytes left before the end of the chunk. Writing: 0.
    fn remaining(&self) -> u64;
    /// A pointer field whose target [`Wire::here`] places later; `present` says
    /// whether it points anywhere (0 when it does not).
    fn pointer(&mut self, present: &mut bool) -> Result<Slot>;
    /// The target of `slot` starts at the cursor.
    fn here(&mut self, slot: Slot) -> Result<()>;
    /// A u32 count of entries at least `each` bytes long; the reader refuses a count
    /// whose entries cannot fit before the end of the chunk.
    fn count(&mut self, n: &mut usize, each: u64) -> Result<()>;

    /// Refuses, when reading, `n` entries of `each` bytes that cannot fit before the
    /// end of the chunk (a count found at `at`).
    fn fits(&mut self, at: u64, n: u64, each: u64) -> Result<()>;
    /// Names the part of the structure walked next, for errors.
    fn enter(&mut self, name: &'static str, index: Option<usize>);
    /// Leaves the part [`Wire::enter`] named last.
    fn leave(&mut self);
    /// How many parts deep the walk is (reading; the writer walks what was read or
    /// built, and says 0).
    fn depth(&self) -> usize;
    /// An error at absolute offset `at`, located where the walk stands.
    fn invalid(&self, at: u64, msg: String) -> crate::error::Error;
    /// An error where the bytes are sound but not where or how GameMaker's layout,
    /// as the model knows it, puts them: a layout question, perhaps of a release
    /// the model does not know, rather than damage.
    fn unlike_gamemaker(&self, at: u64, msg: String) -> crate::error::Error {
        self.invalid(at, msg)
    }
    /// Says that record `i` of a list laid out inline (no pointer to it) starts at
    /// the cursor, so that a chunk's own records are placed as pointed ones are.
    fn starts(&mut self, _i: usize) {}
    /// Whether the walk reads leniently (see [`Wire::entry`]): records are found by
    /// their pointers wherever they lie, not where GameMaker's layout puts them.
    fn leniently(&self) -> bool {
        false
    }
    /// Walks one entry that holds a payload of its own (a page, a clip). A lenient
    /// reader keeps going past an entry that does not read, keeping why, and says
    /// `false` for it; every other walk fails with it.
    fn entry(&mut self, walk: impl FnOnce(&mut Self) -> Result<()>) -> Result<bool> {
        walk(self).map(|()| true)
    }

    /// A boolean stored in 32 bits: 0 or 1, and nothing else.
    fn bool(&mut self, v: &mut bool) -> Result<()> {
        let mut u = u32::from(*v);
        let at = self.offset();
        self.u32(&mut u)?;
        match u {
            0 | 1 => {
                *v = u == 1;
                Ok(())
            }
            _ => Err(self.invalid(at, format!("{u} where a boolean (0 or 1) belongs"))),
        }
    }

    /// A 32-bit signed integer.
    fn i32(&mut self, v: &mut i32) -> Result<()> {
        let mut u = *v as u32;
        self.u32(&mut u)?;
        *v = u as i32;
        Ok(())
    }
    /// A 16-bit signed integer.
    fn i16(&mut self, v: &mut i16) -> Result<()> {
        let mut u = *v as u16;
        self.u16(&mut u)?;
        *v = u as i16;
        Ok(())
    }
    /// A 64-bit signed integer.
    fn i64(&mut self, v: &mut i64) -> Result<()> {
        let mut u = *v as u64;
        self.u64(&mut u)?;
        *v = u as i64;
        Ok(())
    }
    /// A 32-bit IEEE 754 float.
    fn f32(&mut self, v: &mut f32) -> Result<()> {
        let mut u = v.to_bits();
        self.u32(&mut u)?;
        *v = f32::from_bits(u);
        Ok(())
    }
    /// A 64-bit IEEE 754 float.
    fn f64(&mut self, v: &mut f64) -> Result<()> {
        let mut u = v.to_bits();
        self.u64(&mut u)?;
        *v = f64::from_bits(u);
        Ok(())
    }
    /// A reference to a STRG string.
    fn string(&mut self, v: &mut Option<StrId>) -> Result<()> {
        let mut l = v.map(|s| Label::Str(s.0));
        self.reference(&mut l, Label::Str)?;
        *v = l.and_then(|l| match l {
            Label::Str(i) => Some(StrId(i)),
            _ => None,
        });
        Ok(())
    }
    /// A reference to a TPAG item.
    fn tpag(&mut self, v: &mut Option<TpagId>) -> Result<()> {
        let mut l = v.map(|s| Label::Tpag(s.0));
        self.reference(&mut l, Label::Tpag)?;
        *v = l.and_then(|l| match l {
            Label::Tpag(i) => Some(TpagId(i)),
            _ => None,
        });
        Ok(())
    }
    /// `N` bytes, as stored.
    fn array<const N: usize>(&mut self, v: &mut [u8; N]) -> Result<()> {
        v.iter_mut().try_for_each(|b| self.u8(b))
    }
    /// A record laid out inline at the cursor.
    fn record<T: Record<'a>>(&mut self, v: &mut T) -> Result<()> {
        v.walk(self)
    }
    /// A count, then that many records inline, each at least `each` bytes.
    fn list<T: Record<'a>>(&mut self, name: &'static str, v: &mut Vec<T>, each: u64) -> Result<()> {
        let mut n = v.len();
        self.count(&mut n, each)?;
        if self.reading() {
            v.resize_with(n, T::default);
        }
        for (i, item) in v.iter_mut().enumerate() {
            self.enter(name, Some(i));
            self.starts(i);
            item.walk(self)?;
            self.leave();
        }
        Ok(())
    }
    /// A pointer list: a count and that many pointers (0 for a null slot), then each
    /// record in order, where its pointer points.
    fn pointer_list<T: Record<'a>>(
        &mut self,
        name: &'static str,
        v: &mut Vec<Option<T>>,
    ) -> Result<()> {
        let slots = self.pointers(v)?;
        for (i, (slot_item, slot)) in v.iter_mut().zip(slots).enumerate() {
            let Some(item) = slot_item else { continue };
            let read = self.entry(|w| {
                w.enter(name, Some(i));
                T::before(w)?;
                w.here(slot)?;
                item.walk(w)?;
                w.leave();
                Ok(())
            })?;
            if !read {
                *slot_item = None;
            }
        }
        Ok(())
    }
    /// The pointer list `slot` points at, placed at the cursor: a record's lists
    /// follow its fixed fields.
    fn pointer_list_at<T: Record<'a>>(
        &mut self,
        name: &'static str,
        slot: Slot,
        v: &mut Vec<Option<T>>,
    ) -> Result<()> {
        self.enter(name, None);
        self.here(slot)?;
        self.leave();
        self.pointer_list(name, v)
    }
    /// A pointer field that always points somewhere (at a list that follows).
    fn list_pointer(&mut self) -> Result<Slot> {
        self.pointer(&mut true)
    }
    /// A pointer list's count and pointers alone, for chunks that place the records
    /// in an order of their own. The reader fills `v` with a default record for every
    /// pointer that is not null.
    fn pointers<T: Default>(&mut self, v: &mut Vec<Option<T>>) -> Result<Slots> {
        let mut n = v.len();
        self.count(&mut n, 4)?;
        if self.reading() {
            v.resize_with(n, || None);
        }
        // Sized up front (the count was checked against the chunk's end): collecting
        // a `Result` cannot know the length, and grew the list pointer by pointer.
        let mut slots = Slots::with_capacity(n);
        for item in v.iter_mut() {
            let mut present = item.is_some();
            slots.push(self.pointer(&mut present)?);
            if present && item.is_none() {
                *item = Some(T::default());
            }
        }
        Ok(slots)
    }
    /// A pointer field to one record that follows later, placed by [`Wire::place`].
    fn optional<T: Default>(&mut self, v: &mut Option<T>) -> Result<Slot> {
        let mut present = v.is_some();
        let slot = self.pointer(&mut present)?;
        if present && v.is_none() {
            *v = Some(T::default());
        }
        Ok(slot)
    }
    /// The record `slot` points at, walked at the cursor (nothing when it is null).
    fn place<T: Record<'a>>(
        &mut self,
        name: &'static str,
        slot: Slot,
        v: &mut Option<T>,
    ) -> Result<()> {
        if let Some(v) = v {
            self.enter(name, None);
            T::before(self)?;
            self.here(slot)?;
            v.walk(self)?;
            self.leave();
        }
        Ok(())
    }
}

/// A record of the file: its fields in file order, walked one way or the other.
pub trait Record<'a>: Default {
    /// Reads the record's fields from the file, or writes them, in file order.
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()>;
    /// What comes between the previous record and this one in a list (padding).
    fn before<W: Wire<'a>>(_w: &mut W) -> Result<()> {
        Ok(())
    }
}

impl<'a> Record<'a> for u32 {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(self)
    }
}

impl<'a> Record<'a> for i32 {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(self)
    }
}

impl<'a> Record<'a> for Option<TpagId> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.tpag(self)
    }
}

impl<'a> Record<'a> for Option<StrId> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(self)
    }
}

/// An address into the code: byte `at` of code blob `blob`, or a value that points
/// into no blob (where nothing is addressed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CodeAddress {
    /// Byte `at` of code blob `blob`.
    In {
        /// The code blob, by index in CODE's list of blobs.
        blob: u32,
        /// The byte offset in that blob.
        at: u32,
    },
    /// A word that points into no code blob, kept as stored.
    Raw(u32),
}

impl Default for CodeAddress {
    fn default() -> Self {
        CodeAddress::Raw(0)
    }
}

/// A string of STRG, by its index in the table; shown in JSON as its text (see
/// [`super::names`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StrId(pub u32);

/// An item of TPAG, by its index in the chunk.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct TpagId(pub u32);
