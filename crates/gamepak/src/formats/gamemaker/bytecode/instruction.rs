//! A blob's instructions, typed. Each keeps its offset in the blob and its operand
//! as the decompiler needs it: a constant's value, a variable's or function's chain
//! (the VARI or FUNC entry whose occurrences it is among), a call by its name's
//! string, or a branch's target as an offset in the blob.
//!
//! [`decode`] and [`encode`] are one another's inverse: an instruction keeps every
//! bit of its word (opcode, types, low 16 bits) and of its operand, except the low
//! 27 bits of an operand on a chain, which are the link to the chain's next use and
//! are the layout's to write (see `model::chunks::instructions`).

use crate::bytes::Endian;
use crate::formats::gamemaker::binary::words::get_u32;
use crate::formats::gamemaker::bytecode::opcodes::{from_v14, mnemonic, op, to_v14};

/// One instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Instr {
    /// Offset of its word in the blob, in bytes.
    pub at: u32,
    /// The opcode, in the later numbering for bytecode 13/14 files.
    pub op: u8,
    /// The first and second operand types, as indices of the disassembler's types
    /// (`d f i l b v s inst ... e`).
    pub types: [u8; 2],
    /// The word's low 16 bits: an instance, a count or a short value, by opcode.
    pub low: u16,
    /// What it works on beyond its word.
    pub operand: Operand,
    /// A write to an array element through `[@ ]`, which the decompiler marks
    /// (`gml/decompile/array_writes.rs`); encoding ignores it.
    pub through_reference: bool,
}

impl Instr {
    /// The instruction's size in bytes: its word and the operand after it.
    pub fn size(&self) -> u64 {
        4 + operand_bytes(self.op, usize::from(self.types[0]))
    }

    /// The occurrence chain the instruction's operand is on, if any.
    pub fn chain(&self) -> Option<usize> {
        match self.operand {
            Operand::Variable { chain, .. } => chain,
            Operand::Reference { chain }
            | Operand::Call {
                callee: Callee::Chain(chain),
                ..
            } => Some(chain),
            _ => None,
        }
    }
}

/// What an instruction works on, beyond its word.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// Nothing beyond the word.
    None,
    /// A pushed double.
    Double(f64),
    /// A pushed float.
    Float(f32),
    /// A pushed 32-bit integer.
    Int(i32),
    /// A pushed 64-bit integer.
    Long(i64),
    /// A pushed 16-bit integer, held in the word.
    Short(i16),
    /// STRG's string, by index.
    String(u32),
    /// A variable: its chain (decoded, an index into the chains VARI and FUNC
    /// give; typed in the model, into its symbols), `None` when it is on none, the
    /// instance field and the variable kind (the operand's top 5 bits).
    Variable {
        /// The VARI chain.
        chain: Option<usize>,
        /// The instance field: an object, or self (-1), global (-5), local (-7), ...
        instance: i16,
        /// The variable kind: plain (0xa0), array (0x00), stacktop (0x80), ...
        kind: u8,
    },
    /// A push of a reference to a function or (from 2023) a variable, by its chain:
    /// `push.i`, or a typed reference (`break.i -11`) on a FUNC chain.
    Reference {
        /// The FUNC or VARI chain.
        chain: usize,
    },
    /// A call: by its FUNC chain, or by its name's string when it is on none.
    Call {
        /// The function called.
        callee: Callee,
        /// How many arguments it takes from the stack.
        arguments: u16,
    },
    /// A branch's target, as an offset in the blob.
    Branch(u32),
    /// `popenv exit`: leaves a `with` without looping.
    LeaveWith,
    /// `cmp`'s comparison kind (1 `lt` to 6 `gt`).
    Compare(u8),
    /// `break`'s signal, and its extra word for an integer one.
    Break {
        /// The signal (-1 `chkindex`, -2 `pushaf`, ...).
        signal: i16,
        /// The integer after the word, for a signal of type `i`.
        extra: Option<i32>,
    },
    /// A word no opcode the disassembler knows owns.
    Unknown(u32),
}

/// Whom a call calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Callee {
    /// The FUNC entry's chain.
    Chain(usize),
    /// STRG's string naming the function, for a call FUNC does not list.
    String(u32),
}

