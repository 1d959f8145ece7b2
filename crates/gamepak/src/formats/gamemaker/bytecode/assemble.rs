//! The disassembly's text back into instructions. Every line `code::instructions`
//! writes assembles to the bytes it was read from, except the low 27 bits of a
//! variable or function operand: those link the occurrence chains, which
//! `code_edit` writes once every instruction has its place. A call whose function
//! is quoted (`call.i "game_end"(argc=0)`) is in no chain: its operand is the
//! string's index, as GameMaker writes a call to a function FUNC does not list.
//! So is a function pushed as `push.i function "NAME"`.

use crate::bytes::{Endian, Writer};
use crate::formats::gamemaker::bytecode::opcodes::{
    instance_code, opcode, variable_kind, COMPARISONS, TYPES,
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

/// Resolves what a line names: a label (`Lxxxx`) to an offset in the blob, a quoted
/// string to its STRG index.
pub trait Names {
    fn label(&self, label: &str) -> Option<u32>;
    fn string(&self, text: &str) -> Option<u32>;
}

/// Encodes one line of a disassembly, at `offset` in its blob.
pub fn assemble<'t>(
    text: &'t str,
    offset: u32,
    names: &dyn Names,
    endian: Endian,
) -> Result<Instruction<'t>, String> {
    let mut w = Writer::new(endian);
    let (head, arg) = text.split_once(' ').unwrap_or((text, ""));
    if head == ".word" {
        w.u32(hex(arg).ok_or_else(|| format!("`{arg}` is not a hex word"))?);
        return Ok(Instruction {
            bytes: w.into_vec(),
            uses: None,
        });
    }
    if text == "popenv exit" {
        w.u32(0xbbf0_0000);
        return Ok(Instruction {
            bytes: w.into_vec(),
            uses: None,
        });
    }
    let mut parts = head.split('.');
    let m = parts.next().unwrap_or("");
    let op = opcode(m).ok_or_else(|| format!("`{m}` is not an instruction"))?;
    let types: Vec<&str> = parts.collect();
    let ty = |k: usize| -> Result<u32, String> {
        let t = types
            .get(k)
            .ok_or_else(|| format!("`{head}` lacks a type"))?;
        TYPES
            .iter()
            .position(|n| n == t)
            .map(|p| p as u32)
            .ok_or_else(|| format!("`{t}` is not a type"))
    };
    let want = |n: usize| -> Result<(), String> {
        if types.len() == n {
            Ok(())
        } else {
            Err(format!("`{head}` takes {n} types"))
        }
    };
    let word = |t1: u32, t2: u32, low: u32| (u32::from(op) << 24) | (t2 << 20) | (t1 << 16) | low;
    let number = |what: &str| format!("`{arg}` is not {what}");
    let mut uses = None;
    match op {
        0xb6..=0xbb => {
            want(0)?;
            let target = names
                .label(arg)
                .ok_or_else(|| format!("no label `{arg}` in this blob"))?;
            let rel = (i64::from(target) - i64::from(offset)) / 4;
            if !(-(1 << 22)..(1 << 22)).contains(&rel) {
                return Err(format!("{arg} is too far for a branch"));
            }
            w.u32(word(0, 0, 0) | (rel as u32 & 0x007f_ffff));
        }
        0x84 | 0xc0..=0xc3 => {
            want(1)?;
            let t = ty(0)?;
            match TYPES[t as usize] {
                "e" => w.u32(word(t, 0, u32::from(short(arg)?))),
                "v" => {
                    let (kind, instance, name) = variable(arg)?;
                    w.u32(word(t, 0, u32::from(instance as u16)));
                    w.u32(u32::from(kind) << 24);
                    uses = Some(Use::Variable { name, instance });
                }
                other => {
                    w.u32(word(t, 0, 0));
                    match other {
                        "d" => w.f64(arg.parse().map_err(|_| number("a number"))?),
                        "l" => w.i64(arg.parse().map_err(|_| number("a 64-bit integer"))?),
                        "f" => w.f32(arg.parse().map_err(|_| number("a number"))?),
                        "s" => w.u32(string(arg, names)?),
                        // A function by its name's string, in no FUNC chain.
                        "i" if arg.starts_with("function \"") => {
                            w.u32(string(&arg["function ".len()..], names)?);
                        }
                        "i" if reference(arg).is_some() => {
                            w.u32(0);
                            uses = reference(arg);
                        }
                        _ => w.i32(arg.parse().map_err(|_| number("a 32-bit integer"))?),
                    }
                }
            }
        }
        0x45 => {
            want(2)?;
            let (t1, t2) = (ty(0)?, ty(1)?);
            if TYPES[t1 as usize] == "e" {
                let n = arg.strip_prefix("swap ").ok_or_else(|| number("swap N"))?;
                let n: u16 = n.parse().map_err(|_| number("swap N"))?;
                w.u32(word(t1, t2, u32::from(n)));
            } else {
                let (kind, instance, name) = variable(arg)?;
                w.u32(word(t1, t2, u32::from(instance as u16)));
                w.u32(u32::from(kind) << 24);
                uses = Some(Use::Variable { name, instance });
            }
        }
        0xd9 => {
            want(1)?;
            let (name, argc) = arg
                .strip_suffix(')')
                .and_then(|a| a.rsplit_once("(argc="))
                .ok_or_else(|| number("name(argc=N)"))?;
            let argc: u16 = argc.parse().map_err(|_| number("name(argc=N)"))?;
            w.u32(word(ty(0)?, 0, u32::from(argc)));
            // A quoted name is a call by its string, in no FUNC chain.
            if name.starts_with('"') || name.starts_with("string#") {
                w.u32(string(name, names)?);
            } else {
                w.u32(0);
                uses = Some(Use::Function(name));
            }
        }
        0x15 => {
            want(3)?;
            let kind = COMPARISONS[1..]
                .iter()
                .position(|c| *c == types[2])
                .ok_or_else(|| format!("`{}` is not lt, le, eq, ne, ge or gt", types[2]))?;
            w.u32(word(ty(0)?, ty(1)?, (kind as u32 + 1) << 8));
        }
        0xff => {
            want(1)?;
            let t = ty(0)?;
            let (low, extra) = match arg.split_once(' ') {
                Some((l, e)) => (l, Some(e)),
                None => (arg, None),
            };
            w.u32(word(t, 0, u32::from(short(low)?)));
            match (TYPES[t as usize], extra) {
                ("i", Some(e)) if reference(e).is_some() => {
                    w.u32(0);
                    uses = reference(e);
                }
                ("i", Some(e)) => w.i32(e.parse().map_err(|_| number("two integers"))?),
                ("i", None) => return Err(number("two integers")),
                (_, Some(_)) => return Err(number("one integer")),
                _ => {}
            }
        }
        0x86 | 0x99 => {
            want(1)?;
            let low: u16 = arg.parse().map_err(|_| number("a 16-bit count"))?;
            w.u32(word(ty(0)?, 0, u32::from(low)));
        }
        0x07..=0x10 | 0x13 | 0x14 => {
            want(2)?;
            w.u32(word(ty(0)?, ty(1)?, 0));
        }
        _ => {
            want(1)?;
            w.u32(word(ty(0)?, 0, 0));
        }
    }
    Ok(Instruction {
        bytes: w.into_vec(),
        uses,
    })
}

