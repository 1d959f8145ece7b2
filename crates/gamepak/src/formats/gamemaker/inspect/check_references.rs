//! `check`'s rules between resources, over the typed model: a reference is a typed
//! id, so a rule cannot name a field that does not exist. An object's sprite, mask
//! and parent (and parents that loop), the code an event, script or room runs, a
//! room instance's object, and the instances a layer names. A problem is located
//! at its record, where the file read had it. A layer naming an instance its room
//! lacks is only a warning: GameMaker's own builds hold such rooms (Joestar-V's
//! Chrono-Chase), and the runner creates the instances the room lists.

use std::collections::HashSet;

use crate::formats::gamemaker::model::chunks::events::Action;
use crate::formats::gamemaker::model::chunks::objects::{Object, Objects, NO_PARENT};
use crate::formats::gamemaker::model::chunks::room::layers::LayerData;
use crate::formats::gamemaker::model::chunks::room::{Room, Rooms};
use crate::formats::gamemaker::model::chunks::scripts::{Script, Scripts};
use crate::formats::gamemaker::model::chunks::sprites::Sprites;
use crate::formats::gamemaker::model::chunks::timelines::{Timeline, Timelines};
use crate::formats::gamemaker::model::chunks::{
    code::Code, global_scripts::GlobalScripts, ChunkModel,
};
use crate::formats::gamemaker::model::names::Id;
use crate::formats::gamemaker::model::wire::StrId;
use crate::formats::gamemaker::model::Game;
use crate::fourcc::FourCC;
use crate::location::Location;
use crate::report::{Report, Severity};

/// How many resources each chunk a reference can lead to holds: `None` when the
/// file lacks the chunk or the model could not read it, so nothing is judged
/// against it. A YYC build has no CODE: its code is compiled into the runner.
struct Counts {
    sprites: Option<usize>,
    objects: Option<usize>,
    code: Option<usize>,
}

/// A rule's finding in one record.
type Found = (Severity, String);

/// Where problems go: a record's problem is located at its record.
struct Rules<'g, 'r> {
    game: &'g Game<'g>,
    /// Where each chunk's body starts, by index in `game.chunks`, for a record
    /// whose place is not known.
    starts: &'g [u64],
    report: &'r mut Report,
}

/// Checks every reference between resources.
pub fn check(game: &Game<'_>, starts: &[u64], report: &mut Report) {
    let n = Counts {
        sprites: game.get::<Sprites>().map(|s| s.sprites.len()),
        objects: game.get::<Objects>().map(|o| o.objects.len()),
        code: game.get::<Code>().map(|c| c.entries.len()),
    };
    let mut rules = Rules {
        game,
        starts,
        report,
    };
    rules.each(|o: &Objects| &o.objects, |o| errors(object(game, o, &n)));
    if let Some(objects) = game.get::<Objects>() {
        for cycle in objects.parent_loops() {
            let named = |&i: &usize| name(game, objects.objects[i].as_ref().and_then(|o| o.name));
            let chain: Vec<String> = cycle.iter().chain(cycle.first()).map(named).collect();
            let msg = format!(
                "object {}: its parent chain loops ({})",
                chain[0],
                chain.join(" -> ")
            );
            rules.found(FourCC::OBJT, cycle[0], (Severity::Error, msg));
        }
    }
    rules.each(
        |r: &Rooms| &r.rooms,
        |r| {
            let mut found = errors(room(game, r, &n));
            found.extend(stray_layer_instances(game, r));
            found
        },
    );
    rules.each(|s: &Scripts| &s.scripts, |s| errors(script(game, s, &n)));
    rules.each(
        |t: &Timelines| &t.timelines,
        |t| errors(timeline(game, t, &n)),
    );
    let globals = game.get::<GlobalScripts>().map_or(&[][..], |g| &g.code);
    for (i, code) in globals.iter().enumerate() {
        if !exists(*code, n.code) {
            let msg = format!(
                "global script {i} runs code entry {}, which does not exist",
                code.0
            );
            rules.found(FourCC::GLOB, i, (Severity::Error, msg));
        }
    }
}

/// Whether `id` names nothing or one of `n` resources; any id holds when `n` is
/// not known.
fn exists<K>(id: Id<K>, n: Option<usize>) -> bool {
    id.0 == -1 || n.is_none_or(|n| id.index().is_some_and(|i| i < n))
}

/// A resource's name as text, quoted, for messages.
fn name(game: &Game<'_>, id: Option<StrId>) -> String {
    let text = id.and_then(|s| game.texts().get(s.0 as usize));
    format!("{:?}", text.map_or("", |t| &**t))
}

