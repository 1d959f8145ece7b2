//! Decompiling a blob written as assembly, outside any game: the disassembly's own
//! syntax (`code/*.asm`), with its labels, strings, variables and functions named
//! in the text. The construct tests pair GML with assembly this way, and the fuzzer
//! feeds it whatever it likes.
//!
//! Header comments say what the game would: `; NAME (arguments A, locals L) starts
//! at Lxxxx` declares a code entry of the blob (one entry named `main` starting at
//! 0 when there is none), and `; asset CHUNK N NAME` names resource N of the chunk
//! CHUNK (`; asset OBJT 3 obj_enemy`), and `; release 2024.4` says which release
//! made the game (typed references were renumbered in 2024.4; `[@ ]` is told
//! apart from 2.3 to 2.3.6).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;

use crate::bytes::Endian;
use crate::formats::gamemaker::bytecode::assemble::{self, Use};
use crate::formats::gamemaker::bytecode::assembly::Assembly;
use crate::formats::gamemaker::bytecode::disassemble::{Chain, Names};
use crate::formats::gamemaker::gml::decompile::array_writes::{
    mark_reference_writes, names_every_owner,
};
use crate::formats::gamemaker::gml::decompile::context::{Context, RefKinds};
use crate::formats::gamemaker::gml::decompile::function_pushes::functions_by_name;
use crate::formats::gamemaker::gml::decompile::game_code::{
    decompile_blob, name_script_arguments, Decompiled, EntryAt,
};
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::fourcc::FourCC;

/// Each entry of the blob `text` assembles to, decompiled: its name and body. An
/// error names the line that does not assemble.
pub fn decompile_assembly(text: &str) -> Result<Vec<Decompiled>, String> {
    crate::pass_stack::run(|| decompile_assembly_here(text))
}

fn decompile_assembly_here(text: &str) -> Result<Vec<Decompiled>, String> {
    let mut said = Header {
        entries: Vec::new(),
        assets: HashMap::new(),
        release: Version::GMS2,
    };
    for line in text.lines() {
        if let Some(comment) = line.trim().strip_prefix(';') {
            said.read(comment.trim());
        }
    }
    let code = Assembly::parse(text).map_err(|(n, e)| format!("line {n}: {e}"))?;
    let strings = Strings::default();
    let index = |text: &str| strings.index(text);
    let mut bytes = Vec::new();
    let mut names = Names::default();
    let mut chains: HashMap<(bool, &str), usize> = HashMap::new();
    for line in &code.lines {
        let i = assemble::encode(&line.asm, line.at, &index, Endian::Little)
            .map_err(|e| format!("line {}: {e}", line.number))?;
        if let Some(used) = i.uses {
            let (call, name) = match used {
                Use::Function(name) => (true, name),
                Use::Variable { name, .. } => (false, name),
            };
            let index = *chains.entry((call, name)).or_insert_with(|| {
                names.chains.push(Chain {
                    call,
                    at: 0,
                    entry: 0,
                    size: 0,
                    name: name.to_string(),
                    name_id: None,
                    instance: 0,
                    first_at_operand: false,
                });
                names.chains.len() - 1
            });
            names.owner.insert(u64::from(line.at), index);
        }
        bytes.extend_from_slice(&i.bytes);
    }
    let Header {
        mut entries,
        assets,
        release,
    } = said;
    let refs = RefKinds::of(release);
    let every_owner = names_every_owner(Range {
        low: release,
        high: release,
    });
    if entries.is_empty() {
        entries.push(("main".into(), "L0000".into(), 0));
    }
    let mut instrs = names.decode(&bytes, 0, Endian::Little);
    if every_owner {
        mark_reference_writes(&mut instrs, &names.chains);
    }
    let texts: Vec<Cow<str>> = strings.0.take().into_iter().map(Cow::Owned).collect();
    let own: std::collections::HashSet<&str> = entries.iter().map(|(n, _, _)| n.as_str()).collect();
    functions_by_name(&mut instrs, |s| {
        texts.get(s as usize).is_some_and(|t| own.contains(&**t))
    });
    let ctx = Context {
        strings: &texts,
        chains: &names.chains,
        assets,
        locals: HashMap::new(),
        arguments: entries.iter().map(|(n, _, a)| (n.clone(), *a)).collect(),
        refs,
        typed_booleans: release >= Version::V2022_1,
        tested_booleans: release >= Version::V2_3,
        typed_references: text.contains("break.i -11"),
        // Assembly does not tell its bytecode, and a text with no release
        // header reads as 2.0, which bytecode 14's text may be too; from 2.3 the
        // bytecode is past 14.
        instances_by_number: release >= Version::V2_3,
        explicit_self: text.lines().any(|l| {
            let l = l.trim();
            l.starts_with("pop.v.") && l.contains(" builtin.")
        }),
    };
    let mut starts = Vec::new();
    for (name, start, _) in &entries {
        let start = code
            .label(start)
            .ok_or_else(|| format!("entry {name} starts at {start}, which is no label"))?;
        starts.push(EntryAt { name, start });
    }
    let mut bodies = decompile_blob(&ctx, &instrs, bytes.len() as u32, &starts);
    name_script_arguments(
        &ctx,
        entries
            .iter()
            .zip(bodies.iter_mut())
            .filter_map(|((name, ..), body)| Some((name.as_str(), body.as_mut().ok()?))),
    );
    Ok(entries
        .iter()
        .zip(bodies)
        .map(|((name, ..), body)| Decompiled {
            name: name.clone(),
            body,
        })
        .collect())
}

