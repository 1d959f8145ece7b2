//! The temporary files and folders of this run, named after the output they become.
//!
//! Each is registered while it exists, so that an interrupted run can remove them
//! all ([`remove_all`], called from the command line's SIGINT/SIGTERM handler). A
//! run killed outright (SIGKILL) cannot clean up; its names carry its process id, so
//! the next run that writes the same output recognises them as left by a process
//! that no longer exists and removes them ([`sweep_stale`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

static LIVE: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
static NEXT: AtomicU64 = AtomicU64::new(0);
static STOPPING: AtomicBool = AtomicBool::new(false);

/// The marker every temporary name carries after the output's own name.
const MARK: &str = ".gamepak-";

/// A registered temporary path: removed when dropped unless [`Temp::keep`] was called.
pub struct Temp {
    path: PathBuf,
    kept: bool,
}

impl Temp {
    /// Registers a fresh name beside `target`: `.<name>.gamepak-<pid>-<n>.<suffix>`.
    /// Stale leftovers of the same target are swept first.
    pub fn beside(target: &Path, suffix: &str) -> Temp {
        sweep_stale(target);
        let dir = parent_of(target);
        let name = format!(
            ".{}{MARK}{}-{}.{suffix}",
            base_name(target),
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = dir.join(name);
        lock().insert(path.clone());
        Temp { path, kept: false }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path became the real output (it was renamed): nothing to remove.
    pub fn keep(mut self) {
        self.kept = true;
        lock().remove(&self.path);
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if !self.kept {
            remove(&self.path);
            lock().remove(&self.path);
        }
    }
}

/// Removes every temporary file and folder this run has open. Meant for a signal
/// handler that ends the process right after: the registry stays locked, so no
/// worker registers a new one in between, and `stopping` tells workers to write
/// nothing more. A write a worker had already begun may land after a removal, so the
/// removal is repeated until a pause finds nothing.
pub fn remove_all() {
    STOPPING.store(true, Ordering::SeqCst);
    let live = lock();
    for round in 0..50 {
        let mut found = false;
        for p in live.iter() {
            if std::fs::symlink_metadata(p).is_ok() {
                found = true;
                remove(p);
            }
        }
        if !found && round > 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    std::mem::forget(live);
}

/// Whether the run is being interrupted: writers stop instead of starting a file.
pub fn stopping() -> bool {
    STOPPING.load(Ordering::Relaxed)
}

/// Removes the temporary files and folders a dead process left beside `target`.
pub fn sweep_stale(target: &Path) {
    let prefix = format!(".{}{MARK}", base_name(target));
    let Ok(entries) = std::fs::read_dir(parent_of(target)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| !process_exists(pid)) {
            remove(&entry.path());
        }
    }
}

fn remove(path: &Path) {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => {
            let _ = std::fs::remove_dir_all(path);
        }
        Ok(_) => {
            let _ = std::fs::remove_file(path);
        }
        Err(_) => {}
    }
}

fn lock() -> std::sync::MutexGuard<'static, BTreeSet<PathBuf>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn parent_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

fn base_name(target: &Path) -> String {
    target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into())
}

#[cfg(unix)]
fn process_exists(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
    let alive = unsafe { libc::kill(pid, 0) } == 0;
    alive || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn process_exists(_pid: u32) -> bool {
    // Without a way to ask, a leftover is never taken for stale.
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropped_temp_is_removed_and_dead_leftovers_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.bin");
        let t = Temp::beside(&target, "tmp");
        std::fs::write(t.path(), b"x").unwrap();
        let path = t.path().to_path_buf();
        drop(t);
        assert!(!path.exists());

        // A pid far above any pid_max stands for a process that is gone.
        let dead = dir.path().join(".out.bin.gamepak-4000000000-0.tmp");
        std::fs::write(&dead, b"left by a killed run").unwrap();
        let ours = dir
            .path()
            .join(format!(".out.bin.gamepak-{}-99.tmp", std::process::id()));
        std::fs::write(&ours, b"still being written").unwrap();
        let other = dir.path().join(".other.bin.gamepak-4000000000-0.tmp");
        std::fs::write(&other, b"another output's").unwrap();
        sweep_stale(&target);
        assert!(!dead.exists());
        assert!(ours.exists() && other.exists());
    }
}
