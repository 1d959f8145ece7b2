//! One instruction as the disassembly writes it: typed, with its variables,
//! functions and strings by name and its branch by label. The compiler emits
//! these, a disassembly file's lines parse into them, and
//! [`crate::formats::gamemaker::bytecode::assemble`] gives them their bytes. Its
//! size is known without its bytes: a branch is one word wherever it goes, and a
//! name's operand is one word whatever it names.

use std::fmt;

use crate::formats::gamemaker::bytecode::opcodes::{
    instance_code, mnemonic, op, opcode, variable, variable_kind, COMPARISONS, TYPES,
};

/// The index in [`TYPES`] of `e`, a 16-bit value held in the word.
pub const SHORT_TYPE: u8 = 15;
const VARIABLE_TYPE: u8 = 5;

/// One instruction. `L` is what a branch names: a label's text as read, or an
/// offset in the blob once labels are placed.
#[derive(Debug, Clone, PartialEq)]
pub enum Asm<L = u32> {
    /// `.word 0x…`: a word kept as it is, for one no opcode owns.
    Word(u32),
    /// `popenv exit`: leaves a `with` without looping.
    LeaveWith,
    /// `b`, `bt`, `bf`, `pushenv` or `popenv`, to `to`.
    Branch { op: u8, to: L },
    /// `push`, `pushloc`, `pushglb`, `pushbltn` or `pushi` of a value of type `ty`.
    Push { op: u8, ty: u8, value: Value },
    /// `pop.T.U` to a variable.
    Pop { types: [u8; 2], variable: Variable },
    /// `pop.e.v swap N`: moves the stack's top below N words.
    Swap { types: [u8; 2], count: u16 },
    /// `call.T`, of `arguments` values.
    Call {
        ty: u8,
        callee: Callee,
        arguments: u16,
    },
    /// `cmp.T.U.KIND`, `kind` from 1 (`lt`) to 6 (`gt`).
    Compare { types: [u8; 2], kind: u8 },
    /// `break.T SIGNAL`, with the integer or reference after it for type `i`.
    Break {
        ty: u8,
        signal: i16,
        extra: Option<Extra>,
    },
    /// `dup.T N` or `callv.T N`.
    Counted { op: u8, ty: u8, count: u16 },
    /// Any other instruction: its word holds only its types (the second is 0
    /// for an instruction of one type).
    Plain { op: u8, types: [u8; 2] },
}

/// What a push pushes.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A 16-bit integer, held in the word (`.e`).
    Short(i16),
    Double(f64),
    Float(f32),
    Long(i64),
    Int(i32),
    Text(Text),
    Variable(Variable),
    /// `function "NAME"`: a function by its name's string, in no FUNC chain.
    FunctionByName(String),
    /// `function NAME` or `variable NAME`: a reference on the name's chain.
    Reference(Reference),
}

/// A string operand: its text, or `string#N` for an index STRG does not hold.
#[derive(Debug, Clone, PartialEq)]
pub enum Text {
    Quoted(String),
    Index(u32),
}

/// A variable operand: `[kind]instance.name`.
#[derive(Debug, Clone, PartialEq)]
pub struct Variable {
    /// The operand's top 5 bits: plain (0xa0), array (0x00), stacktop (0x80), ...
    pub kind: u8,
    /// The instance field: self (-1), global (-5), local (-7), an object, ...
    pub instance: i16,
    pub name: String,
}

/// A reference pushed as a value, on its name's chain.
#[derive(Debug, Clone, PartialEq)]
pub enum Reference {
    Function(String),
    Variable(String),
}

/// Whom a call calls: a function on its FUNC chain, or by its name's string.
#[derive(Debug, Clone, PartialEq)]
pub enum Callee {
    Function(String),
    Text(Text),
}

/// What follows a `break.i`'s word.
#[derive(Debug, Clone, PartialEq)]
pub enum Extra {
    Int(i32),
    Reference(Reference),
}

impl Variable {
    /// `[stacktop]object0.name`: of the instance on the stack.
    pub fn of_stack_top(name: impl Into<String>) -> Variable {
        Variable {
            kind: crate::formats::gamemaker::bytecode::opcodes::STACKTOP_VARIABLE,
            instance: 0,
            name: name.into(),
        }
    }

