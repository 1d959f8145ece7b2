//! AGRP, the audio groups: a name, and from 2024.14 the path of the group's file.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AudioGroups {
    pub groups: Vec<Option<AudioGroup>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AudioGroup {
    pub name: Option<StrId>,
    pub path: Option<StrId>,
}

impl<'a> Record<'a> for AudioGroups {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.groups)
    }
}

impl<'a> Record<'a> for AudioGroup {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        if w.since(Version::V2024_14) {
            w.string(&mut self.path)?;
        }
        Ok(())
    }
}

impl Named for AudioGroup {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}
