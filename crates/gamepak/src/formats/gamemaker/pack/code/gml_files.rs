//! The folder's GML, compiled where it was changed: a `.gml` whose CRC-32
//! differs from extraction's, or whose `.asm` is gone, is compiled against the
//! game into the disassembly's text, which then packs as an edited `.asm` does.
//! An untouched `.gml` changes nothing: its `.asm` (or the stored blob) stays
//! the truth. Changing both files of one entry is refused, since one change
//! would be lost.

use rayon::prelude::*;

use std::collections::HashSet;

use crate::codec::crc::crc32;
use crate::error::{Error, Result};
use crate::formats::gamemaker::bytecode::assembly::Assembly;
use crate::formats::gamemaker::folder::manifest::Manifest;
use crate::formats::gamemaker::gml::language::ast::Stmt;
use crate::formats::gamemaker::gml::language::parse::{parse_placed, parse_with};
use crate::formats::gamemaker::gml::language::places::Places;
use crate::formats::gamemaker::gml::language::print::Style;
use crate::formats::gamemaker::model::chunks::scripts::Scripts;
use crate::formats::gamemaker::pack::code::found::Found;
use crate::formats::gamemaker::pack::code::new_code::AddedFile;
use crate::formats::gamemaker::pack::code::new_code::{self, NewKind};
use crate::formats::gamemaker::views::code_entries::Entry;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::formats::gamemaker::{gml::compile::compile, gml::compile::Env, gml::compile::Source};
use crate::io::SourceDir;
use crate::limits::{show_size, Limits};

/// A GML file to compile: the blob it is the code of, its place and its text.
#[derive(Debug, Clone)]
pub struct GmlEdit {
    pub blob: usize,
    pub file: String,
    pub text: String,
}

/// The folder's GML: the files to compile, in blob order, and the text of
/// every other that declares macros or enums, which the whole project sees.
#[derive(Debug, Clone, Default)]
pub struct FolderGml {
    pub edits: Vec<GmlEdit>,
    pub definitions: Vec<(String, String)>,
    /// Each blob's GML file, where it has one.
    pub files: Vec<Option<String>>,
}

/// Whether `text` may declare macros or enums, before it is parsed.
fn may_define(text: &str) -> bool {
    text.contains("#macro") || text.contains("enum ")
}

/// The lines of `text` that declare at its top, the rest left out: each `#macro`
/// line (with the lines a `\` continues it onto) and each `enum`, from its line
/// to the line that closes it, both from the line's start as top-level code is
/// written. What the project sees of an untouched file is read from these,
/// without parsing its code.
fn declarations(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let continues: fn(&str) -> bool = if line.starts_with("#macro") {
            |l| l.trim_end().ends_with('\\')
        } else if line.starts_with("enum ") || line.starts_with("enum{") {
            |l| !l.contains('}')
        } else {
            continue;
        };
        let mut line = Some(line);
        while let Some(l) = line {
            out.push_str(l);
            out.push('\n');
            line = if continues(l) { lines.next() } else { None };
        }
    }
    out
}

/// About how many bytes compiling GML holds for each byte of its text (measured:
/// 7 MB of short statements took 690 MB: tokens, tree, places and assembly).
const COMPILE_WORKING_SET: u64 = 100;

/// The compile errors of one file shown in full; past them the rest are counted,
/// as no one reads on and placing each costs a search of the text.
const ERRORS_SHOWN: usize = 100;

/// Refuses GML text of `len` bytes, in `file`, whose compiling would take more than
/// `limits` allow.
pub fn check_size(file: &str, len: usize, limits: &Limits) -> Result<()> {
    let what = format!("compiling {} of GML takes about", show_size(len as u64));
    limits.check_size(
        file,
        None,
        &what,
        (len as u64).saturating_mul(COMPILE_WORKING_SET),
    )
}

