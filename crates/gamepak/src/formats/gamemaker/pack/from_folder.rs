//! A game's model from its extracted folder: every chunk's JSON read back through
//! the model, names resolved across all of them, texts interned into STRG, and the
//! payloads (pages, clips, instruction and shader blobs) put back in place. The
//! model then lays the file out, every pointer, count and padding computed.
//!
//! Edited disassemblies go into the model's CODE before it writes (see
//! `code_folder`).
//!
//! A resource file added to a split chunk's folder is a resource added at the end
//! of its list; a listed file that is gone leaves a null slot, so no other index
//! moves. A text edited in `strings.json` keeps its place in STRG, and records that
//! named the old text follow it.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use rayon::prelude::*;
use serde::Deserialize;

use crate::codec::crc::crc32;
use crate::error::{Error, Result};
use crate::formats::gamemaker::folder::layout::{self, Place};
use crate::formats::gamemaker::folder::manifest::{ChunkFile, Manifest};
use crate::formats::gamemaker::folder::texts;
use crate::formats::gamemaker::model::chunks::code::Blobs;
use crate::formats::gamemaker::model::chunks::shaders::BLOBS;
use crate::formats::gamemaker::model::chunks::split::ResourceFile;
use crate::formats::gamemaker::model::chunks::strings::Strings;
use crate::formats::gamemaker::model::chunks::Body;
use crate::formats::gamemaker::model::json;
use crate::formats::gamemaker::model::names::{Interner, Lookup, Names};
use crate::formats::gamemaker::pack::code::asm_files::{FolderCode, Retext};
use crate::formats::gamemaker::pack::renames::Renamed;
use crate::formats::gamemaker::pack::rules::{self, Edited, GroupClips};
use crate::formats::gamemaker::pack::sprite_files::SpriteFolders;
use crate::formats::gamemaker::{model::Game, model::Part};
use crate::fourcc::FourCC;
use crate::io::SourceDir;
use crate::limits::Limits;

/// What the model's payloads are built from, read by the caller.
pub struct Payloads {
    /// Each page of the manifest's textures: its blob, `None` outside the file.
    pub pages: Vec<Option<Vec<u8>>>,
    pub clips: Vec<Vec<u8>>,
    /// The clips of the game and of each audio group, for the sounds to be checked
    /// against.
    pub group_clips: GroupClips,
}

/// The file a folder stands for, notes on what changed, and warnings on what pack
/// changed over the folder's word.
pub struct Built {
    pub bytes: Vec<u8>,
    pub notes: Vec<String>,
    pub warnings: Vec<String>,
    /// Warnings on the folder's GML, each at its place.
    pub code_warnings: Vec<crate::Diagnostic>,
}

/// One chunk's files, read.
enum Source {
    /// AUDO (clips only), STRG (`strings.json`) or an empty chunk.
    Nothing,
    File(ResourceFile),
    Split {
        rest: Option<ResourceFile>,
        files: Vec<Option<ResourceFile>>,
    },
    Stored(Vec<u8>),
}

/// The chunks whose resources are listed in one file, and the field listing them.
const LISTED: [(FourCC, &str); 3] = [
    (FourCC::CODE, "entries"),
    (FourCC::SCPT, "scripts"),
    (FourCC::AGRP, "groups"),
];

