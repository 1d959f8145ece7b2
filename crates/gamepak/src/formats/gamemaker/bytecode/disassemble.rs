//! CODE, VARI and FUNC for bytecode 14-17: code entries, the instruction blobs they
//! point at, and the occurrence chains that name every variable and function use.
//! The model reads the three chunks; what is read here is the instruction words
//! each chain runs through.
//!
//! A code entry is 20 bytes: name, blob length, locals (u16), arguments (u16), the
//! blob's address relative to that field, and where in the blob the entry starts
//! (2.3 and later put child functions in their parent's blob). VARI starts with three
//! counts, then 20-byte entries (name, instance type, id, occurrences, first
//! address); FUNC with a count of 12-byte entries (name, occurrences, first address).
//! Each occurrence's operand word holds, in its low 27 bits, the distance to the
//! next; the first address points at the instruction (VARI, and FUNC before 2.3) or
//! at its operand (FUNC from 2.3, where the word there has no opcode byte). Functions
//! are used by calls, by pushes of their index (2.3) and by reference pushes (2023).
//!
//! Bytecode 13/14 differs: a code entry is its name and length with the
//! instructions right after, VARI and FUNC are 12-byte entries (name, occurrences,
//! first address) with no headers, and opcodes have older numbers (see
//! `from_v14`), which the disassembly shows by the later names.

use rustc_hash::FxHashMap;
use std::borrow::Cow;

use crate::bytes::Endian;
use crate::formats::gamemaker::binary::container::chunk_location;
use crate::formats::gamemaker::bytecode::instruction::{self, Callee, Instr, Operand};
use crate::formats::gamemaker::bytecode::opcodes::{from_v14, mnemonic, op};
use crate::formats::gamemaker::bytecode::symbolic::{
    self, Asm, Extra, Reference, Text, Value, Variable,
};
use crate::formats::gamemaker::model::chunks::symbols::{Functions, Variables};
use crate::formats::gamemaker::model::wire::CodeAddress;
use crate::formats::gamemaker::views::code_entries::{blob_indices, Entry};
use crate::formats::gamemaker::views::code_space::CodeSpace;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::fourcc::FourCC;
use crate::report::Problem;

/// What an occurrence chain found: the name at each instruction address, and the
/// problems met on the way.
#[derive(Debug, Default)]
pub struct Names {
    /// The chain each occurrence is on, by instruction address: an index into
    /// `chains`, whose entry names it.
    pub owner: FxHashMap<u64, usize>,
    /// Every VARI and FUNC entry with occurrences, in chunk order.
    pub chains: Vec<Chain>,
    pub problems: Vec<Problem>,
    /// Bytecode 13/14: instructions use the older opcodes (see `from_v14`).
    pub old_opcodes: bool,
}

impl Names {
    /// The name used by the instruction at `addr`, if a chain runs through it.
    pub fn at(&self, addr: u64) -> Option<&str> {
        let chain = self.owner.get(&addr)?;
        Some(self.chains[*chain].name.as_str())
    }

    /// The instructions of the blob `bytes`, stored at `base` in the file, each on
    /// the chain its address is on.
    pub fn decode(&self, bytes: &[u8], base: u64, endian: Endian) -> Vec<Instr> {
        instruction::decode(bytes, endian, self.old_opcodes, |at| {
            self.owner.get(&(base + u64::from(at))).copied()
        })
    }
}

/// A VARI or FUNC entry, as far as its chain goes.
#[derive(Debug, Clone)]
pub struct Chain {
    /// FUNC (calls) or VARI (variables).
    pub call: bool,
    /// Absolute offset of the entry.
    pub at: u64,
    /// The entry's index in its chunk.
    pub entry: usize,
    /// Bytes of the entry: its occurrence count and first address are its last two
    /// words.
    pub size: u64,
    pub name: String,
    /// The name's index in STRG.
    pub name_id: Option<u32>,
    /// VARI's instance type (FUNC: 0).
    pub instance: i32,
    /// Whether the first address points at the operand (FUNC from 2.3), not at the
    /// instruction.
    pub first_at_operand: bool,
}

