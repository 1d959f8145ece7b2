//! A game's code taken through what a modder does with it, counted: the entries
//! that decompile, those whose GML parses and prints back to the same text, and
//! those that compile back to GameMaker's own instructions, with the first reason
//! each one that did not gave. Sweeps over many games add these up per release
//! family; the packs around them are the caller's (they need a folder).

use serde::Serialize;

use super::compile::identity::{identity, Outcome};
use crate::formats::gamemaker::gml::decompile::game_code::{decompile, text};
use crate::formats::gamemaker::gml::language::parse::parse_with;
use crate::formats::gamemaker::gml::language::print::{print, Style};
use crate::formats::gamemaker::{inspect::release, views::file_view};
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
    let g = file_view::read(data)?;
    let inferred = release::infer(&g);
    let mut out = CodeSweep {
        family: inferred.releases.low.family(),
        release: inferred.range,
        ..CodeSweep::default()
    };
    let style = Style {
        escapes: g.gen8.version[0] >= 2,
    };
    let decompiled = decompile(&g);
    let listed: std::collections::HashSet<&str> = decompiled.iter().map(|d| &*d.name).collect();
    for d in &decompiled {
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
    // Identity compiles each blob once, with the functions it declares: the
    // other entries of its blob come back with it (the functions, and events
    // GameMaker: Studio 1.x points at one empty blob).
    let mut group_of: std::collections::HashMap<&str, usize> = Default::default();
    let mut group_size = Vec::new();
    for (k, entries) in g.blob_entries().iter().enumerate() {
        let names: Vec<&str> = entries
            .iter()
            .map(|&e| &*g.code[e].name)
            .filter(|n| listed.contains(n))
            .collect();
        group_size.push(names.len());
        group_of.extend(names.into_iter().map(|n| (n, k)));
    }
    for (entry, outcome) in identity(&g) {
        let with_it = group_of.get(entry.as_str()).map_or(1, |&k| group_size[k]);
        match outcome {
            Outcome::Same => out.compiled += with_it.max(1),
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