    /// `instance.name` read or written plainly.
    pub fn plain(instance: i16, name: impl Into<String>) -> Variable {
        Variable {
            kind: crate::formats::gamemaker::bytecode::opcodes::PLAIN_VARIABLE,
            instance,
            name: name.into(),
        }
    }
}

impl<L> Asm<L> {
    /// An instruction whose word holds only its type.
    pub fn plain(op: u8, ty: u8) -> Self {
        Asm::Plain { op, types: [ty, 0] }
    }

    /// An instruction of two types (`conv`, arithmetic).
    pub fn typed(op: u8, types: [u8; 2]) -> Self {
        Asm::Plain { op, types }
    }

    /// `call.i NAME(argc=N)`, on NAME's chain.
    pub fn call(name: impl Into<String>, arguments: u16) -> Self {
        Asm::Call {
            ty: crate::formats::gamemaker::bytecode::opcodes::INT_TYPE,
            callee: Callee::Function(name.into()),
            arguments,
        }
    }

    /// `push.T VALUE`, `push.e` for a short.
    pub fn push(ty: u8, value: Value) -> Self {
        Asm::Push {
            op: op::PUSH,
            ty,
            value,
        }
    }

    /// `push.v VARIABLE`.
    pub fn push_variable(variable: Variable) -> Self {
        Asm::push(VARIABLE_TYPE, Value::Variable(variable))
    }

    /// `pushi.e N`.
    pub fn pushi(n: i16) -> Self {
        Asm::Push {
            op: op::PUSHI,
            ty: SHORT_TYPE,
            value: Value::Short(n),
        }
    }

    /// `pop.T.v VARIABLE`: stores a value of type `ty`.
    pub fn pop(ty: u8, variable: Variable) -> Self {
        Asm::Pop {
            types: [VARIABLE_TYPE, ty],
            variable,
        }
    }

    /// `dup.T N`.
    pub fn dup(ty: u8, count: u16) -> Self {
        Asm::Counted {
            op: op::DUP,
            ty,
            count,
        }
    }

    /// `break.e SIGNAL`.
    pub fn signal(signal: i16) -> Self {
        Asm::Break {
            ty: SHORT_TYPE,
            signal,
            extra: None,
        }
    }

    /// The opcode.
    pub fn opcode(&self) -> u8 {
        match self {
            Asm::Word(w) => (w >> 24) as u8,
            Asm::LeaveWith => op::POPENV,
            Asm::Branch { op, .. }
            | Asm::Push { op, .. }
            | Asm::Counted { op, .. }
            | Asm::Plain { op, .. } => *op,
            Asm::Pop { .. } | Asm::Swap { .. } => op::POP,
            Asm::Call { .. } => op::CALL,
            Asm::Compare { .. } => op::CMP,
            Asm::Break { .. } => op::BREAK,
        }
    }

    /// Bytes it takes: its word and the operand after it.
    pub fn size(&self) -> u32 {
        match self {
            Asm::Push { ty, .. } => match TYPES[usize::from(*ty)] {
                "e" => 4,
                "d" | "l" => 12,
                _ => 8,
            },
            Asm::Pop { .. } | Asm::Call { .. } => 8,
            Asm::Break { extra: Some(_), .. } => 8,
            _ => 4,
        }
    }

    /// Whether the code never goes on from it to the next instruction.
    pub fn ends_abruptly(&self) -> bool {
        matches!(self, Asm::LeaveWith)
            || matches!(self, Asm::Plain { op, .. } if *op == op::RET || *op == op::EXIT)
            || matches!(self, Asm::Branch { op, .. } if *op == op::B)
    }

    /// The same instruction with its branch's label given by `place`.
    pub fn placed<M, E>(self, place: impl FnOnce(L) -> Result<M, E>) -> Result<Asm<M>, E> {
        Ok(match self {
            Asm::Branch { op, to } => Asm::Branch { op, to: place(to)? },
            Asm::Word(w) => Asm::Word(w),
            Asm::LeaveWith => Asm::LeaveWith,
            Asm::Push { op, ty, value } => Asm::Push { op, ty, value },
            Asm::Pop { types, variable } => Asm::Pop { types, variable },
            Asm::Swap { types, count } => Asm::Swap { types, count },
            Asm::Call {
                ty,
                callee,
                arguments,
            } => Asm::Call {
                ty,
                callee,
                arguments,
            },
            Asm::Compare { types, kind } => Asm::Compare { types, kind },
            Asm::Break { ty, signal, extra } => Asm::Break { ty, signal, extra },
            Asm::Counted { op, ty, count } => Asm::Counted { op, ty, count },
            Asm::Plain { op, types } => Asm::Plain { op, types },
        })
    }