/// Walks every VARI and FUNC chain inside the CODE chunk.
pub fn names(game: &FileView<'_>) -> Names {
    let mut out = Names::default();
    if game.form.chunk(FourCC::CODE).is_none() {
        return out;
    }
    let space = &game.code_space;
    out.old_opcodes = game.gen8.bytecode < 15;
    let old_opcodes = out.old_opcodes;
    let mut walk = |kind: FourCC, i: usize, chain: Chain, count: u32, first: u64| {
        let (call, name) = (chain.call, chain.name.clone());
        let name = name.as_str();
        let mut addr = first;
        if chain.first_at_operand {
            addr = addr.wrapping_sub(4);
        }
        // Where the address of the next occurrence is stored: the entry's first
        // address, then each occurrence's link.
        let mut from = chain.at + chain.size - 4;
        let index = out.chains.len();
        out.chains.push(chain);
        for n in 0..count {
            let word = space.word(addr).filter(|_| space.holds(addr, 8));
            let Some(word) = word else {
                out.problems.push(Problem::error(
                    chunk_location(kind).at("entry", i),
                    from,
                    format!("{name:?}: occurrence {n} of {count} lies outside CODE"),
                ));
                return;
            };
            let mut opcode = (word >> 24) as u8;
            if old_opcodes {
                opcode = from_v14(opcode).map_or(0, |(new, _)| new);
            }
            let fits = if call {
                matches!(opcode, op::CALL | op::PUSH | op::BREAK)
            } else {
                matches!(
                    opcode,
                    op::POP | op::PUSHI | op::PUSH..=op::PUSHBLTN | op::BREAK
                )
            };
            if !fits {
                out.problems.push(Problem::error(
                    chunk_location(kind).at("entry", i),
                    addr,
                    format!(
                        "{name:?}: occurrence {n} is not a {} instruction",
                        if call { "call" } else { "variable" }
                    ),
                ));
                return;
            }
            out.owner.insert(addr, index);
            let link = space.word(addr + 4).unwrap_or(0) & 0x07ff_ffff;
            if n + 1 < count {
                if link == 0 {
                    out.problems.push(Problem::error(
                        chunk_location(kind).at("entry", i),
                        addr + 4,
                        format!(
                            "{name:?}: the chain stops after {} of {count} occurrences",
                            n + 1
                        ),
                    ));
                    return;
                }
                from = addr + 4;
                addr += u64::from(link);
            }
        }
    };
    // Each VARI and FUNC entry with uses, as the model read it; its `Uses` (count,
    // then first address) are the entry's last eight bytes.
    let texts = game.texts();
    let address = |a: &CodeAddress| match *a {
        CodeAddress::In { blob, at } => space.start(blob as usize).map_or(0, |b| b + u64::from(at)),
        CodeAddress::Raw(p) => p.into(),
    };
    let vari = game
        .chunk::<Variables>()
        .map_or(&[][..], |v| v.variables.as_slice());
    let func = game
        .chunk::<Functions>()
        .map_or(&[][..], |f| f.functions.as_slice());
    let entries = vari
        .iter()
        .map(|v| {
            (
                FourCC::VARI,
                v.name,
                v.instance_type,
                &v.uses,
                if old_opcodes { 12 } else { 20 },
            )
        })
        .enumerate()
        .chain(
            func.iter()
                .map(|f| (FourCC::FUNC, f.name, 0, &f.uses, 12))
                .enumerate(),
        );
    for (i, (kind, name, instance, uses, size)) in entries {
        if uses.count == 0 {
            continue;
        }
        // A model seen in memory has no places: its problems are placed at 0.
        let at = game.place_of(kind, i).unwrap_or(0);
        let call = kind == FourCC::FUNC;
        let first = address(&uses.first);
        let chain = Chain {
            call,
            at,
            entry: i,
            size,
            name: name
                .and_then(|id| texts.get(id.0 as usize))
                .map_or_else(String::new, |t| t.to_string()),
            name_id: name.map(|id| id.0),
            instance: if call || old_opcodes { 0 } else { instance },
            first_at_operand: call && space.word(first).is_some_and(|w| w >> 24 == 0),
        };
        walk(kind, i, chain, uses.count, first);
    }
    out
}

/// A disassembly's heading line: `; name (arguments A, locals L) starts at Lxxxx`.
pub struct Heading<'t> {
    pub name: &'t str,
    pub arguments: u16,
    pub locals: u16,
    pub label: &'t str,
}

/// The heading `line` is, if it is one.
pub fn heading(line: &str) -> Option<Heading<'_>> {
    let rest = line.strip_prefix("; ")?;
    let (name, rest) = rest.split_once(" (arguments ")?;
    let (arguments, rest) = rest.split_once(", locals ")?;
    let (locals, label) = rest.split_once(") starts at ")?;
    Some(Heading {
        name,
        arguments: arguments.parse().ok()?,
        locals: locals.parse().ok()?,
        label: label.trim(),
    })
}

pub struct Line {
    /// Absolute address of the instruction word.
    pub at: u64,
    pub text: String,
}

