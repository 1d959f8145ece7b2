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
    let results: Vec<std::result::Result<(usize, String, String), String>> = edits
        .par_iter()
        .map(|e| {
            let entries = game
                .blob_entries()
                .get(e.blob)
                .ok_or_else(|| format!("{}: the game has no code blob {}", e.file, e.blob))?;
            let own = entries
                .iter()
                .map(|&k| &game.code[k])
                .find(|c| c.start == 0)
                .unwrap_or(&game.code[entries[0]]);
            let text = compile_entry(game, &env, &own.name, &e.file, &e.text)?;
            Ok((e.blob, e.file.clone(), text))
        })
        .collect();
    let errors: Vec<String> = results
        .iter()
        .filter_map(|r| r.as_ref().err().cloned())
        .collect();
    if !errors.is_empty() {
        return Err(Error::at("", errors.join("\n")));
    }
    Ok(results.into_iter().filter_map(|r| r.ok()).collect())
}

/// `text` (the GML of `file`) compiled against `game` as the code of `entry`, or
/// of the entry the file's name names (`012-gml_Object_obj_player_Step_0.gml`),
/// or of a new script named after the file: its disassembly.
pub fn compile_text(
    game: &Game<'_>,
    text: &str,
    file: &str,
    entry: Option<&str>,
) -> Result<String> {
    let stem = std::path::Path::new(file)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let named = stem
        .split_once('-')
        .filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        .map_or(stem.as_str(), |(_, rest)| rest);
    let env = Env::of(game);
    let entry = match entry {
        Some(e) => e.to_string(),
        None if game.code.iter().any(|c| *c.name == *named) => named.to_string(),
        None if env.target.functions() => format!("gml_GlobalScript_{named}"),
        None => format!("gml_Script_{named}"),
    };
    compile_entry(game, &env, &entry, file, text).map_err(|why| Error::at("", why))
}

/// The GML `text` of `file` compiled as code entry `entry` of `game` (one it
/// holds, or a new one): its disassembly, with a heading for the entry and for
/// each function it declares.
fn compile_entry(
    game: &Game<'_>,
    env: &Env,
    entry: &str,
    file: &str,
    text: &str,
) -> std::result::Result<String, String> {
    let style = Style {
        escapes: game.gen8.version[0] >= 2,
    };
    let own = game.code.iter().position(|c| *c.name == *entry);
    let mut functions: Vec<&Entry<'_>> = own
        .map(|k| {
            let blob = game.code[k].blob;
            game.code
                .iter()
                .filter(|c| c.blob == blob && c.start != 0 && c.length > 0)
                .collect()
        })
        .unwrap_or_default();
    functions.sort_by_key(|c| c.start);
    let names: Vec<String> = functions.iter().map(|c| c.name.to_string()).collect();
    let body = parse_with(text, style).map_err(|p| format!("{file}:{p}"))?;
    let compiled = compile(
        env,
        Source {
            entry,
            body: &body,
            functions: &names,
        },
    )
    .map_err(|errors| {
        errors
            .iter()
            .map(|x| x.show(file, text))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let declared: Vec<&str> = compiled.functions.iter().map(|f| f.name.as_str()).collect();
    if let Some(gone) = names.iter().find(|n| !declared.contains(&n.as_str())) {
        return Err(format!(
            "{file}: the function {} is no longer declared; removing a function from an \
             entry is not supported yet",
            code_short(gone)
        ));
    }
    if own.is_some() {
        if let Some(new) = declared.iter().find(|n| !names.iter().any(|x| x == *n)) {
            return Err(format!(
                "{file}: {} is a new function in an existing entry; declare it in a new \
                 script instead",
                code_short(new)
            ));
        }
    }
    let arguments = own.map_or(0, |k| game.code[k].arguments & 0x7fff);
    compiled
        .assembly(entry, arguments)
        .map_err(|why| format!("{file}: {why}"))
}

/// A function's entry name as GML names it.
fn code_short(entry: &str) -> &str {
    let name = entry.strip_prefix("gml_Script_").unwrap_or(entry);
    name.split('@').next().unwrap_or(name)
}
