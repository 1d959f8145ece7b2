//! The record walker every view reads through: fields of one record by their offset
//! from its start, and the pointer lists inside it.

use serde_json::{json, Value};

use crate::error::{Error, Result};
use crate::formats::gamemaker::code::Entry as CodeEntry;
use crate::formats::gamemaker::container::{Chunk, Form};
use crate::formats::gamemaker::refs::{list_at, slot, string_at, string_ref, u32_at};
use crate::fourcc::FourCC;
use crate::location::Location;

/// A pointer list as read: where its count is, and the pointers.
pub(super) struct Pointers {
    pub(super) at: u64,
    pub(super) values: Vec<u32>,
}

/// Fields of one record, read relative to its start.
pub(super) struct At<'f, 'a> {
    pub(super) form: &'f Form<'a>,
    pub(super) chunk: &'f Chunk<'a>,
    pub(super) base: u64,
    pub(super) path: Location,
    /// CODE's entries, which code ids name.
    pub(super) code: &'f [CodeEntry],
}

impl At<'_, '_> {
    pub(super) fn u32(&self, off: u64) -> Result<u32> {
        let at = self.base + off;
        if at + 4 > self.chunk.end() {
            return Err(Error::invalid(
                &self.path,
                at,
                "field runs past the end of the chunk",
            ));
        }
        u32_at(self.form, at).ok_or_else(|| Error::invalid(&self.path, at, "field past the end"))
    }
    pub(super) fn i32(&self, off: u64) -> Result<i32> {
        self.u32(off).map(|v| v as i32)
    }
    pub(super) fn f32(&self, off: u64) -> Result<f32> {
        self.u32(off).map(f32::from_bits)
    }
    pub(super) fn i64(&self, off: u64) -> Result<i64> {
        self.u32(off + 4)?;
        self.form
            .reader_at(self.base + off, &self.path)?
            .i64("field")
    }
    pub(super) fn str(&self, off: u64) -> Result<&str> {
        self.u32(off)?;
        Ok(string_ref(self.form, self.base + off))
    }
    /// Whether the field at `off` is a reference to a STRG string.
    pub(super) fn names_string(&self, off: u64) -> bool {
        let strg = self.form.chunk(FourCC::STRG);
        self.u32(off).is_ok_and(|p| {
            strg.is_some_and(|c| u64::from(p) > c.body_offset() && u64::from(p) < c.end())
                && string_at(self.form, p).is_some()
        })
    }
    /// The code a code id names: null for none (-1) or a null CODE slot; an id with
    /// no code entry stays a number, for check.
    pub(super) fn code_name(&self, id: i32) -> Value {
        match usize::try_from(id).ok().and_then(|i| self.code.get(i)) {
            Some(e) if e.at == 0 => Value::Null,
            Some(e) => json!(e.name),
            None if id < 0 => Value::Null,
            None => json!(id),
        }
    }
    /// The pointer list at `off`.
    pub(super) fn list(&self, off: u64) -> Result<Pointers> {
        self.list_from(self.base + off)
    }
    /// The pointer list that the field at `off` points at.
    pub(super) fn list_at_ptr(&self, off: u64) -> Result<Pointers> {
        let p = u64::from(self.u32(off)?);
        if p < self.chunk.body_offset() || p + 4 > self.chunk.end() {
            return Err(Error::invalid(
                &self.path,
                self.base + off,
                format!("points at {p:#x}, outside {}", self.chunk.name),
            ));
        }
        self.list_from(p)
    }
    /// The pointer list at absolute offset `at`.
    pub(super) fn list_from(&self, at: u64) -> Result<Pointers> {
        Ok(Pointers {
            at,
            values: list_at(self.form, self.chunk, at)?,
        })
    }
    /// The record at absolute offset `base`, named `name` under this one.
    pub(super) fn at(&self, base: u32, name: &'static str) -> Self {
        self.record(base, self.path.child(name))
    }
    /// The record at absolute offset `base`, entry `index` of the `name`s under
    /// this one.
    pub(super) fn nth(&self, base: u32, name: &'static str, index: usize) -> Self {
        self.record(base, self.path.at(name, index))
    }
    fn record(&self, base: u32, path: Location) -> Self {
        At {
            form: self.form,
            chunk: self.chunk,
            base: base.into(),
            path,
            code: self.code,
        }
    }
    /// The records `pointers` point at, each read by `read`. A null pointer reads
    /// as null, so that the records after it keep their index; one that points
    /// outside the chunk is an error located at the pointer.
    pub(super) fn each(
        &self,
        pointers: &Pointers,
        name: &'static str,
        read: impl Fn(&Self) -> Result<Value>,
    ) -> Result<Vec<Value>> {
        pointers
            .values
            .iter()
            .enumerate()
            .map(|(i, &p)| match p {
                0 => Ok(Value::Null),
                p if u64::from(p) < self.chunk.body_offset()
                    || u64::from(p) >= self.chunk.end() =>
                {
                    Err(Error::invalid(
                        self.path.at(name, i),
                        slot(pointers.at, i),
                        format!("points at {p:#x}, outside {}", self.chunk.name),
                    ))
                }
                p => read(&self.nth(p, name, i)),
            })
            .collect()
    }
    /// A count at `off`, then that many string references; gives them and the
    /// offset after them.
    pub(super) fn strings(&self, off: u64) -> Result<(Value, u64)> {
        let n = u64::from(self.u32(off)?);
        self.fits(off, n, 4)?;
        let list = (0..n)
            .map(|k| Ok(json!(self.str(off + 4 + 4 * k)?)))
            .collect::<Result<Vec<_>>>()?;
        Ok((Value::Array(list), off + 4 + 4 * n))
    }
    /// Refuses a count at `off` whose `n` entries of `size` bytes cannot fit in the
    /// chunk.
    pub(super) fn fits(&self, off: u64, n: u64, size: u64) -> Result<()> {
        if self.base + off + 4 + n.saturating_mul(size) > self.chunk.end() {
            return Err(Error::invalid(
                &self.path,
                self.base + off,
                format!("{n} entries of {size} bytes do not fit the chunk"),
            ));
        }
        Ok(())
    }
}
