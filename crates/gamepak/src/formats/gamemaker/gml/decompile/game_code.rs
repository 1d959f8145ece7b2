//! The decompiler's front door: a game's code entries as GML trees and text.

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;

use crate::formats::gamemaker::bytecode::instruction::Instr;
use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::gml::compile::evidence::of_game;
use crate::formats::gamemaker::gml::decompile::array_writes;
use crate::formats::gamemaker::gml::decompile::blocks::blocks;
use crate::formats::gamemaker::gml::decompile::context::{Context, RefKinds};
use crate::formats::gamemaker::gml::decompile::fragments::fragments;
use crate::formats::gamemaker::gml::decompile::graph::Graph;
use crate::formats::gamemaker::gml::decompile::script_params::ScriptParams;
use crate::formats::gamemaker::gml::decompile::sim::Stuck;
use crate::formats::gamemaker::gml::decompile::tidy::{Tidy, Walked};
use crate::formats::gamemaker::gml::decompile::walk::Walker;
use crate::formats::gamemaker::gml::language::ast::Stmt;
use crate::formats::gamemaker::gml::language::parse::MAX_DEPTH;
use crate::formats::gamemaker::gml::language::print::{print, Style};
use crate::formats::gamemaker::gml::language::tree_bounds;
use crate::formats::gamemaker::model::chunks::symbols::Functions;
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::formats::gamemaker::model::wire::StrId;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::formats::gamemaker::{bytecode::disassemble, inspect::release};
use crate::fourcc::FourCC;

/// One code entry, decompiled.
#[derive(Debug, Clone)]
pub struct Decompiled {
    /// The code entry's name.
    pub name: String,
    /// Its statements, or why they could not be found.
    pub body: Result<Vec<Stmt>, Stuck>,
}

/// A code entry of a blob: its name and where in the blob it starts.
#[derive(Debug, Clone)]
pub struct EntryAt<'e> {
    /// The entry's name.
    pub name: &'e str,
    /// Its start, in bytes from the blob's.
    pub start: u32,
}

/// Every code entry of `game`, in code-entry order; null entries are skipped.
pub fn decompile(game: &FileView<'_>) -> Vec<Decompiled> {
    decompile_blobs(game, |_| true)
        .into_iter()
        .zip(&game.code)
        .filter_map(|(body, e)| {
            Some(Decompiled {
                name: e.name.to_string(),
                body: body?,
            })
        })
        .collect()
}

/// Each code entry's statements, by code-entry index, for the blobs (by index in
/// [`FileView::blob_entries`]) that `wanted` names; `None` for a null entry or one
/// not wanted. Blobs are decompiled across cores.
pub fn decompile_blobs(
    game: &FileView<'_>,
    wanted: impl Fn(usize) -> bool + Sync,
) -> Vec<Option<Result<Vec<Stmt>, Stuck>>> {
    crate::pass_stack::run(|| decompile_wanted(game, &wanted))
}

