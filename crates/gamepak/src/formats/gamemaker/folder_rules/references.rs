//! References given as numbers: a name that names nothing is refused as the file is
//! read, but an index is taken as it is, so here each must name a resource.

use super::{Files, Findings};
use crate::formats::gamemaker::model::chunks::code::Code;
use crate::formats::gamemaker::model::chunks::objects::{Objects, NO_PARENT};
use crate::formats::gamemaker::model::chunks::room::Rooms;
use crate::formats::gamemaker::model::chunks::sprites::Sprites;
use crate::formats::gamemaker::model::names::{Id, Kind};
use crate::formats::gamemaker::model::Game;
use crate::fourcc::FourCC;

/// How many resources of each kind there are; `None` when the game lacks the chunk
/// (a YYC build has no code), so any index holds.
struct Counts {
    sprites: Option<usize>,
    objects: Option<usize>,
    code: Option<usize>,
}

/// Why `id` names no resource of its kind, if it does not: -1 (null) names none,
/// which only `required` references refuse.
fn broken<K: Kind>(id: Id<K>, n: Option<usize>, required: bool) -> Option<String> {
    let what = K::WHAT;
    if id.0 == -1 {
        let a = if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        return required.then(|| format!("must name {a} {what}"));
    }
    let n = n?;
    if id.index().is_some_and(|i| i < n) {
        return None;
    }
    Some(format!(
        "{what} {} does not exist: there are {n}, numbered from 0; give the {what}'s name",
        id.0
    ))
}

pub(super) fn check(game: &Game<'_>, files: &Files, found: &mut Findings) {
    let n = Counts {
        sprites: game.get::<Sprites>().map(|s| s.sprites.len()),
        objects: game.get::<Objects>().map(|o| o.objects.len()),
        code: game.get::<Code>().map(|c| c.entries.len()),
    };
    let mut problem = |kind: FourCC, i: usize, place: String, why: String| {
        found
            .problems
            .push(format!("{}: {place}: {why}", files.of(kind, i)));
    };
    for (i, o) in game
        .get::<Objects>()
        .iter()
        .flat_map(|o| o.objects.iter().enumerate())
    {
        let Some(o) = o else { continue };
        for (place, id) in [("sprite", o.sprite), ("mask", o.mask)] {
            if let Some(why) = broken(id, n.sprites, false) {
                problem(FourCC::OBJT, i, place.into(), why);
            }
        }
        let parent = Id::<crate::formats::gamemaker::model::names::Object>::new(o.parent);
        if o.parent != NO_PARENT {
            if let Some(why) = broken(parent, n.objects, false) {
                problem(FourCC::OBJT, i, "parent".into(), why);
            }
        }
    }
    for (i, r) in game
        .get::<Rooms>()
        .iter()
        .flat_map(|r| r.rooms.iter().enumerate())
    {
        let Some(r) = r else { continue };
        if let Some(why) = broken(r.creation_code, n.code, false) {
            problem(FourCC::ROOM, i, "creation_code".into(), why);
        }
        for (k, inst) in r.instances.iter().enumerate() {
            let Some(inst) = inst else { continue };
            let at = |field: &str| format!("instances[{k}].{field}");
            if let Some(why) = broken(inst.object, n.objects, true) {
                problem(FourCC::ROOM, i, at("object"), why);
            }
            for (field, code) in [
                ("creation_code", inst.creation_code),
                ("pre_create_code", inst.pre_create_code),
            ] {
                if let Some(why) = broken(code, n.code, false) {
                    problem(FourCC::ROOM, i, at(field), why);
                }
            }
        }
    }
}
