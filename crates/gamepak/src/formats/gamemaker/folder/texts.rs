//! `text.json`: the strings of STRG the game shows or works with as text, apart
//! from the names. STRG holds each text once, so one string can be a text code
//! pushes and, at once, the name of a variable, a function or a resource; in
//! `strings.json` nothing tells the two apart.
//!
//! Each entry is a string code pushes, a room's caption or the game's display
//! name, with what uses it and, when it is a name too, what it names. Editing an
//! entry's `text` changes that text alone: in place when it names nothing, and
//! otherwise as a new string that every push, caption and display name of the old
//! one takes, so the name keeps its text.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::formats::gamemaker::binary::words::put_u32;
use crate::formats::gamemaker::bytecode::instruction::{decode, Instr, Operand};
use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::model::chunks::code::{Blobs, Code};
use crate::formats::gamemaker::model::chunks::general::General;
use crate::formats::gamemaker::model::chunks::room::Rooms;
use crate::formats::gamemaker::model::chunks::symbols::{Functions, Variables};
use crate::formats::gamemaker::model::wire::StrId;
use crate::formats::gamemaker::model::Game;

/// The file's name in the folder.
pub const TEXT: &str = "text.json";

/// One shown text.
#[derive(Debug, Serialize, Deserialize)]
pub struct Shown {
    /// The string's index in `strings.json`.
    pub string: u32,
    /// The text: edit this.
    pub text: String,
    /// What shows it or works with it: the code entries that push it, the rooms
    /// whose caption it is, `general.json` for the display name.
    pub used_by: Vec<String>,
    /// What the same string names too, if anything: editing the text gives it a
    /// string of its own, and the name keeps the old one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub also_names: Option<String>,
}

/// A text edited in `text.json`: its string, and the new text.
#[derive(Debug)]
pub struct Edit {
    pub string: u32,
    pub text: String,
    /// Whether the string is a name too, so the text gets a string of its own.
    pub split: bool,
}

/// Each string push of an instruction blob: its instruction's index, and the
/// string.
fn pushes(code: &[Instr]) -> impl Iterator<Item = (usize, u32)> + '_ {
    code.iter()
        .enumerate()
        .filter_map(|(n, i)| match i.operand {
            Operand::String(s) if (op::PUSH..=op::PUSHBLTN).contains(&i.op) => Some((n, s)),
            _ => None,
        })
}

/// The strings the code of blob `blob` pushes.
pub fn pushed_strings(game: &Game<'_>, blob: usize) -> Vec<u32> {
    let Some(code) = game.get::<Code>() else {
        return Vec::new();
    };
    let code = code
        .blobs
        .instructions(blob, game.endian, game.bytecode < 15);
    pushes(&code).map(|(_, s)| s).collect()
}

/// The shown texts of `game`, in string order.
pub fn list(game: &Game<'_>) -> Vec<Shown> {
    let texts = game.texts();
    let text = |s: Option<StrId>| {
        s.and_then(|s| texts.get(s.0 as usize))
            .map(|t| t.to_string())
    };
    let mut used: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    if let Some(code) = game.get::<Code>() {
        let old = game.bytecode < 15;
        let blobs: Vec<Vec<u32>> = (0..code.blobs.len())
            .map(|k| {
                let code = code.blobs.instructions(k, game.endian, old);
                pushes(&code).map(|(_, s)| s).collect()
            })
            .collect();
        for entry in code.entries.iter().flatten() {
            let name = text(entry.name).unwrap_or_default();
            for &s in blobs.get(entry.blob as usize).into_iter().flatten() {
                let by = used.entry(s).or_default();
                if by.last() != Some(&name) {
                    by.push(name.clone());
                }
            }
        }
    }
    for room in game
        .get::<Rooms>()
        .iter()
        .flat_map(|r| r.rooms.iter().flatten())
    {
        if let Some(c) = room.caption {
            let name = text(room.name).unwrap_or_default();
            used.entry(c.0)
                .or_default()
                .push(format!("room {name} (caption)"));
        }
    }
    if let Some(d) = game.get::<General>().and_then(|g| g.display_name) {
        used.entry(d.0)
            .or_default()
            .push("general.json (display_name)".into());
    }
    let names = names(game);
    used.into_iter()
        .filter_map(|(string, mut used_by)| {
            used_by.dedup();
            Some(Shown {
                string,
                text: texts.get(string as usize)?.to_string(),
                used_by,
                also_names: names.get(&string).cloned(),
            })
        })
        .collect()
}

