//! FEDS, the filter effects (2.3.6 and later): a version word, then a pointer list of
//! effects, each a name and a value.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// FEDS: the filter effects the game uses, each a name and a value.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FilterEffects {
    /// The chunk's format version, 1 in every known release.
    pub version: u32,
    /// The effects by index; `None` for a null slot.
    pub effects: Vec<Option<FilterEffect>>,
}

/// A filter effect: a name and a value.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FilterEffect {
    /// The effect's name.
    pub name: Option<StrId>,
    /// A string GameMaker stores with the effect, whose meaning is not established;
    /// kept as read.
    pub value: Option<StrId>,
}

impl<'a> Record<'a> for FilterEffects {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.pointer_list("entry", &mut self.effects)
    }
}

impl<'a> Record<'a> for FilterEffect {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.string(&mut self.value)
    }
}
