//! Code the game lacks, written in GML: a new script, an object's new event,
//! or a file of project-wide definitions.
//!
//! - `scripts/NAME.gml` (or `code/gml_Script_NAME.gml`, or
//!   `code/gml_GlobalScript_NAME.gml`) is a new script: a SCPT entry naming its
//!   code entry; from 2.3 its code is a global script (GLOB runs it at start)
//!   and each function it declares is a script of its own, named by its entry.
//! - `code/gml_Object_OBJECT_EVENT_N.gml`, named as extract names events, is an
//!   event the object did not have: it gets the event, with one "execute code"
//!   action made like the game's own. A collision names the other object.
//! - A `.gml` under `code/` that belongs to no code entry and declares only
//!   macros and enums is read as definitions, visible to every entry.
//!
//! Every function a new or edited entry declares from 2.3 is a script too, as
//! GameMaker lists them, its code id flagged where it is a constructor.

use crate::error::{Error, Result};
use crate::formats::gamemaker::folder::manifest::Manifest;
use crate::formats::gamemaker::gml::language::ast::Stmt;
use crate::formats::gamemaker::model;
use crate::formats::gamemaker::model::chunks::events::{Action, Event, Events};
use crate::formats::gamemaker::model::chunks::global_scripts::GlobalScripts;
use crate::formats::gamemaker::model::chunks::objects::Objects;
use crate::formats::gamemaker::model::chunks::scripts::{Script, Scripts};
use crate::formats::gamemaker::model::chunks::strings::Strings;
use crate::formats::gamemaker::model::names::Id;
use crate::io::SourceDir;

/// A code file added to the folder: its place and its text.
pub type AddedFile = (String, String);

/// The event types as GameMaker names them in code entry names, in
/// [`EVENT_TYPES`](crate::formats::gamemaker::model::chunks::objects::EVENT_TYPES)' order.
const EVENT_NAMES: [&str; 15] = [
    "Create",
    "Destroy",
    "Alarm",
    "Step",
    "Collision",
    "Keyboard",
    "Mouse",
    "Other",
    "Draw",
    "KeyPress",
    "KeyRelease",
    "Trigger",
    "CleanUp",
    "Gesture",
    "PreCreate",
];

/// What a new GML file becomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewKind {
    /// A script of this name.
    Script(String),
    /// The code entry of this name: an object's event.
    Event(String),
}

/// The `.gml` files of the folder that are no code entry's: under `code/` and
/// under `scripts/`, in name order. One beside a new `.asm` of the same name is
/// refused: both would be the same code.
pub fn found(dir: &SourceDir, m: &Manifest, asm: &[AddedFile]) -> Result<Vec<AddedFile>> {
    if m.code.is_empty() {
        return Ok(Vec::new());
    }
    let listed: std::collections::HashSet<&str> = m
        .code
        .iter()
        .filter_map(|c| c.gml.as_ref().map(|g| g.file.as_str()))
        .collect();
    let mut out = Vec::new();
    for folder in ["code", "scripts"] {
        if !dir.is_dir(folder) {
            continue;
        }
        for file in dir.list(folder)? {
            let Some(stem) = file.strip_suffix(".gml") else {
                continue;
            };
            if listed.contains(file.as_str()) {
                continue;
            }
            let twin = format!("{stem}.asm");
            if asm.iter().any(|(f, _)| *f == twin) {
                return Err(Error::at(
                    &file,
                    format!("{twin} is new code too, for the same entry: keep one of them"),
                ));
            }
            if let Some(bytes) = dir.read_if_file(&file)? {
                let text =
                    String::from_utf8(bytes).map_err(|_| Error::at(&file, "is not UTF-8"))?;
                out.push((file, text));
            }
        }
    }
    Ok(out)
}