/// The instructions of a blob, in address order: `bytes` in the file's byte order,
/// bytecode 13/14's opcodes (`old_opcodes`) given their later numbers. `chain(at)`
/// is the occurrence chain the instruction at offset `at` is on, if any. A word cut
/// short at the end reads as zeros. This is the one walk over a blob's words: the
/// disassembly, the decompiler and the text list all read what it gives.
pub fn decode(
    bytes: &[u8],
    endian: Endian,
    old_opcodes: bool,
    chain: impl Fn(u32) -> Option<usize>,
) -> Vec<Instr> {
    let word = |a: usize| bytes.get(a..a + 4).map_or(0, |w| get_u32(w, 0, endian));
    let long = |a: usize| u64::from(word(a)) | (u64::from(word(a + 4)) << 32);
    let long = |a: usize| match endian {
        Endian::Little => long(a),
        Endian::Big => (u64::from(word(a)) << 32) | u64::from(word(a + 4)),
    };
    let mut out = Vec::new();
    let mut at = 0usize;
    while at + 4 <= bytes.len() {
        let w = Word::decode(word(at), old_opcodes);
        let operand = operand(&w, at as u32, chain(at as u32), &|a| word(at + a), &|a| {
            long(at + a)
        });
        out.push(Instr {
            at: at as u32,
            op: w.op,
            types: [w.t1 as u8, w.t2 as u8],
            low: w.low,
            operand,
            through_reference: false,
        });
        at += w.size() as usize;
    }
    out
}

/// Appends the bytes of `i` to `out`, where its word is to start at `i.at`, in
/// the file's byte order and (`old_opcodes`) bytecode 13/14's numbering. An
/// operand on a chain gets its top bits and a link of 0, for the layout to fill.
pub fn encode(
    i: &Instr,
    endian: Endian,
    old_opcodes: bool,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let u32_bytes = |v: u32| match endian {
        Endian::Little => v.to_le_bytes(),
        Endian::Big => v.to_be_bytes(),
    };
    if let Operand::Unknown(stored) = i.operand {
        out.extend_from_slice(&u32_bytes(stored));
        return Ok(());
    }
    let mut word = u32::from(i.op) << 24
        | u32::from(i.types[1] & 0xf) << 20
        | u32::from(i.types[0] & 0xf) << 16
        | u32::from(i.low);
    if let Operand::Branch(target) = i.operand {
        let words = (i64::from(target) - i64::from(i.at)) / 4;
        if !(-(1 << 22)..1 << 22).contains(&words) {
            return Err(format!("a branch to {target:#x} is too far to encode"));
        }
        word = (word & 0xff80_0000) | (words as u32 & 0x007f_ffff);
    }
    if old_opcodes {
        word = to_v14(word).ok_or("bytecode 14 has no such instruction")?;
    }
    out.extend_from_slice(&u32_bytes(word));
    let value: u64 = match i.operand {
        Operand::Double(v) => v.to_bits(),
        Operand::Long(v) => v as u64,
        Operand::Float(v) => v.to_bits().into(),
        Operand::Int(v) => v as u32 as u64,
        Operand::String(s) => s.into(),
        Operand::Variable {
            chain: Some(_),
            kind,
            ..
        } => u64::from(kind & 0xf8) << 24,
        Operand::Variable { chain: None, .. } => {
            return Err("a variable on no occurrence chain cannot be encoded".into())
        }
        Operand::Call {
            callee: Callee::String(s),
            ..
        } => s.into(),
        Operand::Break { extra: Some(v), .. } => v as u32 as u64,
        _ => 0,
    };
    match operand_bytes(i.op, usize::from(i.types[0])) {
        0 => {}
        4 => out.extend_from_slice(&u32_bytes(value as u32)),
        _ => out.extend_from_slice(&match endian {
            Endian::Little => value.to_le_bytes(),
            Endian::Big => value.to_be_bytes(),
        }),
    }
    Ok(())
}

