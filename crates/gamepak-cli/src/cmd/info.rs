use std::path::PathBuf;

use crate::files::each_file;
use crate::output::{
    json_line, open_for_tables, print_tree, print_unread, status_of, FileRecord, Global, Status,
};
use crate::terminal::out;
use gamepak::report::Problem;
use gamepak::{Error, Severity};

/// Show each file's header, metadata, counts and chunk table.
///
/// Reads headers and tables only; no payload is decoded. With several files, each
/// starts with its own `FILE: format` line; in JSON each record names its "file".
/// A damaged file shows what could be read, names on stderr each place that could
/// not (in JSON, its "problems"), and exits 1.
///
/// Example: gamepak info images.gbin
///
/// Example: gamepak info --json *.tng
#[derive(clap::Args)]
pub struct Args {
    /// Files to describe (`-` reads standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per file, then a summary record.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub table: super::opcode_table::OpcodeTable,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let status = each_file(&args.files, args.json, |path, first, summary| {
        let f = open_for_tables(path, &global.options.limits)?;
        let read = f.handler.open(&f.data, &global.options).info()?;
        summary.errors += read
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        if args.json {
            json_line(&FileRecord {
                file: path,
                record: Described {
                    info: &read.value,
                    problems: &read.problems,
                },
            });
        } else {
            if !first {
                out("");
            }
            out(format!("{}: {}", path.display(), f.format.title()));
            print_tree(&read.value, 2);
            print_unread(path, &read.problems, global);
        }
        Ok(status_of(&read))
    });
    Ok(status)
}

/// A file's info in JSON, with what could not be read of it (empty when nothing).
#[derive(serde::Serialize)]
struct Described<'a> {
    #[serde(flatten)]
    info: &'a serde_json::Value,
    problems: &'a [Problem],
}
