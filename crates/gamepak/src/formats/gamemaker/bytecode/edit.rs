//! Edited code disassemblies, assembled back into instruction blobs.
//!
//! A blob's code ([`Assembly`], from a text or the compiler) is assembled
//! instruction by instruction (see `assemble`): instructions may be changed,
//! added or removed, labels (`Lxxxx:`) mark the places branches go to and where the
//! functions sharing a blob start, and comments are ignored. Each variable or
//! function an instruction names is looked up among the VARI and FUNC entries the
//! code already uses: by name, then by instance, then among those the blob already
//! uses. The blobs then go into the model as typed instructions, each use on its
//! chain ([`super::relink::Linker::relink`]); the walk that writes CODE links the
//! chains again: counts, first addresses (instruction or operand, as the file has
//! them), and each operand's low 27 bits (the distance to the next use; on the
//! last, the STRG index of the entry's name).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use crate::error::{Error, Result};
use crate::formats::gamemaker::bytecode::assemble::{self, Use};
use crate::formats::gamemaker::bytecode::assembly::Assembly;
use crate::formats::gamemaker::bytecode::disassemble::Names;
use crate::formats::gamemaker::bytecode::function_spans::{function_at, function_ranges};
use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::bytecode::symbolic::Asm;
use crate::formats::gamemaker::views::code_entries;
use crate::formats::gamemaker::views::file_view::FileView;

/// A blob's new content: its bytes, the chain each variable or function use is on
/// (by offset in the blob), and where each function that starts in it now starts
/// (old offset to new).
#[derive(Debug, Clone)]
pub struct Blob {
    pub bytes: Vec<u8>,
    pub uses: Vec<(u32, usize)>,
    pub starts: HashMap<u32, u32>,
}

/// The chains a blob used before an edit: each with the instance fields of its
/// uses there, and the functions of the blob (by order of their starts) its uses
/// were in.
#[derive(Default)]
struct Here {
    fields: HashMap<usize, HashSet<i16>>,
    functions: HashMap<usize, HashSet<String>>,
}

/// The instance field (the word's low 16 bits) of the use at `at`.
fn instance_field(game: &FileView<'_>, at: u64) -> i16 {
    game.code_space.word(at).unwrap_or(0) as u16 as i16
}

/// One game's chains and strings, read once for every blob edited.
pub struct Editor<'g, 'a> {
    pub(crate) game: &'g FileView<'a>,
    pub(crate) names: Names,
    strings: HashMap<&'g str, u32>,
    /// Texts the edits push that STRG will hold after its own, by index.
    new_strings: HashMap<String, u32>,
    /// The STRG index of each chain's name.
    pub(crate) name_index: Vec<Option<u32>>,
    /// The instance fields of each chain's uses.
    fields: Vec<HashSet<i16>>,
    /// Every use of a variable or function in the code, by address: its chain.
    uses: Vec<(u64, usize)>,
    /// Functions code being packed declares (new scripts, and functions in any
    /// edited or new text), which a call may name before FUNC lists them.
    declared: HashSet<String>,
    /// Variables and functions the code did not use before an edit named them: the
    /// chains after [`Names::chains`], which [`Editor::relink`] gives VARI and FUNC
    /// entries.
    pub(crate) added: RefCell<Vec<Added>>,
    /// Where each of [`Editor::added`] is in it.
    added_places: RefCell<HashMap<Added, usize>>,
}

/// A code entry a new code file declares, and where in its blob it starts.
#[derive(Debug, Clone)]
pub struct NewEntry {
    pub name: String,
    pub arguments: u16,
    pub locals: u16,
    pub offset: u32,
}

/// A variable or function an edit uses for the first time.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Added {
    pub call: bool,
    pub name: String,
    /// VARI's instance type: -1 (self), -5 (global), -6 (built in) or -7 (local); 0
    /// for a function.
    pub instance: i32,
    /// A local's blob: each code entry has locals of its own.
    pub scope: Option<usize>,
}

