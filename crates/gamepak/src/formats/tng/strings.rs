//! The string section: zero-terminated names, referred to by their byte offset.

use std::collections::HashMap;

/// The strings of a file, by offset.
#[derive(Debug, Default, Clone)]
pub struct StringTable {
    /// (offset, text) in order.
    pub entries: Vec<(u32, String)>,
    /// Offsets of the first occurrence of each text: only those are shown by name, so
    /// a name always leads back to the same offset.
    first: HashMap<u32, usize>,
}

impl StringTable {
    /// A table of (offset, text) entries, which must be in offset order; a text that
    /// repeats is shown by name only at its first offset.
    pub fn new(entries: Vec<(u32, String)>) -> StringTable {
        let mut seen: HashMap<&str, ()> = HashMap::new();
        let mut first = HashMap::new();
        for (i, (off, text)) in entries.iter().enumerate() {
            if seen.insert(text, ()).is_none() {
                first.insert(*off, i);
            }
        }
        StringTable { entries, first }
    }

    /// The text at `offset`, when a string starts there and no earlier string has
    /// the same text.
    pub fn name(&self, offset: u32) -> Option<&str> {
        self.first.get(&offset).map(|&i| self.entries[i].1.as_str())
    }

    /// Whether a string starts at `offset`.
    pub fn starts_at(&self, offset: u32) -> bool {
        self.entries
            .binary_search_by_key(&offset, |(o, _)| *o)
            .is_ok()
    }

    /// Bytes of the section.
    pub fn size(&self) -> u32 {
        self.entries
            .last()
            .map_or(0, |(o, t)| o + t.len() as u32 + 1)
    }

    /// Every string's text in offset order, repeats included.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(_, t)| t.as_str())
    }
}

/// Builds a string section while bodies are written: a name not yet in it is added.
#[derive(Debug, Default)]
pub struct StringsBuilder {
    bytes: Vec<u8>,
    offsets: HashMap<String, u32>,
}

impl StringsBuilder {
    /// Starts from the strings of a document, in their order.
    pub fn new<'s>(texts: impl IntoIterator<Item = &'s str>) -> StringsBuilder {
        let mut b = StringsBuilder::default();
        for t in texts {
            b.push(t);
        }
        b
    }

    fn push(&mut self, text: &str) -> u32 {
        let off = self.bytes.len() as u32;
        self.offsets.entry(text.to_string()).or_insert(off);
        self.bytes.extend_from_slice(text.as_bytes());
        self.bytes.push(0);
        off
    }

    /// The offset of `text`, added at the end when missing.
    pub fn offset_of(&mut self, text: &str) -> u32 {
        match self.offsets.get(text) {
            Some(&o) => o,
            None => self.push(text),
        }
    }

    /// The section so far, each text zero-terminated: the document's strings as given,
    /// then each text added by [`StringsBuilder::offset_of`].
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}
