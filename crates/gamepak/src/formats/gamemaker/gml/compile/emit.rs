//! The instructions a function compiles to, as the disassembly writes them, with
//! labels that are placed once the code around them is known.

use std::fmt::Write as _;

use crate::bytes::Endian;
use crate::formats::gamemaker::bytecode::assemble;

/// A value's type on GameMaker's stack, as an instruction's type letter names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    /// A double.
    D,
    /// A 32-bit integer.
    I,
    /// A 64-bit integer.
    L,
    /// A boolean.
    B,
    /// A variable: any value, 16 bytes.
    V,
    /// A string.
    S,
}

impl Ty {
    /// The letter the disassembly writes.
    pub fn letter(self) -> &'static str {
        match self {
            Ty::D => "d",
            Ty::I => "i",
            Ty::L => "l",
            Ty::B => "b",
            Ty::V => "v",
            Ty::S => "s",
        }
    }
}

/// A place in the code a branch can go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label(usize);

/// One line of the compiled code.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    /// An instruction that names no label.
    Op(String),
    /// A branch (`b`, `bt`, `bf`, `pushenv`, `popenv`) to a label.
    Branch(&'static str, Label),
    /// Where a label is.
    Place(Label),
    /// `push.i` of where a label is, in bytes from the blob's start (what
    /// `@@try_hook@@` takes).
    PushOffset(Label),
}

/// The compiled code of one function, in order.
#[derive(Debug, Default, Clone)]
pub struct Code {
    /// The lines, in order.
    pub lines: Vec<Line>,
    labels: usize,
}

impl Code {
    /// Appends an instruction.
    pub fn op(&mut self, text: impl Into<String>) {
        self.lines.push(Line::Op(text.into()));
    }

    /// A new label, placed nowhere yet.
    pub fn label(&mut self) -> Label {
        self.labels += 1;
        Label(self.labels - 1)
    }

    /// Places `label` here.
    pub fn place(&mut self, label: Label) {
        self.lines.push(Line::Place(label));
    }

    /// A branch to `label`.
    pub fn branch(&mut self, op: &'static str, label: Label) {
        self.lines.push(Line::Branch(op, label));
    }

    /// Pushes where `label` is, as an integer.
    pub fn push_offset(&mut self, label: Label) {
        self.lines.push(Line::PushOffset(label));
    }

    /// Whether the last line is an instruction that never goes on to the next.
    pub fn ends_abruptly(&self) -> bool {
        match self.lines.last() {
            Some(Line::Op(op)) => {
                op.starts_with("ret.") || op.starts_with("exit.") || op == "popenv exit"
            }
            Some(Line::Branch("b", _)) => true,
            _ => false,
        }
    }

    /// The code as disassembly text: one instruction a line, each label as
    /// `Lxxxx:` at its offset from `start`. An instruction that does not assemble
    /// is an error naming it.
    pub fn text(&self, start: u32) -> Result<String, String> {
        let (at, placed) = self.layout(start)?;
        let name = |Label(k): Label| match placed[k] {
            Some(o) => Ok(format!("L{o:04x}")),
            None => Err(format!("label {k} is never placed")),
        };
        let mut out = String::new();
        let mut last_label = None;
        for (line, &offset) in self.lines.iter().zip(&at) {
            match line {
                Line::Op(text) => {
                    let _ = writeln!(out, "    {text}");
                }
                Line::Branch(op, l) => {
                    let _ = writeln!(out, "    {op} {}", name(*l)?);
                }
                Line::PushOffset(l) => {
                    let at = placed[l.0].ok_or_else(|| format!("label {} is never placed", l.0))?;
                    let _ = writeln!(out, "    push.i {at}");
                }
                Line::Place(_) => {
                    if last_label != Some(offset) {
                        let _ = writeln!(out, "L{offset:04x}:");
                    }
                    last_label = Some(offset);
                    continue;
                }
            }
            last_label = None;
        }
        Ok(out)
    }

    /// Where each of `labels` is, in bytes from `start`.
    pub fn offsets_of(&self, labels: &[Label], start: u32) -> Result<Vec<u32>, String> {
        let (_, placed) = self.layout(start)?;
        labels
            .iter()
            .map(|l| placed[l.0].ok_or_else(|| format!("label {} is never placed", l.0)))
            .collect()
    }

    /// Each line's offset from `start`, and each label's.
    fn layout(&self, start: u32) -> Result<(Vec<u32>, Vec<Option<u32>>), String> {
        let mut at = start;
        let mut offsets = Vec::with_capacity(self.lines.len());
        let mut placed = vec![None; self.labels];
        for line in &self.lines {
            offsets.push(at);
            at += match line {
                Line::Op(text) => size(text)?,
                Line::Branch(..) => 4,
                Line::PushOffset(_) => 8,
                Line::Place(Label(k)) => {
                    placed[*k] = Some(at);
                    0
                }
            };
        }
        Ok((offsets, placed))
    }
}

/// Bytes the instruction `text` takes.
pub fn size(text: &str) -> Result<u32, String> {
    struct Any;
    impl assemble::Names for Any {
        fn label(&self, _: &str) -> Option<u32> {
            Some(0)
        }
        fn string(&self, _: &str) -> Option<u32> {
            Some(0)
        }
    }
    assemble::assemble(text, 0, &Any, Endian::Little)
        .map(|i| i.bytes.len() as u32)
        .map_err(|e| format!("`{text}`: {e}"))
}
