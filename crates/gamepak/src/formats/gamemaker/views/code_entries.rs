//! Code entries as the verbs see them (the model reads CODE): each entry's name,
//! where its instruction blob is and where in it the entry starts, and the entries
//! grouped by the blob they run in.

use std::borrow::Cow;

/// One code entry, placed in the file.
#[derive(Debug, Clone, Default)]
pub struct Entry<'a> {
    /// Absolute offset of the entry's 20 bytes; 0 for a null pointer in the list
    /// (kept in place so that code ids stay list positions).
    pub at: u64,
    /// Borrowed from the file, as STRG's texts are: a game has thousands.
    pub name: Cow<'a, str>,
    /// Absolute address of the instruction blob.
    pub blob: u64,
    pub length: u32,
    pub locals: u16,
    pub arguments: u16,
    /// Where in the blob this entry starts.
    pub start: u32,
}

/// The distinct instruction blobs, in order of first use, each with the entries that
/// run in it (null entries have none). An empty entry's blob address is where the
/// next blob starts, so blobs are told apart by address and length.
#[cfg(any(test, fuzzing))]
pub fn blobs<'e, 'a>(entries: &'e [Entry<'a>]) -> Vec<Vec<&'e Entry<'a>>> {
    blob_indices(entries)
        .into_iter()
        .map(|g| g.into_iter().map(|i| &entries[i]).collect())
        .collect()
}

/// The code entries that run one blob, by index: most blobs run one or two (a
/// script and the function it declares), kept without an allocation of their own.
pub type BlobEntries = smallvec::SmallVec<[usize; 2]>;

/// `blobs` as indices into `entries`.
pub fn blob_indices(entries: &[Entry<'_>]) -> Vec<BlobEntries> {
    let mut out: Vec<BlobEntries> = Vec::new();
    let mut index: rustc_hash::FxHashMap<(u64, u32), usize> = Default::default();
    for (i, e) in entries.iter().enumerate().filter(|(_, e)| e.at != 0) {
        match index.get(&(e.blob, e.length)) {
            Some(&k) => out[k].push(i),
            None => {
                index.insert((e.blob, e.length), out.len());
                out.push(smallvec::smallvec![i]);
            }
        }
    }
    out
}
