//! Assembled blobs put into the model as typed instructions, each use on the
//! chain of its VARI or FUNC entry. A chain is the uses of one entry in code order:
//! the entry holds their count and the address of the first (the instruction, or
//! from 2.3 a call's operand), and each use's operand holds in its low 27 bits the
//! distance to the next use, or on the last the STRG index of the entry's name;
//! the walk that writes CODE links them (see `model::chunks::instructions`), and
//! the counts and first addresses follow the instructions
//! ([`model::Game::settle_code_uses`]).
//!
//! A variable or function an edit uses for the first time gets an entry at the end
//! of VARI or FUNC, its name added to STRG. A new variable's id is the next of its
//! count in VARI's header, as GameMaker numbers them: one count for every variable
//! where the header's two counts agree, else globals by the first and self variables
//! by the second; one of GameMaker's own variables (see [`builtin_variables`])
//! takes the id -6 and no count.
//!
//! A local an edit adds belongs to the code entry its uses are in: it gets a VARI
//! entry of its own, one more local in the entry's count (and in its code locals,
//! where FUNC keeps them), and VARI's most-locals count follows. Before 2.3 a
//! local's id is its place among its entry's locals; from 2.3 GameMaker gives a
//! name one id across entries, so a new local takes its name's id where another
//! entry has a local of that name, else one no variable has.

use std::collections::{BTreeSet, HashMap};

use crate::bytes::Endian;
use crate::error::{Error, Result};
use crate::formats::gamemaker::binary::words::{get_u32, put_u32};
use crate::formats::gamemaker::bytecode::builtin_variables;
use crate::formats::gamemaker::bytecode::disassemble::{self, Names};
use crate::formats::gamemaker::bytecode::edit::{Added, Blob, Editor, NewEntry, BUILTIN, LOCAL};
use crate::formats::gamemaker::bytecode::instruction::{self, encode, Instr};
use crate::formats::gamemaker::gml::decompile::context::RefKinds;
use crate::formats::gamemaker::model;
use crate::formats::gamemaker::model::chunks::code::{Blobs, Code as CodeChunk, CodeEntry};
use crate::formats::gamemaker::model::chunks::instructions::{Instructions, Symbol, LINK_BITS};
use crate::formats::gamemaker::model::chunks::strings::Strings;
use crate::formats::gamemaker::model::chunks::symbols::{
    CodeLocals, Function, Functions, Local, Uses, Variable, Variables,
};
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::formats::gamemaker::model::wire::StrId;
use crate::formats::gamemaker::views::file_view;
use crate::fourcc::FourCC;

/// The flag GameMaker sets (from 2024) in the argument count of an entry with no
/// locals.
const NO_LOCALS: u16 = 0x8000;

/// Where a chain's count and first address go, and how its last link ends.
struct Target {
    name: String,
    call: bool,
    /// The entry's index in VARI or FUNC.
    entry: usize,
    /// The STRG index of the entry's name.
    name_index: u32,
    first_at_operand: bool,
    /// A local an edit added, whose id and code entry come once CODE is laid out.
    local: bool,
}

/// What linking the chains again takes from an [`Editor`] once its blobs are
/// assembled: the chains it read and the entries its edits added, without the view
/// of the game it read them from, so that the game itself can change.
pub struct Linker {
    names: Names,
    name_index: Vec<Option<u32>>,
    added: Vec<Added>,
    endian: Endian,
    releases: Range,
}

/// Types `game`'s code whole, as a pack with code edits does: every blob as
/// instructions, each variable and function use on its VARI or FUNC entry's chain
/// (see `model::chunks::instructions`). Edit them and write, and every chain is
/// linked again. A game with no code, or typed already, is left as it is; one whose
/// chains do not walk (a damaged file) is refused, with the first break.
pub fn type_code(game: &mut model::Game<'_>) -> Result<()> {
    match game.get::<CodeChunk>() {
        Some(c) if matches!(c.blobs, Blobs::Stored(_)) => {}
        _ => return Ok(()),
    }
    let (blobs, linker) = {
        let view = file_view::of_model(game, None);
        let names = disassemble::names(&view);
        if let Some(p) = names.problems.first() {
            return Err(Error::invalid(&p.path, p.offset.unwrap_or(0), &p.message));
        }
        let editor = Editor::with_names(&view, names);
        let blobs = (0..view.blob_entries().len())
            .map(|k| editor.stored(k))
            .collect();
        (blobs, editor.linker())
    };
    linker.relink(game, blobs, Vec::new())
}

