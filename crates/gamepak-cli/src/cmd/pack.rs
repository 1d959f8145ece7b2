use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use crate::files::each_file;
use crate::output::{json_line, warn, warn_at, warn_unused, written, FileRecord, Global, Status};
use gamepak::io::{OutputFile, Replace};
use gamepak::{Error, ErrorKind};

/// Rebuild a file from a folder written by `extract`.
///
/// Byte-identical to the original when nothing was edited; edited assets are
/// re-encoded (an edited PNG into its entry's pixel format) and every offset, size
/// and count follows. Only files inside the folder are read: a symlink that leads
/// out of it is refused.
///
/// The output is written atomically when it is a regular file (or does not exist
/// yet); a FIFO or a device is written into, a symlink keeps pointing where it did,
/// and `-o -` writes to standard output. Files that belong beside the output (a
/// GameMaker game's audiogroupN.dat) are written next to it, each atomically; an
/// output that is not a file (standard output, a FIFO, a device) has nothing beside
/// it, so such a pack is refused. A folder extract salvaged from a damaged file
/// (one holding problems.json) is refused too: it lacks what could not be taken out.
///
/// A file already at -o, or beside it, is replaced only if it is empty or of the
/// format being written (an earlier pack); anything else may be yours and is refused
/// unless --force is given. What is there is decided when the file is written: one
/// that appears or changes in the meantime is left alone, and the pack fails.
///
/// Editing, by format:
///
/// GameMaker: edit the JSON, PNG, WAV/OGG and .gml or .asm files, and add a
/// resource as a file in its folder. The README.md that extract wrote into the
/// folder says how, for that game; pack checks the whole folder first and lists
/// every problem.
///
/// GBIN: edit the tables in gamepak.toml and the PNG, WAV, JSON and .gpl files; an
/// image may change size, and every offset follows.
///
/// Native game.bin: edit script.js, the JSON tables and the sprite frames,
/// backgrounds, sounds and music; an edited frame lays the atlas out again.
///
/// TirNanoG: edit tng.json and the sections, maps, sprites and assets it names.
///
/// SWAG: edit swag.toml, the code and the textures, fonts and audio it names.
///
/// Example: gamepak pack images/ -o images.gbin
///
/// Example: gamepak pack --max-problems 5 data/ -o data.win
#[derive(clap::Args)]
pub struct Args {
    /// A folder `gamepak extract` wrote (and you may have edited).
    folder: PathBuf,
    /// The file to write (`-` for standard output). It may not lie inside the folder.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Replace a file at -o, or beside it, that is neither empty nor of the format
    /// being written (an earlier pack is replaced without --force).
    #[arg(long)]
    force: bool,
    /// Print at most N of the problems that stop the pack (a reference that names
    /// nothing, a field no record has, GML that does not compile, code that does
    /// not assemble), then count the rest. Default: 20
    /// when errors go to a terminal, else all; 0 means all.
    #[arg(long, value_name = "N")]
    max_problems: Option<usize>,
    /// Print one JSON record of what was written (naming its "file", the output),
    /// then a summary record. Warnings still go to standard error.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    Ok(each_file(
        std::slice::from_ref(&args.folder),
        args.json,
        |_, _, _| pack(&args, global),
    ))
}

