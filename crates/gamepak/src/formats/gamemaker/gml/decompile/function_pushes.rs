//! Functions pushed as values: by their FUNC chain, or, in a blob GameMaker left
//! off the chains, by their name's string.

use crate::formats::gamemaker::bytecode::instruction::{Callee, Instr, Operand};
use crate::formats::gamemaker::bytecode::opcodes::{op, INT_TYPE};

/// In a blob GameMaker left off the occurrence chains (its calls name their
/// functions by string: MaybeSamo/Sharpshooters-Roundup's `method(-1, 421)`),
/// a `push.i` of the string naming one of the blob's own functions is that
/// function, pushed by its name's string: its operand becomes the string.
/// `is_function` says whether a string index names one.
pub fn functions_by_name(instrs: &mut [Instr], is_function: impl Fn(u32) -> bool) {
    let by_name = instrs.iter().any(|i| {
        matches!(
            i.operand,
            Operand::Call {
                callee: Callee::String(_),
                ..
            }
        )
    });
    if !by_name {
        return;
    }
    for i in instrs {
        if let (op::PUSH, [INT_TYPE, _], Operand::Int(n)) = (i.op, i.types, &i.operand) {
            if let Some(s) = u32::try_from(*n).ok().filter(|&s| is_function(s)) {
                i.operand = Operand::String(s);
            }
        }
    }
}

/// The function `i` pushes as a value, by its FUNC chain or (in a blob off
/// the chains) by its name's string: its name.
pub fn pushed_function<'c>(
    ctx: &'c crate::formats::gamemaker::gml::decompile::context::Context<'_>,
    i: &Instr,
) -> Option<&'c str> {
    match i.operand {
        Operand::Reference { chain } if !ctx.is_variable_chain(chain) => {
            Some(ctx.chain_name(chain).unwrap_or(""))
        }
        Operand::String(s) if i.op == op::PUSH && i.types[0] == INT_TYPE => ctx.string(s),
        _ => None,
    }
}
