//! Rooms' instances and their layers, and the ids GEN8 keeps past them.
//!
//! An instance id names one instance in the whole game. A room with layers creates
//! only the instances its instance layers list, so each instance must be on one:
//! pack puts an instance on the room's instance layer when the room has exactly
//! one, and otherwise asks which (it cannot guess a drawing depth). An instance is
//! added to the creation order when the room keeps one; an id there that no
//! instance has is kept. An instance added with no id (only `object`, `x` and
//! `y` are needed) is given one past every other. GEN8's `last_object_id` and
//! `last_tile_id` are kept past the highest instance and tile id: one past, as
//! GameMaker writes them in every game we have.

use std::collections::{HashMap, HashSet};

use crate::formats::gamemaker::folder::manifest::Manifest;
use crate::formats::gamemaker::model::chunks::general::General;
use crate::formats::gamemaker::model::chunks::room::layers::LayerData;
use crate::formats::gamemaker::model::chunks::room::{Room, Rooms};
use crate::formats::gamemaker::model::Game;
use crate::formats::gamemaker::{pack::rules::Files, pack::rules::Findings};
use crate::fourcc::FourCC;

/// The first instance id GameMaker gives.
const FIRST_ID: u32 = 100_000;

/// An instance to be put on a layer: room, layer, id.
type Placing = (usize, usize, u32);

pub(crate) fn apply(game: &mut Game<'_>, m: &Manifest, files: &Files, found: &mut Findings) {
    let texts: Vec<String> = game.texts().iter().map(|t| t.to_string()).collect();
    let Some(rooms) = game.get_mut::<Rooms>() else {
        return;
    };
    let mut placing = Vec::new();
    let mut taken: HashMap<u32, (usize, usize)> = HashMap::new();
    let highest = highest_ids(rooms);
    let mut spare = highest.0.map_or(FIRST_ID, |h| h + 1);
    // An instance added with no id is given one past every other.
    for (i, room) in rooms.rooms.iter_mut().enumerate() {
        let Some(room) = room else { continue };
        for (k, inst) in room.instances.iter_mut().enumerate() {
            if let Some(inst) = inst.as_mut().filter(|inst| inst.id == 0) {
                inst.id = spare;
                found.notes.push(format!(
                    "{}: instances[{k}].id: given id {spare}",
                    files.of(FourCC::ROOM, i)
                ));
                spare += 1;
            }
        }
    }
    for (i, room) in rooms.rooms.iter().enumerate() {
        let Some(room) = room else { continue };
        let file = files.of(FourCC::ROOM, i);
        for (k, inst) in room.instances.iter().enumerate() {
            let Some(inst) = inst else { continue };
            if let Some((j, k0)) = taken.insert(inst.id, (i, k)) {
                let first = files.of(FourCC::ROOM, j);
                found.problem(|| {
                    format!(
                        "{file}: instances[{k}].id: instance id {} is taken by {first} \
                     instances[{k0}]: an id names one instance in the game; give this \
                     one an id no instance has, such as {spare}",
                        inst.id
                    )
                });
                spare += 1;
            }
        }
        layers(i, room, file, &texts, &mut placing, found);
    }
    for (i, l, id) in placing {
        let Some(Some(room)) = rooms.rooms.get_mut(i) else {
            continue;
        };
        if let Some(Some(layer)) = room.layers.get_mut(l) {
            if let LayerData::Instances(on) = &mut layer.data {
                on.push(id);
            }
        }
    }
    for room in rooms.rooms.iter_mut().flatten() {
        creation_order(room);
    }
    general(game, m, files, highest, found);
}

/// The highest instance id and the highest tile id of every room, rooms' own tiles
/// and asset layers' alike.
fn highest_ids(rooms: &Rooms) -> (Option<u32>, Option<u32>) {
    let all = rooms.rooms.iter().flatten();
    let instances = all
        .clone()
        .flat_map(|r| r.instances.iter().flatten().map(|i| i.id));
    let tiles = all.flat_map(|r| {
        let on_layers = r.layers.iter().flatten().filter_map(|l| match &l.data {
            LayerData::Assets(a) => Some(a.tiles.iter().flatten()),
            _ => None,
        });
        r.tiles
            .iter()
            .flatten()
            .chain(on_layers.flatten())
            .map(|t| t.id)
    });
    (instances.max(), tiles.max())
}

