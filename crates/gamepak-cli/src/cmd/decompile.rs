use std::path::PathBuf;

use crate::files::Summary;
use crate::output::{json_line, open, report_error, FileRecord, Global, Status};
use crate::terminal::{data, err, out};
use gamepak::{Error, SourceOrWhy};

/// Print a game's code as GML, the language it was written in.
///
/// Decompiles GameMaker bytecode: every code entry of the game, or the ones named.
/// Each entry starts with a `// NAME` line; a single entry named prints its GML
/// alone, ready for a pipe. A function declared inside a script is printed inside
/// it. An entry that does not decompile is named on stderr with the offset in its
/// code where it stopped, and the run exits 1. YYC builds hold no bytecode: they
/// have no code to print.
///
/// Example: gamepak decompile data.win
///
/// Example: gamepak decompile data.win gml_Object_obj_player_Step_0 > step.gml
///
/// Example: gamepak decompile --json data.win | jq -r 'select(.entry) | .entry'
#[derive(clap::Args)]
pub struct Args {
    /// The game (`-` reads standard input).
    file: PathBuf,
    /// Code entries to print, by name (`gml_Script_scr_move`); all when none.
    entries: Vec<String>,
    /// Print one JSON object per entry ("entry", and "source" or "error"), then a
    /// summary record.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let mut summary = Summary {
        files: 1,
        ..Summary::default()
    };
    let status = match decompile(&args, global, &mut summary) {
        Ok(status) => status,
        Err(e) => {
            summary.errors += 1;
            report_error(&e)
        }
    };
    if args.json {
        summary.print(status);
    }
    Ok(status)
}

fn decompile(args: &Args, global: &Global, summary: &mut Summary) -> Result<Status, Error> {
    let f = open(&args.file, &global.options.limits)?;
    let texts = f
        .handler
        .open(&f.data, &global.options)
        .decompile(&args.entries)?;
    let alone = args.entries.len() == 1;
    let mut status = Status::Ok;
    for (i, t) in texts.iter().enumerate() {
        summary.entries += 1;
        if let SourceOrWhy::Error(why) = &t.text {
            summary.errors += 1;
            status = Status::Problems;
            if !args.json {
                err(format!(
                    "gamepak: {}: {}: {why}",
                    args.file.display(),
                    t.entry
                ));
            }
        }
        if args.json {
            json_line(&FileRecord {
                file: &args.file,
                record: t,
            });
            continue;
        }
        let SourceOrWhy::Source(text) = &t.text else {
            continue;
        };
        if !alone {
            if i > 0 {
                out("");
            }
            out(format!("// {}", t.entry));
        }
        for line in text.lines() {
            data(line);
        }
    }
    Ok(status)
}
