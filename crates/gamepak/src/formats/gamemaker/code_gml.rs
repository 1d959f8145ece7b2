//! The folder's GML, compiled where it was changed: a `.gml` whose CRC-32
//! differs from extraction's, or whose `.asm` is gone, is compiled against the
//! game into the disassembly's text, which then packs as an edited `.asm` does.
//! An untouched `.gml` changes nothing: its `.asm` (or the stored blob) stays
//! the truth. Changing both files of one entry is refused, since one change
//! would be lost.

use rayon::prelude::*;

use super::code::Entry;
use super::game::Game;
use super::gml::compile::{compile, Env, Source};
use super::gml::parse::parse_with;
use super::gml::print::Style;
use super::manifest::Manifest;
use crate::codec::crc::crc32;
use crate::error::{Error, Result};
use crate::io::SourceDir;

/// A GML file to compile: the blob it is the code of, its place and its text.
#[derive(Debug, Clone)]
pub struct GmlEdit {
    pub blob: usize,
    pub file: String,
    pub text: String,
}

/// The GML files to compile, in blob order.
pub fn edited(dir: &SourceDir, m: &Manifest) -> Result<Vec<GmlEdit>> {
    let found = m
        .code
        .par_iter()
        .enumerate()
        .map(|(blob, c)| {
            let Some(gml) = &c.gml else {
                return Ok(None);
            };
            let Some(text) = dir.read_if_file(&gml.file)? else {
                return Ok(None);
            };
            let asm = dir.read_if_file(&c.file)?;
            let gml_changed = crc32(&text) != gml.crc32;
            let asm_changed = asm.as_ref().is_some_and(|a| crc32(a) != c.crc32);
            if gml_changed && asm_changed {
                return Err(Error::at(
                    &gml.file,
                    format!(
                        "this file and {} were both edited, and one change would be lost: \
                         keep the change in one of them and restore the other (extract \
                         writes it again)",
                        c.file
                    ),
                ));
            }
            if !gml_changed && asm.is_some() {
                return Ok(None);
            }
            let text = String::from_utf8(text).map_err(|_| Error::at(&gml.file, "is not UTF-8"))?;
            Ok(Some(GmlEdit {
                blob,
                file: gml.file.clone(),
                text,
            }))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(found.into_iter().flatten().collect())
}

/// Each edit compiled against `game` into disassembly text: by blob, its file
/// and its text. Every file's errors are reported together.
pub fn assemble(game: &Game<'_>, edits: &[GmlEdit]) -> Result<Vec<(usize, String, String)>> {
    if edits.is_empty() {
        return Ok(Vec::new());
    }
    let env = Env::of(game);
    let style = Style {
        escapes: game.gen8.version[0] >= 2,
    };
    let results: Vec<std::result::Result<(usize, String, String), String>> = edits
        .par_iter()
        .map(|e| {
            let entries = game
                .blob_entries()
                .get(e.blob)
                .ok_or_else(|| format!("{}: the game has no code blob {}", e.file, e.blob))?;
            let own: &Entry<'_> = entries
                .iter()
                .map(|&k| &game.code[k])
                .find(|c| c.start == 0)
                .unwrap_or(&game.code[entries[0]]);
            let mut functions: Vec<&Entry<'_>> = entries
                .iter()
                .map(|&k| &game.code[k])
                .filter(|c| c.start != 0)
                .collect();
            functions.sort_by_key(|c| c.start);
            let names: Vec<String> = functions.iter().map(|c| c.name.to_string()).collect();
            let body = parse_with(&e.text, style).map_err(|p| format!("{}:{p}", e.file))?;
            let compiled = compile(
                &env,
                Source {
                    entry: &own.name,
                    body: &body,
                    functions: &names,
                },
            )
            .map_err(|errors| {
                errors
                    .iter()
                    .map(|x| format!("{}: {x}", e.file))
                    .collect::<Vec<_>>()
                    .join("\n")
            })?;
            let declared: Vec<&str> = compiled.functions.iter().map(|f| f.name.as_str()).collect();
            if let Some(gone) = names.iter().find(|n| !declared.contains(&n.as_str())) {
                return Err(format!(
                    "{}: the function {} is no longer declared; removing a function from \
                     an entry is not supported yet",
                    e.file,
                    code_short(gone)
                ));
            }
            if let Some(new) = declared.iter().find(|n| !names.iter().any(|x| x == *n)) {
                return Err(format!(
                    "{}: {} is a new function in an existing entry; declare it in a new \
                     script instead (scripts/<name>.gml)",
                    e.file,
                    code_short(new)
                ));
            }
            let text = compiled
                .assembly(&own.name, own.arguments & 0x7fff)
                .map_err(|why| format!("{}: {why}", e.file))?;
            Ok((e.blob, e.file.clone(), text))
        })
        .collect();
    let errors: Vec<String> = results
        .iter()
        .filter_map(|r| r.as_ref().err().cloned())
        .collect();
    if !errors.is_empty() {
        return Err(Error::at("code", errors.join("\n")));
    }
    Ok(results.into_iter().filter_map(|r| r.ok()).collect())
}

/// A function's entry name as GML names it.
fn code_short(entry: &str) -> &str {
    let name = entry.strip_prefix("gml_Script_").unwrap_or(entry);
    name.split('@').next().unwrap_or(name)
}