/// The GML files to compile, in blob order, and the others that define; `asm`
/// is each blob's disassembly as pack found it.
pub fn edited(dir: &SourceDir, m: &Manifest, asm: &[Found], limits: &Limits) -> Result<FolderGml> {
    let found = m
        .code
        .par_iter()
        .zip(asm)
        .enumerate()
        .map(|(blob, (c, asm))| {
            let Some(gml) = &c.gml else {
                return Ok(None);
            };
            let Some(text) = dir.read_if_file(&gml.file)? else {
                return Ok(None);
            };
            check_size(&gml.file, text.len(), limits)?;
            let gml_changed = crc32(&text) != gml.crc32;
            let asm_changed = matches!(asm, Found::Edited(_));
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
            let compiled = gml_changed || matches!(asm, Found::Gone);
            if !compiled && !may_define(&String::from_utf8_lossy(&text)) {
                return Ok(None);
            }
            let text = String::from_utf8(text).map_err(|_| Error::at(&gml.file, "is not UTF-8"))?;
            Ok(Some((
                compiled,
                GmlEdit {
                    blob,
                    file: gml.file.clone(),
                    text,
                },
            )))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut out = FolderGml {
        files: m
            .code
            .iter()
            .map(|c| Some(c.gml.as_ref()?.file.clone()))
            .collect(),
        ..FolderGml::default()
    };
    for (compiled, e) in found.into_iter().flatten() {
        if compiled {
            out.edits.push(e);
        } else {
            out.definitions.push((e.file, e.text));
        }
    }
    Ok(out)
}

/// The folder's GML compiled into instructions: each edited entry's, by
/// blob; each new file's; and the function entries that are constructors.
#[derive(Debug, Clone, Default)]
pub struct Assembled {
    pub edits: Vec<(usize, String, Assembly)>,
    pub fresh: Vec<Fresh>,
    pub constructors: HashSet<String>,
    /// Warnings on the code, each at its place.
    pub warnings: Vec<crate::Diagnostic>,
}

/// A new GML file compiled: its place, its disassembly, its code entry's name,
/// and what it is.
#[derive(Debug, Clone)]
pub struct Fresh {
    pub file: String,
    pub code: Assembly,
    pub entry: String,
    pub kind: NewKind,
}

/// A file to compile, parsed: its place, its text, and what it is.
struct Parsed<'t> {
    file: &'t str,
    text: &'t str,
    body: Vec<Stmt>,
    places: Places,
    /// The blob of an edited entry; for a new file, what it becomes.
    what: std::result::Result<usize, NewKind>,
}

/// The edits and the new files of `gml` and `new`, compiled against `game`
/// (whose code's chains are `names`), which sees every macro and enum the folder's GML declares and every new
/// script. Every file's errors are reported together.
pub fn assemble(
    game: &FileView<'_>,
    names: &crate::formats::gamemaker::bytecode::disassemble::Names,
    gml: &FolderGml,
    new: &[AddedFile],
) -> Result<Assembled> {
    crate::pass_stack::run(|| assemble_on_pass_stack(game, names, gml, new))
}

fn assemble_on_pass_stack(
    game: &FileView<'_>,
    names: &crate::formats::gamemaker::bytecode::disassemble::Names,
    gml: &FolderGml,
    new: &[AddedFile],
) -> Result<Assembled> {
    if gml.edits.is_empty() && new.is_empty() {
        return Ok(Assembled::default());
    }
    let style = style_of(game);
    let mut env = Env::of_with(game, names);
    let mut errors = Vec::new();
    for (_, text) in &gml.definitions {
        // An untouched file is read for its declarations alone; one whose
        // declarations cannot be told apart that way is parsed whole, and one that
        // does not parse defines nothing, as before.
        let body = parse_with(&declarations(text), style).or_else(|_| parse_with(text, style));
        if let Ok(body) = body {
            env.define(&body);
        }
    }
    let sources = gml
        .edits
        .iter()
        .map(|e| (e.file.as_str(), e.text.as_str(), Ok(e.blob)))
        .chain(new.iter().map(|(f, t)| (f.as_str(), t.as_str(), Err(()))));
    let mut parsed = Vec::new();
    for (file, text, blob) in sources {
        let (body, places) = match parse_placed(text, style) {
            Ok(parsed) => parsed,
            Err(p) => {
                errors.push(problem(format!("{file}:{p}")));
                continue;
            }
        };
        env.define(&body);
        let what = match blob {
            Ok(blob) => Ok(blob),
            Err(()) if file.starts_with("code/") && new_code::is_definitions(&body) => continue,
            Err(()) => match new_code::kind_of(file) {
                Ok(kind) => Err(kind),
                Err(e) => {
                    errors.push(e.to_string());
                    continue;
                }
            },
        };
        parsed.push(Parsed {
            file,
            text,
            body,
            places,
            what,
        });
    }
    errors.extend(declared_twice(game, &env, gml, &parsed));
    let scripts = game.model.get::<Scripts>().map_or(0, |s| s.scripts.len());
    let mut script = 0;
    for p in &parsed {
        if let Err(NewKind::Script(name)) = &p.what {
            if env.asset(name.as_str()).is_some() {
                errors.push(format!(
                    "{}: the game has a resource named {name:?} already",
                    p.file
                ));
            }
            let functions = new_code::declared_functions(&p.body);
            env.add_script(name.as_str(), (scripts + script) as u32, &functions);
            script += 1;
        }
    }
    let env = &env;
    let results: Vec<std::result::Result<Compiled, String>> = parsed
        .par_iter()
        .map(|p| {
            let entry = match &p.what {
                Ok(blob) => own_entry(game, *blob)
                    .ok_or_else(|| format!("{}: the game has no code blob {blob}", p.file))?,
                Err(NewKind::Script(name)) if env.target.functions() => {
                    format!("gml_GlobalScript_{name}")
                }
                Err(NewKind::Script(name)) => format!("gml_Script_{name}"),
                Err(NewKind::Event(name)) => name.clone(),
            };
            if p.what.is_err() && game.code.iter().any(|c| *c.name == *entry) {
                return Err(format!(
                    "{}: the game has the code entry {entry} already: edit its own file",
                    p.file
                ));
            }
            let source = Text {
                file: p.file,
                text: p.text,
                body: &p.body,
                places: &p.places,
            };
            let one = compile_entry(game, env, &entry, source)?;
            let what = p.what.clone().map_err(|kind| (entry, kind));
            Ok(Compiled {
                file: p.file.to_string(),
                what,
                one,
            })
        })
        .collect();
    let mut out = Assembled::default();
    // A name one file reads and another sets is no slip.
    let stored: HashSet<&String> = results
        .iter()
        .flatten()
        .flat_map(|c| &c.one.stored)
        .collect();
    for r in results.iter().flatten() {
        out.warnings.extend(
            r.one
                .unknown_reads
                .iter()
                .filter(|(name, _)| !stored.contains(name))
                .map(|(_, shown)| shown.clone()),
        );
    }
    for r in results {
        match r {
            Err(e) => errors.push(e),
            Ok(c) => {
                out.constructors
                    .extend(c.one.functions.into_iter().filter(|f| f.1).map(|f| f.0));
                let code = c.one.code;
                match c.what {
                    Ok(blob) => out.edits.push((blob, c.file, code)),
                    Err((entry, kind)) => out.fresh.push(Fresh {
                        file: c.file,
                        code,
                        entry,
                        kind,
                    }),
                }
            }
        }
    }
    if !errors.is_empty() {
        // By file, as a person reads the folder; a file's own in the order found.
        errors.sort_by(|a, b| a.split(':').next().cmp(&b.split(':').next()));
        return Err(Error::at("", errors.join("\n")));
    }
    Ok(out)
}

/// A function name that two script files declare, or that a script file
/// declares where another of the game's scripts does already: each refused,
/// naming both files. A function is global from 2.3, and GameMaker would call
/// only one of the two.
fn declared_twice(
    game: &FileView<'_>,
    env: &Env,
    gml: &FolderGml,
    parsed: &[Parsed],
) -> Vec<String> {
    if !env.target.functions() {
        return Vec::new();
    }
    let blob_of = |entry: &str| {
        game.blob_entries()
            .iter()
            .position(|es| es.iter().any(|&k| *game.code[k].name == *entry))
    };
    let mut seen: std::collections::HashMap<String, &str> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for p in parsed {
        let script = match &p.what {
            Err(NewKind::Script(_)) => true,
            Ok(blob) => own_entry(game, *blob).is_some_and(|e| e.starts_with("gml_GlobalScript_")),
            Err(NewKind::Event(_)) => false,
        };
        if !script {
            continue;
        }
        for f in new_code::declared_functions(&p.body) {
            if let Some(other) = seen.insert(f.clone(), p.file) {
                out.push(format!(
                    "{}: the function `{f}` is declared in {other} too: a function name is \
                     declared once",
                    p.file
                ));
                continue;
            }
            let Some(blob) = env.functions.get(&f).and_then(|entry| blob_of(entry)) else {
                continue;
            };
            if p.what != Ok(blob) {
                let other = gml.files.get(blob).cloned().flatten();
                let other = other.unwrap_or_else(|| own_entry(game, blob).unwrap_or_default());
                out.push(format!(
                    "{}: the function `{f}` is declared in {other} already: a function name is \
                     declared once",
                    p.file
                ));
            }
        }
    }
    out
}

/// One file compiled: its place, its blob or for a new file its entry and what
/// it is, and what compiling it gave.
struct Compiled {
    file: String,
    what: std::result::Result<usize, (String, NewKind)>,
    one: CompiledText,
}

/// A file's GML compiled.
struct CompiledText {
    /// The code, with a heading for the entry and each function it declares.
    code: Assembly,
    /// Each function it declares, with whether it is a constructor.
    functions: Vec<(String, bool)>,
    /// The names it reads that nothing in the game sets, each with its warning
    /// against the text.
    unknown_reads: Vec<(String, crate::Diagnostic)>,
    /// The names it stores to.
    stored: HashSet<String>,
}

/// The name of the entry that starts blob `blob` of `game`.
fn own_entry(game: &FileView<'_>, blob: usize) -> Option<String> {
    let entries = game.blob_entries().get(blob)?;
    let own = entries
        .iter()
        .map(|&k| &game.code[k])
        .find(|c| c.start == 0)
        .unwrap_or(&game.code[entries[0]]);
    Some(own.name.to_string())
}

/// How the game's release writes strings: with escapes from GameMaker Studio 2.
fn style_of(game: &FileView<'_>) -> Style {
    Style {
        escapes: game.gen8.version[0] >= 2,
    }
}

/// `text` (the GML of `file`) compiled against `game` as the code of `entry`, or
/// of the entry the file's name names (`012-gml_Object_obj_player_Step_0.gml`),
/// or of a new script named after the file: its disassembly and its warnings.
pub fn compile_text(
    game: &FileView<'_>,
    text: &str,
    file: &str,
    entry: Option<&str>,
) -> Result<crate::CompiledSource> {
    crate::pass_stack::run(|| compile_text_on_pass_stack(game, text, file, entry))
}

fn compile_text_on_pass_stack(
    game: &FileView<'_>,
    text: &str,
    file: &str,
    entry: Option<&str>,
) -> Result<crate::CompiledSource> {
    let stem = new_code::file_stem(file);
    let named = new_code::entry_named(&stem);
    let env = Env::of(game);
    let entry = match entry {
        Some(e) if game.code.iter().any(|c| *c.name == *e) => e.to_string(),
        // A name the game lacks is a slip, not a new entry: a new one is named
        // by its file.
        Some(e) => {
            let near = crate::nearest::nearest(e, game.code.iter().map(|c| &*c.name));
            return Err(Error::at(
                "",
                format!(
                    "the game has no code entry `{e}`{}; a new script is compiled \
                     when --entry is left out, named after its file",
                    near.map(|n| format!(" (did you mean `{n}`?)"))
                        .unwrap_or_default()
                ),
            ));
        }
        None if game.code.iter().any(|c| *c.name == *named) => named.to_string(),
        None if env.target.functions() => format!("gml_GlobalScript_{named}"),
        None => format!("gml_Script_{named}"),
    };
    let (body, places) =
        parse_placed(text, style_of(game)).map_err(|p| Error::at("", format!("{file}:{p}")))?;
    let source = Text {
        file,
        text,
        body: &body,
        places: &places,
    };
    compile_entry(game, &env, &entry, source)
        .map(|c| crate::CompiledSource {
            assembly: c.code.to_string(),
            warnings: c.unknown_reads.into_iter().map(|(_, w)| w).collect(),
        })
        .map_err(|why| Error::at("", why))
}

/// A file's GML: its place, its text, and the text parsed.
#[derive(Clone, Copy)]
struct Text<'a> {
    file: &'a str,
    text: &'a str,
    body: &'a [Stmt],
    places: &'a Places,
}

