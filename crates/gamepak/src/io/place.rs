//! Moving a finished output into place, and deciding at that moment what it replaces.
//!
//! Every output is staged beside its target (a temporary file, or a `.partial`
//! folder) and moved into place by one rename. What that rename may replace was
//! decided when the run looked at the target: nothing, when nothing was there; or the
//! very file or folder it looked at, told from any other by its device and inode.
//! Anything else found at the moment of the move (a folder a user made meanwhile, the
//! result of another run into the same new `-o`) is left as it is and the run fails.
//!
//! Linux does this with `renameat2`: `RENAME_NOREPLACE` moves only onto nothing, and
//! `RENAME_EXCHANGE` swaps the staged output with what is there, which is then checked
//! and removed, or swapped back. macOS has the same in `renamex_np`. Elsewhere, and on
//! file systems that support neither, a move onto nothing is made exclusive by
//! creation (a hard link for a file; for a folder, an empty folder claimed with
//! `mkdir`, which `rename` replaces only while it is empty), and an exchange is two
//! renames, so that for a moment the path holds nothing, though never a mix.

use std::io;
use std::path::{Path, PathBuf};

use super::temp::Temp;
use crate::error::{Error, Result};

/// What a finished output may replace, decided when the run looked at its target.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Replaces {
    /// Nothing: the target did not exist.
    Nothing,
    /// This file or folder, and only while it stays empty.
    Empty(Identity),
    /// This file or folder, whatever it holds by now.
    Whole(Identity),
}

/// What tells a file or folder from another that took its name since: its device and
/// inode, and its birth time where the file system keeps one, since a file made
/// after another was deleted may be given the same inode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Identity {
    device: u64,
    inode: u64,
    born: Option<std::time::SystemTime>,
}

impl Identity {
    #[cfg(unix)]
    pub(crate) fn of(m: &std::fs::Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity {
            device: m.dev(),
            inode: m.ino(),
            born: m.created().ok(),
        }
    }

    /// Without inodes, only the birth time tells files apart.
    #[cfg(not(unix))]
    pub(crate) fn of(m: &std::fs::Metadata) -> Identity {
        Identity {
            device: 0,
            inode: 0,
            born: m.created().ok(),
        }
    }

    fn at(path: &Path) -> io::Result<Identity> {
        std::fs::symlink_metadata(path).map(|m| Identity::of(&m))
    }
}

/// Moves `staged` onto `target`, replacing only what `replaces` allows. Whatever
/// happens, nothing of `staged` is left behind: it is in place, or removed.
pub(crate) fn move_into_place(staged: Temp, target: &Path, replaces: Replaces) -> Result<()> {
    #[cfg(feature = "test-hooks")]
    pause_before_move();
    let failed = |e| Error::io(target, e);
    let expected = match replaces {
        Replaces::Nothing => return onto_nothing(staged, target),
        Replaces::Empty(id) | Replaces::Whole(id) => id,
    };
    match Identity::at(target) {
        // What the run looked at is gone: nothing is replaced by moving onto nothing.
        Err(e) if e.kind() == io::ErrorKind::NotFound => return onto_nothing(staged, target),
        Err(e) => return Err(failed(e)),
        Ok(found) if found != expected => return Err(changed(target, "was replaced")),
        Ok(_) => {}
    }
    match exchange(staged.path(), target) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return onto_nothing(staged, target),
        other => other.map_err(failed)?,
    }
    // `staged` now names what was at the target; it is ours to remove only if it is
    // what the run decided to replace.
    let refused = match Identity::at(staged.path()) {
        Ok(found) if found != expected => Some(changed(target, "was replaced")),
        Err(e) => Some(failed(e)),
        Ok(_) => match replaces {
            Replaces::Empty(_) => match still_empty(staged.path()) {
                Ok(true) => None,
                Ok(false) => Some(changed(target, "was filled")),
                Err(e) => Some(failed(e)),
            },
            _ => None,
        },
    };
    let Some(refused) = refused else {
        // Dropping `staged` removes the replaced file or folder.
        return Ok(());
    };
    if let Err(e) = exchange(staged.path(), target) {
        // What the user had is now at the staged path: keep it there, and say where.
        let at = staged.path().display().to_string();
        staged.keep();
        return Err(Error::usage(
            target.display().to_string(),
            format!("{refused}; it could not be put back ({e}) and is now at {at}"),
        ));
    }
    Err(refused)
}

