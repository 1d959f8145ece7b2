//! FEDS, the filter effects (2.3.6 and later): a version word, then a pointer list of
//! effects, each a name and a value.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FilterEffects {
    pub version: u32,
    pub effects: Vec<Option<FilterEffect>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FilterEffect {
    pub name: Option<StrId>,
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
