//! LANG, the localised strings: an unknown word, the language count, the entry
//! count, every entry's id, then per language its name, region and one string per
//! entry.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// LANG: the localised texts: entry ids, and each language's text for every entry.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Languages {
    /// A word GameMaker stores whose meaning is not known; kept as read.
    pub unknown: u32,
    /// Each entry's id; every language has one text per id, in this order.
    pub ids: Vec<Option<StrId>>,
    /// The languages, each with its texts.
    pub languages: Vec<Language>,
}

/// One language: its name, its region and a text for every entry.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Language {
    /// The language's name.
    pub name: Option<StrId>,
    /// The language's region.
    pub region: Option<StrId>,
    /// The language's text for each entry, in the order of [`Languages::ids`].
    pub entries: Vec<Option<StrId>>,
}

impl<'a> Record<'a> for Languages {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.unknown)?;
        let mut languages = self.languages.len();
        w.count(&mut languages, 8)?;
        let mut entries = self.ids.len();
        w.count(&mut entries, 4)?;
        if w.reading() {
            self.ids.resize(entries, None);
            self.languages.resize_with(languages, Language::default);
        }
        for id in &mut self.ids {
            w.string(id)?;
        }
        for (i, l) in self.languages.iter_mut().enumerate() {
            w.enter("language", Some(i));
            w.string(&mut l.name)?;
            w.string(&mut l.region)?;
            if w.reading() {
                l.entries.resize(entries, None);
            }
            for e in &mut l.entries {
                w.string(e)?;
            }
            w.leave();
        }
        Ok(())
    }
}
