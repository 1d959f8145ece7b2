//! The folder's edited disassemblies, put into the model before it writes the file:
//! each one whose CRC-32 differs from extraction's is assembled (see
//! [`super::code_edit`]), every other blob is kept as stored, and the chains are
//! linked again over them. The model then lays CODE and every chunk after it out,
//! so a blob may grow or shrink whatever the other chunks hold.
//!
//! A `.asm` file added to `code/` is a new blob, and each heading in it a new code
//! entry after the last, which records may name (an object's event, a room's
//! creation code) by the heading's name.

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::code_edit::Editor;
use super::code_gml::GmlEdit;
use super::container;
use super::manifest::Manifest;
use super::model;
use crate::codec::crc::crc32;
use crate::error::{Error, Result};
use crate::fourcc::FourCC;
use crate::io::SourceDir;

/// A code file added to the folder: its place and its text.
pub type AddedFile = (String, String);

/// The `.asm` files in `code/` that the manifest does not list, in name order.
pub fn added(dir: &SourceDir, m: &Manifest) -> Result<Vec<AddedFile>> {
    if m.code.is_empty() || !dir.is_dir("code") {
        return Ok(Vec::new());
    }
    let listed: std::collections::HashSet<&str> = m.code.iter().map(|c| c.file.as_str()).collect();
    let mut out = Vec::new();
    for file in dir.list("code")? {
        if !file.ends_with(".asm") || listed.contains(file.as_str()) {
            continue;
        }
        if let Some(bytes) = dir.read_if_file(&file)? {
            let text = String::from_utf8(bytes).map_err(|_| Error::at(&file, "is not UTF-8"))?;
            out.push((file, text));
        }
    }
    Ok(out)
}

/// The code entries the added files declare, in order: they come after CODE's.
pub fn added_names(files: &[AddedFile]) -> impl Iterator<Item = &str> {
    files
        .iter()
        .flat_map(|(_, text)| text.lines().filter_map(super::code::heading))
        .map(|h| h.name)
}

/// The disassemblies edited since extraction, by blob: each one's file and text.
pub type Edits = BTreeMap<usize, AddedFile>;

/// Reads every listed disassembly (across cores: a game has hundreds) and keeps
/// those whose CRC-32 differs from extraction's. One that is gone while its GML
/// is there stands for the GML (see [`super::code_gml`]).
pub fn edited(dir: &SourceDir, m: &Manifest) -> Result<Edits> {
    m.code
        .par_iter()
        .enumerate()
        .filter_map(|(k, c)| {
            let text = match dir.read_if_file(&c.file) {
                Ok(Some(text)) if crc32(&text) == c.crc32 => return None,
                Ok(Some(text)) => text,
                Ok(None) if c.gml.is_some() => return None,
                Ok(None) => return Some(dir.read(&c.file).map(|_| (k, Default::default()))),
                Err(e) => return Some(Err(e)),
            };
            Some(
                String::from_utf8(text)
                    .map(|text| (k, (c.file.clone(), text)))
                    .map_err(|_| Error::at(&c.file, "is not UTF-8")),
            )
        })
        .collect()
}

/// Applies the edited and added disassemblies, and the edited GML compiled, to
/// `game`, noting each; gives the file as it was before them, to compare with,
/// when there were any. Texts the code pushes that STRG lacks are added to it
/// first.
pub fn apply(
    edits: &Edits,
    gml: &[GmlEdit],
    added: &[AddedFile],
    game: &mut model::Game<'_>,
    notes: &mut Vec<String>,
) -> Result<Option<Vec<u8>>> {
    if edits.is_empty() && added.is_empty() && gml.is_empty() {
        return Ok(None);
    }
    let before = game.write()?;
    let read = super::game::read(&before)?;
    let compiled = super::code_gml::assemble(&read, gml)?;
    let mut edits = edits.clone();
    for (blob, file, text) in compiled {
        notes.push(format!("{file}: compiled"));
        edits.insert(blob, (file, text));
    }
    let pushed = edits
        .values()
        .map(|(_, t)| t.as_str())
        .chain(added.iter().map(|(_, t)| t.as_str()));
    // New texts go at the end of STRG, so every index the file holds stays.
    let new_strings = add_strings(game, pushed, notes);
    let edits = &edits;
    let editor = Editor::new(&read).with_strings(&new_strings);
    let blobs = (0..read.blob_entries().len())
        .map(|k| match edits.get(&k) {
            None => Ok(editor.stored(k)),
            Some((file, text)) => {
                let blob = editor.assemble(k, text, file)?;
                let was = read.code[read.blob_entries()[k][0]].length;
                notes.push(format!(
                    "{file}: assembled, {} bytes (was {was})",
                    blob.bytes.len()
                ));
                Ok(blob)
            }
        })
        .collect::<Result<Vec<_>>>()?;
    let mut blobs = blobs;
    let mut entries = Vec::new();
    for (file, text) in added {
        let (blob, declared) = editor.assemble_new(text, file, blobs.len())?;
        let names: Vec<&str> = declared.iter().map(|e| e.name.as_str()).collect();
        notes.push(format!(
            "{file}: a new blob of {} bytes, running {}",
            blob.bytes.len(),
            names.join(", ")
        ));
        entries.extend(declared.into_iter().map(|e| (blobs.len(), e)));
        blobs.push(blob);
    }
    editor.relink(game, blobs, entries)?;
    drop(editor);
    drop(read);
    Ok(Some(before))
}

/// Adds to STRG each text that `texts` (disassemblies) push and STRG lacks, at
/// its end; gives them, in order.
fn add_strings<'t>(
    game: &mut model::Game<'_>,
    texts: impl Iterator<Item = &'t str>,
    notes: &mut Vec<String>,
) -> Vec<String> {
    let Some(list) = game.chunks.iter_mut().find_map(|p| match &mut p.body {
        model::chunks::Body::Strings(s) => Some(&mut s.list),
        _ => None,
    }) else {
        return Vec::new();
    };
    let known: std::collections::HashSet<String> = list.iter().map(|s| s.to_string()).collect();
    let mut new: Vec<String> = Vec::new();
    for text in texts {
        for line in text.lines() {
            let Some(quoted) = line.trim().strip_prefix("push.s ") else {
                continue;
            };
            let Ok(s) = serde_json::from_str::<String>(quoted) else {
                continue;
            };
            if !known.contains(&s) && !new.contains(&s) {
                new.push(s);
            }
        }
    }
    if new.is_empty() {
        return new;
    }
    notes.push(format!(
        "STRG: {} text{} the code pushes added",
        new.len(),
        if new.len() == 1 { "" } else { "s" }
    ));
    list.extend(new.iter().cloned().map(std::borrow::Cow::Owned));
    new
}

/// What laying the code out again changed, between the file `before` the edits and
/// the file `after` them.
pub fn changes(before: &[u8], after: &[u8], notes: &mut Vec<String>) -> Result<()> {
    let (before, after) = (container::read(before)?, container::read(after)?);
    let size = |form: &container::Form<'_>| form.chunk(FourCC::CODE).map_or(0, |c| c.body.len());
    if size(&after) != size(&before) {
        notes.push(format!(
            "CODE is {} bytes (was {})",
            size(&after),
            size(&before)
        ));
    }
    let moved: Vec<String> = after
        .chunks
        .iter()
        .zip(&before.chunks)
        .filter(|(a, b)| a.offset != b.offset)
        .map(|(a, _)| a.name.to_string())
        .collect();
    if !moved.is_empty() {
        notes.push(format!(
            "moved with every reference to them: {}",
            moved.join(", ")
        ));
    }
    Ok(())
}
