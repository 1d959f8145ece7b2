//! How ids appear in JSON: a string id as its text, so a person edits words, not
//! table indices. Serialising and deserialising a record happen inside [`showing`]
//! or [`interning`], which make the game's string table the one ids are shown from
//! or interned into on this thread.
//!
//! Interning gives a text the id of its first entry in the table, and appends a text
//! the table lacks. GameMaker writes every text once, so an unchanged record interns
//! back to the ids it had.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::wire::StrId;

/// The strings ids are interned into: the table as it was, then texts added.
#[derive(Debug, Clone, Default)]
pub struct Interner {
    texts: Vec<String>,
    first: HashMap<String, u32>,
}

impl Interner {
    pub fn new(texts: Vec<String>) -> Self {
        let mut first = HashMap::with_capacity(texts.len());
        for (i, t) in texts.iter().enumerate() {
            first.entry(t.clone()).or_insert(i as u32);
        }
        Interner { texts, first }
    }

    /// The id of `text`, added to the table when it is not there.
    pub fn intern(&mut self, text: &str) -> StrId {
        if let Some(&i) = self.first.get(text) {
            return StrId(i);
        }
        let i = self.texts.len() as u32;
        self.texts.push(text.to_owned());
        self.first.insert(text.to_owned(), i);
        StrId(i)
    }

    /// The table with every text interned.
    pub fn into_texts(self) -> Vec<String> {
        self.texts
    }
}

enum Table {
    Show(Arc<Vec<String>>),
    Intern(Interner),
}

thread_local! {
    static TABLE: RefCell<Option<Table>> = const { RefCell::new(None) };
}

/// Puts back the table that was in place, even when `f` panics.
struct Restore(Option<Table>);

impl Drop for Restore {
    fn drop(&mut self) {
        TABLE.with(|t| *t.borrow_mut() = self.0.take());
    }
}

fn install(table: Table) -> Restore {
    Restore(TABLE.with(|t| t.borrow_mut().replace(table)))
}

/// Runs `f` with string ids shown as the texts of `texts`.
pub fn showing<R>(texts: &Arc<Vec<String>>, f: impl FnOnce() -> R) -> R {
    let _restore = install(Table::Show(Arc::clone(texts)));
    f()
}

/// Runs `f` with texts interned into `interner`, and gives it back with what `f`
/// added.
pub fn interning<R>(interner: Interner, f: impl FnOnce() -> R) -> (R, Interner) {
    let restore = install(Table::Intern(interner));
    let out = f();
    let table = TABLE.with(|t| t.borrow_mut().take());
    drop(restore);
    match table {
        Some(Table::Intern(i)) => (out, i),
        _ => unreachable!("the interner stays in place while f runs"),
    }
}

impl Serialize for StrId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TABLE.with(|t| match &*t.borrow() {
            Some(Table::Show(texts)) => match texts.get(self.0 as usize) {
                Some(text) => s.serialize_str(text),
                None => Err(serde::ser::Error::custom(format!(
                    "string id {} is past the end of STRG",
                    self.0
                ))),
            },
            _ => s.serialize_u32(self.0),
        })
    }
}

impl<'de> Deserialize<'de> for StrId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        TABLE.with(|t| match &mut *t.borrow_mut() {
            Some(Table::Intern(interner)) => Ok(interner.intern(&text)),
            _ => Err(serde::de::Error::custom(
                "a string id read with no string table to intern into",
            )),
        })
    }
}
