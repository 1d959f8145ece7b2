//! Edited code disassemblies, assembled back into instruction blobs.
//!
//! A blob's text is assembled line by line (see `asm`): instructions may be changed,
//! added or removed, labels (`Lxxxx:`) mark the places branches go to and where the
//! functions sharing a blob start, and comments are ignored. Each variable or
//! function an instruction names is looked up among the VARI and FUNC entries the
//! code already uses: by name, then by instance, then among those the blob already
//! uses. The blobs then go into the model ([`Editor::relink`]) with the occurrence
//! chains written again over them: counts, first addresses (instruction or operand,
//! as the file has them), and each operand's low 27 bits (the distance to the next
//! use; on the last, the STRG index of the entry's name).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use super::asm::{self, Use};
use super::code::{self, Names};
use super::game::Game;
use super::model;
use super::model::chunks::code::Code as CodeChunk;
use super::model::chunks::symbols::{Functions, Variables};
use super::model::wire::CodeAddress;
use super::refs::{get_u32, put_u32};
use crate::error::{Error, Result};

/// A blob's new content: its bytes, the chain each variable or function use is on
/// (by offset in the blob), and where each function that starts in it now starts
/// (old offset to new).
#[derive(Debug, Clone)]
pub struct Blob {
    pub bytes: Vec<u8>,
    pub uses: Vec<(u32, usize)>,
    pub starts: HashMap<u32, u32>,
}

/// One game's chains and strings, read once for every blob edited.
pub struct Editor<'g, 'a> {
    game: &'g Game<'a>,
    names: Names,
    strings: HashMap<String, u32>,
    /// The STRG index of each chain's name.
    name_index: Vec<Option<u32>>,
    /// The instance fields of each chain's uses.
    fields: Vec<HashSet<i16>>,
}

impl<'g, 'a> Editor<'g, 'a> {
    pub fn new(game: &'g Game<'a>) -> Self {
        let names = code::names(&game.form, game.gen8.bytecode);
        let mut strings = HashMap::new();
        for (i, t) in game.texts().into_iter().enumerate() {
            strings.entry(t).or_insert(i as u32);
        }
        let by_offset: HashMap<u64, u32> = game
            .strings
            .iter()
            .enumerate()
            .map(|(i, s)| (s.offset + 4, i as u32))
            .collect();
        let name_index = names
            .chains
            .iter()
            .map(|c| {
                super::refs::u32_at(&game.form, c.at)
                    .and_then(|p| by_offset.get(&p.into()).copied())
            })
            .collect();
        let mut fields = vec![HashSet::new(); names.chains.len()];
        for (&at, &c) in &names.owner {
            let word = super::refs::u32_at(&game.form, at).unwrap_or(0);
            fields[c].insert(word as u16 as i16);
        }
        Editor {
            game,
            fields,
            names,
            strings,
            name_index,
        }
    }

    /// Blob `k` as stored.
    pub fn stored(&self, k: usize) -> Blob {
        let (blob, length, entries) = self.blob(k).expect("a blob the game holds");
        let (blob, end) = (blob as usize, blob as usize + length as usize);
        let mut uses: Vec<(u32, usize)> = self
            .names
            .owner
            .iter()
            .filter(|(&at, _)| at as usize >= blob && (at as usize) < end)
            .map(|(&at, &c)| ((at as usize - blob) as u32, c))
            .collect();
        uses.sort_unstable();
        Blob {
            bytes: self.game.form.data[blob..end].to_vec(),
            uses,
            starts: entries.iter().map(|e| (e.start, e.start)).collect(),
        }
    }

    fn blob(&self, k: usize) -> Option<(u64, u32, Vec<&code::Entry>)> {
        let game = self.game;
        let entries: Vec<&code::Entry> = game
            .blob_entries()
            .get(k)?
            .iter()
            .map(|&i| &game.code[i])
            .collect();
        Some((entries[0].blob, entries[0].length, entries))
    }