/// The file the folder stands for, once it keeps every rule of
/// [`folder_rules`](crate::formats::gamemaker::pack::rules); otherwise every problem found.
pub fn build(
    dir: &SourceDir,
    m: &Manifest,
    payloads: &Payloads,
    renamed: &[Renamed],
    limits: &Limits,
) -> Result<Built> {
    let mut notes = Vec::new();
    let Table {
        original,
        texts,
        edited,
        moved,
        ..
    } = strings(dir, m, renamed, &mut notes)?;
    let sources = m
        .chunks
        .par_iter()
        .map(|c| source(dir, c))
        .collect::<Result<Vec<_>>>()?;
    let added_code = crate::formats::gamemaker::pack::code::asm_files::added(dir, m)?;
    let new_gml = crate::formats::gamemaker::pack::code::new_code::found(dir, m, &added_code)?;
    let mut all_names = names(m, &sources, &texts)?;
    if let Some(code) = all_names.get_mut(&FourCC::CODE) {
        let added = crate::formats::gamemaker::pack::code::asm_files::added_names(&added_code);
        code.extend(added.map(|n| Some(n.to_string())));
    }
    let mut lookup = Lookup::new(&all_names);
    // A resource renamed by its file may be named by its new name too.
    for r in renamed {
        lookup.alias(r.kind, &r.now, r.index);
    }
    let lookup = Arc::new(lookup);
    let table_len = texts.len();
    let retexted: Vec<Retext> = edited
        .iter()
        .filter_map(|e| {
            Some(Retext {
                string: u32::try_from(e.index).ok()?,
                was: e.was.clone(),
                now: texts.get(e.index)?.clone(),
            })
        })
        .collect();
    let interner = Interner::edited(&original, texts);
    let code_blobs = match &m.code_blobs {
        Some(f) => dir.read(f)?,
        None => Vec::new(),
    };
    let trailing = match &m.trailing {
        Some(f) => dir.read(f)?,
        None => Vec::new(),
    };
    let (sprites, listed) = sprite_files(m, &sources);
    // The sprites' pictures and masks, and the disassemblies, are read while the
    // records are parsed: they take most of the time, and none needs another.
    let ((sprite_folders, code_edits), parts) = rayon::join(
        || {
            rayon::join(
                || SpriteFolders::read(dir, m, sprites, listed, limits),
                || {
                    use crate::formats::gamemaker::pack::code::{asm_files, found, gml_files};
                    let asm = found::read(dir, m)?;
                    let gml = gml_files::edited(dir, m, &asm, limits)?;
                    Ok((asm_files::edited(asm, m), gml))
                },
            )
        },
        || -> Result<(Vec<Part>, Interner, Vec<Error>)> {
            let mut interner = interner;
            let mut parts = Vec::with_capacity(m.chunks.len());
            // Every chunk is read, so that pack lists the problems of all.
            let mut errors = Vec::new();
            json::take_mended();
            for (c, source) in m.chunks.iter().zip(&sources) {
                let (body, i) = json::mending(|| body(c, source, interner, &lookup));
                interner = i;
                let mut body = match body {
                    Ok(body) => body,
                    Err(e) => {
                        errors.push(e);
                        continue;
                    }
                };
                fill(dir, &mut body, source, m, payloads, &code_blobs)?;
                parts.push(Part {
                    name: c.name,
                    raw: c.raw,
                    body,
                    version: c.version,
                });
            }
            // Records read mended still go through the rules between records,
            // whose problems are listed with theirs.
            let mended = json::take_mended();
            if errors.is_empty() {
                return Ok((parts, interner, mended));
            }
            errors.splice(0..0, mended);
            Err(Error::all(errors).expect("there are errors"))
        },
    );
    let (sprite_folders, (code_edits, gml_edits), (mut parts, interner, mended)) =
        (sprite_folders?, code_edits?, parts?);
    for (name, payload, what) in [
        (FourCC::TXTR, !payloads.pages.is_empty(), "pages"),
        (FourCC::AUDO, !payloads.clips.is_empty(), "clips"),
    ] {
        let typed = parts
            .iter()
            .any(|p| p.name == name && !matches!(p.body, Body::Stored { .. }));
        if payload && !typed {
            notes.push(format!(
                "{name} is kept as stored: edits to its {what} are not packed"
            ));
        }
    }
    let texts = interner.into_texts();
    if texts.len() > table_len {
        notes.push(added(table_len, texts.len()));
    }
    let unchanged_strings = texts == original;
    let strg = m
        .chunks
        .iter()
        .position(|c| c.name == FourCC::STRG && !c.stored && !c.empty);
    if let (Some(i), Some(s)) = (strg, &m.strings) {
        parts[i].body = Body::Strings(Strings {
            list: texts.into_iter().map(Cow::Owned).collect(),
            aligned: s.aligned,
        });
    }
    let mut game = Game::new(m.endian, m.alignment, m.bytecode, parts, &trailing);
    crate::formats::gamemaker::pack::sprite_frames::apply(
        dir,
        m,
        sprite_folders,
        &mut game,
        &mut notes,
        limits,
    )?;
    let files = files(m, &sources);
    let mut found = rules::apply(&mut game, m, &files, &payloads.group_clips, &edited);
    already_in_the_game(dir, m, &mut found);
    if let Some(e) = problems(mended, found.problems, found.more) {
        return Err(e);
    }
    notes.extend(found.notes);
    let code = FolderCode {
        edits: &code_edits,
        gml: &gml_edits,
        added: &added_code,
        new_gml: &new_gml,
        retexted: &retexted,
    };
    let mut code_warnings = Vec::new();
    let code_changed = crate::formats::gamemaker::pack::code::asm_files::apply(
        code,
        &mut game,
        m.releases,
        &mut notes,
        &mut found.warnings,
        &mut code_warnings,
    )?;
    texts::take_own_strings(&mut game, &moved);
    let bytes = game.write()?;
    if code_changed {
        crate::formats::gamemaker::pack::code::asm_files::changes(m, &bytes, &mut notes)?;
    }
    refuse_moving_stored(m, &bytes, unchanged_strings)?;
    Ok(Built {
        bytes,
        notes,
        warnings: found.warnings,
        code_warnings,
    })
}

