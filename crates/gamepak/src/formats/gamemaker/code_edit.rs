//! Edits to a code disassembly, packed back into the instruction blob in place.
//!
//! An edit may change what an instruction says but not its size: a constant
//! (`push.i`, `push.d`, `push.l`, `push.f`, `push.b`, `pushi.e`, `push.e`), the string
//! a `push.s` pushes (one STRG already holds: change the text in `strings.json`), a
//! comparison's kind, a branch's target (`Lxxxx`, an offset in the blob), the
//! variable a push or pop uses (`self.x`, with its instance) or the function a call
//! calls (`name(argc=N)`), when code elsewhere already uses it. No instruction moves
//! and CODE keeps its size. A changed variable or function moves the use from one
//! VARI/FUNC occurrence chain to another, so every chain is written again: counts,
//! first addresses, and each operand's link (on the last use, the STRG index of the
//! name). Anything else (another mnemonic or type, added or removed instructions) is
//! refused with its line. Label lines may be added or removed: they are only names
//! for offsets.

use std::collections::HashMap;

use super::code::{self, instance_code, Line, Names, COMPARISONS};
use super::game::Game;
use crate::bytes::Endian;
use crate::error::{Error, Result};

/// A change to the file: bytes to write at an absolute offset.
pub type Patch = (u64, Vec<u8>);

/// What an edited disassembly changes: bytes to write, and uses of variables and
/// functions that moved to another chain (instruction address, chain index).
#[derive(Debug, Default)]
pub struct Edits {
    pub patches: Vec<Patch>,
    pub moves: Vec<(u64, usize)>,
}

/// Edits to one game: its occurrence chains and strings, read once for every blob
/// edited.
pub struct Editor<'g, 'a> {
    game: &'g Game<'a>,
    names: Names,
    strings: Vec<String>,
}

impl<'g, 'a> Editor<'g, 'a> {
    pub fn new(game: &'g Game<'a>) -> Self {
        Editor {
            game,
            names: code::names(&game.form, game.gen8.bytecode),
            strings: game.texts(),
        }
    }

    /// What makes blob `k` say what `edited` says. Moves from several blobs are
    /// applied together by [`Editor::chains_after`].
    pub fn edits(&self, k: usize, edited: &str, file: &str) -> Result<Edits> {
        let blobs = code::blobs(&self.game.code);
        let entry = blobs
            .get(k)
            .and_then(|b| b.first())
            .ok_or_else(|| Error::at(file, format!("the file has no code blob {k}")))?;
        let (lines, _) = code::instructions(
            &self.game.form,
            entry.blob,
            entry.length,
            &self.names,
            &self.strings,
        );
        let wanted: Vec<(usize, &str)> = edited
            .lines()
            .enumerate()
            .map(|(n, l)| (n + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with(';') && !l.ends_with(':'))
            .collect();
        if wanted.len() != lines.len() {
            return Err(Error::at(
                file,
                format!(
                    "{} instructions, but the blob holds {}: instructions can be changed, not added or removed",
                    wanted.len(),
                    lines.len()
                ),
            ));
        }
        let ctx = Ctx {
            editor: self,
            blob: entry.blob,
            length: entry.length.into(),
        };
        let mut out = Edits::default();
        for (line, (n, text)) in lines.iter().zip(wanted) {
            if line.text != text {
                let err = |why: &str| {
                    Error::at(
                        format!("{file}: line {n}"),
                        format!("`{}` cannot become `{text}`: {why}", line.text),
                    )
                };
                let (patches, chain) = ctx.patch(line, text).map_err(|why| err(&why))?;
                out.patches.extend(patches);
                if let Some(c) = chain.filter(|c| self.names.owner.get(&line.at) != Some(c)) {
                    out.moves.push((line.at, c));
                }
            }
        }
        Ok(out)
    }

    /// Every chain written again after `moves`; nothing when nothing moved.
    pub fn chains_after(&self, moves: &[(u64, usize)]) -> Result<Vec<Patch>> {
        if moves.is_empty() {
            return Ok(Vec::new());
        }
        let mut owner = self.names.owner.clone();
        owner.extend(moves.iter().copied());
        self.chain_patches(&owner)
            .map_err(|why| Error::at("code", why))
    }

    /// Every chain as [`Editor::chain_patches`] writes it, from the chains as they
    /// are: for a file GameMaker wrote, each patch holds the bytes already there.
    pub fn rebuilt_chains(&self) -> Result<Vec<Patch>> {
        self.chain_patches(&self.names.owner)
            .map_err(|why| Error::at("FORM/CODE", why))
    }

    fn word(&self, at: u64) -> u32 {
        super::refs::u32_at(&self.game.form, at).unwrap_or(0)
    }

    /// Little-endian bytes in the file's byte order.
    fn bytes<const N: usize>(&self, le: [u8; N]) -> Vec<u8> {
        let mut b = le.to_vec();
        if self.game.form.endian == Endian::Big {
            b.reverse();
        }
        b
    }

    /// Every chain written again from which chain each occurrence is on: counts, first
    /// addresses, and each occurrence operand's low 27 bits (the distance to the next
    /// occurrence; on the last, the STRG index of the entry's name).
    fn chain_patches(
        &self,
        owner: &HashMap<u64, usize>,
    ) -> std::result::Result<Vec<Patch>, String> {
        let index: HashMap<u64, u32> = self
            .game
            .strings
            .iter()
            .enumerate()
            .map(|(i, s)| (s.offset + 4, i as u32))
            .collect();
        let mut by_chain: Vec<Vec<u64>> = vec![Vec::new(); self.names.chains.len()];
        for (&addr, &c) in owner {
            by_chain[c].push(addr);
        }
        let mut out = Vec::new();
        for (c, mut addrs) in by_chain.into_iter().enumerate() {
            let chain = &self.names.chains[c];
            if addrs.is_empty() {
                return Err(format!(
                    "{:?} would have no use left: its last use cannot go",
                    chain.name
                ));
            }
            addrs.sort_unstable();
            let name_at = u64::from(self.word(chain.at));
            let name_index = *index
                .get(&name_at)
                .ok_or_else(|| format!("{:?} is named by no STRG string", chain.name))?;
            let first = addrs[0] + if chain.first_at_operand { 4 } else { 0 };
            out.push((
                chain.at + chain.size - 8,
                self.bytes((addrs.len() as u32).to_le_bytes()),
            ));
            out.push((
                chain.at + chain.size - 4,
                self.bytes((first as u32).to_le_bytes()),
            ));
            for (k, &addr) in addrs.iter().enumerate() {
                let low = match addrs.get(k + 1) {
                    Some(next) => (next - addr) as u32,
                    None => name_index,
                };
                let word = (self.word(addr + 4) & 0xf800_0000) | (low & 0x07ff_ffff);
                out.push((addr + 4, self.bytes(word.to_le_bytes())));
            }
        }
        Ok(out)
    }
}

/// One blob being edited.
struct Ctx<'e, 'g, 'a> {
    editor: &'e Editor<'g, 'a>,
    blob: u64,
    length: u64,
}