/// What a new file is, by its place and name: `scripts/NAME.gml`, or under
/// `code/` an entry's name (extract's `NNN-` before it is allowed).
pub fn kind_of(file: &str) -> Result<NewKind> {
    let stem = file_stem(file);
    let name = entry_named(&stem);
    let script = match file.starts_with("scripts/") {
        true => Some(stem.as_str()),
        false => ["gml_GlobalScript_", "gml_Script_"]
            .iter()
            .find_map(|p| name.strip_prefix(p)),
    };
    if let Some(script) = script {
        // Calls of the built-in elsewhere would reach the script after an
        // unrelated edit.
        if crate::formats::gamemaker::gml::language::builtins::function(script).is_some() {
            return Err(Error::at(
                file,
                format!("`{script}` is a built-in function: a new script may not take its name"),
            ));
        }
        return Ok(NewKind::Script(script.to_string()));
    }
    if name.starts_with("gml_Object_") {
        return Ok(NewKind::Event(name.to_string()));
    }
    Err(Error::at(
        file,
        "new code is named for what it is: scripts/NAME.gml for a script, \
         code/gml_Object_OBJECT_EVENT_N.gml for an object's event (Create_0, Step_0, \
         Alarm_3, Draw_64, Collision_OTHER, ...); a file of only macros and enums is \
         read as definitions",
    ))
}

/// The name of `file` without its folder and extension.
pub fn file_stem(file: &str) -> String {
    std::path::Path::new(file)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned())
}

