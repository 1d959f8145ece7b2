//! SCPT, the scripts: a name and the code entry that runs it. From GameMaker 2.3 a
//! constructor's code id has its top bit set.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Scripts {
    pub scripts: Vec<Option<Script>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Script {
    pub name: Option<StrId>,
    /// The CODE entry, -1 for none; the top bit marks a constructor.
    pub code: i32,
}

impl<'a> Record<'a> for Scripts {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.scripts)
    }
}

impl<'a> Record<'a> for Script {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.i32(&mut self.code)
    }
}
