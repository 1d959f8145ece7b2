//! What a game's own code shows about the compiler that made it, where its
//! release range cannot tell: the releases that changed a choice are not all
//! told apart by the chunks a file holds.

use super::target::Target;
use crate::formats::gamemaker::code::Names;
use crate::formats::gamemaker::game::Game;
use crate::formats::gamemaker::gml::builtins;
use crate::formats::gamemaker::gml::instr::{decode, op, Operand};
use crate::formats::gamemaker::opcodes::PLAIN_VARIABLE;

/// The `builtin` instance, as an operand names it.
const BUILTIN: i16 = -6;

/// `target` with the choices `game`'s code shows.
pub fn settle(mut target: Target, game: &Game<'_>, names: &Names) -> Target {
    for entries in game.blob_entries() {
        let first = &game.code[entries[0]];
        let Some(bytes) = usize::try_from(first.blob)
            .ok()
            .and_then(|b| game.form.data.get(b..b.checked_add(first.length as usize)?))
        else {
            continue;
        };
        for i in decode(bytes, first.blob, game.form.endian, names) {
            let Operand::Variable {
                chain: Some(c),
                instance: BUILTIN,
                kind: PLAIN_VARIABLE,
            } = i.operand
            else {
                continue;
            };
            let name = &names.chains[c].name;
            let game_own = builtins::variable(name).is_none_or(|v| v.instance);
            if i.op == op::POP && game_own {
                target.self_through_builtin = true;
                return target;
            }
        }
    }
    target
}