impl Ctx<'_, '_, '_> {
    fn word(&self, at: u64) -> u32 {
        self.editor.word(at)
    }

    fn bytes<const N: usize>(&self, le: [u8; N]) -> Vec<u8> {
        self.editor.bytes(le)
    }

    /// The chain of the variable `name` that an instruction with instance field
    /// `instance` uses: the only one of that name, or the only one of that name and
    /// instance type.
    fn variable(&self, name: &str, instance: i16) -> std::result::Result<usize, String> {
        let named: Vec<usize> = (0..self.editor.names.chains.len())
            .filter(|&c| {
                !self.editor.names.chains[c].call && self.editor.names.chains[c].name == name
            })
            .collect();
        let pick = match named.as_slice() {
            [one] => Some(*one),
            _ => {
                let typed: Vec<usize> = named
                    .iter()
                    .copied()
                    .filter(|&c| self.editor.names.chains[c].instance == i32::from(instance))
                    .collect();
                (typed.len() == 1).then(|| typed[0])
            }
        };
        pick.ok_or_else(|| match named.len() {
            0 => format!("no variable {name:?} is used anywhere in the code yet"),
            n => format!(
                "{n} variables are named {name:?}, and the instance does not tell them apart"
            ),
        })
    }

    /// The chain of the function `name`.
    fn function(&self, name: &str) -> std::result::Result<usize, String> {
        let mut named = (0..self.editor.names.chains.len()).filter(|&c| {
            self.editor.names.chains[c].call && self.editor.names.chains[c].name == name
        });
        match (named.next(), named.next()) {
            (Some(c), None) => Ok(c),
            (None, _) => Err(format!(
                "no function {name:?} is called anywhere in the code yet"
            )),
            _ => Err(format!("several functions are named {name:?}")),
        }
    }

    /// A variable operand, `self.x`: the instruction word with its instance field
    /// set, and the chain.
    fn reference(&self, w: u32, arg: &str) -> std::result::Result<(u32, usize), String> {
        let (inst, name) = arg
            .split_once('.')
            .ok_or_else(|| format!("`{arg}` is not instance.variable"))?;
        let instance = instance_code(inst).ok_or_else(|| format!("{inst} is not an instance"))?;
        let chain = self.variable(name, instance)?;
        Ok(((w & 0xffff_0000) | u32::from(instance as u16), chain))
    }

    /// The bytes that make `line` say `text` (and the chain it is now on, for a
    /// variable or function use), or why they cannot.
    fn patch(
        &self,
        line: &Line,
        text: &str,
    ) -> std::result::Result<(Vec<Patch>, Option<usize>), String> {
        let (old_op, old_arg) = split(&line.text);
        let (new_op, new_arg) = split(text);
        if old_op != new_op {
            return Err("only operands can change, not the instruction".into());
        }
        let w = self.word(line.at);
        let on_chain = self.editor.names.owner.contains_key(&line.at);
        if on_chain
            && (old_op.starts_with("pop.") || old_op.ends_with(".v") && old_op.starts_with("push"))
        {
            let (word, chain) = self.reference(w, new_arg)?;
            return Ok((vec![(line.at, self.bytes(word.to_le_bytes()))], Some(chain)));
        }
        if on_chain && old_op.starts_with("call.") {
            let (name, argc) = new_arg
                .strip_suffix(')')
                .and_then(|a| a.split_once("(argc="))
                .ok_or_else(|| format!("`{new_arg}` is not name(argc=N)"))?;
            let argc: u16 = argc
                .parse()
                .map_err(|_| format!("{argc} is not an argument count"))?;
            let word = (w & 0xffff_0000) | u32::from(argc);
            return Ok((
                vec![(line.at, self.bytes(word.to_le_bytes()))],
                Some(self.function(name)?),
            ));
        }
        Ok((self.operand(line, old_op, old_arg, new_arg)?, None))
    }

    /// The bytes for a changed constant, string, comparison or branch target.
    fn operand(
        &self,
        line: &Line,
        old_op: &str,
        old_arg: &str,
        new_arg: &str,
    ) -> std::result::Result<Vec<Patch>, String> {
        let w = self.word(line.at);
        let at = line.at;
        let number = |what: &str| format!("`{new_arg}` is not {what}");
        let patch = match old_op {
            "push.d" => {
                let v: f64 = new_arg.parse().map_err(|_| number("a number"))?;
                (at + 4, self.bytes(v.to_bits().to_le_bytes()))
            }
            "push.f" => {
                let v: f32 = new_arg.parse().map_err(|_| number("a number"))?;
                (at + 4, self.bytes(v.to_bits().to_le_bytes()))
            }
            "push.l" => {
                let v: i64 = new_arg.parse().map_err(|_| number("a 64-bit integer"))?;
                (at + 4, self.bytes(v.to_le_bytes()))
            }
            "push.i" | "push.b" if !old_arg.starts_with("function ") => {
                let v: i32 = new_arg.parse().map_err(|_| number("a 32-bit integer"))?;
                (at + 4, self.bytes(v.to_le_bytes()))
            }
            "push.e" | "pushi.e" => {
                let v: i16 = new_arg.parse().map_err(|_| number("a 16-bit integer"))?;
                let w = (w & 0xffff_0000) | u32::from(v as u16);
                (at, self.bytes(w.to_le_bytes()))
            }
            "push.s" => {
                let s: String =
                    serde_json::from_str(new_arg).map_err(|_| number("a quoted string"))?;
                let k = self.editor.strings.iter().position(|t| *t == s).ok_or_else(|| {
                    format!("no STRG string reads {new_arg}: change that string's text in strings.json instead")
                })?;
                (at + 4, self.bytes((k as u32).to_le_bytes()))
            }
            "b" | "bt" | "bf" | "pushenv" if line.text != "popenv exit" => {
                let target = new_arg
                    .strip_prefix('L')
                    .and_then(|h| u64::from_str_radix(h, 16).ok())
                    .filter(|&t| t % 4 == 0 && t <= self.length)
                    .ok_or_else(|| number("a label Lxxxx inside the blob, at a multiple of 4"))?;
                let rel = (self.blob + target) as i64 - at as i64;
                let w = (w & 0xff80_0000) | (((rel / 4) as u32) & 0x007f_ffff);
                (at, self.bytes(w.to_le_bytes()))
            }
            op if op.starts_with("cmp.") => {
                let kinds = &COMPARISONS[1..];
                let k = kinds
                    .iter()
                    .position(|c| *c == new_arg)
                    .ok_or_else(|| number("lt, le, eq, ne, ge or gt"))?;
                let w = (w & 0xffff_00ff) | (k as u32 + 1) << 8;
                (at, self.bytes(w.to_le_bytes()))
            }
            _ => return Err("this instruction's operand cannot change in place".into()),
        };
        Ok(vec![patch])
    }
}

/// `push.i 5` as ("push.i", "5"); `cmp.i.v.lt` as ("cmp.i.v", "lt") so that its kind
/// reads as an operand.
fn split(text: &str) -> (&str, &str) {
    if text.starts_with("cmp.") {
        if let Some((op, kind)) = text.rsplit_once('.') {
            return (op, kind);
        }
    }
    text.split_once(' ').unwrap_or((text, ""))
}