fn decompile_wanted(
    game: &FileView<'_>,
    wanted: impl Fn(usize) -> bool + Sync,
) -> Vec<Option<Result<Vec<Stmt>, Stuck>>> {
    let names = disassemble::names(game);
    let releases = release::infer(game).releases;
    let ctx = context(game, &names, releases);
    let every_owner = array_writes::names_every_owner(releases);
    let blobs = game.blob_entries();
    let bodies: Vec<Vec<Result<Vec<Stmt>, Stuck>>> = blobs
        .par_iter()
        .enumerate()
        .map(|(k, entries)| {
            // Scripts are read whenever anything is: what their bodies do with
            // their parameters names the arguments of calls to them.
            let script = entries.iter().any(|&e| is_script(&game.code[e].name));
            if !wanted(k) && !script {
                return Vec::new();
            }
            let first = &game.code[entries[0]];
            let bytes = game.code_space.bytes(first.blob, first.length.into());
            let mut instrs = names.decode(bytes, first.blob, game.code_space.endian);
            if every_owner {
                array_writes::mark_reference_writes(&mut instrs, &names.chains);
            }
            let own: HashSet<&str> = entries.iter().map(|&e| &*game.code[e].name).collect();
            crate::formats::gamemaker::gml::decompile::function_pushes::functions_by_name(
                &mut instrs,
                |s| ctx.string(s).is_some_and(|name| own.contains(name)),
            );
            let at: Vec<EntryAt> = entries
                .iter()
                .map(|&e| EntryAt {
                    name: &game.code[e].name,
                    start: game.code[e].start,
                })
                .collect();
            decompile_blob(&ctx, &instrs, first.length, &at)
        })
        .collect();
    let mut out = vec![None; game.code.len()];
    for (entries, bodies) in blobs.iter().zip(bodies) {
        for (&e, body) in entries.iter().zip(bodies) {
            out[e] = Some(body);
        }
    }
    name_script_arguments(
        &ctx,
        out.iter_mut()
            .zip(&game.code)
            .filter_map(|(body, e)| Some((&*e.name, body.as_mut()?.as_mut().ok()?))),
    );
    out
}

/// Whether code entry `name` holds a script: its body (before 2.3) or the
/// functions it declares.
fn is_script(name: &str) -> bool {
    name.starts_with("gml_Script_") || name.starts_with("gml_GlobalScript_")
}

/// Names the arguments of the calls to the game's own scripts among `entries`
/// (each a code entry's name and body) by what the scripts' bodies do with their
/// parameters.
pub fn name_script_arguments<'b>(
    ctx: &Context<'_>,
    entries: impl Iterator<Item = (&'b str, &'b mut Vec<Stmt>)>,
) {
    let mut entries: Vec<(&str, &mut Vec<Stmt>)> = entries.collect();
    let params = ScriptParams::read(&mut entries);
    for (_, body) in entries {
        params.name_arguments(body, ctx);
    }
}

