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
    /// The events, each with its subtype; `None` is a null slot of the list.
    pub events: Vec<Option<Event>>,
}

/// An event an object (or a timeline moment) responds to, and what it runs.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Event {
    /// Which event of its type: the alarm number, the key, the collision object.
    pub subtype: u32,
    /// The actions the event runs, in order; GameMaker Studio writes one, which runs
    /// the event's code.
    pub actions: Vec<Option<Action>>,
}

/// A drag-and-drop action, in GameMaker 8's layout. GameMaker Studio writes one
/// "execute code" action per event; the values it writes for that action are given
/// below.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Action {
    /// The action library the action comes from; 1 for execute code.
    pub library: u32,
    /// The action's id in its library; 603 for execute code.
    pub id: u32,
    /// The action's kind; 7 for code.
    pub kind: u32,
    /// Whether the action offers a "relative" choice; false for execute code.
    pub use_relative: bool,
    /// Whether the action is a question (a condition); false for execute code.
    pub is_question: bool,
    /// Whether the action offers an "applies to" choice; true for execute code.
    pub use_apply_to: bool,
    /// How the action runs: 2 (as code) for execute code.
    pub exe_type: u32,
    /// The action's function name; empty for execute code.
    pub name: Option<StrId>,
    /// The code entry the action runs.
    pub code: Id<Code>,
    /// How many arguments the action has; 1 for execute code.
    pub argument_count: u32,
    /// Which instance the action applies to: -1 self, -2 other; -1 for execute code.
    pub who: i32,
    /// The state of the action's "relative" choice; false for execute code.
    pub relative: bool,
    /// The state of a question action's "not" choice; false for execute code.
    pub is_not: bool,
    /// A word GameMaker writes as 0, whose meaning is not known; kept as read.
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
