use std::path::PathBuf;

use crate::output::{json_line, open, report_error, Global, Status};
use gamepak::{Error, Report, Severity};

/// Validate files strictly: structure, CRCs, sizes, offsets and cross-references.
///
/// Reports every problem found, each with its byte offset and its place in the
/// structure. Exit 0 when every file is clean, 1 when any breaks its format, 2 when
/// any could not be read (the other files are still checked). Notes and warnings do
/// not fail a check.
///
/// Example: gamepak check *.gbin
#[derive(clap::Args)]
pub struct Args {
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per file.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let mut status = Status::Ok;
    for path in &args.files {
        let report = match open(path, global) {
            Ok(f) => f.handler().check(&f.data),
            Err(e) if e.is_request_fault() => {
                status = status.max(report_error(&e));
                continue;
            }
            Err(e) => Report::from_error(&e),
        };
        if !report.is_clean() {
            status = status.max(Status::Problems);
        }
        if args.json {
            json_line(&serde_json::json!({
                "file": path,
                "clean": report.is_clean(),
                "problems": report.problems,
            }));
            continue;
        }
        let errors = report.count(Severity::Error);
        let warnings = report.count(Severity::Warning);
        let verdict = if errors == 0 { "ok" } else { "FAILED" };
        println!(
            "{}: {verdict} ({errors} errors, {warnings} warnings)",
            path.display()
        );
        for p in &report.problems {
            if global.verbose || p.severity != Severity::Note || errors == 0 {
                println!("  {p}");
            }
        }
    }
    Ok(status)
}