/// The code entry a file's stem names: extract's `NNN-` before it dropped.
pub fn entry_named(stem: &str) -> &str {
    stem.split_once('-')
        .filter(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        .map_or(stem, |(_, rest)| rest)
}

/// Whether `body` only declares macros and enums (comments aside).
pub fn is_definitions(body: &[Stmt]) -> bool {
    body.iter()
        .all(|s| matches!(s, Stmt::Macro { .. } | Stmt::Enum { .. }))
}

/// The script names a new GML file declares as callable: the script, and (from
/// 2.3) the functions declared at its top.
pub fn declared_functions(body: &[Stmt]) -> Vec<String> {
    body.iter()
        .filter_map(|s| match s {
            Stmt::Function(f) => f.name.clone(),
            _ => None,
        })
        .collect()
}

/// A new code entry to list where GameMaker lists it, with its index in CODE.
#[derive(Debug, Clone)]
pub enum Listing {
    /// A script: its name, its code entry, and whether a constructor runs it;
    /// a 2.3 global script is also run at start.
    Script {
        name: String,
        code: usize,
        constructor: bool,
        global: bool,
    },
    /// An object's event, by the code entry's name (`gml_Object_…`).
    Event { entry: String, code: usize },
}

/// Lists each new code entry: a script in SCPT (and GLOB), an event in its
/// object. Notes what it did.
pub fn list(
    game: &mut model::Game<'_>,
    listings: &[Listing],
    notes: &mut Vec<String>,
) -> Result<()> {
    // Every new event whose name says no event of the game's, at once.
    let misnamed: Vec<String> = listings
        .iter()
        .filter_map(|l| match l {
            Listing::Event { entry, .. } => event_of(game, entry).err(),
            Listing::Script { .. } => None,
        })
        .map(|e| e.to_string())
        .collect();
    if !misnamed.is_empty() {
        return Err(Error::at("", misnamed.join("\n")));
    }
    for l in listings {
        match l {
            Listing::Script {
                name,
                code,
                constructor,
                global,
            } => {
                let id = strings(game)?.add(name);
                let flag = if *constructor { 0x8000_0000u32 } else { 0 };
                let scripts = game
                    .get_mut::<Scripts>()
                    .ok_or_else(|| Error::at("SCPT", "the model does not read SCPT"))?;
                scripts.scripts.push(Some(Script {
                    name: Some(id),
                    code: Id::new((*code as u32 | flag) as i32),
                }));
                if *global {
                    let glob = game
                        .get_mut::<GlobalScripts>()
                        .ok_or_else(|| Error::at("GLOB", "the model does not read GLOB"))?;
                    glob.code.push(Id::new(*code as i32));
                }
                if !name.starts_with("gml_Script_") {
                    notes.push(format!("{name}: a new script"));
                }
            }
            Listing::Event { entry, code } => {
                let (object, ty, subtype) = event_of(game, entry)?;
                add_event(game, object, ty, subtype, *code, entry)?;
                notes.push(format!("{entry}: a new event"));
            }
        }
    }
    Ok(())
}

fn strings<'m, 'a>(game: &'m mut model::Game<'a>) -> Result<&'m mut Strings<'a>> {
    game.get_mut::<Strings>()
        .ok_or_else(|| Error::at("STRG", "the model does not read STRG"))
}

/// The object, event type and subtype an event's entry name
/// (`gml_Object_OBJECT_EVENT_N`) names.
fn event_of(game: &model::Game<'_>, entry: &str) -> Result<(usize, usize, u32)> {
    let fail = |why: String| Error::at(format!("code: {entry}"), why);
    let objects = game
        .get::<Objects>()
        .ok_or_else(|| fail("the model does not read OBJT".into()))?;
    let texts = game.texts();
    let name_of = |k: usize| -> Option<&str> {
        let o = objects.objects.get(k)?.as_ref()?;
        texts.get(o.name?.0 as usize).map(|t| &**t)
    };
    let index_of = |name: &str| (0..objects.objects.len()).find(|&k| name_of(k) == Some(name));
    let rest = entry.strip_prefix("gml_Object_").unwrap_or(entry);
    // Object names hold underscores too, so every split is tried.
    for (ty, event) in EVENT_NAMES.iter().enumerate() {
        let marker = format!("_{event}_");
        for (at, _) in rest.match_indices(&marker) {
            let (object, sub) = (&rest[..at], &rest[at + marker.len()..]);
            let Some(o) = index_of(object) else {
                continue;
            };
            let subtype = match sub.parse::<u32>() {
                Ok(n) => n,
                Err(_) if ty == 4 => match index_of(sub) {
                    Some(k) => k as u32,
                    None => return Err(fail(format!("no object is named {sub:?}"))),
                },
                Err(_) => return Err(fail(format!("{sub:?} is no {event} event number"))),
            };
            return Ok((o, ty, subtype));
        }
    }
    Err(fail(
        "names no object of the game and event: gml_Object_OBJECT_EVENT_N, the event \
         one of Create, Destroy, Alarm, Step, Collision, Keyboard, Mouse, Other, Draw, \
         KeyPress, KeyRelease, Trigger, CleanUp, Gesture, PreCreate"
            .into(),
    ))
}

/// Gives object `object` event `subtype` of type `ty`, running code entry `code`
/// through an action made like the game's first.
fn add_event(
    game: &mut model::Game<'_>,
    object: usize,
    ty: usize,
    subtype: u32,
    code: usize,
    entry: &str,
) -> Result<()> {
    let fail = |why: String| Error::at(format!("code: {entry}"), why);
    let objects = game
        .get_mut::<Objects>()
        .ok_or_else(|| fail("the model does not read OBJT".into()))?;
    let template = objects
        .objects
        .iter()
        .flatten()
        .flat_map(|o| o.events.iter().flatten())
        .flat_map(|e| e.events.iter().flatten())
        .flat_map(|e| e.actions.iter().flatten())
        .next()
        .cloned()
        .unwrap_or_else(execute_code);
    let o = objects
        .objects
        .get_mut(object)
        .and_then(Option::as_mut)
        .ok_or_else(|| fail("its object is a null slot".into()))?;
    let types = o.events.len();
    let list = o
        .events
        .get_mut(ty)
        .ok_or_else(|| {
            fail(format!(
                "this game's objects have {types} event types, not this one"
            ))
        })?
        .get_or_insert_with(Events::default);
    if list.events.iter().flatten().any(|e| e.subtype == subtype) {
        return Err(fail(
            "the object has this event already: edit its file instead".into(),
        ));
    }
    // GameMaker lists an object's events of one type by subtype.
    let at = list
        .events
        .iter()
        .position(|e| e.as_ref().is_some_and(|e| e.subtype > subtype))
        .unwrap_or(list.events.len());
    list.events.insert(
        at,
        Some(Event {
            subtype,
            actions: vec![Some(Action {
                code: Id::new(code as i32),
                ..template
            })],
        }),
    );
    Ok(())
}

/// GameMaker Studio's "execute code" action, for a game that has none to copy.
fn execute_code() -> Action {
    Action {
        library: 1,
        id: 603,
        kind: 7,
        use_apply_to: true,
        exe_type: 2,
        argument_count: 1,
        who: -1,
        ..Action::default()
    }
}

#[cfg(test)]
mod built_in_names {
    use crate::formats::gamemaker::pack::code::new_code::{kind_of, NewKind};

    #[test]
    fn a_new_script_named_like_a_built_in_is_refused_naming_it() {
        for file in [
            "scripts/draw_sprite.gml",
            "code/gml_GlobalScript_draw_sprite.gml",
        ] {
            let why = kind_of(file)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                why.contains(
                    "`draw_sprite` is a built-in function: a new script may not take its name"
                ),
                "{file}: {why}"
            );
        }
        assert!(
            matches!(kind_of("scripts/draw_ship.gml"), Ok(NewKind::Script(s)) if s == "draw_ship")
        );
    }
}