/// The entries of one blob of `length` bytes whose instructions are `instrs`, each
/// decompiled, in the order of `entries`.
pub fn decompile_blob(
    ctx: &Context<'_>,
    instrs: &[Instr],
    length: u32,
    entries: &[EntryAt<'_>],
) -> Vec<Result<Vec<Stmt>, Stuck>> {
    let mut starts: Vec<u32> = entries.iter().map(|e| e.start).collect();
    starts.sort_unstable();
    starts.dedup();
    let mut found = blocks(instrs, length, &starts);
    catch_edges(ctx, instrs, &mut found);
    let parts = fragments(&found, &starts);
    let by_name: HashMap<&str, u32> = entries.iter().map(|e| (e.name, e.start)).collect();
    // A block no entry reaches (code after `exit`, a catch handler) belongs to the
    // fragment whose blocks are laid out around it.
    let mut owner = vec![None; found.len()];
    for (f, part) in parts.iter().enumerate() {
        for &b in &part.blocks {
            owner[b] = Some(f);
        }
    }
    let mut unreached: Vec<Vec<usize>> = vec![Vec::new(); parts.len()];
    for b in 0..found.len() {
        // GameMaker leaves instructions nothing reaches after some constructs: a
        // switch's `b default; b end`, the `popz` ending a switch all of whose cases
        // return, the `exit` ending a script that returned. They hold no code.
        let code = &instrs[found[b].start..found[b].end];
        let only_jumps = code
            .iter()
            .all(|i| matches!(i.op, op::B | op::POPZ | op::EXIT));
        if owner[b].is_none() && !only_jumps {
            if let Some(f) = (0..b).rev().find_map(|p| owner[p]) {
                unreached[f].push(b);
            }
        }
    }
    let mut bodies: HashMap<u32, Result<Walked, Stuck>> = HashMap::new();
    // Read once for the blob: every function of it shares the set, and the budget
    // for copies.
    let local_names =
        std::rc::Rc::new(crate::formats::gamemaker::gml::decompile::walk::local_names(ctx, instrs));
    let copies_left = std::rc::Rc::new(std::cell::Cell::new(
        crate::formats::gamemaker::gml::decompile::sim::COPY_BUDGET,
    ));
    for (f, part) in parts.iter().enumerate() {
        let graph = Graph::new(&found, part, &unreached[f]);
        let after = part.blocks.iter().max().map(|&last| last + 1);
        let own_exit_unreached = after
            .filter(|&n| n < found.len() && owner[n].is_none())
            .is_some_and(
                |n| matches!(&instrs[found[n].start..found[n].end], [i] if i.op == op::EXIT),
            );
        let body = match found.iter().position(|b| b.at == part.start) {
            Some(entry) => {
                let walk = |renamed: u16| {
                    let mut walker = Walker::new(
                        ctx,
                        instrs,
                        &found,
                        &graph,
                        &unreached[f],
                        local_names.clone(),
                        copies_left.clone(),
                    );
                    walker.arguments.renamed = renamed;
                    walker.function(entry).map(|body| Walked {
                        body,
                        locals: walker.locals,
                        constructor: walker.sets_statics,
                        inherits: walker.inherits.take(),
                        arguments: walker.arguments,
                        own_exit_unreached,
                    })
                };
                // A function reading built-in `argumentK` beside its parameter K
                // (2.3.0's MayitaMayoso/vendaval) is walked again with the
                // parameter renamed, as no name could stand for both; the test of
                // a default (2024.13 on) reads the built-in by design.
                walk(0).and_then(|w| match hidden_parameters(&w) {
                    0 => Ok(w),
                    renamed => walk(renamed),
                })
            }
            None => Err(Stuck {
                at: part.start,
                why: "the entry starts at no block".into(),
            }),
        };
        bodies.insert(part.start, body);
    }
    let declared_at = declarations(ctx, instrs, entries);
    let tidy = Tidy::new(ctx, &by_name, &bodies, &declared_at);
    entries
        .iter()
        .map(|e| match bodies.get(&e.start) {
            Some(Ok(w)) => tidy
                .function_body(e.name, w.clone())
                .and_then(|body| readable(body, e.start)),
            Some(Err(s)) => Err(s.clone()),
            None => Err(Stuck {
                at: e.start,
                why: "no fragment starts here".into(),
            }),
        })
        .collect()
}

/// `body`, unless it is too deep for GML text to hold: each function's statements
/// and expressions are bounded as they are walked, but functions declared inside
/// others add up.
fn readable(body: Vec<Stmt>, start: u32) -> Result<Vec<Stmt>, Stuck> {
    if tree_bounds::block_depth(&body, MAX_DEPTH) > MAX_DEPTH {
        return Err(Stuck {
            at: start,
            why: tree_bounds::code_too_deep(),
        });
    }
    Ok(body)
}

/// The parameters of a walked function that its body also reads as built-in
/// variables, past the tests of their defaults.
fn hidden_parameters(w: &Walked) -> u16 {
    let both = w.arguments.named & w.arguments.pushed_builtin;
    both & !crate::formats::gamemaker::gml::decompile::tidy::defaulted(&w.body)
}

/// For each function the blob declares (an entry starting past 0), where its
/// declaration pushes it: the first push of the function from where the branch
/// over its body goes (a value computed before the function, as a struct
/// field's, may come between).
fn declarations(ctx: &Context<'_>, instrs: &[Instr], entries: &[EntryAt<'_>]) -> HashMap<u32, u32> {
    use crate::formats::gamemaker::bytecode::instruction::Operand;
    entries
        .iter()
        .filter(|e| e.start > 0)
        .filter_map(|e| {
            let k = instrs.partition_point(|i| i.at < e.start);
            let end = match instrs.get(k.checked_sub(1)?)?.operand {
                Operand::Branch(to) if instrs.get(k)?.at == e.start => to,
                _ => return None,
            };
            let push = instrs[instrs.partition_point(|i| i.at < end)..]
                .iter()
                .find(|i| {
                    crate::formats::gamemaker::gml::decompile::function_pushes::pushed_function(
                        ctx, i,
                    ) == Some(e.name)
                })?;
            Some((e.start, push.at))
        })
        .collect()
}