/// Every instruction of a blob, and the addresses its branches go to.
pub fn instructions(
    space: &CodeSpace<'_>,
    blob: u64,
    length: u32,
    names: &Names,
    strings: &[Cow<'_, str>],
) -> (Vec<Line>, std::collections::HashSet<u64>) {
    let mut lines = Vec::new();
    let mut targets = std::collections::HashSet::new();
    let end = blob + u64::from(length);
    let word = |a: u64| space.word(a).unwrap_or(0);
    let bytes = space.bytes(blob, length.into());
    for i in names.decode(bytes, blob, space.endian) {
        let at = blob + u64::from(i.at);
        let size = i.size();
        let text = text(&i, names.at(at), names, strings);
        if let Operand::Branch(target) = i.operand {
            targets.insert(blob + u64::from(target));
        }
        let text = if names.old_opcodes
            || names.owner.contains_key(&at)
            || says_all(space, at, blob, size, &text)
        {
            text
        } else {
            // Bits the text would not carry (reserved fields, unknown kinds): the
            // words as they are, so that the text still assembles to this blob.
            (0..size.min(end.saturating_sub(at)) / 4)
                .map(|k| format!(".word {:#010x}", word(at + 4 * k)))
                .collect::<Vec<_>>()
                .join("\n    ")
        };
        lines.push(Line { at, text });
    }
    (lines, targets)
}

/// Instruction `i` as the disassembly writes it; `name` is the variable or
/// function its occurrence chain names.
fn text(i: &Instr, name: Option<&str>, names: &Names, strings: &[Cow<'_, str>]) -> String {
    symbolic(i, name, names, strings).to_string()
}

/// Instruction `i` by name: its variable or function as its occurrence chain
/// names it (`name`), its strings as STRG holds them. A word no opcode owns is
/// kept as it is; an operand no form takes is left to the caller's check, which
/// then keeps the instruction's words.
fn symbolic(i: &Instr, name: Option<&str>, names: &Names, strings: &[Cow<'_, str>]) -> Asm {
    let raw = Asm::Word(match i.operand {
        Operand::Unknown(w) => w,
        _ => 0,
    });
    if mnemonic(i.op).is_none() {
        return raw;
    }
    let chained = name.is_some();
    let name = name.unwrap_or("?").to_string();
    let [t1, t2] = i.types;
    let reference = |chain: usize| match names.chains.get(chain).is_some_and(|c| !c.call) {
        true => Reference::Variable(name.clone()),
        false => Reference::Function(name.clone()),
    };
    let text = |s: u32| match strings.get(s as usize) {
        Some(t) => Text::Quoted(t.to_string()),
        None => Text::Index(s),
    };
    let variable = |kind: u8| Variable {
        kind,
        instance: i.low as i16,
        name: name.clone(),
    };
    match (i.op, &i.operand) {
        (op::B..=op::POPENV, Operand::LeaveWith) => Asm::LeaveWith,
        (op::B..=op::POPENV, Operand::Branch(target)) => Asm::Branch {
            op: i.op,
            to: *target,
        },
        (op::PUSHI | op::PUSH..=op::PUSHBLTN, value) => {
            let value = match *value {
                Operand::Short(v) => Value::Short(v),
                Operand::Double(v) => Value::Double(v),
                Operand::Long(v) => Value::Long(v),
                Operand::Float(v) => Value::Float(v),
                Operand::String(s) => Value::Text(text(s)),
                Operand::Variable { kind, .. } => Value::Variable(variable(kind)),
                // A reference to a variable or function in its chain: 2.3+ pushes one
                // to name a method or, from 2023, a variable as a value.
                Operand::Reference { chain } => Value::Reference(reference(chain)),
                Operand::Int(v) => Value::Int(v),
                _ => return raw,
            };
            Asm::Push {
                op: i.op,
                ty: t1,
                value,
            }
        }
        (op::POP, _) if t1 == 0xf => Asm::Swap {
            types: [t1, t2],
            count: i.low,
        },
        (op::POP, Operand::Variable { kind, .. }) => Asm::Pop {
            types: [t1, t2],
            variable: variable(*kind),
        },
        // A call in no FUNC chain names its function by the string of its name,
        // which some 2023-2024 files do for functions FUNC lacks.
        (op::CALL, Operand::Call { callee, arguments }) => Asm::Call {
            ty: t1,
            callee: match (chained, callee) {
                (false, Callee::String(s)) => symbolic::Callee::Text(text(*s)),
                _ => symbolic::Callee::Function(name.clone()),
            },
            arguments: *arguments,
        },
        (op::CMP, Operand::Compare(kind)) => Asm::Compare {
            types: [t1, t2],
            kind: *kind,
        },
        // A typed reference to a function (or a variable) is on its chain.
        (op::BREAK, Operand::Reference { chain }) => Asm::Break {
            ty: t1,
            signal: i.low as i16,
            extra: Some(Extra::Reference(reference(*chain))),
        },
        (op::BREAK, Operand::Break { signal, extra }) => Asm::Break {
            ty: t1,
            signal: *signal,
            extra: extra.map(Extra::Int),
        },
        (op::DUP | op::CALLV, _) => Asm::Counted {
            op: i.op,
            ty: t1,
            count: i.low,
        },
        (0x11 | 0x12, _) => Asm::plain(i.op, t1),
        (0x07..=0x14, _) => Asm::typed(i.op, [t1, t2]),
        _ => Asm::plain(i.op, t1),
    }
}

/// Whether `text` assembles to the `size` bytes at `at` of the blob at `blob`.
fn says_all(space: &CodeSpace<'_>, at: u64, blob: u64, size: u64, text: &str) -> bool {
    let stored = Some(space.bytes(at, size)).filter(|b| b.len() as u64 == size);
    let operand = space.word(at + 4).unwrap_or(0);
    let offset = u32::try_from(at - blob).unwrap_or(u32::MAX);
    let label = |l: &str| u32::from_str_radix(l.strip_prefix('L')?, 16).ok();
    let strings = |_: &str| Some(operand);
    let assembled = crate::formats::gamemaker::bytecode::assemble::assemble(
        text,
        offset,
        &label,
        &strings,
        space.endian,
    );
    match (assembled, stored) {
        (Ok(bytes), Some(stored)) => bytes == stored,
        _ => false,
    }
}

/// The text of one instruction blob, with a label where each entry sharing it starts
/// and at every branch target. `strings` are STRG's texts, by index.
pub fn disassemble(
    space: &CodeSpace<'_>,
    blob: u64,
    length: u32,
    starts: &[&Entry<'_>],
    names: &Names,
    strings: &[Cow<'_, str>],
) -> String {
    let (lines, targets) = instructions(space, blob, length, names, strings);
    let mut out = String::new();
    for e in starts {
        out.push_str(&format!(
            "; {} (arguments {}, locals {}) starts at L{:04x}\n",
            e.name,
            e.arguments & 0x7fff,
            e.locals,
            e.start
        ));
    }
    let old = match names.old_opcodes {
        true => "bytecode 14, shown in the later opcodes' names: ",
        false => "",
    };
    // The blob's size, not its place in the file: an edit that moves the code
    // after it would otherwise change every later disassembly (a diff, a patch or
    // a modder's history of the folder would show them all).
    out.push_str(&format!(
        "; {length}-byte blob; {old}instructions may be changed, added or removed (labels name branch targets)\n"
    ));
    for line in lines {
        let rel = line.at - blob;
        if targets.contains(&line.at) || starts.iter().any(|e| u64::from(e.start) == rel) {
            out.push_str(&format!("L{rel:04x}:\n"));
        }
        out.push_str(&format!("    {}\n", line.text));
    }
    // Branches may go to the end of the blob, just past its last instruction.
    let end = blob + u64::from(length);
    if targets.contains(&end) {
        out.push_str(&format!("L{length:04x}:\n"));
    }
    out
}

/// Calls in no FUNC chain. Such a call names its function by the string its operand
/// indexes, as some 2023-2024 files call a function FUNC does not list: the string
/// must be one STRG holds.
pub fn unlinked_calls(game: &FileView<'_>, names: &Names) -> Vec<Problem> {
    let mut out = Vec::new();
    if names.old_opcodes {
        return out;
    }
    let strings = game.texts().len();
    for group in blob_indices(&game.code) {
        let Some(&first) = group.first() else {
            continue;
        };
        let e = &game.code[first];
        let bytes = game.code_space.bytes(e.blob, e.length.into());
        for i in names.decode(bytes, e.blob, game.code_space.endian) {
            let Operand::Call {
                callee: Callee::String(s),
                ..
            } = i.operand
            else {
                continue;
            };
            if s as usize >= strings && u64::from(i.at) + 8 <= u64::from(e.length) {
                out.push(Problem::error(
                    chunk_location(FourCC::CODE).at("entry", first),
                    e.blob + u64::from(i.at) + 4,
                    format!(
                        "{:?}: the call at L{:04x} is in no FUNC chain, and names its function by string {s}, which STRG does not hold",
                        e.name, i.at
                    ),
                ));
            }
        }
    }
    out
}
