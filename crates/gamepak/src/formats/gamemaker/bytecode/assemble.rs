//! Typed instructions ([`Asm`]) into bytes. Every line `disassemble` writes
//! assembles to the bytes it was read from, except the low 27 bits of a
//! variable or function operand: those link the occurrence chains, which
//! `edit` writes once every instruction has its place. A call whose function
//! is quoted (`call.i "game_end"(argc=0)`) is in no chain: its operand is the
//! string's index, as GameMaker writes a call to a function FUNC does not list.
//! So is a function pushed as `push.i function "NAME"`.

use crate::bytes::{Endian, Writer};
use crate::formats::gamemaker::bytecode::symbolic::{
    self, Asm, Callee, Extra, Reference, Text, Value,
};

/// What an instruction's operand names, for the occurrence chains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use<'t> {
    Variable { name: &'t str, instance: i16 },
    Function(&'t str),
}

/// One assembled instruction.
#[derive(Debug)]
pub struct Instruction<'t> {
    pub bytes: Vec<u8>,
    pub uses: Option<Use<'t>>,
}

/// A string's STRG index, by its text.
pub type Strings<'s> = dyn Fn(&str) -> Option<u32> + 's;

/// Encodes `asm`, at `offset` in its blob, its strings found by `strings`.
pub fn encode<'t>(
    asm: &'t Asm,
    offset: u32,
    strings: &Strings<'_>,
    endian: Endian,
) -> Result<Instruction<'t>, String> {
    let mut w = Writer::new(endian);
    let word = |op: u8, t1: u8, t2: u8, low: u16| {
        (u32::from(op) << 24)
            | (u32::from(t2 & 0xf) << 20)
            | (u32::from(t1 & 0xf) << 16)
            | u32::from(low)
    };
    let string = |t: &Text| match t {
        Text::Index(n) => Ok(*n),
        Text::Quoted(text) => strings(text).ok_or_else(|| format!("no STRG string reads {t}")),
    };
    let mut uses = None;
    match asm {
        Asm::Word(x) => w.u32(*x),
        Asm::LeaveWith => w.u32(0xbbf0_0000),
        Asm::Branch { op, to } => {
            let rel = (i64::from(*to) - i64::from(offset)) / 4;
            if !(-(1 << 22)..(1 << 22)).contains(&rel) {
                return Err(format!(
                    "{} is too far for a branch",
                    symbolic::LabelAt(*to)
                ));
            }
            w.u32(word(*op, 0, 0, 0) | (rel as u32 & 0x007f_ffff));
        }
        Asm::Push { op, ty, value } => match value {
            Value::Short(n) => w.u32(word(*op, *ty, 0, *n as u16)),
            Value::Variable(v) => {
                w.u32(word(*op, *ty, 0, v.instance as u16));
                w.u32(u32::from(v.kind) << 24);
                uses = Some(Use::Variable {
                    name: &v.name,
                    instance: v.instance,
                });
            }
            other => {
                w.u32(word(*op, *ty, 0, 0));
                match other {
                    Value::Double(d) => w.f64(*d),
                    Value::Long(n) => w.i64(*n),
                    Value::Float(x) => w.f32(*x),
                    Value::Int(n) => w.i32(*n),
                    Value::Text(t) => w.u32(string(t)?),
                    Value::FunctionByName(name) => {
                        w.u32(string(&Text::Quoted(name.clone()))?);
                    }
                    Value::Reference(r) => {
                        w.u32(0);
                        uses = Some(use_of(r));
                    }
                    Value::Short(_) | Value::Variable(_) => {}
                }
            }
        },
        Asm::Pop { types, variable } => {
            w.u32(word(
                asm.opcode(),
                types[0],
                types[1],
                variable.instance as u16,
            ));
            w.u32(u32::from(variable.kind) << 24);
            uses = Some(Use::Variable {
                name: &variable.name,
                instance: variable.instance,
            });
        }
        Asm::Swap { types, count } => w.u32(word(asm.opcode(), types[0], types[1], *count)),
        Asm::Call {
            ty,
            callee,
            arguments,
        } => {
            w.u32(word(asm.opcode(), *ty, 0, *arguments));
            match callee {
                Callee::Text(t) => w.u32(string(t)?),
                Callee::Function(name) => {
                    w.u32(0);
                    uses = Some(Use::Function(name));
                }
            }
        }
        Asm::Compare { types, kind } => {
            w.u32(word(asm.opcode(), types[0], types[1], 0) | (u32::from(*kind) << 8))
        }
        Asm::Break { ty, signal, extra } => {
            w.u32(word(asm.opcode(), *ty, 0, *signal as u16));
            match extra {
                Some(Extra::Int(n)) => w.i32(*n),
                Some(Extra::Reference(r)) => {
                    w.u32(0);
                    uses = Some(use_of(r));
                }
                None => {}
            }
        }
        Asm::Counted { op, ty, count } => w.u32(word(*op, *ty, 0, *count)),
        Asm::Plain { op, types } => w.u32(word(*op, types[0], types[1], 0)),
    }
    Ok(Instruction {
        bytes: w.into_vec(),
        uses,
    })
}

/// The chain a reference pushed as a value is on.
fn use_of(r: &Reference) -> Use<'_> {
    match r {
        Reference::Function(name) => Use::Function(name),
        Reference::Variable(name) => Use::Variable { name, instance: 0 },
    }
}

/// The bytes of one line of a disassembly at `offset` in its blob, its label
/// found by `label` and its strings by `strings`.
pub fn assemble(
    text: &str,
    offset: u32,
    label: &dyn Fn(&str) -> Option<u32>,
    strings: &Strings<'_>,
    endian: Endian,
) -> Result<Vec<u8>, String> {
    let asm = symbolic::parse(text)?
        .placed(|l| label(l).ok_or_else(|| format!("no label `{l}` in this blob")))?;
    encode(&asm, offset, strings, endian).map(|i| i.bytes)
}
