//! GLOB, the code entries run when the game starts, by index.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::{Code, Id};
use crate::formats::gamemaker::model::wire::{Record, Wire};

/// GLOB: the code entries run once when the game starts.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct GlobalScripts {
    /// The code entries, by index in CODE.
    pub code: Vec<Id<Code>>,
}

impl<'a> Record<'a> for GlobalScripts {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.list("entry", &mut self.code, 4)
    }
}
