//! The folder an extraction writes: built whole beside its target, then moved into
//! place.
//!
//! Writing into a fresh staging folder means no file the user left in the target,
//! and no symlink planted there, is ever written through; one rename at the end
//! makes the whole folder appear at once, and costs far less than a rename per file.
//! A folder that already holds something is replaced only when the caller says so
//! (`--force`), because it may hold the user's edits. What is there is looked at when
//! the run starts, and the final move replaces that and nothing else: a folder that
//! appeared, filled or was swapped in while the run worked is left as it is (see
//! [`super::place`]).

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::place::{move_into_place, Identity, Replaces};
use super::target::follow_links;
use super::temp::{stopping, Temp};
use super::EnclosedPath;
use crate::error::{Error, Result};

/// The folder an extraction writes: staged beside its target (or kept in memory) and
/// moved into place whole by [`OutputFolder::finish`], so that a run that fails
/// leaves no half-written folder.
pub struct OutputFolder {
    target: PathBuf,
    /// What the final move may replace, decided by [`OutputFolder::create`].
    replaces: Replaces,
    into: Destination,
    /// Files and bytes written, so that a summary counts what is really there.
    files: AtomicU64,
    bytes: AtomicU64,
    /// Folders already made below the root, so each costs one mkdir, not one per file.
    made: Mutex<HashSet<PathBuf>>,
    /// Every path written, to check that none clashes with another where case is
    /// folded (Windows, macOS): the test build's guard on each format's naming.
    #[cfg(any(test, debug_assertions))]
    written: Mutex<super::portable::FoldedNames>,
}

/// Where an extraction's files go.
enum Destination {
    /// A staging folder beside the target, renamed into place at the end.
    Disk(Temp),
    Memory(Arc<MemoryFolder>),
}

/// The files of an extraction kept in memory, by path, instead of written: so an
/// entry can be rendered as extract would write it without touching the disk
/// (`gamepak serve` is read-only).
#[derive(Debug, Default)]
pub struct MemoryFolder {
    files: Mutex<BTreeMap<String, Vec<u8>>>,
}

