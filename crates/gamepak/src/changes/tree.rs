//! A game file's assets as its format's extract gives them, held in memory: every
//! file of the extracted folder by its path, and the key that names it as an
//! asset whatever its place in the file.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::io::{EnclosedPath, MemoryFolder};
use crate::{ExtractOptions, Format, Options};

/// An extracted folder in memory.
#[derive(Debug, Clone)]
pub struct Tree {
    /// The format the file is in.
    pub format: Format,
    /// Every file of the folder, by its `/`-separated path.
    pub files: BTreeMap<String, Vec<u8>>,
}

impl Tree {
    /// The assets of `data` (named `name` in errors), extracted in memory,
    /// telling `progress` how far it is.
    pub fn of_file(
        data: &[u8],
        name: &str,
        opts: &Options,
        progress: Option<crate::assets::Progress<'_>>,
    ) -> Result<Tree> {
        let (format, handler) = crate::recognise(data, name)?;
        let memory = Arc::new(MemoryFolder::default());
        let options = ExtractOptions {
            memory: Some(memory.clone()),
            progress,
            ..ExtractOptions::default()
        };
        handler
            .open(data, opts)
            .extract(Path::new("memory"), &options)?;
        Ok(Tree {
            format,
            files: memory.take(),
        })
    }

    /// Writes every file under `dir`, each at the path extract gives its name: no
    /// name can reach outside `dir`.
    pub fn write_into(&self, dir: &Path) -> Result<()> {
        for (name, bytes) in &self.files {
            let path = dir.join(EnclosedPath::new(name).as_path());
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
            }
            std::fs::write(&path, bytes).map_err(|e| Error::io(&path, e))?;
        }
        Ok(())
    }

    /// Each asset's key and the path of its file; a key two files share (two
    /// resources of one name) is their whole path instead.
    pub fn keys(&self) -> BTreeMap<String, String> {
        super::keys::Keys::of(self.files.keys()).all()
    }
}

/// The content hash each operation names an asset by: BLAKE3, in hex.
pub fn hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

/// Whether `name` is a path a patch may name: relative, `/`-separated, with no
/// `.`, `..` or empty part, so that it stays inside the folder it is applied to.
pub fn is_enclosed(name: &str) -> bool {
    !name.is_empty()
        && !name.contains('\\')
        && name
            .split('/')
            .all(|p| !p.is_empty() && p != "." && p != ".." && !p.contains(':'))
        && EnclosedPath::new(name).name() == name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_inside_the_folder_are_enclosed() {
        assert!(is_enclosed("objects/obj_wall.json"));
        for bad in [
            "../x",
            "a/../b",
            "/etc/passwd",
            "a//b",
            "",
            "C:/x",
            "a\\b",
            "./a",
        ] {
            assert!(!is_enclosed(bad), "{bad}");
        }
    }
}