/// Whether a file is empty, or a folder was: an empty folder is removed, which only
/// succeeds while it holds nothing.
fn still_empty(path: &Path) -> io::Result<bool> {
    let m = std::fs::symlink_metadata(path)?;
    if !m.is_dir() {
        return Ok(m.len() == 0);
    }
    match std::fs::remove_dir(path) {
        Ok(()) => Ok(true),
        Err(e) if occupied(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Moves `staged` onto `target` only if nothing is there.
fn onto_nothing(staged: Temp, target: &Path) -> Result<()> {
    match no_replace(staged.path(), target) {
        Ok(()) => {
            staged.keep();
            Ok(())
        }
        Err(e) if occupied(&e) => Err(changed(target, "appeared")),
        Err(e) => Err(Error::io(target, e)),
    }
}

fn occupied(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::AlreadyExists | io::ErrorKind::DirectoryNotEmpty
    )
}

/// The refusal when the target is not what the run decided to replace.
fn changed(target: &Path, how: &str) -> Error {
    Error::usage(
        target.display().to_string(),
        format!(
            "{how} while gamepak ran, so it is left as it is and nothing was written; \
             run again to decide anew what to do with it"
        ),
    )
}

/// Renames `from` to `to` if nothing is at `to`; `AlreadyExists` otherwise.
fn no_replace(from: &Path, to: &Path) -> io::Result<()> {
    match sys::rename(from, to, sys::NO_REPLACE) {
        Err(e) if sys::unsupported(&e) => portable_no_replace(from, to),
        done => done,
    }
}

/// Swaps `a` and `b`, both of which must exist.
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    match sys::rename(a, b, sys::EXCHANGE) {
        Err(e) if sys::unsupported(&e) => portable_exchange(a, b),
        done => done,
    }
}

/// A move onto nothing made exclusive by creating the target: a hard link fails if
/// anything is there; `mkdir` does too, and the folder it makes is replaced by
/// `rename` only while it stays empty.
fn portable_no_replace(from: &Path, to: &Path) -> io::Result<()> {
    if std::fs::symlink_metadata(from)?.is_dir() {
        claim_folder(to)?;
        std::fs::rename(from, to).inspect_err(|_| {
            // Only the empty folder claimed above; one that was filled meanwhile stays.
            let _ = std::fs::remove_dir(to);
        })
    } else {
        std::fs::hard_link(from, to)?;
        std::fs::remove_file(from)
    }
}

#[cfg(unix)]
fn claim_folder(to: &Path) -> io::Result<()> {
    std::fs::create_dir(to)
}

/// Windows never lets a rename replace a folder, so checking is enough there.
#[cfg(not(unix))]
fn claim_folder(to: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(to) {
        Ok(_) => Err(io::ErrorKind::AlreadyExists.into()),
        Err(_) => Ok(()),
    }
}

/// An exchange in three renames, through a name beside `a` that a killed run's
/// successor sweeps as one of its leftovers.
fn portable_exchange(a: &Path, b: &Path) -> io::Result<()> {
    let mut aside = PathBuf::from(a);
    aside.as_mut_os_string().push(".swap");
    std::fs::rename(b, &aside)?;
    if let Err(e) = std::fs::rename(a, b) {
        let _ = std::fs::rename(&aside, b);
        return Err(e);
    }
    std::fs::rename(&aside, a)
}

#[cfg(target_os = "linux")]
mod sys {
    use std::ffi::CString;
    use std::io;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    pub const NO_REPLACE: libc::c_uint = libc::RENAME_NOREPLACE;
    pub const EXCHANGE: libc::c_uint = libc::RENAME_EXCHANGE;

    pub fn rename(from: &Path, to: &Path, flags: libc::c_uint) -> io::Result<()> {
        let from = CString::new(from.as_os_str().as_bytes())?;
        let to = CString::new(to.as_os_str().as_bytes())?;
        // SAFETY: both paths are NUL-terminated strings that outlive the call.
        let done = unsafe {
            libc::renameat2(
                libc::AT_FDCWD,
                from.as_ptr(),
                libc::AT_FDCWD,
                to.as_ptr(),
                flags,
            )
        };
        if done == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }

    /// A kernel older than 3.15 (or a sandbox) lacks the call; some file systems
    /// lack the flags.
    pub fn unsupported(e: &io::Error) -> bool {
        matches!(e.raw_os_error(), Some(libc::ENOSYS | libc::EINVAL))
    }
}

#[cfg(target_os = "macos")]
mod sys {
    use std::ffi::CString;
    use std::io;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    pub const NO_REPLACE: libc::c_uint = libc::RENAME_EXCL;
    pub const EXCHANGE: libc::c_uint = libc::RENAME_SWAP;

    pub fn rename(from: &Path, to: &Path, flags: libc::c_uint) -> io::Result<()> {
        let from = CString::new(from.as_os_str().as_bytes())?;
        let to = CString::new(to.as_os_str().as_bytes())?;
        // SAFETY: both paths are NUL-terminated strings that outlive the call.
        let done = unsafe { libc::renamex_np(from.as_ptr(), to.as_ptr(), flags) };
        if done == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }

    /// Some file systems (FAT, network shares) lack the flags.
    pub fn unsupported(e: &io::Error) -> bool {
        matches!(e.raw_os_error(), Some(libc::ENOTSUP | libc::EINVAL))
    }
}

/// Systems without an atomic rename of their own use the portable schemes above.
#[cfg(not(any(target_os = "linux", target_os = "macos")))]
mod sys {
    use std::io;
    use std::path::Path;

    pub const NO_REPLACE: u32 = 0;
    pub const EXCHANGE: u32 = 1;

    pub fn rename(_from: &Path, _to: &Path, _flags: u32) -> io::Result<()> {
        Err(io::ErrorKind::Unsupported.into())
    }

    pub fn unsupported(_e: &io::Error) -> bool {
        true
    }
}

/// In the test build only: with `GAMEPAK_TEST_PAUSE_BEFORE_MOVE` naming a FIFO, every
/// move into place first waits for the test to open and close that FIFO, so a test
/// can change the target, or send a signal, at exactly this point.
#[cfg(feature = "test-hooks")]
fn pause_before_move() {
    use std::io::Read;
    if let Some(fifo) = std::env::var_os("GAMEPAK_TEST_PAUSE_BEFORE_MOVE") {
        if let Ok(mut f) = std::fs::File::open(fifo) {
            let _ = f.read_to_end(&mut Vec::new());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn staged_file(target: &Path, bytes: &[u8]) -> Temp {
        let t = Temp::beside(target, "tmp");
        std::fs::write(t.path(), bytes).unwrap();
        t
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut n: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    }

    #[test]
    fn a_file_that_appeared_is_kept_and_nothing_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.bin");
        let staged = staged_file(&target, b"ours");
        std::fs::write(&target, b"theirs").unwrap();
        let e = move_into_place(staged, &target, Replaces::Nothing).unwrap_err();
        assert!(e.to_string().contains("appeared while"), "{e}");
        assert!(e.is_request_fault());
        assert_eq!(std::fs::read(&target).unwrap(), b"theirs");
        assert_eq!(names(dir.path()), ["out.bin"]);
    }

    #[test]
    fn the_file_looked_at_is_replaced_and_a_swapped_in_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.bin");
        std::fs::write(&target, b"earlier").unwrap();
        let id = Identity::at(&target).unwrap();
        move_into_place(staged_file(&target, b"new"), &target, Replaces::Whole(id)).unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["out.bin"]);

        // `new` is a different file from the one `id` names.
        let e =
            move_into_place(staged_file(&target, b"x"), &target, Replaces::Whole(id)).unwrap_err();
        assert!(e.to_string().contains("was replaced while"), "{e}");
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["out.bin"]);
    }

    #[test]
    fn an_empty_folder_filled_meanwhile_is_swapped_back_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out");
        std::fs::create_dir(&target).unwrap();
        let id = Identity::at(&target).unwrap();
        std::fs::write(target.join("notes.txt"), b"mine").unwrap();
        let staged = Temp::beside(&target, "partial");
        std::fs::create_dir(staged.path()).unwrap();
        let e = move_into_place(staged, &target, Replaces::Empty(id)).unwrap_err();
        assert!(e.to_string().contains("was filled while"), "{e}");
        assert_eq!(std::fs::read(target.join("notes.txt")).unwrap(), b"mine");
        assert_eq!(names(dir.path()), ["out"]);
    }

    #[test]
    fn the_portable_schemes_keep_the_same_promises() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, b"a").unwrap();
        std::fs::write(&b, b"b").unwrap();
        let e = portable_no_replace(&a, &b).unwrap_err();
        assert!(occupied(&e), "{e}");
        portable_exchange(&a, &b).unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), b"b");
        assert_eq!(std::fs::read(&b).unwrap(), b"a");

        let (from, to) = (dir.path().join("from"), dir.path().join("to"));
        std::fs::create_dir(&from).unwrap();
        std::fs::write(from.join("f"), b"f").unwrap();
        std::fs::create_dir(&to).unwrap();
        assert!(occupied(&portable_no_replace(&from, &to).unwrap_err()));
        std::fs::remove_dir(&to).unwrap();
        portable_no_replace(&from, &to).unwrap();
        assert_eq!(std::fs::read(to.join("f")).unwrap(), b"f");
        std::fs::remove_file(&b).unwrap();
        portable_no_replace(&a, &b).unwrap();
        assert_eq!(names(dir.path()), ["b", "to"]);
    }
}
