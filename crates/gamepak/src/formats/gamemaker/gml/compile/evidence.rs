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
/// The `self` instance.
const SELF: i16 = -1;

/// `target` with the choices `game`'s code shows. Functions name their own
/// variables through `self` in every release, so the stores through `builtin`
/// must outnumber those through `self`.
pub fn settle(mut target: Target, game: &Game<'_>, names: &Names) -> Target {
    let (mut through_builtin, mut through_self) = (0usize, 0usize);
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
                instance,
                kind: PLAIN_VARIABLE,
            } = i.operand
            else {
                continue;
            };
            let name = &names.chains[c].name;
            if i.op != op::POP || builtins::variable(name).is_some() {
                continue;
            }
            match instance {
                BUILTIN => through_builtin += 1,
                SELF => through_self += 1,
                _ => {}
            }
        }
    }
    if through_builtin + through_self > 0 {
        target.self_through_builtin = through_builtin > through_self;
    }
    target
}