    /// The string a `push.s` pushes, where it names it by its text.
    pub fn pushed_text(&self) -> Option<&str> {
        match self {
            Asm::Push {
                value: Value::Text(Text::Quoted(t)),
                ..
            } => Some(t),
            _ => None,
        }
    }

    /// [`Asm::pushed_text`], to be changed.
    pub fn pushed_text_mut(&mut self) -> Option<&mut String> {
        match self {
            Asm::Push {
                value: Value::Text(Text::Quoted(t)),
                ..
            } => Some(t),
            _ => None,
        }
    }

    /// The strings it names by their STRG index: a pushed string, a function
    /// called or pushed by its name's string.
    pub fn text(&self) -> Option<&str> {
        match self {
            Asm::Push {
                value: Value::Text(Text::Quoted(t)),
                ..
            }
            | Asm::Call {
                callee: Callee::Text(Text::Quoted(t)),
                ..
            } => Some(t),
            Asm::Push {
                value: Value::FunctionByName(t),
                ..
            } => Some(t),
            _ => None,
        }
    }
}

/// A label as the disassembly names it: `Lxxxx`, its offset in the blob.
pub struct LabelAt(pub u32);

impl fmt::Display for LabelAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "L{:04x}", self.0)
    }
}

impl fmt::Display for Asm<u32> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Asm::Branch { op, to } => write!(f, "{} {}", name(*op), LabelAt(*to)),
            other => write_line(other, f),
        }
    }
}

impl fmt::Display for Asm<&str> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Asm::Branch { op, to } => write!(f, "{} {to}", name(*op)),
            other => write_line(other, f),
        }
    }
}

fn name(op: u8) -> &'static str {
    mnemonic(op).unwrap_or("?")
}

fn letter(ty: u8) -> &'static str {
    TYPES[usize::from(ty & 0xf)]
}

/// Every instruction but a branch, as the disassembly writes it.
fn write_line<L>(asm: &Asm<L>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let head = |f: &mut fmt::Formatter<'_>, types: &[u8]| {
        f.write_str(name(asm.opcode()))?;
        types.iter().try_for_each(|t| write!(f, ".{}", letter(*t)))
    };
    match asm {
        Asm::Word(w) => write!(f, ".word {w:#010x}"),
        Asm::LeaveWith => f.write_str("popenv exit"),
        Asm::Branch { op, .. } => f.write_str(name(*op)),
        Asm::Push { ty, value, .. } => {
            head(f, &[*ty])?;
            write!(f, " {value}")
        }
        Asm::Pop { types, variable } => {
            head(f, types)?;
            write!(f, " {variable}")
        }
        Asm::Swap { types, count } => {
            head(f, types)?;
            write!(f, " swap {count}")
        }
        Asm::Call {
            ty,
            callee,
            arguments,
        } => {
            head(f, &[*ty])?;
            match callee {
                Callee::Function(n) => write!(f, " {n}(argc={arguments})"),
                Callee::Text(t) => write!(f, " {t}(argc={arguments})"),
            }
        }
        Asm::Compare { types, kind } => {
            head(f, types)?;
            let kind = COMPARISONS.get(usize::from(*kind)).unwrap_or(&"?");
            write!(f, ".{kind}")
        }
        Asm::Break { ty, signal, extra } => {
            head(f, &[*ty])?;
            write!(f, " {signal}")?;
            match extra {
                Some(Extra::Int(n)) => write!(f, " {n}"),
                Some(Extra::Reference(r)) => write!(f, " {r}"),
                None => Ok(()),
            }
        }
        Asm::Counted { ty, count, .. } => {
            head(f, &[*ty])?;
            write!(f, " {count}")
        }
        Asm::Plain { op, types } if two_types(*op) => head(f, types),
        Asm::Plain { types, .. } => head(f, &types[..1]),
    }
}