impl Editor<'_, '_> {
    /// What linking the chains again takes from this editor.
    pub fn linker(self) -> Linker {
        Linker {
            endian: self.game.code_space.endian,
            releases: crate::formats::gamemaker::inspect::release::infer(self.game).releases,
            names: self.names,
            name_index: self.name_index,
            added: self.added.into_inner(),
        }
    }
}

impl Linker {
    /// Puts `blobs` (one per blob, in CODE's order, then the new ones) into
    /// `game`'s CODE, moves the start of each code entry with its label, adds the
    /// `new` code entries (each with its blob's index), gives each variable or
    /// function the edits added an entry, and links every chain again over the new
    /// blobs. The model then lays the chunks out.
    pub fn relink(
        &self,
        game: &mut model::Game<'_>,
        blobs: Vec<Blob>,
        new: Vec<(usize, NewEntry)>,
    ) -> Result<()> {
        let targets = self.targets(game)?;
        let (endian, old) = (self.endian, self.names.old_opcodes);
        let mut typed = Vec::with_capacity(blobs.len());
        let mut moved = Vec::with_capacity(blobs.len());
        for (k, b) in blobs.into_iter().enumerate() {
            typed.push(instructions_of(&b, k, endian, old)?);
            moved.push(b.starts);
        }
        let entries = new_entries(game, new)?;
        let code = game
            .get_mut::<CodeChunk>()
            .ok_or_else(|| Error::at("CODE", "the model does not read CODE"))?;
        // A new entry may start in a blob the code holds: a function added to it.
        let added: BTreeSet<u32> = entries
            .iter()
            .map(|e| e.blob)
            .filter(|&b| b as usize >= code.blobs.len())
            .collect();
        if code.blobs.len() + added.len() != typed.len() {
            return Err(Error::at(
                "CODE",
                format!(
                    "{} blobs, but the code holds {} and {} are new",
                    typed.len(),
                    code.blobs.len(),
                    added.len()
                ),
            ));
        }
        for e in code.entries.iter_mut().flatten() {
            if let Some(&new) = moved[e.blob as usize].get(&e.offset) {
                e.offset = new;
            }
        }
        code.entries.extend(entries.into_iter().map(Some));
        // A chain whose last use is a typed reference (`break.i -11`) ends with the
        // script kind above the name, as a reference to a script is numbered.
        let script_kind = RefKinds::of(self.releases.low)
            .kind(FourCC::SCPT)
            .unwrap_or(0);
        let symbols = targets.iter().map(|t| Symbol {
            call: t.call,
            entry: t.entry,
            name: StrId(t.name_index),
            first_at_operand: t.first_at_operand,
        });
        let instructions = Instructions {
            blobs: typed,
            symbols: symbols.collect(),
            script_kind,
        };
        let occurrences = instructions.occurrences();
        code.blobs = Blobs::Typed(instructions);
        let locals: Vec<(&Target, (usize, u32, u32))> = targets
            .iter()
            .zip(&occurrences)
            .filter(|(t, _)| t.local)
            .filter_map(|(t, uses)| {
                let (&(blob, first), &(_, last)) = (uses.first()?, uses.last()?);
                Some((t, (blob as usize, first, last)))
            })
            .collect();
        give_locals(game, &locals)?;
        game.settle_code_uses();
        Ok(())
    }

    /// The entry of every chain: those the code used, then one made for each
    /// variable or function an edit added.
    fn targets(&self, game: &mut model::Game<'_>) -> Result<Vec<Target>> {
        let chains = &self.names.chains;
        let mut targets = Vec::with_capacity(chains.len());
        for (c, chain) in chains.iter().enumerate() {
            let name_index = self.name_index[c].ok_or_else(|| {
                Error::at(
                    format!("code: {:?}", chain.name),
                    "its entry's name is no STRG string",
                )
            })?;
            targets.push(Target {
                name: chain.name.clone(),
                call: chain.call,
                entry: chain.entry,
                name_index,
                first_at_operand: chain.first_at_operand,
                local: false,
            });
        }
        // A new function's first address points where the others' do: from 2.3 at
        // the call's operand.
        let operand = match chains.iter().find(|c| c.call) {
            Some(c) => c.first_at_operand,
            None => game
                .chunks
                .iter()
                .find(|p| p.name == FourCC::FUNC)
                .is_some_and(|p| p.version >= Version::V2_3),
        };
        let added = &self.added;
        let names = game
            .get_mut::<Strings>()
            .ok_or_else(|| Error::at("STRG", "the model does not read STRG"))?
            .add_all(added.iter().map(|a| a.name.as_str()));
        for (added, name) in added.iter().zip(names) {
            targets.push(add_entry(game, added, name, operand)?);
        }
        Ok(targets)
    }
}

