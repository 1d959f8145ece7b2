use std::path::PathBuf;

use crate::output::{json_line, report_error, Global, Status};
use gamepak::{Certainty, Error, Source};

/// Say what each file is, how sure gamepak is, and why.
///
/// Reads only headers and tables. A file that matches no format is "unknown", with
/// the closest candidate and what failed; that is an answer, not a failure (exit 0).
/// Exit 2 when any file could not be read.
///
/// Example: gamepak identify data.win game.bin
#[derive(clap::Args)]
pub struct Args {
    /// Files to identify.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per file.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let mut status = Status::Ok;
    for path in &args.files {
        let data = match Source::open(path) {
            Ok(d) => d,
            Err(e) => {
                status = status.max(report_error(&e));
                continue;
            }
        };
        let d = gamepak::detect(&data);
        if args.json {
            json_line(&serde_json::json!({ "file": path, "detection": d }));
            continue;
        }
        match d.format {
            Some(f) => {
                let version = d
                    .version
                    .as_deref()
                    .map(|v| format!(", {v}"))
                    .unwrap_or_default();
                println!(
                    "{}: {} ({:?}{version})",
                    path.display(),
                    f.title(),
                    d.certainty
                );
            }
            None => println!("{}: unknown", path.display()),
        }
        if global.verbose || d.certainty < Certainty::Certain {
            for e in &d.evidence {
                println!("  {e}");
            }
        }
        if let Some(c) = &d.closest {
            println!("  closest: {} ({})", c.format.title(), c.failed);
        }
    }
    Ok(status)
}