/// Instructions whose word names two types: `conv` and the arithmetic ones.
fn two_types(op: u8) -> bool {
    matches!(op, 0x07..=0x10 | 0x13 | 0x14)
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Short(n) => write!(f, "{n}"),
            Value::Double(d) => write!(f, "{d:?}"),
            Value::Float(x) => write!(f, "{x:?}"),
            Value::Long(n) => write!(f, "{n}"),
            Value::Int(n) => write!(f, "{n}"),
            Value::Text(t) => write!(f, "{t}"),
            Value::Variable(v) => write!(f, "{v}"),
            Value::FunctionByName(n) => write!(f, "function {}", Text::Quoted(n.clone())),
            Value::Reference(r) => write!(f, "{r}"),
        }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Text::Quoted(t) => f.write_str(&serde_json::to_string(t).unwrap_or_default()),
            Text::Index(n) => write!(f, "string#{n}"),
        }
    }
}

impl fmt::Display for Variable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&variable(self.kind, self.instance as u16, &self.name))
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reference::Function(n) => write!(f, "function {n}"),
            Reference::Variable(n) => write!(f, "variable {n}"),
        }
    }
}

/// One line of a disassembly read: an instruction, its branch naming its label.
pub fn parse(text: &str) -> Result<Asm<&str>, String> {
    let (head, arg) = text.split_once(' ').unwrap_or((text, ""));
    if head == ".word" {
        let word = arg
            .strip_prefix("0x")
            .and_then(|h| u32::from_str_radix(h, 16).ok());
        return word
            .map(Asm::Word)
            .ok_or_else(|| format!("`{arg}` is not a hex word"));
    }
    if text == "popenv exit" {
        return Ok(Asm::LeaveWith);
    }
    let mut parts = head.split('.');
    let m = parts.next().unwrap_or("");
    let op = opcode(m).ok_or_else(|| format!("`{m}` is not an instruction"))?;
    let types: Vec<&str> = parts.collect();
    let ty = |k: usize| -> Result<u8, String> {
        let t = types
            .get(k)
            .ok_or_else(|| format!("`{head}` lacks a type"))?;
        TYPES
            .iter()
            .position(|n| n == t)
            .map(|p| p as u8)
            .ok_or_else(|| format!("`{t}` is not a type"))
    };
    let want = |n: usize| -> Result<(), String> {
        if types.len() == n {
            Ok(())
        } else {
            Err(format!("`{head}` takes {n} types"))
        }
    };
    let number = |what: &str| format!("`{arg}` is not {what}");
    Ok(match op {
        0xb6..=0xbb => {
            want(0)?;
            Asm::Branch { op, to: arg }
        }
        0x84 | 0xc0..=0xc3 => {
            want(1)?;
            let t = ty(0)?;
            let value = match letter(t) {
                "e" => Value::Short(short(arg)?),
                "v" => Value::Variable(variable_operand(arg)?),
                "d" => Value::Double(arg.parse().map_err(|_| number("a number"))?),
                "l" => Value::Long(arg.parse().map_err(|_| number("a 64-bit integer"))?),
                "f" => Value::Float(arg.parse().map_err(|_| number("a number"))?),
                "s" => Value::Text(string(arg)?),
                "i" if arg.starts_with("function \"") => match string(&arg["function ".len()..])? {
                    Text::Quoted(name) => Value::FunctionByName(name),
                    Text::Index(_) => return Err(number("a function's name")),
                },
                other => match reference(arg).filter(|_| other == "i") {
                    Some(r) => Value::Reference(r),
                    None => Value::Int(arg.parse().map_err(|_| number("a 32-bit integer"))?),
                },
            };
            Asm::Push { op, ty: t, value }
        }
        0x45 => {
            want(2)?;
            let types = [ty(0)?, ty(1)?];
            if letter(types[0]) == "e" {
                let n = arg.strip_prefix("swap ").ok_or_else(|| number("swap N"))?;
                let count = n.parse().map_err(|_| number("swap N"))?;
                Asm::Swap { types, count }
            } else {
                Asm::Pop {
                    types,
                    variable: variable_operand(arg)?,
                }
            }
        }
        0xd9 => {
            want(1)?;
            let (name, argc) = arg
                .strip_suffix(')')
                .and_then(|a| a.rsplit_once("(argc="))
                .ok_or_else(|| number("name(argc=N)"))?;
            let arguments = argc.parse().map_err(|_| number("name(argc=N)"))?;
            // A quoted name is a call by its string, in no FUNC chain.
            let callee = if name.starts_with('"') || name.starts_with("string#") {
                Callee::Text(string(name)?)
            } else {
                Callee::Function(name.to_string())
            };
            Asm::Call {
                ty: ty(0)?,
                callee,
                arguments,
            }
        }
        0x15 => {
            want(3)?;
            let kind = COMPARISONS[1..]
                .iter()
                .position(|c| *c == types[2])
                .ok_or_else(|| format!("`{}` is not lt, le, eq, ne, ge or gt", types[2]))?;
            Asm::Compare {
                types: [ty(0)?, ty(1)?],
                kind: kind as u8 + 1,
            }
        }
        0xff => {
            want(1)?;
            let t = ty(0)?;
            let (low, extra) = match arg.split_once(' ') {
                Some((l, e)) => (l, Some(e)),
                None => (arg, None),
            };
            let signal = short(low)?;
            let extra = match (letter(t), extra) {
                ("i", Some(e)) => Some(match reference(e) {
                    Some(r) => Extra::Reference(r),
                    None => Extra::Int(e.parse().map_err(|_| number("two integers"))?),
                }),
                ("i", None) => return Err(number("two integers")),
                (_, Some(_)) => return Err(number("one integer")),
                _ => None,
            };
            Asm::Break {
                ty: t,
                signal,
                extra,
            }
        }
        0x86 | 0x99 => {
            want(1)?;
            let count = arg.parse().map_err(|_| number("a 16-bit count"))?;
            Asm::Counted {
                op,
                ty: ty(0)?,
                count,
            }
        }
        _ if two_types(op) => {
            want(2)?;
            Asm::typed(op, [ty(0)?, ty(1)?])
        }
        _ => {
            want(1)?;
            Asm::plain(op, ty(0)?)
        }
    })
}

