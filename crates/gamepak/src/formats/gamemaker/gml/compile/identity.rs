//! Whether the compiler gives GameMaker's own bytecode back: each code entry of a
//! game decompiled, compiled again, and its instructions compared with the
//! original's, branch targets counted in instructions so that a difference in
//! size shows where it starts.

use crate::formats::gamemaker::bytecode::disassemble;
use crate::formats::gamemaker::gml::decompile::game_code::decompile_blobs;
use crate::formats::gamemaker::gml::decompile::sim::Stuck;
use crate::formats::gamemaker::gml::language::ast::Stmt;
use crate::formats::gamemaker::views::code_entries;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::formats::gamemaker::{gml::compile::compile, gml::compile::Env, gml::compile::Source};

/// How one code entry came back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The same instructions.
    Same,
    /// It did not decompile, or not compile: why.
    Failed(String),
    /// Other instructions: the first line that differs, both ways, and the
    /// listings.
    Differs {
        /// The first instruction that differs.
        at: usize,
        /// GameMaker's instructions.
        original: Vec<String>,
        /// Ours.
        compiled: Vec<String>,
    },
}

/// A code entry of a game as the decompiler reads it, ready to compile again.
#[derive(Debug)]
pub struct Decompiled {
    /// The code entry's index in CODE.
    pub index: usize,
    /// Its statements, or why it did not decompile.
    pub body: Result<Vec<Stmt>, Stuck>,
    /// The entry names of the functions its blob declares, in layout order.
    pub functions: Vec<String>,
}

/// Each code entry of `game` that starts its blob (and holds the others, its
/// functions), decompiled.
pub fn decompiled(game: &FileView<'_>) -> Vec<Decompiled> {
    let mut bodies = decompile_blobs(game, |_| true);
    let mut out = Vec::new();
    for entries in game.blob_entries() {
        let Some(&e) = entries.iter().find(|&&e| game.code[e].start == 0) else {
            continue;
        };
        let Some(Some(body)) = bodies.get_mut(e).map(Option::take) else {
            continue;
        };
        let mut functions: Vec<&code_entries::Entry> = entries
            .iter()
            .map(|&k| &game.code[k])
            .filter(|c| c.start != 0)
            .collect();
        functions.sort_by_key(|c| c.start);
        out.push(Decompiled {
            index: e,
            body,
            functions: functions.iter().map(|c| c.name.to_string()).collect(),
        });
    }
    out
}

/// Each code entry of `game` that starts its blob (with the functions it
/// declares), by name, and how it came back.
pub fn identity(game: &FileView<'_>) -> Vec<(String, Outcome)> {
    let names = disassemble::names(game);
    let env = Env::of(game);
    decompiled(game)
        .into_iter()
        .map(|d| {
            let entry = &game.code[d.index];
            let outcome = match &d.body {
                Err(s) => Outcome::Failed(format!("does not decompile: {}", s.why)),
                Ok(body) => against(game, &env, &names, d.index, body, &d.functions),
            };
            (entry.name.to_string(), outcome)
        })
        .collect()
}

/// `body` compiled as code entry `entry` of `game` (declaring the functions
/// named `functions`), against GameMaker's own instructions for it; `names` are
/// the game's chains.
pub fn against(
    game: &FileView<'_>,
    env: &Env,
    names: &disassemble::Names,
    entry: usize,
    body: &[Stmt],
    functions: &[String],
) -> Outcome {
    let code = &game.code[entry];
    match compile(
        env,
        Source {
            entry: &code.name,
            body,
            functions,
            places: None,
        },
    ) {
        Err(errors) => Outcome::Failed(errors[0].to_string()),
        Ok(compiled) => match compiled.code.text(0) {
            Err(e) => Outcome::Failed(e),
            Ok(text) => compare(original_lines(game, code, names), listing(&text)),
        },
    }
}