/// A rule's problem in a file unchanged since extraction is what the game
/// itself holds: pack takes it, with a warning. Only what the modder changed is
/// refused.
fn already_in_the_game(dir: &SourceDir, m: &Manifest, found: &mut rules::Findings) {
    let extracted = m.extracted_crcs();
    // Each file is read once, however many problems it has.
    let mut seen: HashMap<String, bool> = HashMap::new();
    let mut unchanged = |problem: &str| {
        let file = problem.split_once(": ").map_or("", |(f, _)| f);
        *seen.entry(file.to_string()).or_insert_with(|| {
            extracted
                .get(file)
                .is_some_and(|&crc| dir.read(file).is_ok_and(|bytes| crc32(&bytes) == crc))
        })
    };
    let (kept, taken): (Vec<String>, Vec<String>) = std::mem::take(&mut found.problems)
        .into_iter()
        .partition(|p| !unchanged(p));
    found.problems = kept;
    found.warnings.extend(
        taken
            .into_iter()
            .map(|p| format!("{p} (as the game holds it)")),
    );
}

/// How the line that counts the problems past those listed starts: `--max-problems`
/// adds those it leaves out to the count.
pub const UNLISTED: &str = "… and";

/// The problems of records read mended, then those the rules between records
/// found at other places: a reference read as none because it named nothing is not
/// reported again as missing.
fn problems(mended: Vec<Error>, rules: Vec<String>, more: usize) -> Option<Error> {
    let mut lines: Vec<String> = mended
        .iter()
        .flat_map(|e| {
            e.to_string()
                .lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    // A problem's place: its file and the field in it.
    let place = |l: &str| {
        let mut parts = l.splitn(3, ": ");
        let (file, place, _) = (parts.next()?, parts.next()?, parts.next()?);
        Some(format!("{file}: {place}: "))
    };
    let said: HashSet<String> = lines.iter().filter_map(|l| place(l)).collect();
    lines.extend(
        rules
            .into_iter()
            .filter(|r| place(r).is_none_or(|p| !said.contains(&p))),
    );
    if more > 0 {
        lines.push(format!("{UNLISTED} {more} more problems"));
    }
    (!lines.is_empty()).then(|| Error::at("", lines.join("\n")))
}

/// Where each chunk's records were read from.
fn files(m: &Manifest, sources: &[Source]) -> rules::Files {
    let mut files = rules::Files {
        split: Default::default(),
        whole: Default::default(),
    };
    for (c, source) in m.chunks.iter().zip(sources) {
        match source {
            Source::Split { files: list, .. } => {
                let list = list
                    .iter()
                    .map(|f| f.as_ref().map(|(file, _)| file.clone()));
                files.split.insert(c.name, list.collect());
            }
            Source::File((file, _)) => {
                files.whole.insert(c.name, file.clone());
            }
            _ => {}
        }
    }
    files
}

/// Each sprite's JSON file, and how many of them extraction listed.
fn sprite_files(m: &Manifest, sources: &[Source]) -> (Vec<Option<String>>, usize) {
    m.chunks
        .iter()
        .zip(sources)
        .find_map(|(c, s)| match s {
            Source::Split { files, .. } if c.name == FourCC::SPRT => Some((
                files
                    .iter()
                    .map(|f| f.as_ref().map(|(file, _)| file.clone()))
                    .collect(),
                c.resources.len(),
            )),
            _ => None,
        })
        .unwrap_or_default()
}

/// STRG as extracted, as the folder has it now, each string edited in place, and
/// each string whose shown text took a string of its own (see [`crate::formats::gamemaker::folder::texts`]).
struct Table {
    original: Vec<String>,
    texts: Vec<String>,
    edited: Vec<Edited>,
    moved: Vec<(u32, u32)>,
    /// What changed each string changed so far, in words: a second change to it is
    /// a conflict, blamed on the file making it and naming the first.
    changed_by: HashMap<usize, String>,
}

/// The table from `strings.json`, the resources renamed by their files, and then
/// `text.json`, noting each text edited.
fn strings(
    dir: &SourceDir,
    m: &Manifest,
    renamed: &[Renamed],
    notes: &mut Vec<String>,
) -> Result<Table> {
    let Some(s) = &m.strings else {
        return Ok(Table {
            original: Vec::new(),
            texts: Vec::new(),
            edited: Vec::new(),
            moved: Vec::new(),
            changed_by: HashMap::new(),
        });
    };
    let parse = |file: &str, bytes: &[u8]| -> Result<Vec<String>> {
        serde_json::from_slice(bytes).map_err(|e| Error::usage(file, e.to_string()))
    };
    let now = dir.read(&s.file)?;
    // Read even when unneeded, so that pack does not report it as a file it left out.
    let was = dir.read(&s.original)?;
    let (now, was) = if crc32(&now) == s.crc32 {
        let texts = parse(&s.file, &now)?;
        (texts.clone(), texts)
    } else {
        (parse(&s.file, &now)?, parse(&s.original, &was)?)
    };
    if now.len() < was.len() {
        return Err(Error::usage(
            &s.file,
            format!(
                "holds {} strings, fewer than the {} extracted: records name strings by \
                 their place, so strings can be edited or added at the end, not removed",
                now.len(),
                was.len()
            ),
        ));
    }
    let mut table = Table {
        texts: now,
        edited: Vec::new(),
        moved: Vec::new(),
        original: Vec::new(),
        changed_by: HashMap::new(),
    };
    for (i, (a, b)) in table.texts.iter().zip(&was).enumerate() {
        if a != b {
            notes.push(format!("{}[{i}]", s.file));
            table
                .changed_by
                .insert(i, format!("is edited in {} too", s.file));
            table.edited.push(Edited {
                index: i,
                was: b.clone(),
            });
        }
    }
    if table.texts.len() > was.len() {
        notes.push(added(was.len(), table.texts.len()));
    }
    for r in renamed {
        renamed_by_its_file(&mut table, &was, r)?;
    }
    if let Some(t) = &m.text {
        let bytes = dir.read(&t.file)?;
        if crc32(&bytes) != t.crc32 {
            for edit in texts::edits(&bytes, &was)? {
                shown_text_edited(&mut table, &was, edit, notes)?;
            }
        }
    }
    table.original = was;
    Ok(table)
}

/// A resource renamed by its file: its name's string takes the new name.
fn renamed_by_its_file(table: &mut Table, was: &[String], r: &Renamed) -> Result<()> {
    let Some(i) = was.iter().position(|t| *t == r.was) else {
        return Ok(());
    };
    if let Some(first) = table.changed_by.get(&i) {
        // Where another rename made the first change, the place is this resource.
        let place = table_file(first).map_or_else(
            || format!("{} resource {} ({:?})", r.kind, r.index, r.now),
            str::to_string,
        );
        return Err(Error::at(
            place,
            format!(
                "string {i} ({:?}) {first}, and its resource renamed {:?} by its file: \
                 rename it in one place",
                r.was, r.now
            ),
        ));
    }
    table.texts[i] = r.now.clone();
    table.changed_by.insert(
        i,
        format!("is renamed {:?} by its resource's file too", r.now),
    );
    Ok(())
}

/// The file a change to the strings (as [`Table::changed_by`] words it) was made
/// in, if a file made it.
fn table_file(change: &str) -> Option<&str> {
    change
        .strip_prefix("is edited in ")
        .and_then(|rest| rest.strip_suffix(" too"))
}

/// A text edited in `text.json`: in place, or, where its string is a name too, as
/// a string of its own after the last.
fn shown_text_edited(
    table: &mut Table,
    was: &[String],
    edit: texts::Edit,
    notes: &mut Vec<String>,
) -> Result<()> {
    let i = edit.string as usize;
    if let Some(first) = table.changed_by.get(&i) {
        return Err(Error::at(
            texts::TEXT,
            format!("string {i} ({:?}) {first}: edit it in one of them", was[i]),
        ));
    }
    table
        .changed_by
        .insert(i, format!("is edited twice in {}", texts::TEXT));
    if edit.split {
        let own = table.texts.len();
        notes.push(format!(
            "{}: string {i} ({:?}) names something too, so the text {:?} takes string \
             {own} of its own",
            texts::TEXT,
            was[i],
            edit.text
        ));
        table.moved.push((edit.string, own as u32));
        table.texts.push(edit.text);
    } else {
        notes.push(format!("{}: string {i}", texts::TEXT));
        table.edited.push(Edited {
            index: i,
            was: was[i].clone(),
        });
        table.texts[i] = edit.text;
    }
    Ok(())
}

fn added(from: usize, to: usize) -> String {
    format!(
        "{} strings added to STRG (indices {from} to {})",
        to - from,
        to - 1
    )
}

/// Reads chunk `c`'s files.
fn source(dir: &SourceDir, c: &ChunkFile) -> Result<Source> {
    let read = |file: &str| -> Result<ResourceFile> { Ok((file.to_string(), dir.read(file)?)) };
    if c.stored {
        let file = c.file.as_deref().ok_or_else(|| missing(c))?;
        return Ok(Source::Stored(dir.read(file)?));
    }
    if c.empty {
        return Ok(Source::Nothing);
    }
    let place = layout::place(c.name);
    match place {
        Place::Split { .. } => {
            let rest = c.file.as_deref().map(read).transpose()?;
            let mut files = Vec::with_capacity(c.resources.len());
            for r in &c.resources {
                // A resource whose file was removed leaves its slot empty.
                files.push(match r.as_str() {
                    "" => None,
                    r => dir.read_if_file(r)?.map(|bytes| (r.to_string(), bytes)),
                });
            }
            for added in added_resources(dir, place, &c.resources)? {
                files.push(Some(read(&added)?));
            }
            Ok(Source::Split { rest, files })
        }
        _ => match &c.file {
            Some(file) => Ok(Source::File(read(file)?)),
            None => Ok(Source::Nothing),
        },
    }
}

/// The resource files in a split chunk's folder that the manifest does not list.
fn added_resources(dir: &SourceDir, place: Place, listed: &[String]) -> Result<Vec<String>> {
    let Place::Split { folder, nested, .. } = place else {
        return Ok(Vec::new());
    };
    if !dir.is_dir(folder) {
        return Ok(Vec::new());
    }
    let listed: HashSet<&str> = listed.iter().map(String::as_str).collect();
    let mut added = Vec::new();
    for entry in dir.list(folder)? {
        let file = match nested {
            Some(name) => format!("{entry}/{name}"),
            None if entry.ends_with(".json") => entry,
            None => continue,
        };
        if !listed.contains(file.as_str()) && dir.is_file(&file)? {
            added.push(file);
        }
    }
    Ok(added)
}

fn missing(c: &ChunkFile) -> Error {
    Error::usage(
        crate::manifest::MANIFEST_NAME,
        format!("chunk {} names no file", c.name),
    )
}

/// The name of every resource, from the files, so a record can name a resource in
/// any chunk.
/// A name given by index is a string whose text STRG holds twice (see
/// [`crate::formats::gamemaker::model::names`]).
fn names(m: &Manifest, sources: &[Source], texts: &[String]) -> Result<Names> {
    #[derive(Deserialize)]
    struct Named {
        #[serde(default)]
        name: Option<serde_json::Value>,
    }
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::Number(i) => i
            .as_u64()
            .and_then(|i| texts.get(usize::try_from(i).ok()?))
            .cloned(),
        v => v.as_str().map(str::to_string),
    };
    let named = |(file, bytes): &ResourceFile| -> Result<Option<String>> {
        let n: Named =
            serde_json::from_slice(bytes).map_err(|e| Error::usage(file, e.to_string()))?;
        Ok(n.name.as_ref().and_then(text))
    };
    let mut names = Names::new();
    for (c, source) in m.chunks.iter().zip(sources) {
        let list = match source {
            Source::Split { files, .. } => files
                .iter()
                .map(|f| f.as_ref().map(named).transpose().map(Option::flatten))
                .collect::<Result<Vec<_>>>()?,
            Source::File((file, bytes)) => match LISTED.iter().find(|(n, _)| *n == c.name) {
                Some((_, field)) => {
                    #[derive(Deserialize)]
                    struct Listed(std::collections::HashMap<String, serde_json::Value>);
                    let all: Listed = serde_json::from_slice(bytes)
                        .map_err(|e| Error::usage(file, e.to_string()))?;
                    let list = all.0.get(*field).and_then(|v| v.as_array());
                    list.map(|l| l.iter().map(|v| v.get("name").and_then(text)).collect())
                        .unwrap_or_default()
                }
                None => continue,
            },
            _ => continue,
        };
        names.entry(c.name).or_insert(list);
    }
    Ok(names)
}

/// Chunk `c`'s body from its files, its payloads not yet in place.
fn body<'a>(
    c: &ChunkFile,
    source: &'a Source,
    interner: Interner,
    lookup: &Arc<Lookup>,
) -> (Result<Body<'a>>, Interner) {
    let no_model = || {
        Error::usage(
            crate::manifest::MANIFEST_NAME,
            format!("no model reads chunk {}", c.name),
        )
    };
    match source {
        Source::Stored(bytes) => (
            Ok(Body::Stored {
                bytes,
                at: Some(c.offset + 8),
                why: None,
            }),
            interner,
        ),
        Source::Nothing => (
            Ok(match c.name {
                FourCC::AUDO if !c.empty => Body::Audio(Default::default()),
                _ => Body::Empty,
            }),
            interner,
        ),
        Source::File((file, bytes)) => {
            let (body, interner) = Body::from_json(c.name, file, bytes, interner, lookup);
            (body.unwrap_or_else(|| Err(no_model())), interner)
        }
        Source::Split { rest, files } => {
            let (body, interner) =
                Body::split_from_json(c.name, rest.as_ref(), files, interner, lookup);
            (body.unwrap_or_else(|| Err(no_model())), interner)
        }
    }
}