/// The pack, written out, and its JSON record.
fn pack(args: &Args, global: &Global) -> Result<Status, Error> {
    gamepak::io::refuse_inside(
        &args.output,
        &args.folder,
        "the next pack would read it back as part of the folder",
    )?;
    let limit = match args.max_problems {
        Some(0) => None,
        Some(n) => Some(n),
        None => std::io::stderr().is_terminal().then_some(20),
    };
    let outcome = gamepak::pack(&args.folder, &global.options).map_err(|e| match limit {
        Some(n) => at_most(e, n),
        None => e,
    })?;
    refuse_companions_without_a_folder(&args.output, &outcome.companions)?;
    warn_unused(&args.folder, &outcome.unused, global);
    for w in &outcome.warnings {
        warn(global, &format!("{}: {w}", args.folder.display()));
    }
    for w in &outcome.code_warnings {
        warn_at(global, w);
    }
    let reencoded = reencoded(&outcome.reencoded, global.verbose);
    // Every output is claimed before any is written, so a refusal leaves all as they
    // were.
    let replace = if args.force {
        Replace::Any
    } else {
        Replace::SameFormat
    };
    let output = OutputFile::claim(&args.output, &outcome.bytes, replace)?;
    let companions = outcome
        .companions
        .iter()
        .map(|(name, bytes)| {
            let beside = args.output.with_file_name(name);
            Ok((OutputFile::claim(&beside, bytes, replace)?, bytes))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    // The JSON record stands for the line each file written would print.
    let write = |target: OutputFile, bytes: &[u8], detail: &str| match args.json {
        true => target.write(bytes).map(|()| Status::Ok),
        false => written(target, bytes, detail, global),
    };
    let status = write(output, &outcome.bytes, &reencoded)?;
    for (companion, bytes) in companions {
        write(companion, bytes, " (beside it)")?;
    }
    if args.json {
        json_line(&FileRecord {
            file: &args.output,
            record: Packed {
                folder: &args.folder,
                bytes: outcome.bytes.len(),
                reencoded: &outcome.reencoded,
                unused: &outcome.unused,
                warnings: &outcome.warnings,
                companions: outcome
                    .companions
                    .iter()
                    .map(|(name, _)| name.as_str())
                    .collect(),
            },
        });
    }
    Ok(status)
}

/// A pack in JSON: the folder it read, and what it wrote and why.
#[derive(serde::Serialize)]
struct Packed<'a> {
    folder: &'a Path,
    bytes: usize,
    reencoded: &'a [String],
    unused: &'a [gamepak::io::Unused],
    warnings: &'a [String],
    companions: Vec<&'a str>,
}

/// What the summary line says was re-encoded: every item when there are few or
/// `--verbose` asks, else the first few and how many more, since an edit of many
/// sprites re-encodes hundreds of items and one line of them helps nobody.
fn reencoded(items: &[String], verbose: bool) -> String {
    const SHOWN: usize = 5;
    match items.len() {
        0 => String::new(),
        n if n <= SHOWN || verbose => format!(", re-encoded: {}", items.join(", ")),
        n => format!(
            ", re-encoded {n} items: {} and {} more (--verbose lists every one)",
            items[..SHOWN - 2].join(", "),
            n - (SHOWN - 2)
        ),
    }
}

/// Refuses to pack a file that comes with others beside it into an output that is
/// not a file in a folder: standard output, a FIFO or a device holds one stream.
fn refuse_companions_without_a_folder(
    output: &Path,
    companions: &[(String, Vec<u8>)],
) -> Result<(), Error> {
    // A folder is refused as an output on its own, with its own message.
    let has_folder = output.as_os_str() != "-"
        && std::fs::metadata(output).map_or(true, |m| m.is_file() || m.is_dir());
    if companions.is_empty() || has_folder {
        return Ok(());
    }
    let names: Vec<&str> = companions.iter().map(|(n, _)| n.as_str()).collect();
    Err(Error::usage(
        output.display().to_string(),
        format!(
            "this file comes with {} beside it, which only a file output has room for: \
             name a file with -o",
            names.join(", ")
        ),
    ))
}

/// `e` with at most `n` of the problems it lists (each starts a line; what
/// belongs to it is indented), the rest counted.
fn at_most(e: Error, n: usize) -> Error {
    let ErrorKind::Invalid(message) = &e.kind else {
        return e;
    };
    // The library lists so many and counts the rest on a last line of its own.
    let (message, counted) = match message.rsplit_once('\n') {
        Some((listed, last)) if last.starts_with("… and ") => {
            let n = last
                .trim_start_matches("… and ")
                .split(' ')
                .next()
                .and_then(|n| n.parse::<usize>().ok());
            match n {
                Some(n) => (listed, n),
                None => (message.as_str(), 0),
            }
        }
        _ => (message.as_str(), 0),
    };
    let starts: Vec<usize> = message
        .split('\n')
        .scan(0, |at, line| {
            let start = *at;
            *at += line.len() + 1;
            Some((start, line))
        })
        .filter(|(_, line)| !line.starts_with(' '))
        .map(|(start, _)| start)
        .collect();
    if starts.len() <= n {
        return e;
    }
    let more = starts.len() - n + counted;
    let kept = message[..starts[n] - 1].to_string();
    let s = if more == 1 { "" } else { "s" };
    Error::new(
        e.path.clone(),
        e.offset,
        ErrorKind::Invalid(format!(
            "{kept}\n… and {more} more problem{s} (--max-problems 0 shows every one)"
        )),
    )
}

#[cfg(test)]
mod tests {
    use super::reencoded;

    #[test]
    fn many_reencoded_items_are_summarised_unless_verbose() {
        let items: Vec<String> = (0..621).map(|i| format!("sprites/{i:03}")).collect();
        let line = reencoded(&items, false);
        assert_eq!(
            line,
            ", re-encoded 621 items: sprites/000, sprites/001, sprites/002 and 618 more \
             (--verbose lists every one)"
        );
        assert!(reencoded(&items, true).contains("sprites/620"));
        assert_eq!(
            reencoded(&items[..2], false),
            ", re-encoded: sprites/000, sprites/001"
        );
        assert_eq!(reencoded(&[], true), "");
    }
}
