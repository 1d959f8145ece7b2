//! FEAT, the feature flags (2022.8 and later): a count and strings. DAFL, the data
//! files, which GameMaker writes with nothing in it, is here too.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// FEAT: the feature flags the game was built with (2022.8 and later).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Features {
    /// The flags, each a name.
    pub flags: Vec<Option<StrId>>,
}

impl<'a> Record<'a> for Features {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.list("flag", &mut self.flags, 4)
    }
}

/// DAFL: no fields; what follows it is the chunk's padding.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct DataFiles;

impl<'a> Record<'a> for DataFiles {
    fn walk<W: Wire<'a>>(&mut self, _w: &mut W) -> Result<()> {
        Ok(())
    }
}
