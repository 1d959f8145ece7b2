//! The folder's edited disassemblies, put into the model before it writes the file:
//! each one whose CRC-32 differs from extraction's is assembled (see
//! [`crate::formats::gamemaker::bytecode::edit`]), every other blob is kept as stored, and the chains are
//! linked again over them. The model then lays CODE and every chunk after it out,
//! so a blob may grow or shrink whatever the other chunks hold.
//!
//! A `.asm` file added to `code/` is a new blob, and each heading in it a new code
//! entry after the last, which records may name (an object's event, a room's
//! creation code) by the heading's name.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};

use crate::error::{Error, Result};
use crate::formats::gamemaker::binary::container;
use crate::formats::gamemaker::bytecode::assembly::Assembly;
use crate::formats::gamemaker::bytecode::edit::{Blob, Editor, NewEntry};
use crate::formats::gamemaker::bytecode::relink::Linker;
use crate::formats::gamemaker::folder::manifest::Manifest;
use crate::formats::gamemaker::gml::decompile::sim::Stuck;
use crate::formats::gamemaker::model;
use crate::formats::gamemaker::model::chunks::strings::Strings;
use crate::formats::gamemaker::model::version::Range;
use crate::formats::gamemaker::pack::code::found::Found;
use crate::formats::gamemaker::pack::code::gml_files::{FolderGml, Fresh};
use crate::formats::gamemaker::pack::code::new_code::{AddedFile, Listing, NewKind};
use crate::formats::gamemaker::views::file_view;
use crate::fourcc::FourCC;
use crate::io::SourceDir;

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
        .flat_map(|(_, text)| {
            text.lines()
                .filter_map(crate::formats::gamemaker::bytecode::disassemble::heading)
        })
        .map(|h| h.name)
}

/// The disassemblies edited since extraction, by blob: each one's file and text.
pub type Edits = BTreeMap<usize, AddedFile>;

/// The disassemblies `found` edited since extraction, by blob.
pub fn edited(found: Vec<Found>, m: &Manifest) -> Edits {
    found
        .into_iter()
        .zip(&m.code)
        .enumerate()
        .filter_map(|(k, (f, c))| match f {
            Found::Edited(text) => Some((k, (c.file.clone(), text))),
            Found::Unchanged | Found::Gone => None,
        })
        .collect()
}

/// The folder's code as pack found it, and the texts edited elsewhere that the
/// code may still push by their old text.
pub struct FolderCode<'a> {
    /// Disassemblies edited, by blob.
    pub edits: &'a Edits,
    /// GML edited, and GML that defines for all.
    pub gml: &'a FolderGml,
    /// Disassemblies added.
    pub added: &'a [AddedFile],
    /// GML files added.
    pub new_gml: &'a [AddedFile],
    /// Strings whose text `strings.json` or `text.json` edited in place.
    pub retexted: &'a [Retext],
}

/// A string whose text was edited in place: its index, and its text before and
/// after.
#[derive(Debug, Clone)]
pub struct Retext {
    pub string: u32,
    pub was: String,
    pub now: String,
}

/// Applies the edited and added disassemblies, and the folder's GML compiled
/// (edited entries and new code), to `game`, a game of `releases` (as extraction
/// found them; worked out again for a folder that does not say), noting each and
/// adding warnings to `warnings` (the compiler's to `code_warnings`); says whether
/// there were any. Texts the code pushes that STRG lacks are added to it first; new
/// scripts and events are listed where GameMaker lists them (see
/// [`crate::formats::gamemaker::pack::code::new_code`]).
///
/// The code is read, compiled and assembled from the game as it is in memory (see
/// [`file_view::of_model`]), and only then is the game changed: it is never written
/// to be read back.
pub fn apply(
    code: FolderCode<'_>,
    game: &mut model::Game<'_>,
    releases: Option<Range>,
    notes: &mut Vec<String>,
    warnings: &mut Vec<String>,
    code_warnings: &mut Vec<crate::Diagnostic>,
) -> Result<bool> {
    let nothing = code.edits.is_empty() && code.added.is_empty() && code.gml.edits.is_empty();
    if nothing && code.new_gml.is_empty() {
        return Ok(false);
    }
    let releases = Some(releases.map_or_else(|| releases_of(game), Ok)?);
    let read = file_view::of_model(game, releases);
    let assembled = assemble(&read, code, notes, warnings, code_warnings)?;
    drop(read);
    if let Some(list) = game.get_mut::<Strings>() {
        let new = assembled.new_strings.into_iter().map(Cow::Owned);
        list.list.extend(new);
    }
    assembled
        .linker
        .relink(game, assembled.blobs, assembled.entries)?;
    crate::formats::gamemaker::pack::code::new_code::list(game, &assembled.listings, notes)?;
    let by_hand = &assembled.by_hand;
    if !by_hand.is_empty() {
        let after = file_view::of_model(game, releases);
        let now = stack_faults(&after, by_hand);
        refuse_unbalanced(&assembled.unbalanced, &now, by_hand)?;
    }
    Ok(true)
}

