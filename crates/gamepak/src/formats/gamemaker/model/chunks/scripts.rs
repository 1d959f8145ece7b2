//! SCPT, the scripts: a name and the code entry that runs it. From GameMaker 2.3 a
//! constructor's code id has its top bit set.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::{Code, Id, Named};
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// SCPT: the scripts, by index.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Scripts {
    /// The scripts by index (a script id); `None` for a null slot.
    pub scripts: Vec<Option<Script>>,
}

/// A script: a name code calls, and the code entry it runs.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Script {
    /// The script's name, by which code calls it.
    pub name: Option<StrId>,
    /// The CODE entry; from 2.3, a constructor's has its top bit set, and shows as
    /// that number.
    pub code: Id<Code>,
}

impl<'a> Record<'a> for Scripts {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.scripts)
    }
}

impl<'a> Record<'a> for Script {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.record(&mut self.code)
    }
}

impl Named for Script {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}
