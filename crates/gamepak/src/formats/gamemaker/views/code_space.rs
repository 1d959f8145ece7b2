//! Where the instruction blobs lie, for the walks that follow addresses through the
//! code: VARI's and FUNC's occurrence chains, each blob's instructions, the
//! disassembly's labels. An occurrence's link is the distance to the next one,
//! which may be in a later blob, so the blobs need one address space.
//!
//! In a file read, that space is the file: CODE's body where it lies. A model made
//! or edited in memory has no file yet, so its blobs are laid out as GameMaker lays
//! them out, one after the other (from bytecode 15), or each after its entry's
//! eight-byte name and length (bytecode 13 and 14). The distances between blobs are
//! then the file's, and so are the links, without the model being written.

use crate::bytes::Endian;
use crate::formats::gamemaker::binary::container::{offset_in, Form};
use crate::formats::gamemaker::binary::words::get_u32;
use crate::formats::gamemaker::model::chunks::code::{Blobs, Code};
use crate::formats::gamemaker::model::wire::Blob;
use crate::fourcc::FourCC;

/// The bytes the code's addresses point into, and the address of each blob.
#[derive(Debug, Default, Clone)]
pub struct CodeSpace<'a> {
    pub endian: Endian,
    /// Runs of bytes by address, in address order: CODE's body in a file read,
    /// each blob in a model laid out in memory (typed code encoded).
    runs: Vec<(u64, Blob<'a>)>,
    /// Where each of CODE's blobs starts, by blob index; 0 for a blob that is not
    /// in the space.
    starts: Vec<u64>,
}

/// Where a laid-out space starts: as if CODE's header were at 0.
const LAID_OUT_AT: u64 = 8;

impl<'a> CodeSpace<'a> {
    /// The space of a file read: CODE's body, each blob where it was read from.
    pub fn of_file(form: &Form<'a>, code: Option<&Code<'a>>) -> CodeSpace<'a> {
        let runs = form
            .chunk(FourCC::CODE)
            .map(|c| (c.body_offset(), Blob::Borrowed(c.body)))
            .into_iter()
            .collect();
        let starts = match code.map(|c| &c.blobs) {
            Some(Blobs::Stored(blobs)) => blobs.iter().map(|b| offset_in(form.data, b)).collect(),
            _ => Vec::new(),
        };
        CodeSpace {
            endian: form.endian,
            runs,
            starts,
        }
    }

    /// The space of a model's code laid out as the file would hold it (see the
    /// module's doc), for `bytecode`: typed code as the walk would encode and link
    /// it, or why it cannot be.
    pub fn laid_out(
        code: Option<&Code<'a>>,
        bytecode: u8,
        endian: Endian,
    ) -> Result<CodeSpace<'a>, String> {
        let header = if bytecode < 15 { 8 } else { 0 };
        let mut at = LAID_OUT_AT;
        let mut out = CodeSpace {
            endian,
            ..CodeSpace::default()
        };
        let blobs = match code {
            Some(c) => c.blobs.bytes(header, endian, bytecode < 15)?,
            None => Vec::new(),
        };
        for blob in blobs {
            at += header;
            out.starts.push(at);
            let len = blob.len() as u64;
            out.runs.push((at, blob));
            at += len;
        }
        Ok(out)
    }

    /// Where blob `k` starts.
    pub fn start(&self, k: usize) -> Option<u64> {
        self.starts.get(k).copied().filter(|&at| at != 0)
    }

    /// Up to `len` bytes from `at`, as far as its run goes; empty where no run holds
    /// `at`.
    pub fn bytes(&self, at: u64, len: u64) -> &[u8] {
        let k = self.runs.partition_point(|(start, _)| *start <= at);
        let Some((start, run)) = k.checked_sub(1).and_then(|k| self.runs.get(k)) else {
            return &[];
        };
        let from = (at - start) as usize;
        run.get(from..)
            .map_or(&[], |rest| &rest[..rest.len().min(len as usize)])
    }

    /// Whether `len` bytes from `at` lie in one run.
    pub fn holds(&self, at: u64, len: u64) -> bool {
        self.bytes(at, len).len() as u64 == len
    }

    /// The word at `at`, in the code's byte order.
    pub fn word(&self, at: u64) -> Option<u32> {
        let b = self.bytes(at, 4);
        (b.len() == 4).then(|| get_u32(b, 0, self.endian))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    fn code<'a>(blobs: &[&'a [u8]]) -> Code<'a> {
        Code {
            blobs: Blobs::Stored(blobs.iter().map(|b| Cow::Borrowed(*b)).collect()),
            entries: Vec::new(),
        }
    }

    #[test]
    fn blobs_laid_out_follow_one_another_as_in_the_file() {
        let c = code(&[&[1, 0, 0, 0, 2, 0, 0, 0], &[3, 0, 0, 0]]);
        let s = CodeSpace::laid_out(Some(&c), 17, Endian::Little).unwrap();
        assert_eq!((s.start(0), s.start(1)), (Some(8), Some(16)));
        assert_eq!(s.word(12), Some(2));
        assert_eq!(s.word(16), Some(3));
        assert_eq!(s.word(18), None, "a word is never read across blobs");
        assert!(s.holds(8, 8) && !s.holds(8, 12));
    }

    #[test]
    fn before_bytecode_15_each_blob_follows_its_entry_header() {
        let c = code(&[&[1, 0, 0, 0], &[3, 0, 0, 0]]);
        let s = CodeSpace::laid_out(Some(&c), 14, Endian::Little).unwrap();
        assert_eq!((s.start(0), s.start(1)), (Some(16), Some(28)));
        assert_eq!(s.word(24), None, "the header between holds no code");
        assert_eq!(s.word(28), Some(3));
    }
}