impl<'g, 'a> Editor<'g, 'a> {
    /// The editor of `game`, whose code's chains `names` were read already.
    pub fn with_names(game: &'g FileView<'a>, names: Names) -> Self {
        let mut strings = HashMap::new();
        for (i, t) in game.texts().iter().enumerate() {
            strings.entry(&**t).or_insert(i as u32);
        }
        let name_index = names.chains.iter().map(|c| c.name_id).collect();
        let mut fields = vec![HashSet::new(); names.chains.len()];
        for (&at, &c) in &names.owner {
            fields[c].insert(instance_field(game, at));
        }
        let mut uses: Vec<(u64, usize)> = names.owner.iter().map(|(&at, &c)| (at, c)).collect();
        uses.sort_unstable();
        Editor {
            game,
            fields,
            uses,
            names,
            strings,
            new_strings: HashMap::new(),
            declared: HashSet::new(),
            name_index,
            added: RefCell::new(Vec::new()),
            added_places: RefCell::new(HashMap::new()),
        }
    }

    /// Texts to be added to the end of STRG, which edits may push.
    pub fn with_strings(mut self, texts: &[String]) -> Self {
        let base = self.game.texts().len() as u32;
        self.new_strings = texts
            .iter()
            .enumerate()
            .map(|(k, t)| (t.clone(), base + k as u32))
            .collect();
        self
    }

    /// Functions the code being packed declares: calls may name them.
    pub fn with_functions(mut self, names: impl Iterator<Item = String>) -> Self {
        self.declared.extend(names);
        self
    }

    /// Why a call of `name`, which no FUNC entry lists, may not be made: it is
    /// no built-in function, no internal one, and nothing of the game's or the
    /// code being packed declares it.
    fn unknown_function(&self, name: &str) -> Option<String> {
        use crate::formats::gamemaker::gml::language::builtins;
        let game = self.game;
        let scripts = || {
            game.model
                .get::<crate::formats::gamemaker::model::chunks::scripts::Scripts>()
                .into_iter()
                .flat_map(|s| s.scripts.iter().flatten())
                .filter_map(|s| game.texts().get(s.name?.0 as usize).map(|t| &**t))
        };
        if builtins::function(name).is_some()
            || builtins::is_internal_function(name)
            || self.declared.contains(name)
            || game.code.iter().any(|c| *c.name == *name)
            || scripts().any(|s| s == name)
        {
            return None;
        }
        let known = self
            .names
            .chains
            .iter()
            .filter(|c| c.call)
            .map(|c| c.name.as_str());
        let hint = match builtins::nearest_function(name, known.chain(scripts())) {
            Some(n) => format!("did you mean `{n}`?"),
            None => "no built-in function, script or function of the game has this name".into(),
        };
        Some(format!("unknown function `{name}`; {hint}"))
    }

    /// Whether the game's release has functions (2.3 on), and with them
    /// `static` and parameter variables.
    fn has_functions(&self) -> bool {
        crate::formats::gamemaker::inspect::release::infer(self.game)
            .releases
            .high
            >= crate::formats::gamemaker::model::version::Version::V2_3
    }

    /// A text's STRG index: its first place, or its place among the new ones.
    fn string_index(&self, text: &str) -> Option<u32> {
        self.strings
            .get(text)
            .or_else(|| self.new_strings.get(text))
            .copied()
    }

    /// The uses of blob `blob` (its place in the file) of `length` bytes: each
    /// one's address and chain, in address order.
    fn uses_in(&self, blob: u64, length: u32) -> &[(u64, usize)] {
        let end = blob + u64::from(length);
        let from = self.uses.partition_point(|&(at, _)| at < blob);
        let to = self.uses.partition_point(|&(at, _)| at < end);
        &self.uses[from..to]
    }

    /// Blob `k` as stored.
    pub fn stored(&self, k: usize) -> Blob {
        let (blob, length, entries) = self.blob(k).expect("a blob the game holds");
        let uses = self
            .uses_in(blob, length)
            .iter()
            .map(|&(at, c)| ((at - blob) as u32, c))
            .collect();
        Blob {
            bytes: self.game.code_space.bytes(blob, length.into()).to_vec(),
            uses,
            starts: entries.iter().map(|e| (e.start, e.start)).collect(),
        }
    }