/// The chain `function NAME` or `variable NAME` puts an instruction on: a
/// reference pushed as a value, its operand a link of the chain.
fn reference(arg: &str) -> Option<Use<'_>> {
    if let Some(name) = arg.strip_prefix("function ") {
        return Some(Use::Function(name));
    }
    let name = arg.strip_prefix("variable ")?;
    Some(Use::Variable { name, instance: 0 })
}

fn hex(s: &str) -> Option<u32> {
    u32::from_str_radix(s.strip_prefix("0x")?, 16).ok()
}

fn short(s: &str) -> Result<u16, String> {
    s.parse::<i16>()
        .map(|v| v as u16)
        .map_err(|_| format!("`{s}` is not a 16-bit integer"))
}

/// `[kind]instance.name` as (kind, instance field, name).
fn variable(arg: &str) -> Result<(u8, i16, &str), String> {
    let bad = || format!("`{arg}` is not instance.variable");
    let (kind, rest) = variable_kind(arg).ok_or_else(bad)?;
    let (inst, name) = rest.split_once('.').ok_or_else(bad)?;
    let instance = instance_code(inst).ok_or_else(|| format!("`{inst}` is not an instance"))?;
    Ok((kind, instance, name))
}

/// A quoted string's STRG index, or `string#N` for an index STRG does not hold.
fn string(arg: &str, names: &dyn Names) -> Result<u32, String> {
    if let Some(n) = arg.strip_prefix("string#") {
        return n.parse().map_err(|_| format!("`{arg}` is not string#N"));
    }
    let text: String =
        serde_json::from_str(arg).map_err(|_| format!("`{arg}` is not a quoted string"))?;
    names
        .string(&text)
        .ok_or_else(|| format!("no STRG string reads {arg}"))
}