/// What each string that is a name names: a variable, a function, or a resource.
fn names(game: &Game<'_>) -> HashMap<u32, String> {
    let mut out = HashMap::new();
    let mut add = |s: Option<StrId>, what: &str| {
        if let Some(s) = s {
            out.entry(s.0).or_insert_with(|| what.to_string());
        }
    };
    for v in game.get::<Variables>().iter().flat_map(|v| &v.variables) {
        add(v.name, "a variable");
    }
    for f in game.get::<Functions>().iter().flat_map(|f| &f.functions) {
        add(f.name, "a function");
    }
    for p in &game.chunks {
        for n in p.body.names().into_iter().flatten() {
            add(n, &format!("a resource of {}", p.name));
        }
    }
    out
}

/// The JSON of `text.json`.
pub fn to_json(list: &[Shown]) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(list).expect("the list serialises");
    out.push(b'\n');
    out
}

/// The texts edited in `text.json`'s `bytes` against the table as extracted.
pub fn edits(bytes: &[u8], original: &[String]) -> Result<Vec<Edit>> {
    let list: Vec<Shown> = crate::folder_json::from_slice(TEXT, bytes)?;
    let mut out = Vec::new();
    for (k, shown) in list.into_iter().enumerate() {
        let Some(was) = original.get(shown.string as usize) else {
            return Err(Error::at(
                TEXT,
                format!(
                    "[{k}].string: string {} does not exist: strings.json holds {}",
                    shown.string,
                    original.len()
                ),
            ));
        };
        if *was != shown.text {
            out.push(Edit {
                string: shown.string,
                text: shown.text,
                split: shown.also_names.is_some(),
            });
        }
    }
    Ok(out)
}

/// Gives each text that was split its own string, `to`, in place of `from`: every
/// string push of the code, every room caption and the display name.
pub fn take_own_strings(game: &mut Game<'_>, moved: &[(u32, u32)]) {
    if moved.is_empty() {
        return;
    }
    let to = |s: u32| moved.iter().find(|(from, _)| *from == s).map(|(_, to)| *to);
    let (endian, old) = (game.endian, game.bytecode < 15);
    if let Some(code) = game.get_mut::<Code>() {
        match &mut code.blobs {
            Blobs::Stored(blobs) => {
                for blob in blobs {
                    let code = decode(blob, endian, old, |_| None);
                    // A word cut short at the end decodes as zeros: none to change.
                    let changes: Vec<(u32, u32)> = pushes(&code)
                        .filter(|&(n, _)| code[n].at as usize + 8 <= blob.len())
                        .filter_map(|(n, s)| Some((code[n].at + 4, to(s)?)))
                        .collect();
                    if !changes.is_empty() {
                        let bytes = blob.to_mut();
                        for (at, s) in changes {
                            put_u32(bytes, at.into(), s, endian);
                        }
                    }
                }
            }
            Blobs::Typed(typed) => {
                for i in typed.blobs.iter_mut().flatten() {
                    match &mut i.operand {
                        Operand::String(s) if (op::PUSH..=op::PUSHBLTN).contains(&i.op) => {
                            *s = to(*s).unwrap_or(*s);
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    let follow = |s: &mut Option<StrId>| {
        if let Some(new) = s.and_then(|id| to(id.0)) {
            *s = Some(StrId(new));
        }
    };
    if let Some(rooms) = game.get_mut::<Rooms>() {
        rooms
            .rooms
            .iter_mut()
            .flatten()
            .for_each(|r| follow(&mut r.caption));
    }
    if let Some(g) = game.get_mut::<General>() {
        follow(&mut g.display_name);
    }
}