    /// Blob `k` as the edited text `text` (from `file`) says.
    pub fn assemble(&self, k: usize, text: &str, file: &str) -> Result<Blob> {
        if self.names.old_opcodes {
            return Err(Error::at(
                file,
                "bytecode 14 code is shown for reading; pack does not assemble it",
            ));
        }
        let (blob, length, entries) = self
            .blob(k)
            .ok_or_else(|| Error::at(file, format!("the file has no code blob {k}")))?;
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(n, l)| (n + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with(';'))
            .collect();
        let at_line = |n: usize, why: String| Error::at(format!("{file}: line {n}"), why);
        let endian = self.game.form.endian;
        // Sizes do not depend on where labels are, so one pass places every label.
        let mut labels = HashMap::new();
        let mut offset = 0u32;
        for &(n, line) in &lines {
            match line.strip_suffix(':') {
                Some(label) => {
                    labels.insert(label.to_string(), offset);
                }
                None => {
                    let size = asm::assemble(line, offset, &Anywhere(self), endian)
                        .map_err(|why| at_line(n, why))?
                        .bytes
                        .len();
                    offset += size as u32;
                }
            }
        }
        let resolver = Resolver {
            editor: self,
            labels: &labels,
        };
        let mut out = Blob {
            bytes: Vec::with_capacity(offset as usize),
            uses: Vec::new(),
            starts: HashMap::new(),
        };
        let used_here: HashSet<usize> = self
            .names
            .owner
            .iter()
            .filter(|(&at, _)| at >= blob && at < blob + u64::from(length))
            .map(|(_, &c)| c)
            .collect();
        let in_blob = |c: usize| used_here.contains(&c);
        for &(n, line) in lines.iter().filter(|(_, l)| !l.ends_with(':')) {
            let at = out.bytes.len() as u32;
            let i = asm::assemble(line, at, &resolver, endian).map_err(|why| at_line(n, why))?;
            if let Some(u) = i.uses {
                let chain = self.chain(u, &in_blob).map_err(|why| at_line(n, why))?;
                out.uses.push((at, chain));
            }
            out.bytes.extend_from_slice(&i.bytes);
        }
        for e in entries {
            // The text's own heading names the label where each function starts.
            let heading = format!("; {} (", e.name);
            let label = text
                .lines()
                .find(|l| l.starts_with(&heading))
                .and_then(|l| l.rsplit_once(" starts at "))
                .map_or_else(
                    || format!("L{:04x}", e.start),
                    |(_, l)| l.trim().to_string(),
                );
            let new = match labels.get(&label) {
                Some(&at) => at,
                None if e.start == 0 => 0,
                None => {
                    return Err(Error::at(
                        file,
                        format!("{} starts at {label}, but that label is gone", e.name),
                    ))
                }
            };
            out.starts.insert(e.start, new);
        }
        Ok(out)
    }

    /// The chain a use names: the only entry of that name; else the only one of that
    /// name and instance type, or whose uses have the same instance field; else the
    /// only one of those the blob already uses.
    fn chain(
        &self,
        u: Use<'_>,
        in_blob: &dyn Fn(usize) -> bool,
    ) -> std::result::Result<usize, String> {
        let chains = &self.names.chains;
        let (call, name, instance) = match u {
            Use::Variable { name, instance } => (false, name, Some(i32::from(instance))),
            Use::Function(name) => (true, name, None),
        };
        let named: Vec<usize> = (0..chains.len())
            .filter(|&c| chains[c].call == call && chains[c].name == name)
            .collect();
        let typed: Vec<usize> = named
            .iter()
            .copied()
            .filter(|&c| instance.is_none_or(|i| chains[c].instance == i))
            .collect();
        let alike: Vec<usize> = named
            .iter()
            .copied()
            .filter(|&c| instance.is_none_or(|i| self.fields[c].contains(&(i as i16))))
            .collect();
        let here: Vec<usize> = named.iter().copied().filter(|&c| in_blob(c)).collect();
        let alike_here: Vec<usize> = alike.iter().copied().filter(|&c| in_blob(c)).collect();
        for pick in [&named, &typed, &alike, &here, &alike_here] {
            if let [one] = pick.as_slice() {
                return Ok(*one);
            }
        }
        let what = if call { "function" } else { "variable" };
        Err(match named.len() {
            0 => format!("no {what} {name:?} is used anywhere in the code yet"),
            n => format!("{n} {what}s are named {name:?}, and nothing tells them apart"),
        })
    }