/// Joins each `try`'s hook to its `catch` handler, which no branch reaches (an
/// exception does), so that the handler belongs to the blocks around it.
fn catch_edges(
    ctx: &Context<'_>,
    instrs: &[Instr],
    found: &mut [crate::formats::gamemaker::gml::decompile::blocks::Block],
) {
    for (k, i) in instrs.iter().enumerate() {
        let hook = match i.operand {
            crate::formats::gamemaker::bytecode::instruction::Operand::Call {
                callee: crate::formats::gamemaker::bytecode::instruction::Callee::Chain(c),
                ..
            } => ctx.chain_name(c) == Some("@@try_hook@@"),
            _ => false,
        };
        let catch = match k.checked_sub(2).map(|p| &instrs[p].operand) {
            Some(crate::formats::gamemaker::bytecode::instruction::Operand::Int(at)) => {
                u32::try_from(*at).ok()
            }
            _ => None,
        };
        let (true, Some(catch)) = (hook, catch) else {
            continue;
        };
        let from = found.partition_point(|b| b.end <= k);
        let to = found.binary_search_by_key(&catch, |b| b.at);
        if let (Some(block), Ok(to)) = (found.get_mut(from), to) {
            if !block.next.contains(&to) {
                block.next.push(to);
            }
        }
    }
}

/// `body` as GML text, in the style the game's release reads.
pub fn text(game: &FileView<'_>, body: &[Stmt]) -> String {
    print(
        body,
        Style {
            escapes: escapes(game),
        },
    )
}

fn escapes(game: &FileView<'_>) -> bool {
    game.gen8.version[0] >= 2
}

fn context<'a>(
    game: &'a FileView<'a>,
    names: &'a disassemble::Names,
    releases: Range,
) -> Context<'a> {
    // How the game's code names its own variables and its resources, as the
    // compiler's evidence reads it.
    let settled = of_game(game, names, releases).0;
    let mut assets: HashMap<FourCC, Vec<Option<String>>> = HashMap::new();
    for (part, list) in game.model.chunks.iter().zip(game.model.chunk_names()) {
        if let Some(list) = list {
            assets.insert(
                part.name,
                list.into_iter().map(|n| n.map(str::to_owned)).collect(),
            );
        }
    }
    Context {
        strings: game.texts(),
        chains: &names.chains,
        assets,
        locals: locals(game),
        arguments: game
            .code
            .iter()
            .map(|e| (e.name.to_string(), e.arguments & 0x7fff))
            .collect(),
        refs: RefKinds::of(releases.low),
        typed_booleans: releases.low >= Version::V2022_1,
        tested_booleans: releases.low >= Version::V2_3,
        explicit_self: settled.self_through_builtin,
        typed_references: settled.typed_references,
        instances_by_number: !settled.bytecode_14(),
    }
}

/// The names of each code entry's locals, from FUNC's lists.
fn locals(game: &FileView<'_>) -> HashMap<String, Vec<String>> {
    let texts = game.texts();
    let text = |id: Option<StrId>| {
        id.and_then(|i| texts.get(i.0 as usize))
            .map(|t| t.to_string())
    };
    let Some(functions) = game.chunk::<Functions>() else {
        return HashMap::new();
    };
    functions
        .code_locals
        .iter()
        .filter_map(|c| {
            let names = c.locals.iter().filter_map(|l| text(l.name)).collect();
            Some((text(c.code)?, names))
        })
        .collect()
}