/// The GML `source` compiled as code entry `entry` of `game` (one it holds, or
/// a new one): its disassembly, with a heading for the entry and for each
/// function it declares, and each function's entry name with whether it is a
/// constructor.
fn compile_entry(
    game: &FileView<'_>,
    env: &Env,
    entry: &str,
    source: Text<'_>,
) -> std::result::Result<CompiledText, String> {
    let Text {
        file,
        text,
        body,
        places,
    } = source;
    let own = game.code.iter().position(|c| *c.name == *entry);
    let mut functions: Vec<&Entry<'_>> = own
        .map(|k| {
            // An empty blob (a script of macros alone) may start where the next
            // one does: a blob is its address and its length.
            let (blob, length) = (game.code[k].blob, game.code[k].length);
            game.code
                .iter()
                .filter(|c| c.blob == blob && c.length == length && c.start != 0 && c.length > 0)
                .collect()
        })
        .unwrap_or_default();
    functions.sort_by_key(|c| c.start);
    let names: Vec<String> = functions.iter().map(|c| c.name.to_string()).collect();
    let compiled = compile(
        env,
        Source {
            entry,
            body,
            functions: &names,
            places: Some(places),
        },
    )
    .map_err(|errors| {
        let mut shown: Vec<String> = errors
            .iter()
            .take(ERRORS_SHOWN)
            .map(|x| problem(x.show(file, text)))
            .collect();
        if errors.len() > ERRORS_SHOWN {
            shown.push(format!(
                "{file}: and {} more errors",
                errors.len() - ERRORS_SHOWN
            ));
        }
        shown.join("\n")
    })?;
    let declared: Vec<&str> = compiled.functions.iter().map(|f| f.name.as_str()).collect();
    if let Some(gone) = names.iter().find(|n| !declared.contains(&n.as_str())) {
        return Err(format!(
            "{file}: the function {} is no longer declared; removing a function from an \
             entry is not supported yet",
            code_short(gone)
        ));
    }
    let arguments = own.map_or(0, |k| game.code[k].arguments & 0x7fff);
    let code = compiled
        .assembly(entry, arguments)
        .map_err(|why| format!("{file}: {why}"))?;
    let functions = compiled
        .functions
        .iter()
        .map(|f| (f.name.clone(), f.constructor))
        .collect();
    let unknown_reads = compiled
        .unknown_reads
        .iter()
        .map(|w| {
            let name = w.name.clone().unwrap_or_default();
            (name, w.diagnostic(file, text))
        })
        .collect();
    Ok(CompiledText {
        code,
        functions,
        unknown_reads,
        stored: compiled.stored,
    })
}