    /// Puts `blobs` (one per blob, in CODE's order) into `game`'s CODE, moves the
    /// start of each code entry with its label, and links every chain again over
    /// the new blobs: each VARI and FUNC entry's count and first address, and each
    /// operand's low 27 bits (the distance to the next use; on the last, the STRG
    /// index of the entry's name). The model then lays the chunks out.
    pub fn relink(&self, game: &mut model::Game<'_>, mut blobs: Vec<Blob>) -> Result<()> {
        let endian = self.game.form.endian;
        // Blobs follow one another in CODE, so a use's place in the run of blobs
        // orders the chain and measures its links.
        let mut start = Vec::with_capacity(blobs.len());
        let mut run = 0u64;
        for b in &blobs {
            start.push(run);
            run += b.bytes.len() as u64;
        }
        let mut by_chain: Vec<Vec<(u64, usize, u32)>> = vec![Vec::new(); self.names.chains.len()];
        for (k, b) in blobs.iter().enumerate() {
            for &(at, c) in &b.uses {
                by_chain[c].push((start[k] + u64::from(at), k, at));
            }
        }
        let mut firsts = Vec::with_capacity(by_chain.len());
        for (c, mut uses) in by_chain.into_iter().enumerate() {
            let chain = &self.names.chains[c];
            let fail = |why: String| Error::at(format!("code: {:?}", chain.name), why);
            let name_index = self.name_index[c]
                .ok_or_else(|| fail("its entry's name is no STRG string".into()))?;
            uses.sort_unstable();
            let Some(&(_, k0, at0)) = uses.first() else {
                return Err(fail(
                    "its last use cannot go: the VARI or FUNC entry would have none".into(),
                ));
            };
            for (n, &(place, k, at)) in uses.iter().enumerate() {
                let low = match uses.get(n + 1) {
                    Some(next) => (next.0 - place) as u32,
                    None => name_index,
                };
                if low > 0x07ff_ffff {
                    return Err(fail(format!(
                        "uses {low} bytes apart do not fit a chain link"
                    )));
                }
                let bytes = &mut blobs[k].bytes;
                let word = (get_u32(bytes, u64::from(at) + 4, endian) & 0xf800_0000) | low;
                put_u32(bytes, u64::from(at) + 4, word, endian);
            }
            let operand = if chain.first_at_operand { 4 } else { 0 };
            let first = CodeAddress::In {
                blob: k0 as u32,
                at: at0 + operand,
            };
            firsts.push((uses.len() as u32, first));
        }
        let code = game
            .get_mut::<CodeChunk>()
            .ok_or_else(|| Error::at("CODE", "the model does not read CODE"))?;
        if code.blobs.len() != blobs.len() {
            return Err(Error::at(
                "CODE",
                format!(
                    "{} blobs, but the code holds {}",
                    blobs.len(),
                    code.blobs.len()
                ),
            ));
        }
        for e in code.entries.iter_mut().flatten() {
            if let Some(&new) = blobs[e.blob as usize].starts.get(&e.offset) {
                e.offset = new;
            }
        }
        code.blobs = blobs.into_iter().map(|b| Cow::Owned(b.bytes)).collect();
        for (chain, (count, first)) in self.names.chains.iter().zip(firsts) {
            let uses = if chain.call {
                game.get_mut::<Functions>()
                    .and_then(|f| f.functions.get_mut(chain.entry))
                    .map(|f| &mut f.uses)
            } else {
                game.get_mut::<Variables>()
                    .and_then(|v| v.variables.get_mut(chain.entry))
                    .map(|v| &mut v.uses)
            };
            let uses = uses.ok_or_else(|| {
                Error::at(
                    format!("code: {:?}", chain.name),
                    "its VARI or FUNC entry is not in the model",
                )
            })?;
            uses.count = count;
            uses.first = first;
        }
        Ok(())
    }
}

/// Labels and strings while sizes are measured: any label will do.
struct Anywhere<'e, 'g, 'a>(&'e Editor<'g, 'a>);

impl asm::Names for Anywhere<'_, '_, '_> {
    fn label(&self, _: &str) -> Option<u32> {
        Some(0)
    }
    fn string(&self, text: &str) -> Option<u32> {
        self.0.strings.get(text).copied()
    }
}

struct Resolver<'e, 'g, 'a> {
    editor: &'e Editor<'g, 'a>,
    labels: &'e HashMap<String, u32>,
}

impl asm::Names for Resolver<'_, '_, '_> {
    fn label(&self, label: &str) -> Option<u32> {
        self.labels.get(label).copied()
    }
    fn string(&self, text: &str) -> Option<u32> {
        self.editor.strings.get(text).copied()
    }
}
