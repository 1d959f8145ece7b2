//! What a game's own code shows about the compiler that made it, where its
//! release range cannot tell: the releases that changed a choice are not all
//! told apart by the chunks a file holds (a call of a function only a later
//! release has tells), and copy-on-write arrays are an option of the game's.

use std::collections::HashMap;

use super::target::Target;
use crate::formats::gamemaker::code::Names;
use crate::formats::gamemaker::game::Game;
use crate::formats::gamemaker::gml::builtins;
use crate::formats::gamemaker::gml::instr::{decode, op, Operand};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::opcodes::PLAIN_VARIABLE;

/// The `builtin` instance, as an operand names it.
const BUILTIN: i16 = -6;
/// The `self` instance.
const SELF: i16 = -1;
/// The break signal of `setowner`.
const SETOWNER: i16 = -5;

/// The owner ids GameMaker gave array writes: by the function the write is in
/// and the array's name. The ids come from GameMaker's own numbering of names,
/// which no file keeps, so code compiled again reuses them.
pub type OwnerIds = HashMap<(String, String), i64>;

/// `target` with the choices `game`'s code shows, and the owner ids of its
/// array writes. Functions name their own variables through `self` in every
/// release, so the stores through `builtin` must outnumber those through
/// `self`.
pub fn settle(mut target: Target, game: &Game<'_>, names: &Names) -> (Target, OwnerIds) {
    let (mut through_builtin, mut through_self) = (0usize, 0usize);
    let mut owners = OwnerIds::new();
    for entries in game.blob_entries() {
        let first = &game.code[entries[0]];
        let Some(bytes) = usize::try_from(first.blob)
            .ok()
            .and_then(|b| game.form.data.get(b..b.checked_add(first.length as usize)?))
        else {
            continue;
        };
        // Where each function of the blob starts, to tell which a write is in.
        let mut starts: Vec<(u32, &str)> = entries
            .iter()
            .map(|&e| (game.code[e].start, &*game.code[e].name))
            .collect();
        starts.sort_unstable();
        let mut pending: Option<i64> = None;
        let instrs = decode(bytes, first.blob, game.form.endian, names);
        // Only code outside functions shows how an event names its instance's
        // variables; object variables (`PreCreate`) always name `self`.
        let plain_event = entries.len() == 1 && !is_pre_create(&first.name);
        for (k, i) in instrs.iter().enumerate() {
            match i.operand {
                Operand::Break {
                    signal: SETOWNER, ..
                } => {
                    pending = k.checked_sub(1).and_then(|p| match instrs[p].operand {
                        Operand::Int(n) => Some(i64::from(n)),
                        Operand::Short(n) => Some(i64::from(n)),
                        _ => None,
                    });
                }
                // The store the owner was named for: an element's, an element's
                // field's, or an array literal's.
                Operand::Variable { chain: Some(c), .. }
                    if i.op == op::POP && pending.is_some() =>
                {
                    if let Some(id) = pending.take() {
                        let within = starts
                            .iter()
                            .rev()
                            .find(|(s, _)| *s <= i.at)
                            .map_or("", |(_, n)| n);
                        owners
                            .entry((within.to_string(), names.chains[c].name.clone()))
                            .or_insert(id);
                    }
                }
                Operand::Variable {
                    chain: Some(c),
                    instance,
                    kind: PLAIN_VARIABLE,
                } if plain_event
                    && i.op == op::POP
                    && builtins::variable(&names.chains[c].name).is_none() =>
                {
                    match instance {
                        BUILTIN => through_builtin += 1,
                        SELF => through_self += 1,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }
    if through_builtin + through_self > 0 {
        target.self_through_builtin = through_builtin > through_self;
    }
    target.array_owners = !owners.is_empty();
    // Constructors mark their statics set (`@@SetStatic@@`) from 2024.11: a game
    // whose code calls it is from then on, whatever its chunks could not tell.
    let set_static = names
        .chains
        .iter()
        .any(|c| c.call && c.name == "@@SetStatic@@");
    if set_static && target.release < Version::V2024_11 {
        target.release = Version::V2024_11;
    }
    (target, owners)
}

/// Whether code entry `name` sets an object's or a room instance's variables,
/// which GameMaker compiles as a function of the instance.
pub fn is_pre_create(name: &str) -> bool {
    name.ends_with("_PreCreate_0") || name.ends_with("_PreCreate")
}
