//! STRG, the string table: a pointer list, then each string as a u32 length, its
//! UTF-8 bytes and a NUL, each on a 4-byte boundary when every pointer of the list
//! is; the chunk ends on a 128-byte boundary. References elsewhere point at a
//! string's first byte, which is its `Label::Str`.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Label, Record, StrId, Wire};

/// Where GameMaker ends STRG, whatever the alignment of its chunks; strict readers
/// refuse a file where it does not.
pub const END_ALIGN: u64 = 128;

/// STRG: every string the game's records name, by index.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Strings<'a> {
    /// The texts by index; a [`StrId`] is an index into this list. Read from a
    /// file, each is borrowed from it: a game holds tens of thousands.
    pub list: Vec<Cow<'a, str>>,
    /// Whether each string starts on a 4-byte boundary.
    pub aligned: bool,
}

impl Strings<'_> {
    /// The id of `text`: the first string that holds it, or a new one at the end.
    pub fn add(&mut self, text: &str) -> StrId {
        let i = self.list.iter().position(|t| t == text).unwrap_or_else(|| {
            self.list.push(Cow::Owned(text.to_owned()));
            self.list.len() - 1
        });
        StrId(i as u32)
    }

    /// The ids of `texts`, as [`Strings::add`] gives them one by one, in time linear
    /// in the table and the texts together.
    pub fn add_all<'t>(&mut self, texts: impl IntoIterator<Item = &'t str>) -> Vec<StrId> {
        let mut ids: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
        for (i, t) in self.list.iter().enumerate() {
            ids.entry(t.to_string()).or_insert(i as u32);
        }
        texts
            .into_iter()
            .map(|text| {
                let id = *ids.entry(text.to_string()).or_insert_with(|| {
                    self.list.push(Cow::Owned(text.to_owned()));
                    (self.list.len() - 1) as u32
                });
                StrId(id)
            })
            .collect()
    }

    /// The text of `id`.
    pub fn get(&self, id: StrId) -> Option<&str> {
        self.list.get(id.0 as usize).map(|t| &**t)
    }
}

impl<'a> Record<'a> for Strings<'a> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let mut slots: Vec<Option<()>> = vec![Some(()); self.list.len()];
        let pointers = w.pointers(&mut slots)?;
        if w.reading() {
            self.aligned = pointers.iter().all(|p| p.0.is_multiple_of(4));
            self.list = vec![Cow::Borrowed(""); slots.len()];
        }
        let aligned = self.aligned;
        for (i, (text, slot)) in self.list.iter_mut().zip(pointers).enumerate() {
            let null = slots[i].is_none();
            // A string that does not read, read leniently, is left empty.
            w.entry(|w| {
                w.enter("entry", Some(i));
                if null {
                    return Err(w.invalid(w.offset(), "a null string".into()));
                }
                if aligned {
                    w.pad(4)?;
                }
                w.here(slot)?;
                w.text(text, Label::Str(i as u32))?;
                w.leave();
                Ok(())
            })?;
        }
        w.pad(END_ALIGN)
    }
}