/// The releases that may have written `game`, for a folder extracted before its
/// manifest recorded them: as a file of the game shows them.
fn releases_of(game: &mut model::Game<'_>) -> Result<Range> {
    let bytes = game.write()?;
    let view = file_view::read(&bytes)?;
    Ok(crate::formats::gamemaker::inspect::release::infer(&view).releases)
}

/// The code of a game assembled, ready to be put into it.
struct Assembled {
    linker: Linker,
    /// Every blob, then the new ones.
    blobs: Vec<Blob>,
    /// The new code entries, each with its blob.
    entries: Vec<(usize, NewEntry)>,
    listings: Vec<Listing>,
    /// Texts the code pushes that STRG lacks, to add at its end.
    new_strings: Vec<String>,
    /// Disassemblies edited by hand, and added ones, by the blob they become.
    by_hand: Vec<(usize, AddedFile)>,
    /// The blobs edited by hand whose stack did not balance before the edit.
    unbalanced: HashMap<usize, Stuck>,
}

/// Compiles and assembles the folder's code against the game `read`.
fn assemble(
    read: &file_view::FileView<'_>,
    code: FolderCode<'_>,
    notes: &mut Vec<String>,
    warnings: &mut Vec<String>,
    code_warnings: &mut Vec<crate::Diagnostic>,
) -> Result<Assembled> {
    let FolderCode {
        edits,
        gml,
        added,
        new_gml,
        retexted,
    } = code;
    let game = &*read.model;
    // The chains are read once, for the compiler and the assembler both.
    let names = crate::formats::gamemaker::bytecode::disassemble::names(read);
    let mut compiled =
        crate::formats::gamemaker::pack::code::gml_files::assemble(read, &names, gml, new_gml)?;
    code_warnings.append(&mut compiled.warnings);
    let by_hand: Vec<(usize, AddedFile)> = edits
        .iter()
        .map(|(k, f)| (*k, f.clone()))
        .chain(
            added
                .iter()
                .enumerate()
                .map(|(i, f)| (read.blob_entries().len() + i, f.clone())),
        )
        .collect();
    let parse = |(file, text): &AddedFile| {
        Assembly::parse(text)
            .map(|code| (file.clone(), code))
            .map_err(|(n, why)| Error::at(format!("{file}: line {n}"), why))
    };
    let mut edits: BTreeMap<usize, (String, Assembly)> = edits
        .iter()
        .map(|(&k, f)| Ok((k, parse(f)?)))
        .collect::<Result<_>>()?;
    for (blob, file, code) in compiled.edits {
        notes.push(format!("{file}: compiled"));
        edits.insert(blob, (file, code));
    }
    for (&blob, (file, code)) in edits.iter_mut() {
        let said = push_edited_texts(game, blob, file, code, retexted);
        notes.extend(said.notes);
        warnings.extend(said.warnings);
    }
    let added: Vec<(String, Assembly)> = added.iter().map(parse).collect::<Result<_>>()?;
    let fresh: Vec<(String, Assembly)> = compiled
        .fresh
        .iter_mut()
        .map(|f| (f.file.clone(), std::mem::take(&mut f.code)))
        .collect();
    let every = || edits.values().chain(&added).chain(&fresh).map(|(_, c)| c);
    // New texts go at the end of STRG, so every index the file holds stays.
    let new_strings = new_texts(game, every(), notes);
    let declared = compiled
        .fresh
        .iter()
        .filter_map(|f| match &f.kind {
            NewKind::Script(name) => Some(name.clone()),
            NewKind::Event(_) => None,
        })
        .chain(every().flat_map(|c| c.headings.iter().map(|h| h.name.clone())));
    let editor = Editor::with_names(read, names)
        .with_strings(&new_strings)
        .with_functions(declared);
    let assembled = (0..read.blob_entries().len())
        .map(|k| match edits.get(&k) {
            None => Ok((editor.stored(k), Vec::new())),
            Some((file, code)) => {
                let (blob, functions) = editor.assemble(k, code, file)?;
                let was = read.code[read.blob_entries()[k][0]].length;
                notes.push(format!(
                    "{file}: assembled, {} bytes (was {was})",
                    blob.bytes.len()
                ));
                Ok((blob, functions.into_iter().map(|e| (k, e)).collect()))
            }
        })
        .collect::<Result<Vec<(Blob, Vec<(usize, NewEntry)>)>>>()?;
    let (mut blobs, functions): (Vec<Blob>, Vec<_>) = assembled.into_iter().unzip();
    let mut entries = Vec::new();
    for (file, code) in added.iter().chain(&fresh) {
        let (blob, declared) = editor.assemble_new(code, file, blobs.len())?;
        let names: Vec<&str> = declared.iter().map(|e| e.name.as_str()).collect();
        notes.push(format!(
            "{file}: a new blob of {} bytes, running {}",
            blob.bytes.len(),
            names.join(", ")
        ));
        entries.extend(declared.into_iter().map(|e| (blobs.len(), e)));
        blobs.push(blob);
    }
    entries.extend(functions.into_iter().flatten());
    let listings = listings(game, &compiled.fresh, &compiled.constructors, &entries);
    let unbalanced = match by_hand.is_empty() {
        true => HashMap::new(),
        false => stack_faults(read, &by_hand),
    };
    Ok(Assembled {
        linker: editor.linker(),
        blobs,
        entries,
        listings,
        new_strings,
        by_hand,
        unbalanced,
    })
}