/// One problem of several, as a message: its first line, then the source line
/// and the caret indented, so that each problem starts a line of its own (the
/// CLI counts them so).
fn problem(text: String) -> String {
    text.replace('\n', "\n  ")
}

/// A function's entry name as GML names it.
fn code_short(entry: &str) -> &str {
    let name = entry.strip_prefix("gml_Script_").unwrap_or(entry);
    name.split('@').next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::gamemaker::model::version::Version;

    #[test]
    fn an_untouched_file_is_read_for_its_top_level_macros_and_enums_alone() {
        let text = "#macro SPEED 4\n#macro WIDE 1 + \\\n    2\nx = SPEED;\n\
                    enum Colour {\n    red,\n    green = 5\n}\n\
                    if (x) {\n    enum_value = 1;\n}\nenum Flat { a, b }\ny = 2;\n";
        let cut = declarations(text);
        assert_eq!(
            cut,
            "#macro SPEED 4\n#macro WIDE 1 + \\\n    2\n\
             enum Colour {\n    red,\n    green = 5\n}\nenum Flat { a, b }\n"
        );
        let target = crate::formats::gamemaker::gml::compile::Target::new(17, Version::V2_3);
        let style = Style { escapes: true };
        let (mut whole, mut declared) = (Env::bare(target), Env::bare(target));
        whole.define(&parse_with(text, style).unwrap());
        declared.define(&parse_with(&cut, style).unwrap());
        assert_eq!(whole.enums, declared.enums);
        assert_eq!(whole.macros.len(), declared.macros.len());
    }

    #[test]
    fn gml_whose_compiling_would_pass_the_limit_is_refused_with_the_limit() {
        let limits = Limits::for_max_alloc(512 << 20);
        assert!(check_size("a.gml", 1 << 20, &limits).is_ok());
        let e = check_size("a.gml", 50 << 20, &limits)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("compiling 50 MiB of GML takes about") && e.contains("--max-alloc"),
            "{e}"
        );
    }
}
