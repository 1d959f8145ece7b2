//! `check`'s rules between resources, over the typed model: a reference is a typed
//! id, so a rule cannot name a field that does not exist. An object's sprite, mask
//! and parent, the code an event, script or room runs, a room instance's object, and
//! the instances a layer names. A problem is located at its record, where the file
//! read had it.

use std::collections::HashSet;

use super::model::chunks::events::Action;
use super::model::chunks::objects::Objects;
use super::model::chunks::room::layers::LayerData;
use super::model::chunks::room::Rooms;
use super::model::chunks::scripts::Scripts;
use super::model::chunks::sprites::Sprites;
use super::model::chunks::timelines::Timelines;
use super::model::chunks::{code::Code, global_scripts::GlobalScripts, ChunkModel};
use super::model::names::Id;
use super::model::Game;
use crate::location::Location;
use crate::report::Report;

/// "no parent" as OBJT stores it.
const NO_PARENT: i32 = -100;

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
    let counts = Counts {
        sprites: game.get::<Sprites>().map(|s| s.sprites.len()),
        objects: game.get::<Objects>().map(|o| o.objects.len()),
        code: game.get::<Code>().map(|c| c.entries.len()),
    };
    let mut rules = Rules {
        game,
        starts,
        report,
    };
    rules.objects(&counts);
    rules.rooms(&counts);
    rules.code_runners(&counts);
}

/// Whether `id` names nothing or one of `n` resources; any id holds when `n` is
/// not known.
fn exists<K>(id: Id<K>, n: Option<usize>) -> bool {
    id.0 == -1 || n.is_none_or(|n| id.index().is_some_and(|i| i < n))
}

impl Rules<'_, '_> {
    fn error<T: for<'a> ChunkModel<'a>>(&mut self, i: usize, msg: String) {
        let Some(chunk) = self.game.chunks.iter().position(|p| p.name == T::NAME) else {
            return;
        };
        let at = self
            .game
            .place(chunk, i)
            .unwrap_or_else(|| self.starts.get(chunk).copied().unwrap_or(0));
        let path = Location::root("FORM")
            .child(T::NAME.to_string())
            .at("entry", i);
        self.report.error(path, at, msg);
    }

    /// A resource's name as text, quoted, for messages.
    fn name(&self, id: Option<super::model::wire::StrId>) -> String {
        let text = id.and_then(|s| self.game.texts().get(s.0 as usize));
        format!("{:?}", text.map_or("", String::as_str))
    }

    fn objects(&mut self, n: &Counts) {
        let Some(objects) = self.game.get::<Objects>() else {
            return;
        };
        let mut found = Vec::new();
        for (i, o) in objects.objects.iter().enumerate() {
            let Some(o) = o else { continue };
            let name = self.name(o.name);
            for (what, id) in [("sprite", o.sprite), ("mask", o.mask)] {
                if !exists(id, n.sprites) {
                    let many = n.sprites.unwrap_or_default();
                    let msg = format!(
                        "object {name}: {what} {} does not exist ({many} sprites)",
                        id.0
                    );
                    found.push((i, msg));
                }
            }
            let parent = o.parent;
            if parent != NO_PARENT && !exists(Id::<()>::new(parent), n.objects) {
                let many = n.objects.unwrap_or_default();
                let msg = format!("object {name}: parent {parent} does not exist ({many} objects)");
                found.push((i, msg));
            }
            let actions = o
                .events
                .iter()
                .flatten()
                .flat_map(|e| e.events.iter().flatten())
                .flat_map(|e| e.actions.iter().flatten());
            for code in missing_code(actions, n.code) {
                let msg =
                    format!("object {name}: an event runs code entry {code}, which does not exist");
                found.push((i, msg));
            }
        }
        for (i, msg) in found {
            self.error::<Objects>(i, msg);
        }
    }

    fn rooms(&mut self, n: &Counts) {
        let Some(rooms) = self.game.get::<Rooms>() else {
            return;
        };
        let mut found = Vec::new();
        for (i, room) in rooms.rooms.iter().enumerate() {
            let Some(room) = room else { continue };
            let name = self.name(room.name);
            if !exists(room.creation_code, n.code) {
                let code = room.creation_code.0;
                found.push((
                    i,
                    format!("room {name}: its creation code {code} does not exist"),
                ));
            }
            let instances: Vec<_> = room.instances.iter().flatten().collect();
            for inst in &instances {
                if !exists(inst.object, n.objects) || inst.object.0 == -1 {
                    let o = inst.object.0;
                    found.push((
                        i,
                        format!(
                            "room {name}: instance {} is of object {o}, which does not exist",
                            inst.id
                        ),
                    ));
                }
                if !exists(inst.creation_code, n.code) {
                    let code = inst.creation_code.0;
                    found.push((
                        i,
                        format!(
                            "room {name}: instance {} runs creation code {code}, which does not exist",
                            inst.id
                        ),
                    ));
                }
            }
            let ids: HashSet<u32> = instances.iter().map(|inst| inst.id).collect();
            for layer in room.layers.iter().flatten() {
                let LayerData::Instances(on) = &layer.data else {
                    continue;
                };
                for stranger in on.iter().filter(|id| !ids.contains(id)) {
                    found.push((
                        i,
                        format!(
                            "room {name}: layer {} holds instance {stranger}, which the room does not",
                            self.name(layer.name)
                        ),
                    ));
                }
            }
        }
        for (i, msg) in found {
            self.error::<Rooms>(i, msg);
        }
    }

    /// Scripts, global scripts and timelines: the code each runs.
    fn code_runners(&mut self, n: &Counts) {
        let mut scripts = Vec::new();
        for (i, s) in self.game.get::<Scripts>().into_iter().flat_map(|s| {
            s.scripts
                .iter()
                .enumerate()
                .filter_map(|(i, s)| Some((i, s.as_ref()?)))
        }) {
            // From 2.3 a constructor's script sets the top bit: not an index.
            if s.code.0 >= 0 && !exists(s.code, n.code) {
                let msg = format!(
                    "script {}: runs code entry {}, which does not exist",
                    self.name(s.name),
                    s.code.0
                );
                scripts.push((i, msg));
            }
        }
        for (i, msg) in scripts {
            self.error::<Scripts>(i, msg);
        }
        let globals = self
            .game
            .get::<GlobalScripts>()
            .map_or(&[][..], |g| &g.code);
        let missing: Vec<usize> = globals
            .iter()
            .enumerate()
            .filter(|(_, &c)| !exists(c, n.code))
            .map(|(i, _)| i)
            .collect();
        for i in missing {
            let code = globals[i].0;
            let msg = format!("global script {i} runs code entry {code}, which does not exist");
            self.error::<GlobalScripts>(i, msg);
        }
        let mut timelines = Vec::new();
        for (i, t) in self.game.get::<Timelines>().into_iter().flat_map(|t| {
            t.timelines
                .iter()
                .enumerate()
                .filter_map(|(i, t)| Some((i, t.as_ref()?)))
        }) {
            let actions = t.moments.iter().flat_map(|m| m.actions.iter().flatten());
            for code in missing_code(actions, n.code) {
                let msg = format!(
                    "timeline {}: a moment runs code entry {code}, which does not exist",
                    self.name(t.name)
                );
                timelines.push((i, msg));
            }
        }
        for (i, msg) in timelines {
            self.error::<Timelines>(i, msg);
        }
    }
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
