//! The folder `pack` and `build` read from. Every name is resolved (links followed)
//! and refused unless it lands inside the folder, so a link cannot smuggle a file from
//! elsewhere into the output. Everything read is remembered, so the files the folder
//! holds that nothing read can be reported instead of ignored.
//!
//! Only regular files are read: a FIFO, socket or device anywhere in the folder
//! refuses it when it is opened, and one that appears later is refused when it is
//! read (see [`super::regular`]). A file with several hard links is read like any
//! other: a link's other names cannot be told apart from the file's own.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs::FileType;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::enclosed::unescaped;
use super::regular::{self, is_link_refusal, open_source, LastStep, Opened};
use super::EnclosedPath;
use crate::error::{Error, Result};

/// UTF-8's byte-order mark.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// A source folder, confined to itself.
pub struct SourceDir {
    /// As the caller named it, for messages.
    shown: PathBuf,
    /// Canonical: what every resolved name must lie under.
    root: PathBuf,
    seen: Mutex<Seen>,
    /// Each folder a name was resolved in, and where it really is: a folder of
    /// many files is resolved once, not once a file.
    folders: Mutex<HashMap<PathBuf, PathBuf>>,
    /// TOML documents parsed, by name: a manifest is asked for its format, its
    /// wholeness, its kind and its content by as many layers, and parsed once.
    documents: Mutex<HashMap<String, Arc<TomlDocument>>>,
}

/// A TOML file of the folder, parsed.
pub struct TomlDocument {
    /// As read, to say where an error is.
    pub text: String,
    pub table: toml::Table,
}

#[derive(Default)]
struct Seen {
    /// The names read, as the folder's description gave them, and how often each.
    names: BTreeMap<String, usize>,
    /// Where they resolved to.
    targets: BTreeSet<PathBuf>,
    /// Why a file the format knows about was left out.
    reasons: BTreeMap<String, String>,
}

/// A file in the folder that nothing read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Unused {
    /// Relative to the folder, `/`-separated.
    pub file: String,
    /// Why nothing used it.
    pub reason: String,
}

impl std::fmt::Display for Unused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} was not used: {}", self.file, self.reason)
    }
}

impl SourceDir {
    /// Opens `dir` to read from, confined to itself. An error when it is not a folder,
    /// or holds a FIFO, socket or device.
    pub fn open(dir: &Path) -> Result<SourceDir> {
        let root = dir.canonicalize().map_err(|e| Error::io(dir, e))?;
        if !root.is_dir() {
            return Err(Error::io(
                dir,
                std::io::Error::other("is a file, not a folder"),
            ));
        }
        let dir = SourceDir {
            shown: dir.to_path_buf(),
            root,
            seen: Mutex::default(),
            folders: Mutex::default(),
            documents: Mutex::default(),
        };
        dir.refuse_special_files()?;
        Ok(dir)
    }

    /// Refuses the folder when it holds a FIFO, socket or device (or a link inside
    /// it to one), naming the first by name: only regular files are read.
    fn refuse_special_files(&self) -> Result<()> {
        let special = |path: &Path, kind: FileType| {
            if !kind.is_symlink() {
                return regular::special_kind(kind);
            }
            // A link leading out of the folder is refused when it is read.
            let what = regular::special_kind(std::fs::metadata(path).ok()?.file_type())?;
            let real = path.canonicalize().ok()?;
            real.starts_with(&self.root).then_some(what)
        };
        let first = entries_below(&self.root)
            .into_iter()
            .filter_map(|(_, path, kind)| {
                let what = special(&path, kind?)?;
                Some((path, what))
            })
            .min_by(|a, b| a.0.cmp(&b.0));
        let Some((path, what)) = first else {
            return Ok(());
        };
        let rel = path.strip_prefix(&self.root).unwrap_or(&path);
        Err(Error::io(
            self.shown.join(rel),
            std::io::Error::other(format!(
                "{what}, not a regular file: a source folder is read only from regular files"
            )),
        ))
    }

    /// The folder as the caller named it.
    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// `name` inside the folder as a message shows it.
    pub fn shown(&self, name: &str) -> String {
        self.joined(name).display().to_string()
    }

