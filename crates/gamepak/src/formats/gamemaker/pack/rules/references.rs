//! References the JSON itself cannot refuse. A name that names nothing, and a number
//! past the end of its list, are refused as each file is read (see
//! `model::names`); what is left is a reference that must name something and is
//! null (a room's instance is always of an object), and parents that loop.

use crate::formats::gamemaker::model::chunks::objects::Objects;
use crate::formats::gamemaker::model::chunks::room::Rooms;
use crate::formats::gamemaker::model::Game;
use crate::formats::gamemaker::{pack::rules::Files, pack::rules::Findings};
use crate::fourcc::FourCC;

pub(crate) fn check(game: &Game<'_>, files: &Files, found: &mut Findings) {
    for (i, room) in game
        .get::<Rooms>()
        .iter()
        .flat_map(|r| r.rooms.iter().enumerate())
    {
        let Some(room) = room else { continue };
        for (k, inst) in room.instances.iter().enumerate() {
            if inst.as_ref().is_some_and(|inst| inst.object.0 == -1) {
                found.problem(|| {
                    format!(
                        "{}: instances[{k}].object: an instance must be of an object; give the \
                     object's name",
                        files.of(FourCC::ROOM, i)
                    )
                });
            }
        }
    }
    if let Some(objects) = game.get::<Objects>() {
        for cycle in objects.parent_loops() {
            let name = |i: usize| {
                let text = objects.objects[i].as_ref().and_then(|o| o.name);
                let text = text.and_then(|s| game.texts().get(s.0 as usize).cloned());
                text.map_or_else(|| format!("object {i}"), |t| t.to_string())
            };
            let mut chain: Vec<String> = cycle.iter().map(|&i| name(i)).collect();
            chain.push(name(cycle[0]));
            found.problem(|| {
                format!(
                    "{}: parent: the parent chain loops ({}); give one of them another parent",
                    files.of(FourCC::OBJT, cycle[0]),
                    chain.join(" -> ")
                )
            });
        }
    }
}
