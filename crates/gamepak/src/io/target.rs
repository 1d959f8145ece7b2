//! Writing where `-o` points, whatever it is, without destroying it.
//!
//! Only a regular file, or a path that does not exist yet, is replaced by a
//! temporary file and a rename. A FIFO, a device or a socket is written into, as any
//! other program would write into it; replacing it would break whatever reads it (for
//! `/dev/null`, the whole machine). A symlink stays a symlink: what it points to is
//! written by these same rules. `-` is standard output.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::write_atomic;
use crate::error::{Error, Result};

/// How many symlinks a chain may hold before it is taken for a loop, as the kernel's
/// own limit on path resolution.
const MAX_LINKS: usize = 40;

/// Writes `bytes` to the output a user named with `-o`.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|e| Error::io("standard output", e));
    }
    let target = follow_links(path)?;
    match std::fs::metadata(&target) {
        Ok(m) if m.is_dir() => Err(Error::usage(
            path.display().to_string(),
            "is a folder; -o names the file to write here",
        )),
        Ok(m) if !m.is_file() => {
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(|e| Error::io(&target, e))?;
            f.write_all(bytes).map_err(|e| Error::io(&target, e))
        }
        _ => write_atomic(&target, bytes),
    }
}

/// The path a chain of symlinks ends at (which may not exist yet), or `path` itself.
pub(crate) fn follow_links(path: &Path) -> Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&at).map_err(|e| Error::io(&at, e))?;
                at = match at.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(Error::usage(
        path.display().to_string(),
        format!("more than {MAX_LINKS} symlinks in a row: a loop?"),
    ))
}

/// Refuses an output that would land inside the folder being read (`pack DIR -o
/// DIR/x`): the next pack would read it back as part of its source, and an
/// extraction that replaces its folder would delete its own input.
pub fn refuse_inside(output: &Path, folder: &Path, why: &str) -> Result<()> {
    if output.as_os_str() == "-" {
        return Ok(());
    }
    let Ok(folder) = folder.canonicalize() else {
        return Ok(());
    };
    let out = follow_links(output)?;
    if resolved(&out).is_some_and(|o| o.starts_with(&folder)) {
        return Err(Error::usage(
            output.display().to_string(),
            format!("lies inside {}: {why}", folder.display()),
        ));
    }
    Ok(())
}

/// Where a path that may not exist yet would be: its nearest existing ancestor
/// resolved, with the rest appended.
fn resolved(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let mut rest = Vec::new();
    let mut at = absolute.as_path();
    loop {
        if let Ok(real) = at.canonicalize() {
            return Some(rest.iter().rev().fold(real, |p, part| p.join(part)));
        }
        rest.push(at.file_name()?.to_owned());
        at = at.parent()?;
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_symlink_stays_a_symlink_and_its_target_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.bin");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.bin");
        std::os::unix::fs::symlink("real.bin", &link).unwrap();
        write_output(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
    }

    #[test]
    fn a_device_is_written_into_not_replaced() {
        write_output(Path::new("/dev/null"), b"discarded").unwrap();
        let m = std::fs::symlink_metadata("/dev/null").unwrap();
        assert!(!m.is_file(), "/dev/null must stay a device");
    }

    #[test]
    fn output_inside_the_source_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = refuse_inside(&dir.path().join("sub/new.bin"), dir.path(), "why").unwrap_err();
        assert!(e.to_string().contains("lies inside"), "{e}");
        let beside = dir.path().parent().unwrap().join("elsewhere.bin");
        refuse_inside(&beside, dir.path(), "why").unwrap();
    }
}