/// The first difference that is not only a branch target: a target differs
/// because code between differs in size.
fn compare(original: Vec<String>, compiled: Vec<String>) -> Outcome {
    let untargeted = |s: &String| s.split(" #").next().unwrap_or("").to_string();
    let first = |strict: bool| {
        original.iter().zip(&compiled).position(|(a, b)| {
            if strict {
                a != b
            } else {
                untargeted(a) != untargeted(b)
            }
        })
    };
    let shorter = (original.len() != compiled.len()).then(|| original.len().min(compiled.len()));
    match first(false).or(shorter).or_else(|| first(true)) {
        None => Outcome::Same,
        Some(at) => Outcome::Differs {
            at,
            original,
            compiled,
        },
    }
}

/// The original instructions of `entry`, targets as instruction numbers.
fn original_lines(
    game: &FileView<'_>,
    entry: &code_entries::Entry<'_>,
    names: &disassemble::Names,
) -> Vec<String> {
    let (lines, _) = disassemble::instructions(
        &game.code_space,
        entry.blob,
        entry.length,
        names,
        game.texts(),
    );
    let mut text = String::new();
    for l in &lines {
        text.push_str(&format!("@{:x}\n{}\n", l.at - entry.blob, l.text));
    }
    text.push_str(&format!("@{:x}\n", entry.length));
    numbered(&text)
}

/// Disassembly text as numbered instructions: comments dropped, and each branch
/// target (a label, `Lxxxx:` on its own line before the instruction it names)
/// replaced by the number of that instruction.
pub fn listing(text: &str) -> Vec<String> {
    let mut index = std::collections::HashMap::new();
    let mut instrs: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        match line.strip_suffix(':') {
            Some(label) => {
                index.insert(label.to_string(), instrs.len());
            }
            None => instrs.push(line.to_string()),
        }
    }
    targets_numbered(instrs, &index)
}

/// Lines alternating `@offset` and an instruction, as numbered instructions.
fn numbered(text: &str) -> Vec<String> {
    let mut index = std::collections::HashMap::new();
    let mut instrs = Vec::new();
    for line in text.lines() {
        if let Some(off) = line.strip_prefix('@') {
            let at = u32::from_str_radix(off, 16).unwrap_or(0);
            index.insert(format!("L{at:04x}"), instrs.len());
        } else {
            instrs.push(line.to_string());
        }
    }
    targets_numbered(instrs, &index)
}

fn targets_numbered(
    instrs: Vec<String>,
    index: &std::collections::HashMap<String, usize>,
) -> Vec<String> {
    instrs
        .into_iter()
        .map(|i| match i.rsplit_once(' ') {
            Some((head, target)) if is_branch(head) => match index.get(target) {
                Some(n) => format!("{head} #{n}"),
                None => i,
            },
            _ => i,
        })
        .collect()
}

fn is_branch(head: &str) -> bool {
    matches!(head, "b" | "bt" | "bf" | "pushenv" | "popenv")
}

/// A game's code decompiled once, to compile again: what the compiler's
/// benchmark times, with the game's compiler settings read from its code.
pub struct Recompile<'a> {
    game: FileView<'a>,
    sources: Vec<Decompiled>,
}

impl<'a> Recompile<'a> {
    /// The game in `data`, read and decompiled.
    pub fn new(data: &'a [u8]) -> crate::Result<Self> {
        let game = crate::formats::gamemaker::views::file_view::read(data)?;
        let sources = decompiled(&game);
        Ok(Recompile { game, sources })
    }

    /// How many entries there are to compile.
    pub fn entries(&self) -> usize {
        self.sources.len()
    }

    /// Compiles every entry (across cores), with the game's settings read again
    /// from its code; says how many compiled.
    pub fn compile_all(&self) -> usize {
        use rayon::prelude::*;
        let env = Env::of(&self.game);
        crate::pass_stack::run(|| {
            self.sources
                .par_iter()
                .filter_map(|d| {
                    let source = Source {
                        entry: &self.game.code[d.index].name,
                        body: d.body.as_ref().ok()?,
                        functions: &d.functions,
                        places: None,
                    };
                    compile(&env, source).ok()
                })
                .count()
        })
    }
}
