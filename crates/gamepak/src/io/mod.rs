//! Getting bytes in and out: memory-mapped input, atomic output, safe extraction paths,
//! and source folders confined to themselves.

mod atomic;
mod enclosed;
mod mapped;
mod output_folder;
mod place;
mod portable;
mod regular;
mod target;
mod temp;

pub use atomic::write_atomic;
pub use enclosed::{flat_name, EnclosedPath};
pub use mapped::Mapped;
pub use output_folder::{MemoryFolder, OutputFolder};
pub(crate) use portable::Distinct;
pub use regular::read_regular;
pub use target::{refuse_inside, OutputFile, Replace};
pub use temp::{remove_all as remove_temp_files, sweep_stale};

use std::fs::File;
use std::path::Path;

use crate::error::{Error, Result};
use crate::limits::Limits;

mod source_dir;
pub use source_dir::{SourceDir, Unused};

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

/// How much of a name a file's stem keeps.
const STEM: usize = 48;
/// How much of a name is kept where the name is read back from the file's
/// (a code entry's: `…_Alarm_10` must not come back as `…_Alarm_1`), within
/// what file systems allow in one name.
const WHOLE_STEM: usize = 200;

/// An index and a name reduced to letters, digits, `-`, `_` and `.`.
pub fn file_stem(index: usize, name: &str) -> String {
    let mut stem = String::with_capacity(name.len().min(STEM) + 8);
    push_file_stem::<STEM>(&mut stem, index, name);
    stem
}

/// `dir`, then the [`file_stem`] of item `index` named `name`, then `tail`, built in
/// one string: `list` names every entry this way.
pub fn stem_path(dir: &str, index: usize, name: &str, tail: impl std::fmt::Display) -> String {
    stem_path_of::<STEM>(dir, index, name, tail)
}

/// [`stem_path`], with the name kept whole (to 200 characters): for a file whose
/// name says what it is, as a code entry's does.
pub fn whole_stem_path(
    dir: &str,
    index: usize,
    name: &str,
    tail: impl std::fmt::Display,
) -> String {
    stem_path_of::<WHOLE_STEM>(dir, index, name, tail)
}

fn stem_path_of<const N: usize>(
    dir: &str,
    index: usize,
    name: &str,
    tail: impl std::fmt::Display,
) -> String {
    use std::fmt::Write;
    let mut path = String::with_capacity(dir.len() + N.min(name.len()) + 24);
    path.push_str(dir);
    path.push('/');
    push_file_stem::<N>(&mut path, index, name);
    let _ = write!(path, "{tail}");
    path
}

/// Appends `n` as `format!("{n:03}")` would, without the formatting machinery:
/// `list` writes one or two for every entry.
fn push_index(out: &mut String, n: usize) {
    if n < 1000 {
        let digits = [
            b'0' + (n / 100) as u8,
            b'0' + (n / 10 % 10) as u8,
            b'0' + (n % 10) as u8,
        ];
        out.push_str(std::str::from_utf8(&digits).expect("ASCII digits"));
    } else {
        use std::fmt::Write;
        let _ = write!(out, "{n}");
    }
}

/// Appends [`file_stem`], keeping `N` characters of the name, to `out`.
fn push_file_stem<const N: usize>(out: &mut String, index: usize, name: &str) {
    push_index(out, index);
    if !name.is_empty() {
        out.push('-');
    }
    // Every character kept is ASCII, and each one replaced becomes one: the stem is
    // built as bytes and added at once.
    let kept = |c: char| match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '_' | '.' => c as u8,
        _ => b'_',
    };
    let mut stem = [0u8; N];
    let mut n = 0;
    if name.is_ascii() {
        // Most names: a byte is a character.
        for &b in name.as_bytes().iter().take(stem.len()) {
            stem[n] = kept(b.into());
            n += 1;
        }
    } else {
        for c in name.chars().take(stem.len()) {
            stem[n] = kept(c);
            n += 1;
        }
    }
    out.push_str(std::str::from_utf8(&stem[..n]).expect("ASCII"));
}

#[cfg(test)]
mod stem_tests {
    use super::{stem_path, whole_stem_path};

    #[test]
    fn a_code_entrys_file_keeps_its_whole_name_where_others_are_cut() {
        let name = "gml_Object_obj_enemy_with_a_rather_long_name_Alarm_10";
        assert_eq!(
            whole_stem_path("code", 7, name, ".gml"),
            format!("code/007-{name}.gml")
        );
        let cut = stem_path("code", 7, name, ".gml");
        assert!(cut.len() < name.len() + 13, "{cut}");
    }
}