/// Puts the payloads a chunk's JSON leaves out back into its body.
fn fill<'a>(
    dir: &SourceDir,
    body: &mut Body<'a>,
    source: &Source,
    m: &Manifest,
    payloads: &'a Payloads,
    code_blobs: &'a [u8],
) -> Result<()> {
    match body {
        Body::Textures(t) => {
            let pages: Vec<_> = t.pages.iter_mut().flatten().collect();
            if pages.len() != payloads.pages.len() {
                return Err(Error::usage(
                    "textures.json",
                    format!(
                        "lists {} pages, but {} are extracted",
                        pages.len(),
                        payloads.pages.len()
                    ),
                ));
            }
            for (page, blob) in pages.into_iter().zip(&payloads.pages) {
                page.blob = blob.as_deref().map(Cow::Borrowed);
            }
        }
        Body::Audio(a) => {
            a.clips = payloads
                .clips
                .iter()
                .map(|c| Some(Cow::Borrowed(c.as_slice())))
                .collect();
        }
        Body::Code(code) => {
            let mut blobs = Vec::with_capacity(m.code.len());
            let mut at = 0usize;
            for c in &m.code {
                let end = at.saturating_add(c.size as usize);
                let blob = code_blobs.get(at..end).ok_or_else(|| {
                    Error::usage(
                        m.code_blobs.as_deref().unwrap_or_default(),
                        format!("ends before the blob of {}", c.file),
                    )
                })?;
                blobs.push(Cow::Borrowed(blob));
                at = end;
            }
            code.blobs = Blobs::Stored(blobs);
        }
        Body::Shaders(s) => {
            let Source::Split { files, .. } = source else {
                return Ok(());
            };
            for (shader, file) in s.shaders.iter_mut().zip(files) {
                let (Some(shader), Some((file, _))) = (shader, file) else {
                    continue;
                };
                for (k, blob) in shader.blobs.iter_mut().enumerate() {
                    let path = layout::beside(file, &format!("{}.bin", BLOBS[k]));
                    if let Some(bytes) = dir.read_if_file(&path)? {
                        *blob = Some(Cow::Owned(bytes));
                    }
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// A chunk kept as stored holds pointers nobody can follow: the file is refused
/// when any chunk moved or a string changed, since either may move what it points
/// at.
fn refuse_moving_stored(m: &Manifest, bytes: &[u8], unchanged_strings: bool) -> Result<()> {
    let Some(stored) = m.chunks.iter().find(|c| c.stored) else {
        return Ok(());
    };
    let form = crate::formats::gamemaker::binary::container::read(bytes)?;
    let moved = form
        .chunks
        .iter()
        .zip(&m.chunks)
        .find(|(now, was)| now.offset != was.offset)
        .map(|(now, _)| now.name.to_string());
    if let Some(why) = moved
        .map(|name| format!("chunk {name} moves"))
        .or((!unchanged_strings).then(|| "the strings change".to_string()))
    {
        return Err(Error::usage(
            stored.file.as_deref().unwrap_or_default(),
            format!(
                "chunk {} is kept as stored, its layout unknown, and {why}: its pointers \
                 could no longer be right, so only edits that keep every chunk and string \
                 in place can be packed",
                stored.name
            ),
        ));
    }
    Ok(())
}