/// Room `i`'s layers against its instances: each id a layer lists must be one of
/// them, and each instance must be on a layer when the room has layers.
fn layers(
    i: usize,
    room: &Room,
    file: &str,
    texts: &[String],
    placing: &mut Vec<Placing>,
    found: &mut Findings,
) {
    if room.layers.iter().flatten().next().is_none() {
        return;
    }
    let ids: HashSet<u32> = room.instances.iter().flatten().map(|i| i.id).collect();
    // An instance that did not read (its problem is reported) leaves its id unknown.
    let judged = room.instances.iter().all(Option::is_some);
    let mut on_layers = HashSet::new();
    let mut instance_layers = Vec::new();
    for (l, layer) in room.layers.iter().enumerate() {
        let Some(layer) = layer else { continue };
        let LayerData::Instances(on) = &layer.data else {
            continue;
        };
        let name = layer.name.and_then(|n| texts.get(n.0 as usize));
        let name = format!("{:?}", name.map_or("", String::as_str));
        for (j, id) in on.iter().enumerate() {
            on_layers.insert(*id);
            if judged && !ids.contains(id) {
                found.problem(|| {
                    format!(
                        "{file}: layers[{l}].data.instances[{j}]: layer {name} lists instance \
                     {id}, which is not among the room's instances: remove it from the \
                     layer, or add the instance to \"instances\""
                    )
                });
            }
        }
        instance_layers.push((l, name));
    }
    for (k, inst) in room.instances.iter().enumerate() {
        let Some(inst) = inst.as_ref().filter(|inst| !on_layers.contains(&inst.id)) else {
            continue;
        };
        let id = inst.id;
        match instance_layers.as_slice() {
            [(l, name)] => {
                placing.push((i, *l, id));
                found.notes.push(format!(
                    "{file}: instance {id} put on layer {name}, the room's only instance layer"
                ));
            }
            [] => found.problem(|| {
                format!(
                    "{file}: instances[{k}]: instance {id} is on no layer, and the room has \
                 no instance layer to put it on: add one to \"layers\" listing it"
                )
            }),
            many => {
                let named: Vec<String> = many
                    .iter()
                    .map(|(l, name)| format!("{name} (layers[{l}])"))
                    .collect();
                found.problem(|| {
                    format!(
                        "{file}: instances[{k}]: instance {id} is on no layer: add its id to \
                     the \"instances\" of one of the room's instance layers, {}",
                        named.join(", ")
                    )
                });
            }
        }
    }
}

/// A room that keeps a creation order lists each of its instances in it: one
/// missing is added at the end. An id no instance has is kept, as games hold
/// them (pedroosena/jogo-pweb, NGPZ-Wellerman) and the runner skips them.
fn creation_order(room: &mut Room) {
    if room.creation_order.is_empty() {
        return;
    }
    let mut listed: HashSet<u32> = room.creation_order.iter().copied().collect();
    let ids: Vec<u32> = room.instances.iter().flatten().map(|i| i.id).collect();
    for id in ids {
        if listed.insert(id) {
            room.creation_order.push(id);
        }
    }
}

/// GEN8's ids kept past every instance and tile: raised to one past the highest
/// where they are not past it (a higher value is kept: the IDE never lowers them).
/// A value in the folder other than the one extracted was set by hand, so raising
/// it is warned of.
fn general(
    game: &mut Game<'_>,
    m: &Manifest,
    files: &Files,
    (instance, tile): (Option<u32>, Option<u32>),
    found: &mut Findings,
) {
    let Some(g) = game.get_mut::<General>() else {
        return;
    };
    let file = files.whole(FourCC::GEN8);
    let was = m.derived;
    for (field, value, extracted, highest, of) in [
        (
            "last_object_id",
            &mut g.last_object_id,
            was.map(|d| d.last_object_id),
            instance,
            "instance",
        ),
        (
            "last_tile_id",
            &mut g.last_tile_id,
            was.map(|d| d.last_tile_id),
            tile,
            "tile",
        ),
    ] {
        let Some(derived) = highest.map(|h| h.saturating_add(1)) else {
            continue;
        };
        if *value >= derived {
            continue;
        }
        if extracted.is_some_and(|e| e != *value) {
            found.warnings.push(format!(
                "{file}: {field}: {} was set by hand, and is not past every {of} id; \
                 pack writes {derived}, one past the highest",
                *value
            ));
        }
        *value = derived;
    }
}
