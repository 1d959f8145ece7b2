//! A game's code taken through what a modder does with it, counted: the entries
//! that decompile, those whose GML parses and prints back to the same text, and
//! those that compile back to GameMaker's own instructions, with the first reason
//! each one that did not gave. Sweeps over many games add these up per release
//! family; the packs around them are the caller's (they need a folder).

use serde::Serialize;

use super::compile::identity::{identity, Outcome};
use super::decompile::{decompile, text};
use super::parse::parse_with;
use super::print::{print, Style};
use crate::formats::gamemaker::{game, version};
use crate::Result;

/// What one game's code gave.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CodeSweep {
    /// The releases the file can be from, in words.
    pub release: String,
    /// The family of the oldest of them (see [`Version::family`](crate::gamemaker::Version::family)).
    pub family: String,
    /// Code entries, null ones left out.
    pub entries: usize,
    /// Entries that decompile.
    pub decompiled: usize,
    /// Entries whose GML parses back and prints to the same text.
    pub reprinted: usize,
    /// Entries that compile back to GameMaker's own instructions.
    pub compiled: usize,
    /// One line for each entry that fell short, saying where and why.
    pub reasons: Vec<String>,
    /// For each entry that compiles to other instructions, its name and both
    /// listings side by side, the first difference marked with `>`.
    #[serde(skip)]
    pub listings: Vec<(String, String)>,
}

/// The sweep of the game `data` holds.
pub fn sweep(data: &[u8]) -> Result<CodeSweep> {
    let g = game::read(data)?;
    let inferred = version::infer(&g);
    let mut out = CodeSweep {
        family: inferred.releases.low.family(),
        release: inferred.range,
        ..CodeSweep::default()
    };
    let style = Style {
        escapes: g.gen8.version[0] >= 2,
    };
    for d in decompile(&g) {
        out.entries += 1;
        let body = match &d.body {
            Ok(body) => body,
            Err(e) => {
                out.reasons
                    .push(format!("{}: does not decompile: {}", d.name, e.why));
                continue;
            }
        };
        out.decompiled += 1;
        let gml = text(&g, body);
        match parse_with(&gml, style) {
            Ok(tree) if print(&tree, style) == gml => out.reprinted += 1,
            Ok(_) => out
                .reasons
                .push(format!("{}: prints back otherwise", d.name)),
            Err(e) => out
                .reasons
                .push(format!("{}: does not parse back: {e}", d.name)),
        }
    }
    // Identity compiles each blob once, with the functions it declares: an entry
    // declared inside another's blob comes back with it. A blob is its address
    // and its length: an empty one may start where the next one does.
    let mut declared: std::collections::HashMap<(u64, u32), usize> = Default::default();
    for c in g.code.iter().filter(|c| c.start != 0 && c.length > 0) {
        *declared.entry((c.blob, c.length)).or_default() += 1;
    }
    let blob_of: std::collections::HashMap<&str, (u64, u32)> = g
        .code
        .iter()
        .filter(|c| c.start == 0)
        .map(|c| (&*c.name, (c.blob, c.length)))
        .collect();
    for (entry, outcome) in identity(&g) {
        let functions = blob_of
            .get(entry.as_str())
            .and_then(|b| declared.get(b))
            .copied()
            .unwrap_or(0);
        match outcome {
            Outcome::Same => out.compiled += 1 + functions,
            Outcome::Failed(e) => out
                .reasons
                .push(format!("{entry}: does not compile back: {e}")),
            Outcome::Differs {
                at,
                original,
                compiled,
            } => {
                let line = |l: &[String]| l.get(at).cloned().unwrap_or_else(|| "(end)".into());
                out.reasons.push(format!(
                    "{entry}: compiles to other bytecode at instruction {at}: {} / {}",
                    line(&original),
                    line(&compiled)
                ));
                out.listings
                    .push((entry, side_by_side(at, &original, &compiled)));
            }
        }
    }
    Ok(out)
}

fn side_by_side(at: usize, original: &[String], compiled: &[String]) -> String {
    let cell = |l: &[String], k: usize| l.get(k).map_or("", String::as_str).to_string();
    (0..original.len().max(compiled.len()))
        .map(|k| {
            let mark = if k == at { ">" } else { " " };
            format!(
                "{mark}{k:4} {:44} {}\n",
                cell(original, k),
                cell(compiled, k)
            )
        })
        .collect()
}
