//! The instructions a function compiles to, typed, with labels that are placed
//! once the code around them is known.

use std::collections::HashMap;

use crate::formats::gamemaker::bytecode::assembly::{self, Assembly};
use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::bytecode::symbolic::{Asm, LabelAt, Value};

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
    /// The type's number in an instruction's word.
    pub fn code(self) -> u8 {
        match self {
            Ty::D => 0,
            Ty::I => 2,
            Ty::L => 3,
            Ty::B => 4,
            Ty::V => 5,
            Ty::S => 6,
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
    Op(Asm),
    /// A branch (`b`, `bt`, `bf`, `pushenv`, `popenv`, by opcode) to a label.
    Branch(u8, Label),
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
    pub fn op(&mut self, asm: Asm) {
        self.lines.push(Line::Op(asm));
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
    pub fn branch(&mut self, op: u8, label: Label) {
        self.lines.push(Line::Branch(op, label));
    }

    /// Pushes where `label` is, as an integer.
    pub fn push_offset(&mut self, label: Label) {
        self.lines.push(Line::PushOffset(label));
    }

    /// Whether the last line is an instruction that never goes on to the next.
    pub fn ends_abruptly(&self) -> bool {
        match self.lines.last() {
            Some(Line::Op(asm)) => asm.ends_abruptly(),
            Some(Line::Branch(op, _)) => *op == op::B,
            _ => false,
        }
    }

    /// The code laid out from `start`, under `headings`: each instruction at its
    /// offset, each label named by where it is. A label never placed is an error.
    pub fn assembly(
        &self,
        start: u32,
        headings: Vec<assembly::Heading>,
    ) -> Result<Assembly, String> {
        let placed = self.placed(start);
        let at = |Label(k): Label| placed[k].ok_or_else(|| format!("label {k} is never placed"));
        let mut out = Assembly {
            headings,
            lines: Vec::with_capacity(self.lines.len()),
            labels: HashMap::new(),
        };
        let mut offset = start;
        for line in &self.lines {
            let asm = match line {
                Line::Op(asm) => asm.clone(),
                Line::Branch(op, l) => Asm::Branch {
                    op: *op,
                    to: at(*l)?,
                },
                Line::PushOffset(l) => Asm::push(Ty::I.code(), Value::Int(at(*l)? as i32)),
                Line::Place(_) => {
                    out.labels.insert(LabelAt(offset).to_string(), offset);
                    continue;
                }
            };
            let size = asm.size();
            out.lines.push(assembly::Line {
                number: 0,
                at: offset,
                asm,
            });
            offset += size;
        }
        // Each instruction's line is its line in the text the code writes as.
        let mut number = out.headings.len();
        let mut labelled = out.labels.values().copied().collect::<Vec<u32>>();
        labelled.sort_unstable();
        labelled.dedup();
        let mut labels = labelled.into_iter().peekable();
        for line in &mut out.lines {
            while labels.next_if(|&l| l <= line.at).is_some() {
                number += 1;
            }
            number += 1;
            line.number = number;
        }
        Ok(out)
    }

    /// The code as disassembly text: one instruction a line, each label as
    /// `Lxxxx:` at its offset from `start`.
    pub fn text(&self, start: u32) -> Result<String, String> {
        self.assembly(start, Vec::new()).map(|a| a.to_string())
    }

    /// Where each of `labels` is, in bytes from `start`.
    pub fn offsets_of(&self, labels: &[Label], start: u32) -> Result<Vec<u32>, String> {
        let placed = self.placed(start);
        labels
            .iter()
            .map(|l| placed[l.0].ok_or_else(|| format!("label {} is never placed", l.0)))
            .collect()
    }

    /// Where each label is, in bytes from `start`.
    fn placed(&self, start: u32) -> Vec<Option<u32>> {
        let mut at = start;
        let mut placed = vec![None; self.labels];
        for line in &self.lines {
            at += match line {
                Line::Op(asm) => asm.size(),
                Line::Branch(..) => 4,
                Line::PushOffset(_) => 8,
                Line::Place(Label(k)) => {
                    placed[*k] = Some(at);
                    0
                }
            };
        }
        placed
    }
}