/// The operand of the instruction `w` at offset `at`; `next(n)` reads the word `n`
/// bytes after the instruction's, `long(n)` the eight bytes there.
fn operand(
    w: &Word,
    at: u32,
    chain: Option<usize>,
    next: &dyn Fn(usize) -> u32,
    long: &dyn Fn(usize) -> u64,
) -> Operand {
    if mnemonic(w.op).is_none() {
        return Operand::Unknown(w.w);
    }
    match w.op {
        op::B..=op::POPENV if w.op == op::POPENV && w.w & 0x00ff_ffff == 0x00f0_0000 => {
            Operand::LeaveWith
        }
        op::B..=op::POPENV => {
            let rel = i64::from((w.w << 9) as i32 >> 9) * 4;
            let target = (i64::from(at) + rel).clamp(0, i64::from(u32::MAX));
            Operand::Branch(target as u32)
        }
        op::PUSHI | op::PUSH..=op::PUSHBLTN => match w.t1 {
            0xf => Operand::Short(w.low as i16),
            0 => Operand::Double(f64::from_bits(long(4))),
            3 => Operand::Long(long(4) as i64),
            1 => Operand::Float(f32::from_bits(next(4))),
            6 => Operand::String(next(4)),
            5 => Operand::Variable {
                chain,
                instance: w.low as i16,
                kind: (next(4) >> 24) as u8 & 0xf8,
            },
            2 => match chain {
                Some(chain) => Operand::Reference { chain },
                None => Operand::Int(next(4) as i32),
            },
            _ => Operand::Int(next(4) as i32),
        },
        op::POP if w.t1 == 0xf => Operand::None,
        op::POP => Operand::Variable {
            chain,
            instance: w.low as i16,
            kind: (next(4) >> 24) as u8 & 0xf8,
        },
        op::CALL => Operand::Call {
            callee: chain.map_or(Callee::String(next(4)), Callee::Chain),
            arguments: w.low,
        },
        op::CMP => Operand::Compare(((w.w >> 8) & 0xff) as u8),
        op::BREAK => match chain {
            Some(chain) if w.t1 == 2 => Operand::Reference { chain },
            _ => Operand::Break {
                signal: w.low as i16,
                extra: (w.t1 == 2).then(|| next(4) as i32),
            },
        },
        _ => Operand::None,
    }
}

/// An instruction word taken apart, bytecode 13/14 opcodes given their later numbers
/// (and their comparison kind, where `cmp` replaced six opcodes).
#[derive(Debug, Clone, Copy)]
pub struct Word {
    /// The opcode; 0 for a bytecode 14 opcode with no later equal.
    pub op: u8,
    /// The word with the later opcode in its top byte.
    pub w: u32,
    /// The first and second operand types (`TYPES`).
    pub t1: usize,
    pub t2: usize,
    /// The low 16 bits: an instance, a count or a short value, by opcode.
    pub low: u16,
}

impl Word {
    pub fn decode(stored: u32, old_opcodes: bool) -> Word {
        let (op, w) = match (old_opcodes, from_v14((stored >> 24) as u8)) {
            (false, _) => ((stored >> 24) as u8, stored),
            (true, None) => (0, stored),
            (true, Some((op, kind))) => {
                let w = (stored & 0x00ff_ffff) | u32::from(op) << 24;
                (
                    op,
                    kind.map_or(w, |k| (w & 0xffff_00ff) | u32::from(k) << 8),
                )
            }
        };
        Word {
            op,
            w,
            t1: ((w >> 16) & 0xf) as usize,
            t2: ((w >> 20) & 0xf) as usize,
            low: (w & 0xffff) as u16,
        }
    }

    /// The instruction's size in bytes: its word and the operand after it.
    pub fn size(&self) -> u64 {
        4 + operand_bytes(self.op, self.t1)
    }
}

/// How many bytes of operand follow an instruction's word: a push's value (none
/// for a 16-bit one held in the word, 8 for a double or a 64-bit integer), a
/// variable's or a call's reference, and a `chkindex`-style extended word.
fn operand_bytes(op: u8, t1: usize) -> u64 {
    match op {
        0x84 | 0xc0..=0xc3 => match t1 {
            0xf => 0,
            0 | 3 => 8,
            _ => 4,
        },
        0x45 if t1 != 0xf => 4,
        0xd9 => 4,
        0xff if t1 == 2 => 4,
        _ => 0,
    }
}
