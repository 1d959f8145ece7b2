//! Events and their actions, as objects (OBJT) and timelines (TMLN) hold them. An
//! event is a subtype (which alarm, key or collision object) and a pointer list of
//! actions; an action names the code it runs, with the drag-and-drop fields GameMaker
//! still writes around it.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::{Code, Id};
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// The events of one event type.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Events {
    pub events: Vec<Option<Event>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Event {
    /// Which event of its type: the alarm number, the key, the collision object.
    pub subtype: u32,
    pub actions: Vec<Option<Action>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Action {
    pub library: u32,
    pub id: u32,
    pub kind: u32,
    pub use_relative: bool,
    pub is_question: bool,
    pub use_apply_to: bool,
    pub exe_type: u32,
    pub name: Option<StrId>,
    pub code: Id<Code>,
    pub argument_count: u32,
    pub who: i32,
    pub relative: bool,
    pub is_not: bool,
    pub unknown: u32,
}

impl<'a> Record<'a> for Events {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("event", &mut self.events)
    }
}

impl<'a> Record<'a> for Event {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.subtype)?;
        w.pointer_list("action", &mut self.actions)
    }
}

impl<'a> Record<'a> for Action {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.library)?;
        w.u32(&mut self.id)?;
        w.u32(&mut self.kind)?;
        w.bool(&mut self.use_relative)?;
        w.bool(&mut self.is_question)?;
        w.bool(&mut self.use_apply_to)?;
        w.u32(&mut self.exe_type)?;
        w.string(&mut self.name)?;
        w.record(&mut self.code)?;
        w.u32(&mut self.argument_count)?;
        w.i32(&mut self.who)?;
        w.bool(&mut self.relative)?;
        w.bool(&mut self.is_not)?;
        w.u32(&mut self.unknown)
    }
}