/// Blob `k`'s instructions, each variable and function use on its chain (by
/// [`Blob::uses`]); refused where one would not encode back to the bytes it was
/// read from, links aside.
fn instructions_of(b: &Blob, k: usize, endian: Endian, old_opcodes: bool) -> Result<Vec<Instr>> {
    let chains: HashMap<u32, usize> = b.uses.iter().copied().collect();
    let code = instruction::decode(&b.bytes, endian, old_opcodes, |at| chains.get(&at).copied());
    let fail =
        |at: u32, why: String| Error::at(format!("CODE/blob[{k}]"), format!("{at:#x}: {why}"));
    let mut again = Vec::with_capacity(b.bytes.len());
    for i in &code {
        encode(i, endian, old_opcodes, &mut again).map_err(|why| fail(i.at, why))?;
    }
    let mut stored = b.bytes.clone();
    for &(at, _) in &b.uses {
        let operand = u64::from(at) + 4;
        if operand + 4 <= stored.len() as u64 {
            let word = get_u32(&stored, operand, endian) & !LINK_BITS;
            put_u32(&mut stored, operand, word, endian);
        }
    }
    if again != stored {
        let at = again
            .iter()
            .zip(&stored)
            .take_while(|(a, b)| a == b)
            .count() as u32;
        let i = code.iter().rfind(|i| i.at <= at).map_or(at, |i| i.at);
        return Err(fail(
            i,
            "the instruction here does not read back as its bytes".into(),
        ));
    }
    Ok(code)
}

/// The code entries of new code files, their names added to STRG. Where FUNC keeps
/// code locals (until 2024.8), each gets its list: `arguments`, the local every
/// entry declares. Where the game flags entries that have no locals (the argument
/// count's top bit, from 2024), a new one with none is flagged too.
fn new_entries(game: &mut model::Game<'_>, new: Vec<(usize, NewEntry)>) -> Result<Vec<CodeEntry>> {
    if new.is_empty() {
        return Ok(Vec::new());
    }
    let flags = game.get::<CodeChunk>().is_some_and(|c| {
        c.entries
            .iter()
            .flatten()
            .any(|e| e.arguments & NO_LOCALS != 0)
    });
    let arguments = game.get::<Variables>().and_then(|v| {
        v.variables.iter().find(|v| {
            v.instance_type == -7
                && v.name.is_some_and(|n| {
                    game.texts()
                        .get(n.0 as usize)
                        .is_some_and(|t| t == "arguments")
                })
        })
    });
    let arguments_id = arguments.map(|v| v.id as u32);
    let keeps_locals = game
        .get::<Functions>()
        .is_some_and(|f| !f.code_locals.is_empty());
    let mut out = Vec::with_capacity(new.len());
    for (blob, e) in new {
        let strings = game
            .get_mut::<Strings>()
            .ok_or_else(|| Error::at("STRG", "the model does not read STRG"))?;
        let name = strings.add(&e.name);
        let mut locals = e.locals;
        if keeps_locals {
            let index = arguments_id.ok_or_else(|| {
                Error::at(
                    format!("code: {:?}", e.name),
                    "VARI has no local `arguments` for the new entry's code locals",
                )
            })?;
            let local_name = strings.add("arguments");
            let funcs = game.get_mut::<Functions>().expect("FUNC read above");
            funcs.code_locals.push(CodeLocals {
                code: Some(name),
                locals: vec![Local {
                    index,
                    name: Some(local_name),
                }],
            });
            locals = 1;
        }
        let flag = if flags && locals == 0 && e.offset == 0 {
            NO_LOCALS
        } else {
            0
        };
        out.push(CodeEntry {
            name: Some(name),
            blob: blob as u32,
            locals,
            arguments: e.arguments | flag,
            offset: e.offset,
        });
    }
    Ok(out)
}