/// What the header comments say about the game.
struct Header {
    /// Each code entry: its name, the label it starts at, and its argument count.
    entries: Vec<(String, String, u16)>,
    assets: HashMap<FourCC, Vec<Option<String>>>,
    /// The release the game is from (2.0 unless a header says).
    release: Version,
}

impl Header {
    fn read(&mut self, comment: &str) {
        if let Some(rest) = comment.strip_prefix("asset ") {
            self.asset(rest);
        } else if let Some(release) = comment.strip_prefix("release ") {
            let mut parts = release.trim().split('.').map(str::parse::<u16>);
            if let (Some(Ok(major)), Some(Ok(minor))) = (parts.next(), parts.next()) {
                self.release = Version::new(major, minor, 0, 0);
            }
        } else {
            self.entry(comment);
        }
    }

    fn asset(&mut self, rest: &str) {
        let mut parts = rest.split_whitespace();
        let (Some(chunk), Some(index), Some(name)) = (parts.next(), parts.next(), parts.next())
        else {
            return;
        };
        let (Ok(chunk), Ok(index)) = (
            <[u8; 4]>::try_from(chunk.as_bytes()),
            index.parse::<usize>(),
        ) else {
            return;
        };
        if index < 4096 {
            let list = self.assets.entry(FourCC(chunk)).or_default();
            if list.len() <= index {
                list.resize(index + 1, None);
            }
            list[index] = Some(name.to_string());
        }
    }

    fn entry(&mut self, comment: &str) {
        let Some((name, rest)) = comment.split_once(" (arguments ") else {
            return;
        };
        let Some((arguments, rest)) = rest.split_once(',') else {
            return;
        };
        let Some(start) = rest.split(" starts at ").nth(1) else {
            return;
        };
        self.entries.push((
            name.trim().to_string(),
            start.trim().to_string(),
            arguments.trim().parse().unwrap_or(0),
        ));
    }
}

/// The blob's strings, each added when the text first names it.
#[derive(Default)]
struct Strings(RefCell<Vec<String>>);

impl Strings {
    /// The index of `text`, added where the blob has not named it before.
    fn index(&self, text: &str) -> Option<u32> {
        let mut list = self.0.borrow_mut();
        let index = match list.iter().position(|s| s == text) {
            Some(i) => i,
            None => {
                list.push(text.to_string());
                list.len() - 1
            }
        };
        u32::try_from(index).ok()
    }
}
