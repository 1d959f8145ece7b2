//! TMLN, the timelines: a name, the moment count, each moment's time and a pointer
//! to its actions, then each moment's pointer list of actions in order.

use serde::{Deserialize, Serialize};

use super::events::Action;
use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// TMLN: the timelines, actions an instance runs at set steps once it starts one.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Timelines {
    /// The timelines by index (a timeline id); `None` for a null slot.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub timelines: Vec<Option<Timeline>>,
}

/// A timeline: a name and its moments.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Timeline {
    /// The name code refers to the timeline by.
    pub name: Option<StrId>,
    /// The moments, in the order stored.
    pub moments: Vec<Moment>,
}

/// A moment: the actions a timeline runs at one step.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Moment {
    /// The step the moment runs at.
    pub time: u32,
    /// The actions run at this moment, in order (each usually runs a code entry);
    /// `None` for a null slot.
    pub actions: Vec<Option<Action>>,
}

impl<'a> Record<'a> for Timelines {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.timelines)
    }
}

impl Named for Timeline {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Timeline {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        let mut n = self.moments.len();
        w.count(&mut n, 8)?;
        if w.reading() {
            self.moments.resize_with(n, Moment::default);
        }
        let mut slots = Vec::with_capacity(n);
        for m in &mut self.moments {
            w.u32(&mut m.time)?;
            slots.push(w.list_pointer()?);
        }
        for (m, slot) in self.moments.iter_mut().zip(slots) {
            w.pointer_list_at("moment", slot, &mut m.actions)?;
        }
        Ok(())
    }
}
