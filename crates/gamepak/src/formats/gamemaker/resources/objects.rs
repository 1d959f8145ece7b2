//! OBJT: objects and their events, and the action lists that events and timeline
//! moments run.
//!
//! An object's `managed` flag (2022.5) is told by which layout puts a valid event
//! list where the physics fields end.

use serde_json::{json, Value};

use super::record::At;
use crate::error::{Error, Result};

/// An object: its fields, then its events by type and subtype, with the code each
/// runs. Tries the layout without `managed` first, then with it.
///
/// The events of all types are one list, each naming its type (its slot in the
/// type list); a null event slot is null in its place there, and a null type slot
/// adds no events.
pub(super) fn object(r: &At) -> Result<Value> {
    for managed in [0u64, 4] {
        let verts = u64::from(r.u32(64 + managed)?);
        let events_at = 80 + managed + 8 * verts;
        let Ok(types) = r.list(events_at) else {
            continue;
        };
        // The first event list starts right after the list of types.
        let after = r.base + events_at + 4 + 4 * types.values.len() as u64;
        let plausible = types
            .values
            .iter()
            .find(|&&p| p != 0)
            .is_none_or(|&p| u64::from(p) == after);
        if !plausible {
            continue;
        }
        let mut events = Vec::new();
        for (kind, &p) in types.values.iter().enumerate().filter(|(_, &p)| p != 0) {
            let list = r.nth(p, "event type", kind);
            events.extend(list.each(&list.list(0)?, "event", |ev| {
                Ok(json!({"type": kind, "subtype": ev.u32(0)?, "code": action_codes(ev, 4)?}))
            })?);
        }
        return Ok(json!({
            "name": r.str(0)?, "sprite": r.i32(4)?, "visible": r.u32(8)?,
            "solid": r.u32(12 + managed)?, "depth": r.i32(16 + managed)?, "persistent": r.u32(20 + managed)?,
            "parent": r.i32(24 + managed)?, "mask": r.i32(28 + managed)?, "events": events,
        }));
    }
    Err(Error::invalid(
        &r.path,
        r.base,
        "no event list where either object layout ends",
    ))
}

/// The code each action of an action list at `off` runs. An action's name (at 28)
/// is empty in every GameMaker that compiles to bytecode; it is read so that its
/// reference is known.
pub(super) fn action_codes(r: &At, off: u64) -> Result<Vec<Value>> {
    r.each(&r.list(off)?, "action", |action| {
        action.str(28)?;
        Ok(action.code_name(action.i32(32)?))
    })
}