impl MemoryFolder {
    /// Every file written so far, by its path as the format named it: `/`-separated,
    /// and not escaped for a file system (see [`EnclosedPath::name`]).
    pub fn take(&self) -> BTreeMap<String, Vec<u8>> {
        std::mem::take(&mut *self.files.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

impl OutputFolder {
    /// An extraction into `memory`: nothing is written to disk.
    pub fn in_memory(memory: Arc<MemoryFolder>) -> OutputFolder {
        OutputFolder {
            target: PathBuf::new(),
            replaces: Replaces::Nothing,
            into: Destination::Memory(memory),
            files: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            made: Mutex::default(),
            #[cfg(any(test, debug_assertions))]
            written: Mutex::default(),
        }
    }

    /// Prepares to write `target`. A folder there that is not empty is refused unless
    /// `replace` is set, naming what it holds. A symlink to a folder stays a symlink:
    /// the folder it points to is the one written. The folder found here is the only
    /// one [`OutputFolder::finish`] may replace, and only while it stays empty unless
    /// `replace` is set.
    pub fn create(target: &Path, replace: bool) -> Result<OutputFolder> {
        let target = follow_links(target)?;
        let replaces = match std::fs::symlink_metadata(&target) {
            Ok(m) if !m.is_dir() => {
                return Err(Error::usage(
                    target.display().to_string(),
                    "is not a folder; -o names the folder to extract into",
                ))
            }
            Ok(m) if replace => Replaces::Whole(Identity::of(&m)),
            Ok(m) => {
                refuse_if_occupied(&target)?;
                Replaces::Empty(Identity::of(&m))
            }
            Err(_) => Replaces::Nothing,
        };
        if target.file_name().is_none() {
            return Err(Error::usage(
                target.display().to_string(),
                "names no folder of its own (such as `.` or `..`), which an extraction \
                 cannot replace: name a new folder, such as -o out",
            ));
        }
        if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        let staging = Temp::beside(&target, "partial");
        std::fs::create_dir(staging.path()).map_err(|e| Error::io(staging.path(), e))?;
        Ok(OutputFolder {
            target,
            replaces,
            into: Destination::Disk(staging),
            files: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            made: Mutex::default(),
            #[cfg(any(test, debug_assertions))]
            written: Mutex::default(),
        })
    }

    /// Writes `bytes` at `rel` inside the folder.
    pub fn write(&self, rel: &EnclosedPath, bytes: &[u8]) -> Result<()> {
        #[cfg(any(test, debug_assertions))]
        self.check_portable(rel);
        let staging = match &self.into {
            Destination::Disk(staging) => staging,
            Destination::Memory(memory) => {
                let key = rel.name().to_owned();
                let mut files = memory.files.lock().unwrap_or_else(|p| p.into_inner());
                files.insert(key, bytes.to_vec());
                self.count(bytes);
                return Ok(());
            }
        };
        let root = staging.path();
        if stopping() {
            let e = std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted");
            return Err(Error::io(root, e));
        }
        let path = root.join(rel.as_path());
        if let Some(parent) = rel.parent() {
            self.make_parents(root, parent)?;
        }
        std::fs::write(&path, bytes).map_err(|e| Error::io(&path, e))?;
        self.count(bytes);
        Ok(())
    }

    /// Panics when `rel` and a path written before are one file on a
    /// case-insensitive file system.
    #[cfg(any(test, debug_assertions))]
    fn check_portable(&self, rel: &EnclosedPath) {
        let mut written = self.written.lock().unwrap_or_else(|p| p.into_inner());
        written.assert_distinct(rel);
    }

    fn count(&self, bytes: &[u8]) {
        self.files.fetch_add(1, Ordering::Relaxed);
        self.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
    }

    /// Creates `parent` and the folders above it below `root`, never `root` itself:
    /// once an interruption has removed the staging folder, a late write fails
    /// instead of bringing it back.
    fn make_parents(&self, root: &Path, parent: &Path) -> Result<()> {
        let mut made = self.made.lock().unwrap_or_else(|p| p.into_inner());
        if made.contains(parent) {
            return Ok(());
        }
        let mut rel = PathBuf::new();
        for part in parent.components() {
            rel.push(part);
            if made.contains(&rel) {
                continue;
            }
            let at = root.join(&rel);
            match std::fs::create_dir(&at) {
                Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                    return Err(Error::io(&at, e))
                }
                _ => made.insert(rel.clone()),
            };
        }
        Ok(())
    }

    /// Moves the staged folder into place, replacing only what `create` found there,
    /// and says how many files and bytes it holds. A folder that appeared at the
    /// target meanwhile (another run's, or the user's) is left as it is, and so is
    /// one that was filled or swapped in: the run fails and leaves nothing behind.
    pub fn finish(self) -> Result<(u64, u64)> {
        let counts = (self.files.into_inner(), self.bytes.into_inner());
        match self.into {
            Destination::Disk(staging) => move_into_place(staging, &self.target, self.replaces)?,
            Destination::Memory(_) => {}
        }
        Ok(counts)
    }
}

/// Refuses a folder that holds anything, naming a few of the things `--force` would
/// replace.
fn refuse_if_occupied(dir: &Path) -> Result<()> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    if names.is_empty() {
        return Ok(());
    }
    names.sort();
    let count = names.len();
    let shown = names.iter().take(5).cloned().collect::<Vec<_>>().join(", ");
    let more = if count > 5 { ", ..." } else { "" };
    Err(Error::usage(
        dir.display().to_string(),
        format!(
            "is not empty ({count} entries: {shown}{more}); --force replaces the whole \
             folder with this extraction, deleting everything in it, edits included"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_occupied_folder_is_refused_then_replaced_whole_with_force() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out");
        std::fs::create_dir(&target).unwrap();
        std::fs::write(target.join("strings.json"), b"edited").unwrap();
        let e = OutputFolder::create(&target, false)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("strings.json") && e.contains("--force"), "{e}");

        let out = OutputFolder::create(&target, true).unwrap();
        out.write(&EnclosedPath::new("a/b.txt"), b"new").unwrap();
        out.finish().unwrap();
        assert!(!target.join("strings.json").exists());
        assert_eq!(std::fs::read(target.join("a/b.txt")).unwrap(), b"new");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "nothing left beside it"
        );
    }

    fn beside(dir: &Path) -> usize {
        std::fs::read_dir(dir).unwrap().count()
    }

    #[test]
    fn of_two_runs_into_one_new_folder_the_first_to_finish_wins() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out");
        let first = OutputFolder::create(&target, false).unwrap();
        let second = OutputFolder::create(&target, false).unwrap();
        first.write(&EnclosedPath::new("a.txt"), b"first").unwrap();
        second
            .write(&EnclosedPath::new("a.txt"), b"second")
            .unwrap();
        second.finish().unwrap();
        let e = first.finish().unwrap_err();
        assert!(e.to_string().contains("appeared while"), "{e}");
        assert!(e.is_request_fault(), "exit 2");
        assert_eq!(std::fs::read(target.join("a.txt")).unwrap(), b"second");
        assert_eq!(beside(dir.path()), 1, "no staging folder left");
    }

    #[test]
    fn a_folder_made_while_the_run_works_survives_with_or_without_force() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out");
        for force in [false, true] {
            let run = OutputFolder::create(&target, force).unwrap();
            run.write(&EnclosedPath::new("a.txt"), b"ours").unwrap();
            std::fs::create_dir(&target).unwrap();
            std::fs::write(target.join("mine.txt"), b"mine").unwrap();
            let e = run.finish().unwrap_err();
            assert!(e.to_string().contains("appeared while"), "{e}");
            assert_eq!(std::fs::read(target.join("mine.txt")).unwrap(), b"mine");
            assert!(!target.join("a.txt").exists());
            assert_eq!(beside(dir.path()), 1, "no staging folder left");
            std::fs::remove_dir_all(&target).unwrap();
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_planted_in_the_folder_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, b"precious").unwrap();
        let target = dir.path().join("out");
        std::fs::create_dir(&target).unwrap();
        std::os::unix::fs::symlink(&victim, target.join("strings.json")).unwrap();
        let out = OutputFolder::create(&target, true).unwrap();
        out.write(&EnclosedPath::new("strings.json"), b"overwritten?")
            .unwrap();
        out.finish().unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    }
}
