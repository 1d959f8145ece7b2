//! Which array writes go through `[@ ]`. With 2.3's copy-on-write arrays,
//! GameMaker's compiler says which instance owns an array before a plain write to
//! it (`setowner`: `break.e -5` after a push of an id); a write through `[@ ]`
//! goes to the array itself and names no owner.
//!
//! From 2.3 to before 2.3.6 every plain write names its owner, even the one named
//! just before, so a write that names none is surely `[@ ]`. Later releases (2022.9
//! at least) name an owner only when it changes along the code's paths (`alarm[0]`
//! after `alarm[1]` names none), so a write without one is read as plain there: the
//! two readings cannot be told apart.

use crate::formats::gamemaker::bytecode::disassemble::Chain;
use crate::formats::gamemaker::bytecode::instruction::{Callee, Instr, Operand};
use crate::formats::gamemaker::bytecode::opcodes::{op, ARRAY_VARIABLE};
use crate::formats::gamemaker::model::version::{Range, Version};

/// The break signals of `setowner` and of `popaf` (a write to `a[i][j]`).
pub(crate) const SETOWNER: i16 = -5;
pub(crate) const POPAF: i16 = -3;

/// Whether a file from `releases` names an owner before every plain write.
pub fn names_every_owner(releases: Range) -> bool {
    releases.low >= Version::V2_3 && releases.high < Version::V2_3_6
}

/// Marks each array write of `instrs` that names no owner since the write before
/// it as a write through `[@ ]`. A write through `[@ ]` to an array a variable
/// holds is a call to `array_set` there, which otherwise names the owner first as
/// `array_create` does (evolutionleo/LudSwing's `_array[@ _i] = read_value()`,
/// beside lordbenedikt/2d_dungeon_gm's and MayitaMayoso/vendaval's named
/// `array_set` calls): such a call naming none is marked too.
pub fn mark_reference_writes(instrs: &mut [Instr], chains: &[Chain]) {
    let called = |i: &Instr, f: &str| match i.operand {
        Operand::Call {
            callee: Callee::Chain(c),
            arguments,
        } => chains.get(c).is_some_and(|c| c.name == f) && (f != "array_set" || arguments == 3),
        _ => false,
    };
    let mut owned = false;
    for i in instrs {
        let write = match (i.op, &i.operand) {
            (
                op::BREAK,
                Operand::Break {
                    signal: SETOWNER, ..
                },
            ) => {
                owned = true;
                false
            }
            (
                op::POP,
                Operand::Variable {
                    kind: ARRAY_VARIABLE,
                    ..
                },
            ) => true,
            (op::BREAK, Operand::Break { signal: POPAF, .. }) => true,
            (op::CALL, _) if called(i, "array_set") => true,
            (op::CALL, _) if called(i, "array_create") => {
                owned = false;
                false
            }
            _ => false,
        };
        if write {
            i.through_reference = !std::mem::replace(&mut owned, false);
        }
    }
}
