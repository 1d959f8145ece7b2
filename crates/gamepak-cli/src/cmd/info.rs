use std::path::PathBuf;

use crate::files::{each_file, Summary};
use crate::output::{json_line, open, print_tree, FileRecord, Global, Status};
use crate::terminal::out;
use gamepak::Error;

/// Show each file's header, metadata, counts and chunk table.
///
/// Reads headers and tables only; no payload is decoded. With several files, each
/// starts with its own `FILE: format` line; in JSON each record names its "file".
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
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let mut summary = Summary::default();
    let status = each_file(&args.files, &mut summary, |path, first, _| {
        let f = open(path)?;
        let info = f.handler.info(&f.data, &global.options)?;
        if args.json {
            json_line(&FileRecord {
                file: path,
                record: &info,
            });
        } else {
            if !first {
                out("");
            }
            out(format!("{}: {}", path.display(), f.format.title()));
            print_tree(&info, 2);
        }
        Ok(Status::Ok)
    });
    if args.json {
        summary.print(status);
    }
    Ok(status)
}
