use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use crate::files::each_file;
use crate::output::{json_line, open, FileRecord, Global, Status};
use crate::style::Stream;
use crate::terminal::{self, out, Piece};
use gamepak::report::Problem;
use gamepak::{Error, Report, Severity};

/// Validate files strictly: structure, CRCs, sizes, offsets and cross-references.
///
/// Reports every problem found, each with its byte offset and its place in the
/// structure. Exit 0 when every file is clean, 1 when any breaks its format, 2 when
/// any could not be read (the other files are still checked). Notes and warnings do
/// not fail a check. With --quiet, only files with errors are named, with their
/// errors.
///
/// Example: gamepak check *.gbin
///
/// Example: gamepak check --max-problems 5 data.win
#[derive(clap::Args)]
pub struct Args {
    /// Files to check (`-` reads standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per file, every problem included, then a summary record.
    #[arg(long)]
    json: bool,
    /// Print at most N problems per file, then count the rest by kind ("… and 294
    /// more like this: ..."). Default: 20 when output is a terminal, else all; 0 means
    /// all.
    #[arg(long, value_name = "N")]
    max_problems: Option<usize>,
    #[command(flatten)]
    pub table: super::opcode_table::OpcodeTable,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let limit = match args.max_problems {
        Some(0) => None,
        Some(n) => Some(n),
        None => std::io::stdout().is_terminal().then_some(20),
    };
    let status = each_file(&args.files, args.json, |path, _, summary| {
        let report = match open(path, &global.options.limits) {
            Ok(f) => f.handler.open(&f.data, &global.options_for(path)).check(),
            Err(e) if e.is_request_fault() => return Err(e),
            Err(e) => Report::from_error(&e),
        };
        summary.errors += report.count(Severity::Error);
        summary.warnings += report.count(Severity::Warning);
        summary.notes += report.count(Severity::Note);
        if args.json {
            let record = serde_json::json!({
                "clean": report.is_clean(),
                "problems": report.problems,
            });
            json_line(&FileRecord { file: path, record });
        } else {
            print_report(path, &report, limit, global);
        }
        Ok(if report.is_clean() {
            Status::Ok
        } else {
            Status::Problems
        })
    });
    Ok(status)
}

/// A file's verdict and the problems worth showing: notes only with --verbose or
/// on a clean file, nothing but errors when quiet, at most `limit` before the rest
/// are counted by kind.
fn print_report(path: &Path, report: &Report, limit: Option<usize>, global: &Global) {
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    if global.quiet && errors == 0 {
        return;
    }
    let verdict = if errors == 0 {
        Piece::Text("ok")
    } else {
        Piece::Painted(Severity::Error, "FAILED")
    };
    terminal::line(
        Stream::Stdout,
        &[
            Piece::Text(&format!("{}: ", path.display())),
            verdict,
            Piece::Text(&format!(" ({errors} errors, {warnings} warnings)")),
        ],
    );
    let shown: Vec<&Problem> = report
        .problems
        .iter()
        .filter(|p| match p.severity {
            Severity::Error => true,
            _ if global.quiet => false,
            Severity::Warning => true,
            Severity::Note => global.verbose || errors == 0,
        })
        .collect();
    let (listed, rest) = shown.split_at(limit.unwrap_or(usize::MAX).min(shown.len()));
    for p in listed {
        terminal::line(
            Stream::Stdout,
            &[
                Piece::Text("  "),
                Piece::Painted(p.severity, p.severity.name()),
                Piece::Text(&format!(": {}", p.located())),
            ],
        );
    }
    for (count, shape) in repeats(rest) {
        out(format!("  … and {count} more like this: {shape}"));
    }
}

/// Problems counted by kind (severity and shape), in the order each kind first
/// appears.
fn repeats(problems: &[&Problem]) -> Vec<(usize, String)> {
    let mut kinds: Vec<(usize, String)> = Vec::new();
    let mut index: HashMap<(Severity, String), usize> = HashMap::new();
    for p in problems {
        let i = *index.entry((p.severity, p.shape())).or_insert_with(|| {
            kinds.push((0, p.shape()));
            kinds.len() - 1
        });
        kinds[i].0 += 1;
    }
    kinds
}
