//! The writing direction of [`Wire`]: the whole file in one buffer, pointers patched
//! as their targets are placed, and references resolved once every chunk is written
//! and every label has its place.

use std::collections::HashMap;

use super::version::Version;
use super::wire::{Blob, CodeAddress, Label, Slot, StrId, Wire};
use super::wire_read::Labels;
use crate::bytes::Endian;
use crate::error::{Error, Result};
use crate::formats::gamemaker::binary::container::form_location;
use crate::formats::gamemaker::binary::words::put_u32;

pub struct WireWriter {
    out: Vec<u8>,
    endian: Endian,
    version: Version,
    bytecode: u8,
    placed: HashMap<Label, u32>,
    /// References written before their label had a place: (offset, label).
    fixups: Vec<(u64, Label)>,
}

impl WireWriter {
    pub fn new(endian: Endian, bytecode: u8, capacity: usize) -> Self {
        WireWriter {
            out: Vec::with_capacity(capacity),
            endian,
            version: Version::NEWEST,
            bytecode,
            placed: HashMap::new(),
            fixups: Vec::new(),
        }
    }

    /// Walks what follows in GameMaker `version`'s layout.
    pub fn set_version(&mut self, version: Version) {
        self.version = version;
    }

    pub fn raw(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    pub fn patch(&mut self, at: u64, v: u32) {
        put_u32(&mut self.out, at, v, self.endian);
    }

    pub fn len(&self) -> u64 {
        self.out.len() as u64
    }

    /// The file, with every reference pointing at its label's place. With `fixed`,
    /// the places labels had in the file read, which chunks kept as stored may point
    /// at: a label that moved is refused.
    pub fn finish(mut self, fixed: Option<&Labels>) -> Result<Vec<u8>> {
        if let Some(fixed) = fixed {
            for (&was, label) in &fixed.exact {
                match self.placed.get(label) {
                    Some(&now) if now != was => {
                        return Err(Error::invalid(
                            form_location(),
                            now.into(),
                            format!(
                                "{label:?} would move from {was:#x}, and a chunk kept as \
                                 stored may point at it"
                            ),
                        ))
                    }
                    _ => {}
                }
            }
        }
        for (at, label) in std::mem::take(&mut self.fixups) {
            // An address inside a code blob is the blob's start and the offset.
            let to = match label {
                Label::Code { blob, at } => self
                    .placed
                    .get(&Label::Code { blob, at: 0 })
                    .map(|&start| start + at),
                _ => self.placed.get(&label).copied(),
            };
            let Some(to) = to else {
                return Err(Error::invalid(
                    form_location(),
                    at,
                    format!("a reference names {label:?}, which the file does not hold"),
                ));
            };
            self.patch(at, to);
        }
        Ok(self.out)
    }

    fn here32(&self) -> Result<u32> {
        u32::try_from(self.out.len())
            .map_err(|_| Error::at(form_location(), "the file grows past 4 GiB"))
    }
}

/// Writes an integer field in the file's byte order.
macro_rules! write_int {
    ($ty:ident) => {
        fn $ty(&mut self, v: &mut $ty) -> Result<()> {
            let b = match self.endian {
                Endian::Little => v.to_le_bytes(),
                Endian::Big => v.to_be_bytes(),
            };
            self.raw(&b);
            Ok(())
        }
    };
}

impl<'a> Wire<'a> for WireWriter {
    fn reading(&self) -> bool {
        false
    }
    fn since(&mut self, v: Version) -> bool {
        self.version >= v
    }
    fn endian(&self) -> Endian {
        self.endian
    }
    fn bytecode(&self) -> u8 {
        self.bytecode
    }
    fn text_of(&self, _id: StrId) -> Option<String> {
        None
    }
    fn offset(&self) -> u64 {
        self.len()
    }
    fn u8(&mut self, v: &mut u8) -> Result<()> {
        self.out.push(*v);
        Ok(())
    }
    write_int!(u16);
    write_int!(u32);
    write_int!(u64);
    fn blob(&mut self, v: &mut Blob<'a>, _len: usize) -> Result<()> {
        self.raw(v);
        Ok(())
    }
    fn bytes(&mut self, v: &mut Vec<u8>, len: usize) -> Result<()> {
        if v.len() != len {
            return Err(self.invalid(
                self.len(),
                format!("{} bytes where the layout has room for {len}", v.len()),
            ));
        }
        self.raw(v);
        Ok(())
    }
    fn blob_measured(
        &mut self,
        v: &mut Blob<'a>,
        _measure: &dyn Fn(&[u8]) -> Option<usize>,
        _what: &'static str,
    ) -> Result<()> {
        self.raw(v);
        Ok(())
    }
    fn text(&mut self, v: &mut std::borrow::Cow<'a, str>, label: Label) -> Result<()> {
        let mut n = v.len();
        self.count(&mut n, 1)?;
        self.label(label);
        self.raw(v.as_bytes());
        self.raw(&[0]);
        Ok(())
    }
    fn pad(&mut self, align: u64) -> Result<()> {
        let to = self.len().next_multiple_of(align) as usize;
        self.out.resize(to, 0);
        Ok(())
    }
    fn label(&mut self, label: Label) {
        if let Ok(at) = self.here32() {
            self.placed.insert(label, at);
        }
    }
    fn reference(&mut self, v: &mut Option<Label>, _kind: fn(u32) -> Label) -> Result<()> {
        if let Some(l) = v {
            self.fixups.push((self.len(), *l));
        }
        self.raw(&[0; 4]);
        Ok(())
    }
    fn code_blob(&mut self, at: u64, blob: u32, _len: u32) {
        if let Ok(at) = u32::try_from(at) {
            self.placed.insert(Label::Code { blob, at: 0 }, at);
        }
    }
    fn code_address(&mut self, v: &mut CodeAddress) -> Result<()> {
        match *v {
            CodeAddress::In { blob, at } => {
                self.fixups.push((self.len(), Label::Code { blob, at }));
                self.raw(&[0; 4]);
                Ok(())
            }
            CodeAddress::Raw(mut p) => self.u32(&mut p),
        }
    }
    fn remaining(&self) -> u64 {
        0
    }
    fn more(&self, _size: u64) -> bool {
        false
    }
    fn pointer(&mut self, present: &mut bool) -> Result<Slot> {
        let at = self.len();
        self.raw(&[0; 4]);
        // A slot of u64::MAX stands for a null pointer, which nothing is placed at.
        Ok(Slot(if *present { at } else { u64::MAX }, at))
    }
    fn here(&mut self, slot: Slot) -> Result<()> {
        if slot.0 != u64::MAX {
            let to = self.here32()?;
            self.patch(slot.0, to);
        }
        Ok(())
    }
    fn count(&mut self, n: &mut usize, _each: u64) -> Result<()> {
        let mut c = u32::try_from(*n)
            .map_err(|_| Error::at(form_location(), format!("{n} entries exceed a u32 count")))?;
        self.u32(&mut c)
    }
    fn fits(&mut self, _at: u64, _n: u64, _each: u64) -> Result<()> {
        Ok(())
    }
    fn enter(&mut self, _name: &'static str, _index: Option<usize>) {}
    fn leave(&mut self) {}
    fn depth(&self) -> usize {
        0
    }
    fn invalid(&self, at: u64, msg: String) -> Error {
        Error::invalid(form_location(), at, msg)
    }
}
