//! `build --watch`: a build after every change to the source's folder.
//!
//! Changes come in bursts (an editor writes a temporary file, renames it, touches
//! the folder), so a build waits until the folder has been quiet for [`QUIET`].
//! What the build writes itself is not a change: its outputs, and their temporary
//! files, may sit inside the folder, named through `..` or a link; and a burst
//! after which every other file is as it was builds nothing. A failed build prints
//! its error and waits for the next change. A folder that goes away is reported,
//! and built again when it comes back. Ctrl-C ends the run, as for any command
//! (status 130).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use notify::{EventKind, RecursiveMode, Watcher};

use super::build::{build_once, Args};
use crate::output::{self, print_error, Global, Status};
use gamepak::Error;

/// How long the folder must stay quiet before a build starts.
const QUIET: Duration = Duration::from_millis(50);

pub fn run(args: &Args, global: &Global) -> Result<Status, Error> {
    let source = args.source();
    // Real, so that the paths of its events compare with the outputs' however
    // either was named (through `..` or a link).
    let folder = real(if source.is_dir() {
        source
    } else {
        source.parent().unwrap_or(Path::new("."))
    });
    let shown = folder.display().to_string();
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event| {
        // The receiver is gone only once the run ends.
        let _ = tx.send(event);
    })
    .map_err(|e| Error::usage(&shown, format!("cannot watch: {e}")))?;
    let watch = |watcher: &mut notify::RecommendedWatcher| {
        watcher
            .watch(&folder, RecursiveMode::Recursive)
            .map_err(|e| Error::usage(&shown, format!("cannot watch: {e}")))
    };
    watch(&mut watcher)?;
    // What the sources were as a build began: a change while it runs is one
    // after it.
    let mut built = Some(Sources::of(&folder));
    let mut outputs = once(args, global, Vec::new());
    loop {
        match rx.recv_timeout(LOOK_AGAIN) {
            Ok(Ok(event)) if changes_source(&event, &outputs) => {}
            Ok(_) => continue,
            Err(RecvTimeoutError::Timeout) if folder.is_dir() => continue,
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(Status::Ok),
        }
        loop {
            match rx.recv_timeout(QUIET) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return Ok(Status::Ok),
            }
        }
        if !folder.is_dir() {
            output::warn(
                global,
                &format!("{shown}: the folder is gone; building again when it is back"),
            );
            while !folder.is_dir() {
                std::thread::sleep(LOOK_AGAIN);
            }
            // The old watch went with the folder.
            let _ = watcher.unwatch(&folder);
            watch(&mut watcher)?;
            while rx.try_recv().is_ok() {}
            // What came back may be another folder: it is built whatever it holds.
            built = None;
        }
        let now = Sources::of(&folder);
        if built.as_ref().is_some_and(|b| b.same(&now, &outputs)) {
            continue;
        }
        built = Some(now);
        outputs = once(args, global, outputs);
    }
}

/// How often the folder is looked at when nothing is heard from it: a folder
/// removed says nothing once its watch has gone.
const LOOK_AGAIN: Duration = Duration::from_millis(500);

/// What a build reads, as far as a change goes: every file in the folder, with a
/// checksum of what it holds (its time of change, past
/// [`SUMMED`]). Equal before and after a burst of events, nothing changed: a file
/// written again with what it held, a touch, or the build's own outputs through a
/// name the events did not match.
#[derive(PartialEq, Eq)]
struct Sources(Vec<(PathBuf, u64, Option<u32>, Option<std::time::SystemTime>)>);

/// The largest file whose content is summed.
const SUMMED: u64 = 64 << 20;

impl Sources {
    fn of(folder: &Path) -> Sources {
        let mut files = Vec::new();
        let mut todo = vec![folder.to_path_buf()];
        while let Some(dir) = todo.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                // Links are not followed: a link to a folder above would loop.
                let Ok(meta) = std::fs::symlink_metadata(&path) else {
                    continue;
                };
                if meta.is_dir() {
                    todo.push(path);
                } else if meta.is_file() {
                    let len = meta.len();
                    let (sum, time) = if len <= SUMMED {
                        let sum = std::fs::read(&path).ok();
                        (sum.map(|b| gamepak::codec::crc::crc32(&b)), None)
                    } else {
                        (None, meta.modified().ok())
                    };
                    files.push((path, len, sum, time));
                }
            }
        }
        files.sort();
        Sources(files)
    }

    /// Whether the two hold the same files, `outputs` aside.
    fn same(&self, other: &Sources, outputs: &[PathBuf]) -> bool {
        let sources = |s: &'_ Sources| {
            s.0.iter()
                .filter(|f| !outputs.iter().any(|o| is_output(&f.0, o)))
                .cloned()
                .collect::<Vec<_>>()
        };
        sources(self) == sources(other)
    }
}

/// One build, its error printed rather than ending the run; the outputs to ignore
/// from now on (the last ones known, when it failed). Unused files are named by the
/// first build only, so that each later build is one line.
fn once(args: &Args, global: &Global, known: Vec<PathBuf>) -> Vec<PathBuf> {
    match build_once(args, global, Some(Instant::now()), known.is_empty()) {
        Ok(written) => written.iter().map(|p| real(p)).collect(),
        Err(e) => {
            print_error(&e.to_string());
            known
        }
    }
}

/// `path` with its folder's links and `..` resolved (the file itself need not
/// exist), or as absolute as it can be made.
fn real(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (
        absolute.parent().map(Path::canonicalize),
        absolute.file_name(),
    ) {
        (Some(Ok(parent)), Some(name)) => parent.join(name),
        _ => absolute,
    }
}

/// Whether `event` changed a file other than the build's own outputs.
fn changes_source(event: &notify::Event, outputs: &[PathBuf]) -> bool {
    if matches!(event.kind, EventKind::Access(_)) {
        return false;
    }
    event.paths.iter().any(|p| {
        let p = real(p);
        !outputs.iter().any(|o| is_output(&p, o))
    })
}

/// Whether `path` is `output` or one of the temporary files it is written through
/// (`.NAME.gamepak-PID-N.tmp`, beside it).
fn is_output(path: &Path, output: &Path) -> bool {
    let (Some(name), Some(out_name)) = (path.file_name(), output.file_name()) else {
        return false;
    };
    let name = name.to_string_lossy();
    let temp = format!(".{}.gamepak-", out_name.to_string_lossy());
    path.parent() == output.parent()
        && (name == out_name.to_string_lossy() || name.starts_with(&temp))
}