    fn blob(&self, k: usize) -> Option<(u64, u32, Vec<&code_entries::Entry<'_>>)> {
        let game = self.game;
        let entries: Vec<&code_entries::Entry<'_>> = game
            .blob_entries()
            .get(k)?
            .iter()
            .map(|&i| &game.code[i])
            .collect();
        Some((entries[0].blob, entries[0].length, entries))
    }

    /// Blob `k` as the edited code `code` (from `file`) says, and the code
    /// entries its headings declare that the blob did not hold (functions added
    /// to it).
    pub fn assemble(&self, k: usize, code: &Assembly, file: &str) -> Result<(Blob, Vec<NewEntry>)> {
        let (blob, length, entries) = self
            .blob(k)
            .ok_or_else(|| Error::at(file, format!("the file has no code blob {k}")))?;
        let mut used_here = Here::default();
        let starts: Vec<u32> = entries.iter().map(|e| e.start).collect();
        // A function's body ends where the branch before it, over the body, goes.
        let over = |start: u32| {
            let at = blob + u64::from(start.checked_sub(4)?);
            let stored = self.game.code_space.word(at)?;
            let word = crate::formats::gamemaker::bytecode::instruction::Word::decode(
                stored,
                self.names.old_opcodes,
            );
            (word.op == crate::formats::gamemaker::bytecode::opcodes::op::B).then(|| {
                let rel = ((word.w << 9) as i32 >> 9) * 4;
                (i64::from(start) - 4 + i64::from(rel)) as u32
            })
        };
        let ranges = function_ranges(&starts, over);
        for &(at, c) in self.uses_in(blob, length) {
            let field = instance_field(self.game, at);
            used_here.fields.entry(c).or_default().insert(field);
            let function = function_at(&ranges, (at - blob) as u32)
                .map_or(String::new(), |k| entries[k].name.to_string());
            used_here.functions.entry(c).or_default().insert(function);
        }
        let mut out = self.assemble_lines(code, file, &used_here, k)?;
        for e in &entries {
            // The code's own heading names the label where each function starts.
            let label = code
                .headings
                .iter()
                .find(|h| h.name == *e.name)
                .map_or_else(|| format!("L{:04x}", e.start), |h| h.label.clone());
            let new = match code.label(&label) {
                Some(at) => at,
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
        let held: Vec<&str> = entries.iter().map(|e| &*e.name).collect();
        let added = declared(code, file)?
            .into_iter()
            .filter(|e| !held.contains(&e.name.as_str()))
            .collect();
        Ok((out, added))
    }

    /// Code that is no blob of the game yet, to be blob number `blob`: a new
    /// blob, and the code entries its headings declare (`; name (arguments A,
    /// locals L) starts at Lxxxx`), each with where it starts.
    pub fn assemble_new(
        &self,
        code: &Assembly,
        file: &str,
        blob: usize,
    ) -> Result<(Blob, Vec<NewEntry>)> {
        let out = self.assemble_lines(code, file, &Here::default(), blob)?;
        let entries = declared(code, file)?;
        if entries.is_empty() {
            return Err(Error::at(
                file,
                "a new code file names its code entry in a heading: \
                 `; gml_Object_obj_name_Step_0 (arguments 0, locals 0) starts at L0000`",
            ));
        }
        Ok((out, entries))
    }

    /// An assembled instruction in the game's own numbering: bytecode 13 and 14
    /// have older opcodes (see `opcodes::to_v14`), and some later instructions none.
    fn numbered(&self, bytes: &mut [u8]) -> std::result::Result<(), String> {
        if !self.names.old_opcodes {
            return Ok(());
        }
        let endian = self.game.code_space.endian;
        let word = crate::formats::gamemaker::binary::words::get_u32(bytes, 0, endian);
        let old = crate::formats::gamemaker::bytecode::opcodes::to_v14(word)
            .ok_or("bytecode 14 has no such instruction")?;
        crate::formats::gamemaker::binary::words::put_u32(bytes, 0, old, endian);
        Ok(())
    }

    /// The instructions of `code` (from `file`, to be blob `blob`) assembled, with
    /// the chain of each use (`here` giving the chains the blob used before).
    fn assemble_lines(
        &self,
        code: &Assembly,
        file: &str,
        here: &Here,
        blob: usize,
    ) -> Result<Blob> {
        let at_line = |n: usize, why: String| Error::at(format!("{file}: line {n}"), why);
        let endian = self.game.code_space.endian;
        // Where each function of the code starts, by its heading, and where the
        // branch before it (over its body) goes, to tell which function a use is
        // in.
        let headed: Vec<(u32, &str)> = code
            .headings
            .iter()
            .filter_map(|h| Some((code.start_of(h)?, h.name.as_str())))
            .collect();
        let starts: Vec<u32> = headed.iter().map(|h| h.0).collect();
        let branch_before: HashMap<u32, u32> = code
            .lines
            .iter()
            .filter_map(|l| match l.asm {
                Asm::Branch { op: op::B, to } => Some((l.at + l.asm.size(), to)),
                _ => None,
            })
            .collect();
        let ranges = function_ranges(&starts, |s| branch_before.get(&s).copied());
        let mut out = Blob {
            bytes: Vec::with_capacity(code.size() as usize),
            uses: Vec::new(),
            starts: HashMap::new(),
        };
        let strings = |text: &str| self.string_index(text);
        for line in &code.lines {
            let at = out.bytes.len() as u32;
            let n = line.number;
            let mut i =
                assemble::encode(&line.asm, at, &strings, endian).map_err(|why| at_line(n, why))?;
            if !matches!(line.asm, Asm::Word(_)) {
                self.numbered(&mut i.bytes).map_err(|why| at_line(n, why))?;
            }
            if let Some(u) = i.uses {
                let function = function_at(&ranges, at).map_or("", |k| headed[k].1);
                let chain = self
                    .chain(u, here, blob, function)
                    .map_err(|why| at_line(n, why))?;
                out.uses.push((at, chain));
            }
            out.bytes.extend_from_slice(&i.bytes);
        }
        Ok(out)
    }

    /// The chain a use names: the only entry of that name; else the only one whose
    /// uses have the same instance field (a `builtin` push of a self variable), or of
    /// that name and instance type; else the only one of those the blob already
    /// uses; else the only one the blob already uses with that instance field; else
    /// the only one the same function of the blob (`function`, by its entry's
    /// name; empty for the blob's first entry) used; else, where nothing tells
    /// them apart, the first of the same instance type, or not a local. A
    /// local is only ever one the blob (number `blob`) uses: another entry's local of
    /// that name is another variable.
    fn chain(
        &self,
        u: Use<'_>,
        used_here: &Here,
        blob: usize,
        function: &str,
    ) -> std::result::Result<usize, String> {
        let in_blob = |c: usize| used_here.fields.contains_key(&c);
        let chains = &self.names.chains;
        let (call, name, instance) = match u {
            Use::Variable { name, instance } => (false, name, Some(i32::from(instance))),
            Use::Function(name) => (true, name, None),
        };
        // Bytecode 14 keeps one VARI entry per name, whatever holds the variable.
        let old = self.names.old_opcodes;
        let instance = instance.filter(|_| !old);
        let local = instance == Some(LOCAL);
        // A name used on an instance, the global, a parameter or a static is
        // never another entry's `var`, whatever they share the name of.
        let named_instance = matches!(instance, Some(SELF | GLOBAL | BUILTIN | ARG | STATIC));
        let named: Vec<usize> = (0..chains.len())
            .filter(|&c| chains[c].call == call && chains[c].name == name)
            .filter(|&c| !local || (chains[c].instance == LOCAL && in_blob(c)))
            .filter(|&c| !named_instance || chains[c].instance != LOCAL)
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
        // In GameMaker: Studio 1 a local array and a global one of the same name are
        // both used with the instance on the stack, told apart only by the blob.
        let used_alike_here: Vec<usize> = here
            .iter()
            .copied()
            .filter(|&c| instance.is_none_or(|i| used_here.fields[&c].contains(&(i as i16))))
            .collect();
        // Functions sharing a blob each have locals of their own, of the same
        // name as another's as often as not.
        let in_function: Vec<usize> = here
            .iter()
            .copied()
            .filter(|c| {
                used_here
                    .functions
                    .get(c)
                    .is_some_and(|f| f.contains(function))
            })
            .collect();
        for pick in [
            &named,
            &alike,
            &typed,
            &here,
            &alike_here,
            &used_alike_here,
            &in_function,
        ] {
            if let [one] = pick.as_slice() {
                return Ok(*one);
            }
        }
        // Nothing in the code tells them apart: the runner finds an instance's
        // variable by its name, so an entry of the same kind serves, the one of
        // the same instance type first, else one not a local.
        let fallback = typed
            .first()
            .or(alike.first())
            .or_else(|| named.iter().find(|&&c| chains[c].instance != LOCAL))
            .or(named.first());
        if let Some(&c) = fallback {
            return Ok(c);
        }
        if call {
            if let Some(why) = self.unknown_function(name) {
                return Err(why);
            }
        }
        let instance = match instance {
            None if old && !call => SELF,
            None => 0,
            Some(i @ (-5 | LOCAL)) => i,
            Some(BUILTIN)
                if crate::formats::gamemaker::bytecode::builtin_variables::is_builtin(name) =>
            {
                BUILTIN
            }
            // A parameter (`arg.argument0`, from 2024) has a built-in's entry, as
            // in the games; a static one of its own, numbered as self ones are.
            Some(ARG) if self.has_functions() => BUILTIN,
            Some(STATIC) if self.has_functions() => STATIC,
            Some(i @ (ARG | STATIC)) => {
                let kind = crate::formats::gamemaker::bytecode::opcodes::instance_name(i as i16);
                return Err(format!(
                    "no variable {name:?} is used anywhere in the code yet, and this \
                     release has no {kind} variables"
                ));
            }
            // From 2.3 a self variable's uses may name the `builtin` instance.
            Some(_) => -1,
        };
        let new = Added {
            call,
            name: name.to_string(),
            instance,
            scope: local.then_some(blob),
        };
        let mut added = self.added.borrow_mut();
        let mut places = self.added_places.borrow_mut();
        let k = *places.entry(new.clone()).or_insert_with(|| {
            added.push(new);
            added.len() - 1
        });
        Ok(chains.len() + k)
    }
}

/// The code entries the headings of `code` (from `file`) declare, each where
/// its label is.
fn declared(code: &Assembly, file: &str) -> Result<Vec<NewEntry>> {
    code.headings
        .iter()
        .map(|h| {
            let offset = code.start_of(h).ok_or_else(|| {
                Error::at(
                    file,
                    format!(
                        "{} starts at {}, but no such label is in the text",
                        h.name, h.label
                    ),
                )
            })?;
            Ok(NewEntry {
                name: h.name.clone(),
                arguments: h.arguments,
                locals: h.locals,
                offset,
            })
        })
        .collect()
}

/// The number of the line of `text` whose instruction starts at byte `at` of
/// its blob.
pub fn line_of(text: &str, at: u32) -> Option<usize> {
    Assembly::parse(text).ok()?.line_at(at)
}

/// VARI's instance type of a local variable.
pub const LOCAL: i32 = -7;

/// The instance a function's parameters are named on, from 2024.
const ARG: i32 = -15;
/// The instance running the code.
const SELF: i32 = -1;
/// The global instance.
const GLOBAL: i32 = -5;

/// The instance a function's `static` variables are named on.
const STATIC: i32 = -16;

/// The instance GameMaker's own variables may be named on.
pub const BUILTIN: i32 = -6;
