//! Getting bytes in and out: memory-mapped input, atomic output, safe extraction paths,
//! and source folders confined to themselves.

use std::fs::File;
use std::io::Write;
use std::path::{Component, Path, PathBuf};

use crate::error::{Error, Result};

mod source_dir;
pub use source_dir::{SourceDir, Unused};

/// The bytes of an input file: memory-mapped when possible, read into memory otherwise.
pub enum Source {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl Source {
    /// Opens a file by memory map, falling back to reading it (pipes, special files).
    pub fn open(path: impl AsRef<Path>) -> Result<Source> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|e| Error::io(path, e))?;
        let meta = file.metadata().map_err(|e| Error::io(path, e))?;
        if meta.is_dir() {
            return Err(Error::io(
                path,
                std::io::Error::other("is a folder, not a file"),
            ));
        }
        if meta.is_file() && meta.len() > 0 {
            // SAFETY: the map is read-only; a concurrent writer truncating the file could
            // fault, which is the accepted trade-off of every mmap-based reader.
            if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
                return Ok(Source::Mapped(map));
            }
        }
        std::fs::read(path)
            .map(Source::Owned)
            .map_err(|e| Error::io(path, e))
    }
}

impl std::ops::Deref for Source {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Source::Mapped(m) => m,
            Source::Owned(v) => v,
        }
    }
}

/// Writes a file atomically: a temporary file beside the target, flushed, then renamed.
/// A failure leaves any existing target untouched.
pub fn write_atomic(path: impl AsRef<Path>, bytes: &[u8]) -> Result<()> {
    let path = path.as_ref();
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".gamepak-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| Error::io(dir, e))?;
    // The rename is what makes the write atomic for readers and for our own failures;
    // no fsync, which would cost more than the write itself for many small assets.
    tmp.write_all(bytes).map_err(|e| Error::io(path, e))?;
    // A temporary file is private (0600); the result should be an ordinary file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map_or(0o644, |m| m.permissions().mode());
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))
            .map_err(|e| Error::io(path, e))?;
    }
    tmp.persist(path).map_err(|e| Error::io(path, e.error))?;
    Ok(())
}

/// Where an extraction writes: into a staging folder that is renamed into place at
/// the end when the target does not exist yet (one rename makes the whole folder
/// appear at once, and costs far less than a rename per file), or file by file with
/// atomic writes into an existing folder.
pub struct OutputFolder {
    target: PathBuf,
    staging: Option<PathBuf>,
}

impl OutputFolder {
    pub fn create(target: &Path) -> Result<OutputFolder> {
        let empty = std::fs::read_dir(target).map_or(true, |mut d| d.next().is_none());
        if !empty {
            return Ok(OutputFolder {
                target: target.to_path_buf(),
                staging: None,
            });
        }
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "out".into());
        let staging = target.with_file_name(format!(".{name}.gamepak-partial"));
        let _ = std::fs::remove_dir_all(&staging);
        std::fs::create_dir_all(&staging).map_err(|e| Error::io(&staging, e))?;
        Ok(OutputFolder {
            target: target.to_path_buf(),
            staging: Some(staging),
        })
    }

    /// Writes `bytes` at `rel` (already sanitised) inside the folder.
    pub fn write(&self, rel: &Path, bytes: &[u8]) -> Result<()> {
        match &self.staging {
            Some(dir) => {
                let path = dir.join(rel);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
                }
                std::fs::write(&path, bytes).map_err(|e| Error::io(&path, e))
            }
            None => write_atomic(self.target.join(rel), bytes),
        }
    }

    /// Moves a staged folder into place.
    pub fn finish(self) -> Result<()> {
        if let Some(dir) = &self.staging {
            if self.target.exists() {
                std::fs::remove_dir(&self.target).map_err(|e| Error::io(&self.target, e))?;
            }
            std::fs::rename(dir, &self.target).map_err(|e| Error::io(&self.target, e))?;
        }
        Ok(())
    }
}

/// Turns a name found inside a file into a relative path that stays inside the output
/// folder: separators split components, `..`, `.`, roots, drive prefixes and empty parts
/// are dropped, and characters that are unsafe in file names are replaced.
pub fn sanitize_relative(name: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for part in name.split(['/', '\\']) {
        let cleaned: String = part
            .chars()
            .map(|c| {
                if c.is_control() || matches!(c, ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        let cleaned = cleaned.trim_end_matches(['.', ' ']);
        if cleaned.is_empty() || cleaned == "." || cleaned == ".." {
            continue;
        }
        out.push(cleaned);
    }
    if out.as_os_str().is_empty() {
        out.push("_");
    }
    debug_assert!(out.components().all(|c| matches!(c, Component::Normal(_))));
    out
}

/// An index and a name reduced to letters, digits, `-`, `_` and `.`.
pub fn file_stem(index: usize, name: &str) -> String {
    let safe: String = name
        .chars()
        .take(48)
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() {
        format!("{index:03}")
    } else {
        format!("{index:03}-{safe}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_names_stay_inside() {
        for (name, want) in [
            ("../../etc/passwd", "etc/passwd"),
            ("/abs/path", "abs/path"),
            ("C:\\windows\\x", "C_/windows/x"),
            ("..", "_"),
            ("", "_"),
            ("a/./b", "a/b"),
            ("nul\0byte", "nul_byte"),
        ] {
            assert_eq!(sanitize_relative(name), PathBuf::from(want), "{name:?}");
        }
    }

    #[test]
    fn atomic_write_replaces_whole_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/out.bin");
        write_atomic(&p, b"hello").unwrap();
        write_atomic(&p, b"bye").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"bye");
        let leftovers = std::fs::read_dir(p.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1);
    }
}