/// The blobs of `by_hand` whose stack does not balance in `game`, each where the
/// decompiler found it out. The decompiler reads only the blobs asked for, so a
/// blob it cannot read for another reason is let be.
fn stack_faults(
    game: &file_view::FileView<'_>,
    by_hand: &[(usize, AddedFile)],
) -> HashMap<usize, Stuck> {
    use crate::formats::gamemaker::gml::decompile::game_code::decompile_blobs;
    let wanted: HashSet<usize> = by_hand.iter().map(|h| h.0).collect();
    let bodies = decompile_blobs(game, |k| wanted.contains(&k));
    let fault = |k: usize| {
        let entries = game.blob_entries().get(k)?;
        entries.iter().find_map(|&e| match bodies.get(e)? {
            Some(Err(stuck)) if is_stack_fault(&stuck.why) => Some(stuck.clone()),
            _ => None,
        })
    };
    wanted
        .iter()
        .filter_map(|&k| Some((k, fault(k)?)))
        .collect()
}

/// Refuses a disassembly edited by hand (`by_hand`, by blob) whose stack does not
/// balance `now`, after the edits, when it did `before` them: a value taken from
/// an empty stack, or left on it. GameMaker's runner would crash or leak on it.
fn refuse_unbalanced(
    before: &HashMap<usize, Stuck>,
    now: &HashMap<usize, Stuck>,
    by_hand: &[(usize, AddedFile)],
) -> Result<()> {
    let mut problems = Vec::new();
    for (k, (file, text)) in by_hand {
        let Some(stuck) = now.get(k).filter(|_| !before.contains_key(k)) else {
            continue;
        };
        let line = crate::formats::gamemaker::bytecode::edit::line_of(text, stuck.at)
            .map_or_else(|| format!("at {:#x}", stuck.at), |n| format!("line {n}"));
        problems.push(format!(
            "{file}: {line}: the stack does not balance: {}; every value pushed must be \
             used or dropped (popz), and nothing taken that was not pushed",
            stuck.why
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::at("", problems.join("\n")))
    }
}

/// Whether the decompiler stopped because the stack did not balance.
fn is_stack_fault(why: &str) -> bool {
    why == "the stack is empty"
        || why.starts_with("a value is left on the stack")
        || why.ends_with("on an empty stack")
}

/// Where each new code entry (`entries`, taking the indices after CODE's) is
/// listed: each new file's (`fresh`) as its script or event, then, from 2.3,
/// each function as a script, constructors (`constructors`) flagged.
fn listings(
    game: &model::Game<'_>,
    fresh: &[Fresh],
    constructors: &HashSet<String>,
    entries: &[(usize, NewEntry)],
) -> Vec<Listing> {
    let base = game
        .get::<crate::formats::gamemaker::model::chunks::code::Code>()
        .map_or(0, |c| c.entries.len());
    let index = |name: &str| {
        entries
            .iter()
            .position(|(_, e)| e.name == name)
            .map(|k| base + k)
    };
    let mut out: Vec<Listing> = fresh
        .iter()
        .filter_map(|f| {
            let code = index(&f.entry)?;
            Some(match &f.kind {
                NewKind::Script(name) => Listing::Script {
                    name: name.clone(),
                    code,
                    constructor: false,
                    global: f.entry.starts_with("gml_GlobalScript_"),
                },
                NewKind::Event(entry) => Listing::Event {
                    entry: entry.clone(),
                    code,
                },
            })
        })
        .collect();
    let mains: HashSet<&str> = fresh.iter().map(|f| f.entry.as_str()).collect();
    for (k, (_, e)) in entries.iter().enumerate() {
        if e.name.starts_with("gml_Script_") && !mains.contains(e.name.as_str()) {
            out.push(Listing::Script {
                name: e.name.clone(),
                code: base + k,
                constructor: constructors.contains(&e.name),
                global: false,
            });
        }
    }
    out
}

/// Notes and warnings, as one step gives them.
#[derive(Debug, Default)]
struct Said {
    notes: Vec<String>,
    warnings: Vec<String>,
}

/// Where the code of `blob` pushed a string whose text was edited in place, and
/// its edited disassembly `text` still pushes the old text, the edit to the
/// text holds: the code pushes the new one. Both edits land, rather than the
/// old text coming back as a string of its own. Where the edited code pushes
/// neither text any more, the text's edit does not show there: a warning.
fn push_edited_texts(
    game: &model::Game<'_>,
    blob: usize,
    file: &str,
    code: &mut Assembly,
    retexted: &[Retext],
) -> Said {
    let mut said = Said::default();
    if retexted.is_empty() {
        return said;
    }
    let pushed = crate::formats::gamemaker::folder::texts::pushed_strings(game, blob);
    for r in retexted.iter().filter(|r| pushed.contains(&r.string)) {
        let pushes = |wanted: &str| {
            code.lines
                .iter()
                .any(|l| l.asm.pushed_text() == Some(wanted))
        };
        if !pushes(&r.was) {
            if !pushes(&r.now) {
                said.warnings.push(format!(
                    "{file}: string {} ({:?}) is edited to {:?}, and this code, which \
                     showed it, no longer pushes it: the edited text does not show here",
                    r.string, r.was, r.now
                ));
            }
            continue;
        }
        for text in code
            .lines
            .iter_mut()
            .filter_map(|l| l.asm.pushed_text_mut())
        {
            if *text == r.was {
                text.clone_from(&r.now);
            }
        }
        said.notes.push(format!(
            "{file}: pushes string {} by its old text {:?}, edited to {:?}: the code pushes \
             the edited text",
            r.string, r.was, r.now
        ));
    }
    said
}

/// The texts that `code` pushes and STRG lacks, in order: they go at its end.
fn new_texts<'t>(
    game: &model::Game<'_>,
    code: impl Iterator<Item = &'t Assembly>,
    notes: &mut Vec<String>,
) -> Vec<String> {
    let Some(list) = game.get::<Strings>().map(|s| &s.list) else {
        return Vec::new();
    };
    let known: HashSet<&str> = list.iter().map(|s| &**s).collect();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut new: Vec<String> = Vec::new();
    for s in code.flat_map(|c| &c.lines).filter_map(|l| l.asm.text()) {
        if !known.contains(s) && seen.insert(s) {
            new.push(s.to_string());
        }
    }
    if !new.is_empty() {
        notes.push(format!(
            "STRG: {} text{} the code pushes added",
            new.len(),
            if new.len() == 1 { "" } else { "s" }
        ));
    }
    new
}

/// What laying the code out again changed: the file written, `after`, beside the
/// game as extracted, which `m` describes.
pub fn changes(m: &Manifest, after: &[u8], notes: &mut Vec<String>) -> Result<()> {
    let after = container::read(after)?;
    // Chunks follow one another, so a chunk's size is where the next one starts.
    let was = m
        .chunks
        .windows(2)
        .find(|w| w[0].name == FourCC::CODE)
        .and_then(|w| w[1].offset.checked_sub(w[0].offset + 8));
    let now = after.chunk(FourCC::CODE).map(|c| c.body.len() as u64);
    if let (Some(was), Some(now)) = (was, now) {
        if was != now {
            notes.push(format!("CODE is {now} bytes (was {was})"));
        }
    }
    let moved: Vec<String> = after
        .chunks
        .iter()
        .zip(&m.chunks)
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
