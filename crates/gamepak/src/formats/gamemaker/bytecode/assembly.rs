//! A blob's code as typed instructions, before it has bytes: what a disassembly
//! file says, or what the compiler emits. Each instruction has its place in the
//! blob and its branch's target as an offset; the headings name the code entries
//! the blob holds and where each starts. Reading a file's text gives one, and
//! writing one gives the text back, so a compiled entry reaches the assembler
//! without being written as text and read again.

use std::collections::HashMap;
use std::fmt;

use crate::formats::gamemaker::bytecode::disassemble;
use crate::formats::gamemaker::bytecode::symbolic::{self, Asm, LabelAt};

/// A blob's instructions, laid out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Assembly {
    /// The code entries the blob holds, in the text's order.
    pub headings: Vec<Heading>,
    /// The instructions in order: each with the number of the line it was read
    /// from (from 1) and its offset in the blob.
    pub lines: Vec<Line>,
    /// Each label, by its name, at its offset.
    pub labels: HashMap<String, u32>,
}

/// One instruction of an [`Assembly`].
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The number of the text's line it is.
    pub number: usize,
    /// Its offset in the blob.
    pub at: u32,
    pub asm: Asm,
}

/// `; NAME (arguments A, locals L) starts at LABEL`: a code entry of the blob.
#[derive(Debug, Clone, PartialEq)]
pub struct Heading {
    pub name: String,
    pub arguments: u16,
    pub locals: u16,
    /// The label it names.
    pub label: String,
}

impl Assembly {
    /// The text of a disassembly read. An error names the line and why.
    pub fn parse(text: &str) -> Result<Assembly, (usize, String)> {
        let mut headings = Vec::new();
        let mut read: Vec<(usize, u32, Asm<&str>)> = Vec::new();
        let mut labels = HashMap::new();
        let mut at = 0u32;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.starts_with(';') {
                if let Some(h) = disassemble::heading(raw) {
                    headings.push(Heading {
                        name: h.name.to_string(),
                        arguments: h.arguments,
                        locals: h.locals,
                        label: h.label.to_string(),
                    });
                }
            } else if let Some(label) = line.strip_suffix(':') {
                labels.insert(label.to_string(), at);
            } else if !line.is_empty() {
                let asm = symbolic::parse(line).map_err(|why| (n + 1, why))?;
                let next = at
                    .checked_add(asm.size())
                    .ok_or((n + 1, "the blob is too long".to_string()))?;
                read.push((n + 1, at, asm));
                at = next;
            }
        }
        let lines = read
            .into_iter()
            .map(|(number, at, asm)| {
                let asm = asm.placed(|l| {
                    labels
                        .get(l)
                        .copied()
                        .ok_or_else(|| (number, format!("no label `{l}` in this blob")))
                })?;
                Ok(Line { number, at, asm })
            })
            .collect::<Result<_, (usize, String)>>()?;
        Ok(Assembly {
            headings,
            lines,
            labels,
        })
    }

    /// Where the entry of `heading` starts: its label, or the blob's start for
    /// `L0000` where the text places no label.
    pub fn start_of(&self, heading: &Heading) -> Option<u32> {
        self.label(&heading.label)
    }

    /// Where the label `name` is.
    pub fn label(&self, name: &str) -> Option<u32> {
        self.labels
            .get(name)
            .copied()
            .or((name == "L0000").then_some(0))
    }

    /// The blob's size in bytes.
    pub fn size(&self) -> u32 {
        self.lines.last().map_or(0, |l| l.at + l.asm.size())
    }

    /// The number of the line whose instruction starts at byte `at`.
    pub fn line_at(&self, at: u32) -> Option<usize> {
        self.lines.iter().find(|l| l.at == at).map(|l| l.number)
    }
}

/// The text a disassembly file holds: the headings, then each instruction, with
/// a label before each place a label names, named by its offset as the
/// branches to it are.
impl fmt::Display for Assembly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for h in &self.headings {
            writeln!(
                f,
                "; {} (arguments {}, locals {}) starts at {}",
                h.name, h.arguments, h.locals, h.label
            )?;
        }
        let mut placed: Vec<u32> = self.labels.values().copied().collect();
        placed.sort_unstable();
        placed.dedup();
        let mut next = placed.into_iter().peekable();
        for line in &self.lines {
            while let Some(at) = next.next_if(|&at| at <= line.at) {
                writeln!(f, "{}:", LabelAt(at))?;
            }
            writeln!(f, "    {}", line.asm)?;
        }
        next.try_for_each(|at| writeln!(f, "{}:", LabelAt(at)))
    }
}
