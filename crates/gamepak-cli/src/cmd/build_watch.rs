//! `build --watch`: a build after every change to the source's folder.
//!
//! Changes come in bursts (an editor writes a temporary file, renames it, touches
//! the folder), so a build waits until the folder has been quiet for [`QUIET`].
//! What the build writes itself is not a change: its outputs, and their temporary
//! files, may sit inside the folder. A failed build prints its error and waits for
//! the next change; Ctrl-C ends the run, as for any command (status 130).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use notify::{EventKind, RecursiveMode, Watcher};

use super::build::{build_once, Args};
use crate::output::{print_error, Global, Status};
use gamepak::Error;

/// How long the folder must stay quiet before a build starts.
const QUIET: Duration = Duration::from_millis(50);

pub fn run(args: &Args, global: &Global) -> Result<Status, Error> {
    let source = args.source();
    // Absolute, so that the paths of its events compare with the outputs'.
    let folder = absolute(if source.is_dir() {
        source
    } else {
        source.parent().unwrap_or(Path::new("."))
    });
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event| {
        // The receiver is gone only once the run ends.
        let _ = tx.send(event);
    })
    .map_err(|e| Error::usage(folder.display().to_string(), format!("cannot watch: {e}")))?;
    watcher
        .watch(&folder, RecursiveMode::Recursive)
        .map_err(|e| Error::usage(folder.display().to_string(), format!("cannot watch: {e}")))?;
    let mut outputs = once(args, global, Vec::new());
    while let Ok(event) = rx.recv() {
        let Ok(event) = event else { continue };
        if !changes_source(&event, &outputs) {
            continue;
        }
        loop {
            match rx.recv_timeout(QUIET) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return Ok(Status::Ok),
            }
        }
        outputs = once(args, global, outputs);
    }
    Ok(Status::Ok)
}

/// One build, its error printed rather than ending the run; the outputs to ignore
/// from now on (the last ones known, when it failed). Unused files are named by the
/// first build only, so that each later build is one line.
fn once(args: &Args, global: &Global, known: Vec<PathBuf>) -> Vec<PathBuf> {
    match build_once(args, global, Some(Instant::now()), known.is_empty()) {
        Ok(written) => written.iter().map(|p| absolute(p)).collect(),
        Err(e) => {
            print_error(&e.to_string());
            known
        }
    }
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether `event` changed a file other than the build's own outputs.
fn changes_source(event: &notify::Event, outputs: &[PathBuf]) -> bool {
    if matches!(event.kind, EventKind::Access(_)) {
        return false;
    }
    event
        .paths
        .iter()
        .any(|p| !outputs.iter().any(|o| is_output(p, o)))
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
