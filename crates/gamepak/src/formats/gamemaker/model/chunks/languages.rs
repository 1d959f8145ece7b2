//! LANG, the localised strings: an unknown word, the language count, the entry
//! count, every entry's id, then per language its name, region and one string per
//! entry.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Languages {
    pub unknown: u32,
    pub ids: Vec<Option<StrId>>,
    pub languages: Vec<Language>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Language {
    pub name: Option<StrId>,
    pub region: Option<StrId>,
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
