//! The bytes of an input file: mapped where it can be, read whole otherwise.

use std::fs::File;
use std::path::Path;

use super::mapped::Mapped;
use crate::error::{Error, Result};
use crate::limits::Limits;

/// The bytes of an input file: memory-mapped when possible, read into memory otherwise.
pub enum Source {
    /// The file memory-mapped: its pages are read as they are touched.
    Mapped(Mapped),
    /// The file read into memory: a pipe, a special or empty file, or one that could
    /// not be mapped.
    Owned(Vec<u8>),
}

impl Source {
    /// Opens a file by memory map, falling back to reading it (pipes, special files)
    /// under the allocation limit.
    pub fn open(path: impl AsRef<Path>, limits: &Limits) -> Result<Source> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|e| Error::io(path, e))?;
        let meta = file.metadata().map_err(|e| Error::io(path, e))?;
        if meta.is_dir() {
            return Err(Error::io(
                path,
                std::io::Error::other("is a folder, not a file"),
            ));
        }
        let file = if meta.is_file() && meta.len() > 0 {
            match Mapped::new(file, path, &meta) {
                Ok(map) => return Ok(Source::Mapped(map)),
                Err(file) => file,
            }
        } else {
            file
        };
        read_stream(file, path, limits).map(Source::Owned)
    }

    /// Says the input will be read as tables are, here and there (see
    /// [`Mapped::read_sparsely`]): for `info` and `list`, which never read a payload.
    pub fn read_sparsely(&self) {
        if let Source::Mapped(m) = self {
            m.read_sparsely();
        }
    }

    /// Ok unless the file changed since it was opened (see [`Mapped::unchanged`]):
    /// what was read from it is then not to be trusted. A copy read into memory
    /// cannot change.
    pub fn unchanged(&self) -> Result<()> {
        match self {
            Source::Mapped(m) => m.unchanged(),
            Source::Owned(_) => Ok(()),
        }
    }
}

/// Reads a pipe or device whole, refusing one that goes on past the allocation limit
/// (`gamepak info /dev/zero` would otherwise fill memory).
pub fn read_stream(file: impl std::io::Read, path: &Path, limits: &Limits) -> Result<Vec<u8>> {
    let limit = limits.max_alloc;
    crate::codec::capped::read_capped(file, limit, None)
        .map_err(|e| Error::io(path, e))?
        .ok_or_else(|| {
            crate::limits::exceeded(
                &path.display().to_string(),
                None,
                "the input is not a regular file and goes on",
                limit,
            )
        })
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
