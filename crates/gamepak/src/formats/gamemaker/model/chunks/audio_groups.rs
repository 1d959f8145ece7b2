//! AGRP, the audio groups: a name, and from 2024.14 the path of the group's file.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// AGRP: the audio groups. The first is the default group, whose clips AUDO
/// holds; every other group's clips are in a file of their own.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AudioGroups {
    /// The groups by index (an audio group id); `None` for a null slot.
    pub groups: Vec<Option<AudioGroup>>,
}

/// An audio group: sounds loaded and unloaded together.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AudioGroup {
    /// The name code refers to the group by (`audiogroup_default`).
    pub name: Option<StrId>,
    /// The path of the group's file, relative to the game's data file (2024.14 and
    /// later); before it, groups' files are numbered and beside the data file.
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
