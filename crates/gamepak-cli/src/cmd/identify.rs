use std::path::PathBuf;

use crate::files::each_file;
use crate::output::{json_line, read_for_tables, FileRecord, Global, Status};
use crate::terminal::out;
use gamepak::{Certainty, Error};

/// Say what each file is, how sure gamepak is, and why.
///
/// Reads only headers and tables. A file that matches no format is "unknown", with
/// the closest candidate and what failed; that is an answer, not a failure (exit 0).
/// Exit 2 when any file could not be read.
///
/// Example: gamepak identify data.win game.bin
///
/// Example: curl -s https://example.com/game.bin | gamepak identify -
#[derive(clap::Args)]
pub struct Args {
    /// Files to identify (`-` reads standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per file, then a summary record.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let status = each_file(&args.files, args.json, |path, _, _| {
        let data = read_for_tables(path, &global.options.limits)?;
        let d = gamepak::detect(&data);
        if args.json {
            let record = serde_json::json!({ "detection": d });
            json_line(&FileRecord { file: path, record });
            return Ok(Status::Ok);
        }
        match d.format {
            Some(f) => {
                let version = d
                    .version
                    .as_deref()
                    .map(|v| format!(", {v}"))
                    .unwrap_or_default();
                out(format!(
                    "{}: {} ({:?}{version})",
                    path.display(),
                    f.title(),
                    d.certainty
                ));
            }
            None => out(format!("{}: unknown", path.display())),
        }
        if global.verbose || d.certainty < Certainty::Certain {
            for e in &d.evidence {
                out(format!("  {e}"));
            }
        }
        if let Some(c) = &d.closest {
            out(format!("  closest: {} ({})", c.format.title(), c.failed));
        }
        Ok(Status::Ok)
    });
    Ok(status)
}