    /// Where `name` really is, refused when that is outside the folder. Names are
    /// sanitised as extraction sanitised them, so they find what it wrote.
    fn resolve(&self, name: &str) -> Result<PathBuf> {
        let joined = self.joined(name);
        let real = self.real(&joined).map_err(|e| Error::io(&joined, e))?;
        self.inside(&joined, real)
    }

    /// Where `name` is: where extraction writes it, escaped for every file system,
    /// or else, in a folder made by hand on a system that allows more (`aux.wav`,
    /// `a:b.png` on Linux), under the name as given.
    fn joined(&self, name: &str) -> PathBuf {
        let enclosed = EnclosedPath::new(name);
        let escaped = self.shown.join(enclosed.as_path());
        if enclosed.as_path() != Path::new(enclosed.name()) && !exists(&escaped) {
            let given = self.shown.join(enclosed.name());
            if exists(&given) {
                return given;
            }
        }
        escaped
    }

    /// `path` with every link followed: its folder's real place (remembered) and
    /// its own name, unless it is itself a link, which is followed in full.
    fn real(&self, path: &Path) -> std::io::Result<PathBuf> {
        followed(self.in_real_folder(path)?)
    }

    /// `path`'s name in the real place of its folder, which is resolved once a
    /// folder, not once a file.
    fn in_real_folder(&self, path: &Path) -> std::io::Result<PathBuf> {
        let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
            return path.canonicalize();
        };
        Ok(self.real_folder(folder)?.join(name))
    }

    /// Where `folder` really is: its parent's real place (remembered) and its own
    /// name, unless it is itself a link, which is followed in full.
    fn real_folder(&self, folder: &Path) -> std::io::Result<PathBuf> {
        let known = self.lock_folders().get(folder).cloned();
        if let Some(real) = known {
            return Ok(real);
        }
        let real = match (folder.parent(), folder.file_name()) {
            (Some(parent), Some(name)) if folder != self.shown => {
                followed(self.real_folder(parent)?.join(name))?
            }
            _ => folder.canonicalize()?,
        };
        self.lock_folders()
            .insert(folder.to_path_buf(), real.clone());
        Ok(real)
    }

    /// Opens `name` for reading where it really is, refused outside the folder;
    /// `None` when nothing is there. The file is opened without following a link
    /// in its last step, so a plain file (nearly every one) costs one call; a link
    /// is followed in full and checked first. Opening never waits (a FIFO), and
    /// anything but a regular file or a folder is refused, saying what it is.
    fn open_file(&self, name: &str) -> Result<Option<(Opened, PathBuf)>> {
        let joined = self.joined(name);
        let io = |e: std::io::Error| match e.kind() {
            std::io::ErrorKind::NotFound => Ok(None),
            _ => Err(Error::io(self.shown(name), e)),
        };
        let candidate = match self.in_real_folder(&joined) {
            Ok(c) => self.inside(&joined, c)?,
            Err(e) => return io(e),
        };
        match open_source(&candidate, LastStep::NoFollow) {
            Ok(f) => Ok(Some((f, candidate))),
            Err(e) if is_link_refusal(&e) => {
                let real = match candidate.canonicalize() {
                    Ok(r) => self.inside(&joined, r)?,
                    Err(e) => return io(e),
                };
                match open_source(&real, LastStep::Follow) {
                    Ok(f) => Ok(Some((f, real))),
                    Err(e) => io(e),
                }
            }
            Err(e) => io(e),
        }
    }

    fn lock_folders(&self) -> std::sync::MutexGuard<'_, HashMap<PathBuf, PathBuf>> {
        self.folders.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn inside(&self, joined: &Path, real: PathBuf) -> Result<PathBuf> {
        if real.starts_with(&self.root) {
            Ok(real)
        } else {
            Err(Error::at(
                joined.display().to_string(),
                format!(
                    "resolves to {}, outside the folder {}",
                    real.display(),
                    self.root.display()
                ),
            ))
        }
    }

    /// Reads a file the folder's description names.
    pub fn read(&self, name: &str) -> Result<Vec<u8>> {
        if let Some(bytes) = self.read_if_file(name)? {
            return Ok(bytes);
        }
        // Only to say why: the system's own words for a missing file. Anything else
        // was refused by reading it, so what is there is a folder.
        let why = match std::fs::metadata(self.joined(name)) {
            Err(e) => e,
            Ok(_) => std::io::Error::other("is a folder, not a file"),
        };
        Err(Error::io(self.shown(name), why))
    }

    /// Reads `name` when it is a file; `None` when nothing is there or it is a
    /// folder. One call fewer than asking [`SourceDir::is_file`] first.
    pub fn read_if_file(&self, name: &str) -> Result<Option<Vec<u8>>> {
        let Some((Opened::File(file, meta), real)) = self.open_file(name)? else {
            return Ok(None);
        };
        let mut bytes =
            regular::read_whole(file, &meta).map_err(|e| Error::io(self.shown(name), e))?;
        // An editor may save JSON with a byte-order mark, which JSON's
        // grammar lacks: it says nothing, and goes.
        if name.ends_with(".json") && bytes.starts_with(BYTE_ORDER_MARK) {
            bytes.drain(..BYTE_ORDER_MARK.len());
        }
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        *seen.names.entry(name.to_string()).or_default() += 1;
        seen.targets.insert(real);
        Ok(Some(bytes))
    }

    /// How often each file was read, by the name the folder's description gave
    /// it: what a build or pack costs in reading.
    pub fn reads(&self) -> BTreeMap<String, usize> {
        let seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.names.clone()
    }

    /// Reads and parses a TOML file of the folder, once however often it is asked
    /// for.
    pub fn read_toml(&self, name: &str) -> Result<Arc<TomlDocument>> {
        let known = self.lock_documents().get(name).cloned();
        if let Some(doc) = known {
            return Ok(doc);
        }
        let shown = self.shown(name);
        let text =
            String::from_utf8(self.read(name)?).map_err(|_| Error::usage(&shown, "not UTF-8"))?;
        let table = crate::toml_text::parse_document(&text, &shown)?;
        let doc = Arc::new(TomlDocument { text, table });
        self.lock_documents().insert(name.to_string(), doc.clone());
        Ok(doc)
    }

    fn lock_documents(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<TomlDocument>>> {
        self.documents.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Reads a file the user named on the command line, which may lie anywhere; one
    /// inside the folder counts as used.
    pub fn read_given(&self, path: &Path) -> Result<Vec<u8>> {
        let bytes = regular::read_regular(path).map_err(|e| Error::io(path, e))?;
        if let Some(real) = path
            .canonicalize()
            .ok()
            .filter(|r| r.starts_with(&self.root))
        {
            let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
            seen.targets.insert(real);
        }
        Ok(bytes)
    }

    /// Whether `name` is a file; an error when it resolves outside the folder, or
    /// is a FIFO, socket or device.
    pub fn is_file(&self, name: &str) -> Result<bool> {
        let joined = self.joined(name);
        let Ok(candidate) = self.in_real_folder(&joined) else {
            return Ok(false);
        };
        let candidate = self.inside(&joined, candidate)?;
        let meta = match std::fs::symlink_metadata(&candidate) {
            Ok(m) if m.file_type().is_symlink() => match candidate.canonicalize() {
                Ok(real) => std::fs::metadata(self.inside(&joined, real)?),
                Err(e) => Err(e),
            },
            other => other,
        };
        let Ok(meta) = meta else {
            return Ok(false);
        };
        regular::refuse_special(meta.file_type()).map_err(|e| Error::io(self.shown(name), e))?;
        Ok(meta.is_file())
    }

    /// Whether `name` is a folder.
    pub fn is_dir(&self, name: &str) -> bool {
        self.joined(name).is_dir()
    }

    /// The names of the entries of a sub-folder (`""` for the folder itself), as
    /// paths relative to the folder, sorted: each as the file named it, where
    /// extraction escaped it.
    pub fn list(&self, sub: &str) -> Result<Vec<String>> {
        let real = if sub.is_empty() {
            self.root.clone()
        } else {
            self.resolve(sub)?
        };
        let entries = std::fs::read_dir(&real).map_err(|e| Error::io(self.shown(sub), e))?;
        let mut names = Vec::new();
        for e in entries {
            let e = e.map_err(|e| Error::io(self.shown(sub), e))?;
            let file = e.file_name().to_string_lossy().into_owned();
            // The name the file gave, where extraction escaped it.
            let file = unescaped(&file).unwrap_or(file);
            names.push(if sub.is_empty() {
                file
            } else {
                format!("{sub}/{file}")
            });
        }
        names.sort();
        Ok(names)
    }

    /// Notes that a file, read or not, was left out of the output, and why: a view
    /// that was edited, say, though edits to it cannot be packed.
    pub fn leave_out(&self, name: &str, reason: impl Into<String>) {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.reasons.insert(name.to_string(), reason.into());
    }

    /// Every file in the folder that was never read, with the reason noted for it or
    /// else `otherwise`. Links that leave the folder are reported, never followed;
    /// links to folders inside it are not walked twice.
    pub fn unused(&self, otherwise: &str) -> Vec<Unused> {
        let seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        let mut out = Vec::new();
        for (rel, path, kind) in entries_below(&self.root) {
            let is_link = kind.is_some_and(|t| t.is_symlink());
            // The walk starts at the real root and follows no link, so only a
            // link's real place needs finding.
            let real = if is_link {
                path.canonicalize().ok()
            } else {
                Some(path)
            };
            let is_dir = match (is_link, &real) {
                (true, Some(r)) => r.is_dir(),
                _ => kind.is_some_and(|t| t.is_dir()),
            };
            let inside = real.as_ref().filter(|r| r.starts_with(&self.root));
            let reason = match inside {
                Some(_) if is_dir => continue,
                Some(_) if seen.reasons.contains_key(&rel) => seen.reasons[&rel].clone(),
                Some(r) if seen.targets.contains(r) || seen.names.contains_key(&rel) => continue,
                Some(_) => otherwise.to_string(),
                None => match real {
                    Some(r) => format!("resolves to {}, outside the folder", r.display()),
                    None => "a link to nothing".to_string(),
                },
            };
            out.push(Unused { file: rel, reason });
        }
        out.sort_by(|a, b| a.file.cmp(&b.file));
        out
    }
}

/// Every entry below `root`: its `/`-separated name relative to `root`, its path and
/// its type. No link is followed, so a link to a folder is listed, not walked into.
fn entries_below(root: &Path) -> Vec<(String, PathBuf, Option<FileType>)> {
    let mut out = Vec::new();
    let mut stack = vec![(root.to_path_buf(), String::new())];
    while let Some((dir, rel)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let rel = if rel.is_empty() {
                name
            } else {
                format!("{rel}/{name}")
            };
            let kind = e.file_type().ok();
            if kind.is_some_and(|t| t.is_dir()) {
                stack.push((e.path(), rel.clone()));
            }
            out.push((rel, e.path(), kind));
        }
    }
    out
}

/// Whether anything, even a link to nothing, is at `path`.
fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// `candidate`, whose folder is already real, as it really is: followed in full
/// when it is itself a link.
fn followed(candidate: PathBuf) -> std::io::Result<PathBuf> {
    if std::fs::symlink_metadata(&candidate)?
        .file_type()
        .is_symlink()
    {
        return candidate.canonicalize();
    }
    Ok(candidate)
}

#[cfg(test)]
mod tests {
    use super::SourceDir;

    #[test]
    fn a_json_file_saved_with_a_byte_order_mark_reads_without_it() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("a.json"), b"\xEF\xBB\xBF{\"x\": 1}").unwrap();
        std::fs::write(tmp.path().join("b.txt"), b"\xEF\xBB\xBFtext").unwrap();
        let dir = SourceDir::open(tmp.path()).unwrap();
        assert_eq!(dir.read("a.json").unwrap(), b"{\"x\": 1}");
        // Other files are data, read as they are.
        assert_eq!(dir.read("b.txt").unwrap(), b"\xEF\xBB\xBFtext");
    }
}
