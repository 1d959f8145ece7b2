//! Relative paths that cannot leave the folder they are joined to.
//!
//! A name read from a file (an entry, a sprite, a script) decides where extraction
//! writes and where pack reads. The only way to make an [`EnclosedPath`] is
//! [`EnclosedPath::new`], which sanitises the name, so a write that takes one cannot
//! be handed `../../etc/passwd` by mistake.

use std::path::{Component, Path, PathBuf};

/// A relative path of normal components only: no root, no drive, no `..`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EnclosedPath(PathBuf);

impl EnclosedPath {
    /// Turns a name found inside a file into a path that stays inside the folder:
    /// separators split components; `..`, `.`, roots, drive prefixes and empty parts
    /// are dropped; characters unsafe in file names on some system become `_`.
    pub fn new(name: &str) -> EnclosedPath {
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
        EnclosedPath(out)
    }

    /// The path as one file name: separators become `_`.
    pub fn component(&self) -> String {
        self.0.to_string_lossy().replace('/', "_")
    }

    pub fn as_path(&self) -> &Path {
        &self.0
    }

    /// The folder this path lies in, if it is not at the top.
    pub fn parent(&self) -> Option<&Path> {
        self.0.parent().filter(|p| !p.as_os_str().is_empty())
    }
}

impl std::fmt::Display for EnclosedPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.display().fmt(f)
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
            assert_eq!(
                EnclosedPath::new(name).as_path(),
                Path::new(want),
                "{name:?}"
            );
        }
    }
}
