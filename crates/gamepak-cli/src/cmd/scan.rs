use std::path::PathBuf;
use std::sync::Mutex;

use crate::output::{scan_spinner, scan_tick, Global, Status};
use crate::terminal::{json_line, out};
use gamepak::scan::{self, Depth, Record, ScanOptions, Shard, Summary};
use gamepak::Error;

/// Scan whole collections: every file under the given paths, in one report.
///
/// Walks the trees in parallel (every file, hidden ones too; no ignore files).
/// Each regular file gets one JSON line, written as soon as it is done:
/// - its path (as given, and below the path given) and its size and mtime;
/// - its BLAKE3 (fast on large files, and checkable by any tool);
/// - its format, or null with the reason;
/// - info's facts (for GameMaker, the releases that may have written it and its
///   family);
/// - with --check (the default), check's error and warning counts, its first
///   problems with their places, and for a damaged file what extract would
///   still recover;
/// - the time taken.
///
/// Files inside .zip, .apk, .jar and .ipa archives are scanned one level deep,
/// named `archive.zip!/assets/game.droid`, under --max-alloc. An archive past the
/// limits or naming `..` is refused with the reason. Symbolic links are reported,
/// not followed; FIFOs, sockets and devices are reported and never opened.
///
/// With -o the report is appended line by line, so a killed scan leaves whole
/// lines; --resume continues it, skipping files whose path, size and mtime it
/// holds. The report ends with a summary line: counts per format, per GameMaker
/// release family and per status. --shard I/N takes the files whose path hashes
/// to I: N machines, or N tasks (see examples/scan_ray.py), share a tree.
/// Without -o, each file is a line of text, then the summary as a table.
///
/// Exit 0 when the scan ran (whatever it found), 2 when it could not.
///
/// Example: gamepak scan ~/archive -o archive.jsonl
///
/// Example: gamepak scan --identify-only --shard 0/4 /mnt/games -o part0.jsonl
#[derive(clap::Args)]
pub struct Args {
    /// Files and folders to scan.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The report to write, one JSON line per file.
    #[arg(short, long, value_name = "REPORT")]
    output: Option<PathBuf>,
    /// Scan on N threads (default: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Continue the report at -o, skipping the files it holds.
    #[arg(long, requires = "output")]
    resume: bool,
    /// Only the files whose path hashes to shard I of N.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Hash and identify only: no info, no check.
    #[arg(long, conflicts_with = "check")]
    identify_only: bool,
    /// Check each file (the default).
    #[arg(long)]
    check: bool,
    /// Print each record as a JSON line (without -o), then the summary line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let depth = if args.identify_only {
        Depth::Identify
    } else {
        Depth::Check
    };
    let (report, skip) = match &args.output {
        Some(path) => {
            let (report, skip) = scan::report::Report::open(path, args.resume)?;
            (Some(report), skip)
        }
        None => (None, Default::default()),
    };
    let bar = scan_spinner(global);
    let tick = |files: u64, bytes: u64| scan_tick(bar.as_ref(), files, bytes);
    // The report is left out of the walk wherever a path given reaches it.
    let leave_out = match &args.output {
        Some(out) => reached(&args.paths, out),
        None => Vec::new(),
    };
    let opts = ScanOptions {
        depth,
        leave_out,
        jobs: args.jobs,
        shard: args.shard,
        skip,
        progress: Some(&tick),
        options: global.options.clone(),
    };
    let failed: Mutex<Option<Error>> = Mutex::new(None);
    let summary = Mutex::new(Summary::default());
    scan::scan(&args.paths, &opts, &|batch: Vec<Record>| match &report {
        Some(r) => {
            if let Err(e) = r.append(&batch) {
                failed
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get_or_insert(e);
            }
        }
        None => {
            let mut s = summary.lock().unwrap_or_else(|p| p.into_inner());
            for r in &batch {
                s.add(r);
                match args.json {
                    true => json_line(r),
                    false => out(line(r)),
                }
            }
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let summary = match report {
        Some(r) => r.finish()?,
        None => summary.into_inner().unwrap_or_else(|p| p.into_inner()),
    };
    match (args.json && args.output.is_none(), global.quiet) {
        (true, _) => json_line(&serde_json::json!({ "summary": summary })),
        (false, false) => print_summary(&summary),
        (false, true) => {}
    }
    Ok(Status::Ok)
}

/// A file's line of text: its status, format and path, and why where it says.
fn line(r: &Record) -> String {
    let status = serde_json::to_value(r.status)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default();
    let format = r.format.as_deref().unwrap_or("-");
    let release = r
        .release
        .as_deref()
        .map(|x| format!(" ({x})"))
        .unwrap_or_default();
    let why = match (&r.check, &r.reason) {
        (Some(c), _) if c.errors + c.warnings > 0 => {
            format!(": {} errors, {} warnings", c.errors, c.warnings)
        }
        (_, Some(reason)) if r.format.is_none() => format!(": {reason}"),
        _ => String::new(),
    };
    format!("{status:<9} {format:<10} {}{release}{why}", r.path)
}

/// The summary as a table: files per format, per release family, per status.
fn print_summary(s: &Summary) {
    out(format!("{} files", s.files));
    let table = |title: &str, rows: Vec<(String, u64)>| {
        if rows.is_empty() {
            return;
        }
        out(format!("  {title}:"));
        for (name, n) in rows {
            out(format!("    {name:<24} {n:>8}"));
        }
    };
    table(
        "by format",
        s.formats.iter().map(|(k, v)| (k.clone(), *v)).collect(),
    );
    table(
        "by GameMaker family",
        s.families.iter().map(|(k, v)| (k.clone(), *v)).collect(),
    );
    let status = |k: &scan::Status| {
        serde_json::to_value(k)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default()
    };
    table(
        "by status",
        s.statuses.iter().map(|(k, v)| (status(k), *v)).collect(),
    );
}

/// The paths by which a walk of `roots` reaches `file`: under each root that
/// holds it, as the walk spells it.
fn reached(roots: &[PathBuf], file: &std::path::Path) -> Vec<PathBuf> {
    let Ok(target) = std::fs::canonicalize(file) else {
        return Vec::new();
    };
    roots
        .iter()
        .filter_map(|root| {
            let canonical = std::fs::canonicalize(root).ok()?;
            let below = target.strip_prefix(&canonical).ok()?;
            Some(root.join(below))
        })
        .collect()
}
