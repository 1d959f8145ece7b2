//! `check`'s rules between resources, over the typed model: a reference is a typed
//! id, so a rule cannot name a field that does not exist. An object's sprite, mask
//! and parent, the code an event, script or room runs, a room instance's object, and
//! the instances a layer names. A problem is located at its record, where the file
//! read had it.

use std::collections::HashSet;

use super::model::chunks::events::Action;
use super::model::chunks::objects::{Object, Objects, NO_PARENT};
use super::model::chunks::room::layers::LayerData;
use super::model::chunks::room::{Room, Rooms};
use super::model::chunks::scripts::{Script, Scripts};
use super::model::chunks::sprites::Sprites;
use super::model::chunks::timelines::{Timeline, Timelines};
use super::model::chunks::{code::Code, global_scripts::GlobalScripts, ChunkModel};
use super::model::names::Id;
use super::model::wire::StrId;
use super::model::Game;
use crate::fourcc::FourCC;
use crate::location::Location;
use crate::report::Report;

/// How many resources each chunk a reference can lead to holds: `None` when the
/// file lacks the chunk or the model could not read it, so nothing is judged
/// against it. A YYC build has no CODE: its code is compiled into the runner.
struct Counts {
    sprites: Option<usize>,
    objects: Option<usize>,
    code: Option<usize>,
}

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
    rules.each(|o: &Objects| &o.objects, |o| object(game, o, &n));
    rules.each(|r: &Rooms| &r.rooms, |r| room(game, r, &n));
    rules.each(|s: &Scripts| &s.scripts, |s| script(game, s, &n));
    rules.each(|t: &Timelines| &t.timelines, |t| timeline(game, t, &n));
    let globals = game.get::<GlobalScripts>().map_or(&[][..], |g| &g.code);
    for (i, code) in globals.iter().enumerate() {
        if !exists(*code, n.code) {
            let msg = format!(
                "global script {i} runs code entry {}, which does not exist",
                code.0
            );
            rules.error(FourCC::GLOB, i, msg);
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
        rule: impl Fn(&'g R) -> Vec<String>,
    ) {
        let Some(chunk) = self.game.get::<T>() else {
            return;
        };
        for (i, record) in list(chunk).iter().enumerate() {
            for msg in record.iter().flat_map(&rule) {
                self.error(T::NAME, i, msg);
            }
        }
    }

    fn error(&mut self, name: FourCC, i: usize, msg: String) {
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
        self.report.error(path, at, msg);
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

/// A room's creation code, its instances' objects and creation code, and the
/// instances its layers name.
fn room(game: &Game<'_>, room: &Room, n: &Counts) -> Vec<String> {
    let name = name(game, room.name);
    let mut found = Vec::new();
    if !exists(room.creation_code, n.code) {
        let code = room.creation_code.0;
        found.push(format!(
            "room {name}: its creation code {code} does not exist"
        ));
    }
    let instances: Vec<_> = room.instances.iter().flatten().collect();
    for inst in &instances {
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
    let ids: HashSet<u32> = instances.iter().map(|inst| inst.id).collect();
    for layer in room.layers.iter().flatten() {
        let LayerData::Instances(on) = &layer.data else {
            continue;
        };
        for stranger in on.iter().filter(|id| !ids.contains(id)) {
            found.push(format!(
                "room {name}: layer {} holds instance {stranger}, which the room does not",
                self::name(game, layer.name)
            ));
        }
    }
    found
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
