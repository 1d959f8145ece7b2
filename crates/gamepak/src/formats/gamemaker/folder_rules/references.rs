//! References the JSON itself cannot refuse. A name that names nothing, and a number
//! past the end of its list, are refused as each file is read (see
//! `model::names`); what is left is a reference that must name something and is
//! null: a room's instance is always of an object.

use super::{Files, Findings};
use crate::formats::gamemaker::model::chunks::room::Rooms;
use crate::formats::gamemaker::model::Game;
use crate::fourcc::FourCC;

pub(super) fn check(game: &Game<'_>, files: &Files, found: &mut Findings) {
    for (i, room) in game
        .get::<Rooms>()
        .iter()
        .flat_map(|r| r.rooms.iter().enumerate())
    {
        let Some(room) = room else { continue };
        for (k, inst) in room.instances.iter().enumerate() {
            if inst.as_ref().is_some_and(|inst| inst.object.0 == -1) {
                found.problems.push(format!(
                    "{}: instances[{k}].object: an instance must be of an object; give the \
                     object's name",
                    files.of(FourCC::ROOM, i)
                ));
            }
        }
    }
}
