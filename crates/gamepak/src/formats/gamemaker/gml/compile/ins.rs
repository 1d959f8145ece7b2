//! The instructions the compiler emits, built from its own types: one function
//! for each form it writes, named as the disassembly names the instruction.

use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::bytecode::symbolic::{
    Asm, Extra, Reference, Text, Value, Variable, SHORT_TYPE,
};
use crate::formats::gamemaker::gml::compile::emit::Ty;

/// A count as an instruction's 16 bits hold it; the compiler refuses more
/// arguments than a release takes before it gets here.
fn count(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// `call.i NAME(argc=N)`.
pub fn call(name: &str, arguments: usize) -> Asm {
    Asm::call(name, count(arguments))
}

/// `callv.v N`: calls the method on the stack.
pub fn callv(arguments: usize) -> Asm {
    Asm::Counted {
        op: op::CALLV,
        ty: Ty::V.code(),
        count: count(arguments),
    }
}

/// `dup.T N`.
pub fn dup(ty: Ty, n: usize) -> Asm {
    Asm::dup(ty.code(), count(n))
}

/// `popz.T`: drops a value.
pub fn popz(ty: Ty) -> Asm {
    Asm::plain(op::POPZ, ty.code())
}

/// `conv.FROM.TO`.
pub fn conv(from: Ty, to: Ty) -> Asm {
    Asm::typed(op::CONV, [from.code(), to.code()])
}

/// An arithmetic or bitwise instruction on a right operand of `right` and a
/// left of `left`.
pub fn binary(op: u8, right: Ty, left: Ty) -> Asm {
    Asm::typed(op, [right.code(), left.code()])
}

/// `cmp`'s kinds `le` and `eq`.
pub const LE: u8 = 2;
pub const EQ: u8 = 3;

/// `cmp.RIGHT.LEFT.KIND`, `kind` from 1 (`lt`) to 6 (`gt`).
pub fn cmp(right: Ty, left: Ty, kind: u8) -> Asm {
    Asm::Compare {
        types: [right.code(), left.code()],
        kind,
    }
}

/// `neg.T` or `not.T`.
pub fn unary(op: u8, ty: Ty) -> Asm {
    Asm::plain(op, ty.code())
}

/// `ret.v`.
pub fn ret() -> Asm {
    Asm::plain(op::RET, Ty::V.code())
}

/// `exit.i`.
pub fn exit() -> Asm {
    Asm::plain(op::EXIT, Ty::I.code())
}

/// `popenv exit`: leaves a `with` without looping.
pub fn leave_with() -> Asm {
    Asm::LeaveWith
}

/// `break.e SIGNAL`.
pub fn signal(signal: i16) -> Asm {
    Asm::signal(signal)
}

/// `pushi.e N`.
pub fn pushi(n: i16) -> Asm {
    Asm::pushi(n)
}

/// `push.e N`.
pub fn push_short(n: i16) -> Asm {
    Asm::push(SHORT_TYPE, Value::Short(n))
}

/// `push.i N`.
pub fn push_int(n: i32) -> Asm {
    Asm::push(Ty::I.code(), Value::Int(n))
}

/// `push.l N`.
pub fn push_long(n: i64) -> Asm {
    Asm::push(Ty::L.code(), Value::Long(n))
}

/// `push.d X`.
pub fn push_double(x: f64) -> Asm {
    Asm::push(Ty::D.code(), Value::Double(x))
}

/// `push.s "TEXT"`.
pub fn push_string(text: &str) -> Asm {
    Asm::push(Ty::S.code(), Value::Text(Text::Quoted(text.to_string())))
}

/// `push.v VARIABLE`, or `pushloc`, `pushglb`, `pushbltn` by `op`.
pub fn push_variable(op: u8, variable: Variable) -> Asm {
    Asm::Push {
        op,
        ty: Ty::V.code(),
        value: Value::Variable(variable),
    }
}

/// `push.v INSTANCE.NAME`.
pub fn push_plain(instance: i16, name: &str) -> Asm {
    push_variable(op::PUSH, Variable::plain(instance, name))
}

/// `push.i function NAME`: the function, on its chain.
pub fn push_function(name: &str) -> Asm {
    Asm::push(
        Ty::I.code(),
        Value::Reference(Reference::Function(name.to_string())),
    )
}

/// `push.i variable NAME`: a reference to the variable, on its chain.
pub fn push_variable_reference(name: &str) -> Asm {
    Asm::push(
        Ty::I.code(),
        Value::Reference(Reference::Variable(name.to_string())),
    )
}

/// `break.i -11 function NAME`: a typed reference to the function.
pub fn function_reference(name: &str) -> Asm {
    typed_reference(Extra::Reference(Reference::Function(name.to_string())))
}

/// `break.i -11 N`: a typed reference to an asset, its kind in the top byte.
pub fn asset_reference(reference: i32) -> Asm {
    typed_reference(Extra::Int(reference))
}

fn typed_reference(extra: Extra) -> Asm {
    Asm::Break {
        ty: Ty::I.code(),
        signal: -11,
        extra: Some(extra),
    }
}

/// `pop.v.T VARIABLE`: stores a value of type `ty`.
pub fn pop(ty: Ty, variable: Variable) -> Asm {
    Asm::pop(ty.code(), variable)
}

/// `pop.i.v VARIABLE`: stores the value under the instance and index above it.
pub fn pop_under(variable: Variable) -> Asm {
    Asm::Pop {
        types: [Ty::I.code(), Ty::V.code()],
        variable,
    }
}

/// `pop.v.v INSTANCE.NAME`.
pub fn pop_plain(instance: i16, name: &str) -> Asm {
    pop(Ty::V, Variable::plain(instance, name))
}