/// `function NAME` or `variable NAME`: a reference pushed as a value.
fn reference(arg: &str) -> Option<Reference> {
    if let Some(name) = arg.strip_prefix("function ") {
        return Some(Reference::Function(name.to_string()));
    }
    let name = arg.strip_prefix("variable ")?;
    Some(Reference::Variable(name.to_string()))
}

fn short(s: &str) -> Result<i16, String> {
    s.parse::<i16>()
        .map_err(|_| format!("`{s}` is not a 16-bit integer"))
}

/// `[kind]instance.name`.
fn variable_operand(arg: &str) -> Result<Variable, String> {
    let bad = || format!("`{arg}` is not instance.variable");
    let (kind, rest) = variable_kind(arg).ok_or_else(bad)?;
    let (inst, name) = rest.split_once('.').ok_or_else(bad)?;
    let instance = instance_code(inst).ok_or_else(|| format!("`{inst}` is not an instance"))?;
    Ok(Variable {
        kind,
        instance,
        name: name.to_string(),
    })
}

/// A quoted string, or `string#N`.
fn string(arg: &str) -> Result<Text, String> {
    if let Some(n) = arg.strip_prefix("string#") {
        return n
            .parse()
            .map(Text::Index)
            .map_err(|_| format!("`{arg}` is not string#N"));
    }
    serde_json::from_str(arg)
        .map(Text::Quoted)
        .map_err(|_| format!("`{arg}` is not a quoted string"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_reads_back_as_it_is_written() {
        for line in [
            ".word 0x12345678",
            "popenv exit",
            "bt L0010",
            "pushi.e -5",
            "push.v [array]self.x",
            "pushloc.v local.i",
            "push.d 0.5",
            "push.l 1234567890123",
            "push.f 1.5",
            "push.s \"a \\\"b\\\"\"",
            "push.s string#7",
            "push.i function \"scr_x\"",
            "push.i function scr_x",
            "push.i variable y",
            "push.i 32000",
            "pop.v.i global.score",
            "pop.e.v swap 6",
            "call.i show_message(argc=1)",
            "call.i \"@@This@@\"(argc=0)",
            "cmp.i.v.le",
            "break.e -10",
            "break.i -11 function scr_x",
            "break.i -11 67108869",
            "dup.v 0",
            "callv.v 2",
            "conv.i.v",
            "add.i.v",
            "popz.v",
            "ret.v",
            "exit.i",
        ] {
            let asm = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(asm.to_string(), line);
        }
    }

    #[test]
    fn sizes_are_known_from_the_type_alone() {
        for (line, size) in [
            ("pushi.e 3", 4),
            ("push.d 1.0", 12),
            ("push.v self.x", 8),
            ("break.i -11 3", 8),
            ("break.e -1", 4),
            ("b L0000", 4),
        ] {
            assert_eq!(parse(line).unwrap().size(), size, "{line}");
        }
    }
}