impl<'g> Rules<'g, '_> {
    /// Every problem `rule` finds in a record of chunk `T`'s list, at the record.
    fn each<T: ChunkModel<'g> + 'g, R: 'g>(
        &mut self,
        list: impl Fn(&'g T) -> &'g [Option<R>],
        rule: impl Fn(&'g R) -> Vec<Found>,
    ) {
        let Some(chunk) = self.game.get::<T>() else {
            return;
        };
        for (i, record) in list(chunk).iter().enumerate() {
            for found in record.iter().flat_map(&rule) {
                self.found(T::NAME, i, found);
            }
        }
    }

    fn found(&mut self, name: FourCC, i: usize, (severity, msg): Found) {
        let Some(chunk) = self.game.chunks.iter().position(|p| p.name == name) else {
            return;
        };
        let at = self
            .game
            .place(chunk, i)
            .unwrap_or_else(|| self.starts.get(chunk).copied().unwrap_or(0));
        let path = Location::root("FORM")
            .child(name.to_string())
            .at("entry", i);
        self.report.push(severity, path, Some(at), msg);
    }
}

/// An object's sprite, mask and parent, and the code its events run.
fn object(game: &Game<'_>, o: &Object, n: &Counts) -> Vec<String> {
    let name = name(game, o.name);
    let mut found = Vec::new();
    for (what, id) in [("sprite", o.sprite), ("mask", o.mask)] {
        if !exists(id, n.sprites) {
            let many = n.sprites.unwrap_or_default();
            found.push(format!(
                "object {name}: {what} {} does not exist ({many} sprites)",
                id.0
            ));
        }
    }
    if o.parent != NO_PARENT && !exists(Id::<()>::new(o.parent), n.objects) {
        let many = n.objects.unwrap_or_default();
        found.push(format!(
            "object {name}: parent {} does not exist ({many} objects)",
            o.parent
        ));
    }
    let actions = o
        .events
        .iter()
        .flatten()
        .flat_map(|e| e.events.iter().flatten())
        .flat_map(|e| e.actions.iter().flatten());
    found.extend(missing_code(actions, n.code).map(|code| {
        format!("object {name}: an event runs code entry {code}, which does not exist")
    }));
    found
}

/// A room's creation code, and its instances' objects and creation code.
fn room(game: &Game<'_>, room: &Room, n: &Counts) -> Vec<String> {
    let name = name(game, room.name);
    let mut found = Vec::new();
    if !exists(room.creation_code, n.code) {
        let code = room.creation_code.0;
        found.push(format!(
            "room {name}: its creation code {code} does not exist"
        ));
    }
    for inst in room.instances.iter().flatten() {
        if inst.object.0 == -1 || !exists(inst.object, n.objects) {
            found.push(format!(
                "room {name}: instance {} is of object {}, which does not exist",
                inst.id, inst.object.0
            ));
        }
        if !exists(inst.creation_code, n.code) {
            found.push(format!(
                "room {name}: instance {} runs creation code {}, which does not exist",
                inst.id, inst.creation_code.0
            ));
        }
    }
    found
}

/// The instances a room's layers name that the room does not hold.
fn stray_layer_instances(game: &Game<'_>, room: &Room) -> Vec<Found> {
    let ids: HashSet<u32> = room.instances.iter().flatten().map(|i| i.id).collect();
    let mut found = Vec::new();
    for layer in room.layers.iter().flatten() {
        let LayerData::Instances(on) = &layer.data else {
            continue;
        };
        for stranger in on.iter().filter(|id| !ids.contains(id)) {
            found.push((
                Severity::Warning,
                format!(
                    "room {}: layer {} holds instance {stranger}, which the room does not",
                    name(game, room.name),
                    name(game, layer.name)
                ),
            ));
        }
    }
    found
}

fn errors(messages: Vec<String>) -> Vec<Found> {
    messages.into_iter().map(|m| (Severity::Error, m)).collect()
}

/// The code a script runs. From 2.3 a constructor's script sets the top bit, which
/// is not an index.
fn script(game: &Game<'_>, s: &Script, n: &Counts) -> Vec<String> {
    if s.code.0 < 0 || exists(s.code, n.code) {
        return Vec::new();
    }
    vec![format!(
        "script {}: runs code entry {}, which does not exist",
        name(game, s.name),
        s.code.0
    )]
}

/// The code a timeline's moments run.
fn timeline(game: &Game<'_>, t: &Timeline, n: &Counts) -> Vec<String> {
    let actions = t.moments.iter().flat_map(|m| m.actions.iter().flatten());
    missing_code(actions, n.code)
        .map(|code| {
            format!(
                "timeline {}: a moment runs code entry {code}, which does not exist",
                name(game, t.name)
            )
        })
        .collect()
}

/// The code entries `actions` run that do not exist, when the file has CODE.
fn missing_code<'a, I: Iterator<Item = &'a Action>>(
    actions: I,
    code: Option<usize>,
) -> impl Iterator<Item = i32> + use<'a, I> {
    actions
        .map(|a| a.code)
        .filter(move |&c| !exists(c, code))
        .map(|c| c.0)
}
