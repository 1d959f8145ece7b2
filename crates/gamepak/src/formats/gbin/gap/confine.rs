//! Where a script may read and write: inside the folder that holds it (and, for
//! exports, inside the output folder when one is given), judged by where a path
//! really leads once symbolic links, `..` and absolute paths are followed. Scripts
//! travel between people, and a script that names `/home/you/.ssh/id_ed25519` or
//! `../../.bashrc` is a script nobody should have to read line by line first.

use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf, MAIN_SEPARATOR_STR};

use super::settings::GapOptions;
use crate::{Error, Result};

/// Linux gives up after 40 links too; a longer chain is a loop or a trap.
const MAX_LINKS: usize = 40;

/// The folders a running script is held to.
pub struct Confinement {
    read: Tree,
    write: Tree,
    allow_outside: bool,
}

/// A folder paths are taken from and must stay inside.
struct Tree {
    /// As the caller named it: outputs keep this form, so the names printed are the
    /// ones a user would type.
    path: PathBuf,
    /// What a path must resolve inside of.
    resolved: PathBuf,
    what: &'static str,
}

impl Tree {
    fn new(path: PathBuf, what: &'static str) -> Result<Tree> {
        let resolved = resolve(&path).map_err(|e| Error::io(&path, e))?;
        Ok(Tree {
            path,
            resolved,
            what,
        })
    }

    /// Where `given` resolves to, if that is inside.
    fn check(&self, given: &str, verb: &str) -> std::result::Result<PathBuf, String> {
        let resolved = resolve(&self.path.join(given))
            .map_err(|e| format!("{verb} '{given}', which cannot be resolved: {e}"))?;
        if resolved.starts_with(&self.resolved) {
            return Ok(resolved);
        }
        Err(format!(
            "{verb} '{given}', which resolves to {}, outside {} {}; \
             --allow-outside lifts this, only for scripts you trust",
            resolved.display(),
            self.what,
            self.resolved.display()
        ))
    }
}

impl Confinement {
    pub fn new(script: &Path, opts: &GapOptions) -> Result<Confinement> {
        let base = script.parent().unwrap_or(Path::new("")).to_path_buf();
        let write = match &opts.output_dir {
            Some(dir) => Tree::new(dir.clone(), "the output folder")?,
            None => Tree::new(base.clone(), "the script's folder")?,
        };
        Ok(Confinement {
            read: Tree::new(base, "the script's folder")?,
            write,
            allow_outside: opts.settings.allow_outside,
        })
    }

    /// The file a script's `src=` names, to be read; an error message if it lies
    /// outside the script's folder.
    pub fn input(&self, given: &str) -> std::result::Result<PathBuf, String> {
        if self.allow_outside {
            return Ok(self.read.path.join(given));
        }
        // The checked path is what gets read: its links were followed once, by the
        // check, and are not followed again.
        self.read.check(given, "reads")
    }

    /// Where an export's `filename=` is written; an error message if it lies outside
    /// the output folder (the script's own when none is given).
    pub fn output(&self, given: &str) -> std::result::Result<PathBuf, String> {
        if !self.allow_outside {
            self.write.check(given, "writes")?;
        }
        Ok(self.write.path.join(given))
    }
}

enum Part {
    Prefix(OsString),
    Root,
    Up,
    Name(OsString),
}

/// Pushes a path's parts so that popping yields them in order.
fn push_parts(todo: &mut Vec<Part>, path: &Path) {
    let start = todo.len();
    for c in path.components() {
        todo.push(match c {
            Component::Prefix(p) => Part::Prefix(p.as_os_str().to_owned()),
            Component::RootDir => Part::Root,
            Component::CurDir => continue,
            Component::ParentDir => Part::Up,
            Component::Normal(n) => Part::Name(n.to_owned()),
        });
    }
    todo[start..].reverse();
}

/// Where a path leads, as the system would follow it: links replaced by their
/// targets, and `..` taken from the folder a link led to rather than from the link's
/// name. Parts that do not exist yet (an export's new folder) are kept as written.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    // A script named without a folder has "" for its folder, which is the current one.
    let path = if path.as_os_str().is_empty() {
        Path::new(".")
    } else {
        path
    };
    let mut todo = Vec::new();
    push_parts(&mut todo, &std::path::absolute(path)?);
    let mut out = PathBuf::new();
    let mut links = 0;
    while let Some(part) = todo.pop() {
        match part {
            Part::Prefix(p) => out = PathBuf::from(p),
            Part::Root => {
                out = out
                    .components()
                    .take_while(|c| matches!(c, Component::Prefix(_)))
                    .collect();
                out.push(MAIN_SEPARATOR_STR);
            }
            Part::Up => {
                out.pop();
            }
            Part::Name(name) => {
                let next = out.join(name);
                if next.symlink_metadata().is_ok_and(|m| m.is_symlink()) {
                    links += 1;
                    if links > MAX_LINKS {
                        return Err(io::Error::other(format!(
                            "more than {MAX_LINKS} symbolic links"
                        )));
                    }
                    push_parts(&mut todo, &std::fs::read_link(&next)?);
                } else {
                    out = next;
                }
            }
        }
    }
    Ok(out)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_and_dots_resolve_as_the_system_resolves_them() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        symlink(root.join("a/b"), root.join("ln")).unwrap();
        symlink("b/../../loop1", root.join("a/loop2")).unwrap();
        symlink("a/loop2", root.join("loop1")).unwrap();
        // `..` after a link leaves the folder the link leads to, not the link's folder.
        assert_eq!(resolve(&root.join("ln/../x")).unwrap(), root.join("a/x"));
        assert_eq!(
            resolve(&root.join("new/./dir/../f")).unwrap(),
            root.join("new/f")
        );
        assert!(resolve(&root.join("loop1/x")).is_err());
    }
}
