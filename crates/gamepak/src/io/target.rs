//! Writing where `-o` points, whatever it is, without destroying it.
//!
//! Only a regular file, or a path that does not exist yet, is replaced by a
//! temporary file and a rename. A FIFO, a device or a socket is written into, as any
//! other program would write into it; replacing it would break whatever reads it (for
//! `/dev/null`, the whole machine). A symlink stays a symlink: what it points to is
//! written by these same rules. `-` is standard output.
//!
//! A regular file is replaced only if it is empty or of the format being written (an
//! earlier build), unless the caller says any file may go ([`Replace::Any`], for
//! `--force`): anything else may be the user's. What is there is looked at when the
//! output is claimed, and the final rename replaces that file and nothing else (see
//! [`super::place`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::atomic::staged;
use super::place::{move_into_place, Identity, Replaces};
use crate::error::{Error, Result};
use crate::limits::Limits;

/// How many symlinks a chain may hold before it is taken for a loop, as the kernel's
/// own limit on path resolution.
const MAX_LINKS: usize = 40;

/// Which regular file an output may replace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    /// An empty file, or a file of the format being written, such as an earlier
    /// build. Anything else is refused.
    SameFormat,
    /// Any file (`--force`).
    Any,
}

/// A file output whose target was looked at and may be written.
#[derive(Debug)]
pub struct OutputFile {
    /// As the user named it.
    path: PathBuf,
    into: Sink,
}

#[derive(Debug)]
enum Sink {
    StandardOutput,
    /// A FIFO, a device or a socket, written into.
    Stream(PathBuf),
    /// A regular file or nothing, replaced by a rename.
    Staged {
        target: PathBuf,
        replaces: Replaces,
    },
}

impl OutputFile {
    /// Looks at what `path` names before `bytes` are written there: a folder is
    /// refused, and so is a regular file that `replace` does not allow to go.
    /// Claiming every output before writing any means a refusal leaves all untouched.
    pub fn claim(path: &Path, bytes: &[u8], replace: Replace) -> Result<OutputFile> {
        let claimed = |into| {
            Ok(OutputFile {
                path: path.to_path_buf(),
                into,
            })
        };
        if path.as_os_str() == "-" {
            return claimed(Sink::StandardOutput);
        }
        let target = follow_links(path)?;
        let m = match std::fs::metadata(&target) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let replaces = Replaces::Nothing;
                return claimed(Sink::Staged { target, replaces });
            }
            Err(e) => return Err(Error::io(&target, e)),
        };
        if m.is_dir() {
            return Err(Error::usage(
                path.display().to_string(),
                "is a folder; -o names the file to write here",
            ));
        }
        if !m.is_file() {
            return claimed(Sink::Stream(target));
        }
        let id = Identity::of(&m);
        let replaces = match replace {
            Replace::Any => Replaces::Whole(id),
            Replace::SameFormat if m.len() == 0 => Replaces::Empty(id),
            Replace::SameFormat => {
                refuse_another_format(path, &target, m.len(), bytes)?;
                Replaces::Whole(id)
            }
        };
        claimed(Sink::Staged { target, replaces })
    }

    /// The output as the user named it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes`: into standard output or a stream, or into a temporary file
    /// moved onto the target, provided the target is still what the claim found.
    pub fn write(self, bytes: &[u8]) -> Result<()> {
        match self.into {
            Sink::StandardOutput => {
                let mut out = std::io::stdout().lock();
                out.write_all(bytes)
                    .and_then(|()| out.flush())
                    .map_err(|e| Error::io("standard output", e))
            }
            Sink::Stream(target) => {
                let mut f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .map_err(|e| Error::io(&target, e))?;
                f.write_all(bytes).map_err(|e| Error::io(&target, e))
            }
            Sink::Staged { target, replaces } => {
                move_into_place(staged(&target, bytes)?, &target, replaces)
            }
        }
    }
}

/// Refuses to replace a file of `len` bytes that is not of the format `bytes` are: it
/// may be the user's picture, text or another game, where an earlier build may go.
fn refuse_another_format(shown: &Path, target: &Path, len: u64, bytes: &[u8]) -> Result<()> {
    let writing = crate::detect(bytes).format;
    // A regular file: read no more than it held when it was looked at.
    let found = crate::detect(&super::Source::open(target, &Limits::for_max_alloc(len))?);
    if found.format.is_some() && found.format == writing {
        return Ok(());
    }
    let what = match (found.format, found.evidence.first()) {
        (Some(f), _) => format!("is a {}", f.title()),
        (None, Some(why)) => format!("is not a file gamepak reads ({why})"),
        (None, None) => "is not a file gamepak reads".to_string(),
    };
    let only = match writing {
        Some(f) => format!("only a {}, such as an earlier build,", f.title()),
        None => "no file".to_string(),
    };
    Err(Error::usage(
        shown.display().to_string(),
        format!("{what}; {only} is replaced without --force, which replaces whatever is there"),
    ))
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
        let earlier = OutputFile::claim(&link, b"new", Replace::SameFormat).unwrap_err();
        assert!(earlier.to_string().contains("--force"), "{earlier}");
        let out = OutputFile::claim(&link, b"new", Replace::Any).unwrap();
        out.write(b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
    }

    #[test]
    fn only_an_empty_file_or_an_earlier_build_goes_without_force() {
        use crate::formats::gbin::{synth, write, CrcMode};
        let dir = tempfile::tempdir().unwrap();
        let build = write(&synth::package(2, 16), CrcMode::Compute);
        let out = dir.path().join("out.gbin");
        let place = |path: &Path, replace| {
            OutputFile::claim(path, &build, replace).and_then(|o| o.write(&build))
        };
        std::fs::write(&out, b"").unwrap();
        place(&out, Replace::SameFormat).unwrap();
        place(&out, Replace::SameFormat).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), build);

        let notes = dir.path().join("notes.txt");
        std::fs::write(&notes, b"mine").unwrap();
        let picture = dir.path().join("picture.png");
        std::fs::write(&picture, b"\x89PNG\r\n\x1a\n and the rest").unwrap();
        for (path, what) in [(&notes, "not a file gamepak reads"), (&picture, "PNG")] {
            let e = place(path, Replace::SameFormat).unwrap_err();
            let e = e.to_string();
            assert!(e.contains(what) && e.contains("--force"), "{e}");
        }
        assert_eq!(std::fs::read(&notes).unwrap(), b"mine");
        place(&notes, Replace::Any).unwrap();
        assert_eq!(std::fs::read(&notes).unwrap(), build);
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 3, "no temporary file left");
    }

    #[test]
    fn a_device_is_written_into_not_replaced() {
        let out = OutputFile::claim(Path::new("/dev/null"), b"x", Replace::SameFormat).unwrap();
        out.write(b"discarded").unwrap();
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