/// A VARI or FUNC entry for a variable or function the code did not use, its name
/// `name` (added to STRG).
fn add_entry(
    game: &mut model::Game<'_>,
    added: &Added,
    name: StrId,
    operand: bool,
) -> Result<Target> {
    let missing = |chunk: &str| {
        Error::at(
            chunk,
            format!(
                "the model does not read {chunk}, so {:?} cannot be added",
                added.name
            ),
        )
    };
    let entry = if added.call {
        let funcs = game.get_mut::<Functions>().ok_or_else(|| missing("FUNC"))?;
        funcs.functions.push(Function {
            name: Some(name),
            uses: Uses::default(),
        });
        funcs.functions.len() - 1
    } else {
        let vars = game.get_mut::<Variables>().ok_or_else(|| missing("VARI"))?;
        let h = &mut vars.header;
        let id = match added.instance {
            LOCAL | BUILTIN => 0,
            _ if builtin_variables::is_builtin(&added.name) => BUILTIN,
            instance => next_id(h, instance),
        };
        vars.variables.push(Variable {
            name: Some(name),
            instance_type: added.instance,
            id,
            uses: Uses::default(),
        });
        vars.variables.len() - 1
    };
    Ok(Target {
        name: added.name.clone(),
        call: added.call,
        entry,
        name_index: name.0,
        first_at_operand: added.call && operand,
        local: added.instance == LOCAL,
    })
}

/// The id of a new self or global variable, counted in VARI's header.
fn next_id(h: &mut [u32; 3], instance: i32) -> i32 {
    let counts = if h[0] == h[1] || instance == -5 { 0 } else { 1 };
    let id = h[counts] as i32;
    if h[0] == h[1] {
        h[0] += 1;
        h[1] += 1;
    } else {
        h[counts] += 1;
    }
    id
}

/// Gives each local an edit added (its target, and the blob and first and last
/// place of its uses) its id and its place among its code entry's locals.
fn give_locals(game: &mut model::Game<'_>, locals: &[(&Target, (usize, u32, u32))]) -> Result<()> {
    let by_name = game
        .chunks
        .iter()
        .find(|p| p.name == FourCC::VARI)
        .is_some_and(|p| p.version >= Version::V2_3);
    // Locals not given an id yet, which no id may be taken from.
    let mut waiting: BTreeSet<usize> = locals.iter().map(|(t, _)| t.entry).collect();
    for &(t, (blob, first, last)) in locals {
        let fail = |why: String| Error::at(format!("code: local {:?}", t.name), why);
        let code = game.get::<CodeChunk>().expect("CODE was laid out above");
        let owner_of = |at: u32| {
            code.entries
                .iter()
                .enumerate()
                .filter_map(|(i, e)| Some((i, e.as_ref()?)))
                .filter(|(_, e)| e.blob as usize == blob && e.offset <= at)
                .max_by_key(|(_, e)| e.offset)
                .map(|(i, _)| i)
        };
        let owner =
            owner_of(first).ok_or_else(|| fail("no code entry runs its first use".into()))?;
        if owner_of(last) != Some(owner) {
            return Err(fail(
                "two functions of one blob use it: a new local belongs to one code entry".into(),
            ));
        }
        let entry = code.entries[owner].clone().expect("an entry found above");
        let vars = game
            .get_mut::<Variables>()
            .ok_or_else(|| fail("the model does not read VARI".into()))?;
        let id = if by_name {
            let named =
                |v: &&Variable| v.instance_type == LOCAL && v.name == Some(StrId(t.name_index));
            let others = vars
                .variables
                .iter()
                .enumerate()
                .filter(|(i, _)| !waiting.contains(i))
                .map(|(_, v)| v);
            match others.clone().find(|v| named(v)) {
                Some(v) => v.id,
                None => others.map(|v| v.id).max().map_or(0, |m| m + 1),
            }
        } else {
            i32::from(entry.locals)
        };
        vars.variables[t.entry].id = id;
        waiting.remove(&t.entry);
        let count = entry.locals + 1;
        vars.header[2] = vars.header[2].max(u32::from(count));
        if let Some(Some(e)) = game
            .get_mut::<CodeChunk>()
            .and_then(|c| c.entries.get_mut(owner))
        {
            e.locals = count;
            e.arguments &= !NO_LOCALS;
        }
        if let Some(funcs) = game
            .get_mut::<Functions>()
            .filter(|f| !f.code_locals.is_empty())
        {
            let local = Local {
                index: id as u32,
                name: Some(StrId(t.name_index)),
            };
            match funcs.code_locals.iter_mut().find(|l| l.code == entry.name) {
                Some(list) => list.locals.push(local),
                None => funcs.code_locals.push(CodeLocals {
                    code: entry.name,
                    locals: vec![local],
                }),
            }
        }
    }
    Ok(())
}
