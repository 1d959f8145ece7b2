//! A patch applied to an extracted folder. Where the base is the very file the
//! patch was made from, the folder becomes the target's, file for file, and packs
//! to the target byte for byte. On any other base (a newer release of the game,
//! or one another patch changed first) each operation finds its asset by key: it
//! applies where the asset is as the patch expects, merges three ways where the
//! asset changed since (text by lines, JSON field by field), and is otherwise a
//! conflict. Files that follow from others (the tables compiling fills, the pages
//! frames are painted on) stay as the base has them: pack makes them again from
//! what they follow (see [`super::rules`]).

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use super::compare::Change;
use super::details::{kind, Kind};
use super::editing::Editing;
use super::json_fields;
use super::keys::asset_key;
use super::patch_file::{Operation, Patch};
use super::rules::follows;
use super::tree::{hash, Tree};
use crate::error::{Error, Result};

/// What to do where a patch and its base both changed one asset.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum OnConflict {
    /// Apply nothing, and report every conflict.
    #[default]
    Fail,
    /// Keep the base's asset.
    Ours,
    /// Take the patch's.
    Theirs,
}

/// An asset a patch and its base both changed, where they cannot both hold.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Conflict {
    /// The asset's key.
    pub asset: String,
    /// Where in it: a JSON Pointer, or the lines of a text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// Why it conflicts.
    pub why: String,
    /// The asset as the patch was made from.
    pub base: Option<String>,
    /// The asset as the base holds it.
    pub ours: Option<String>,
    /// The asset as the patch makes it.
    pub theirs: Option<String>,
}

/// Applies `patch` to `tree` exactly: the folder becomes the target's.
pub(crate) fn rebuild(tree: &mut Tree, patch: &Patch) -> Result<()> {
    let mut by_hash: HashMap<String, &Vec<u8>> = HashMap::new();
    for bytes in tree.files.values() {
        by_hash.entry(hash(bytes)).or_insert(bytes);
    }
    let mut files = BTreeMap::new();
    for f in &patch.manifest.files {
        let bytes = match patch.after(&f.path) {
            Some(b) => b.to_vec(),
            None => by_hash.get(&f.hash).map(|b| b.to_vec()).ok_or_else(|| {
                Error::at(
                    &f.path,
                    "the patch neither carries it nor finds it in the base",
                )
            })?,
        };
        if hash(&bytes) != f.hash {
            return Err(Error::at(
                &f.path,
                "its bytes are not the ones the patch names",
            ));
        }
        files.insert(f.path.clone(), bytes);
    }
    tree.files = files;
    Ok(())
}

/// Applies each operation of `patch` to `tree` by key, merging where the base
/// changed since; gives what could not be applied.
pub(crate) fn port(tree: &mut Tree, patch: &Patch, on_conflict: OnConflict) -> Vec<Conflict> {
    let target: std::collections::HashSet<&str> = patch
        .manifest
        .files
        .iter()
        .map(|f| f.path.as_str())
        .collect();
    let mut conflicts = Vec::new();
    let mut places = Places::default();
    let mut tree = Editing::new(tree);
    for op in &patch.manifest.operations {
        let path = op.path.as_deref().unwrap_or(&op.asset);
        // A removal still applies: an entry's assembly goes with its GML.
        if op.change != Change::Removed && follows(tree.tree.format, path, |p| target.contains(p)) {
            continue;
        }
        if let Err(c) = one(&mut tree, patch, op, &mut places) {
            match (on_conflict, op.path.as_deref().and_then(|p| patch.after(p))) {
                (OnConflict::Theirs, Some(theirs)) => {
                    let at = tree.path(&op.asset);
                    let at = at.unwrap_or_else(|| places.new_path(tree.tree, path));
                    tree.put(at, theirs.to_vec());
                }
                (OnConflict::Theirs, None) => {
                    if let Some(at) = tree.path(&op.asset) {
                        tree.take(&at);
                    }
                }
                (OnConflict::Ours, _) => {}
                (OnConflict::Fail, _) => conflicts.push(*c),
            }
        }
    }
    conflicts
}

/// Applies one operation, or says why it conflicts.
fn one(
    tree: &mut Editing<'_>,
    patch: &Patch,
    op: &Operation,
    places: &mut Places,
) -> std::result::Result<(), Box<Conflict>> {
    let here = tree.path(&op.asset);
    let ours = here.as_ref().map(|p| tree.tree.files[p].clone());
    let ours_hash = ours.as_deref().map(hash);
    let conflict = |why: &str| {
        Box::new(Conflict {
            asset: op.asset.clone(),
            at: None,
            why: why.to_string(),
            base: op.path.as_deref().and_then(|p| patch.before(p)).map(text),
            ours: ours.as_deref().map(text),
            theirs: op.path.as_deref().and_then(|p| patch.after(p)).map(text),
        })
    };
    let after = || op.path.as_deref().and_then(|p| patch.after(p));
    match op.change {
        Change::Removed => match (&here, &ours_hash) {
            (None, _) => Ok(()),
            (Some(p), Some(h)) if Some(h) == op.base_hash.as_ref() => {
                tree.take(p);
                Ok(())
            }
            _ => Err(conflict("the base changed the asset the patch removes")),
        },
        Change::Added => {
            let theirs =
                after().ok_or_else(|| conflict("the patch does not carry the asset it adds"))?;
            match &here {
                Some(_) if ours_hash.as_ref() == op.hash.as_ref() => Ok(()),
                Some(_) => Err(conflict("the base holds another asset of the same name")),
                None => {
                    let at = op.path.as_deref().unwrap_or(&op.asset);
                    let path = places.new_path(tree.tree, at);
                    tree.put(path, theirs.to_vec());
                    Ok(())
                }
            }
        }
        Change::Renamed => {
            let was = op.was.as_deref().unwrap_or_default();
            let Some(from) = tree.path(was) else {
                return match &here {
                    Some(_) => Ok(()),
                    None => Err(conflict(
                        "the base no longer holds the asset the patch renames",
                    )),
                };
            };
            if here.is_some() {
                return Err(conflict("the base holds another asset of the new name"));
            }
            let bytes = tree.take(&from).unwrap_or_default();
            let to = renamed_path(&from, op.path.as_deref().unwrap_or(&op.asset));
            tree.put(to, bytes);
            Ok(())
        }
        Change::Modified => {
            let (Some(p), Some(ours)) = (&here, &ours) else {
                return Err(conflict(
                    "the base no longer holds the asset the patch changes",
                ));
            };
            if ours_hash.as_ref() == op.hash.as_ref() {
                return Ok(());
            }
            let theirs =
                after().ok_or_else(|| conflict("the patch does not carry the asset it changes"))?;
            if ours_hash.as_ref() == op.base_hash.as_ref() {
                tree.put(p.clone(), theirs.to_vec());
                return Ok(());
            }
            let base = op
                .path
                .as_deref()
                .and_then(|p| patch.before(p))
                .ok_or_else(|| {
                    conflict("the base changed the asset, and the patch has no base to merge from")
                })?;
            let merged = merge(p, base, ours, theirs).map_err(|(at, why)| {
                Box::new(Conflict {
                    at,
                    ..*conflict(&why)
                })
            })?;
            tree.put(p.clone(), merged);
            Ok(())
        }
    }
}

/// `ours` and `theirs`, two changes of `base` to the asset at `path`, merged:
/// JSON field by field, text by lines; else where and why they conflict.
fn merge(
    path: &str,
    base: &[u8],
    ours: &[u8],
    theirs: &[u8],
) -> std::result::Result<Vec<u8>, (Option<String>, String)> {
    match kind(path, theirs) {
        Kind::Json => {
            let parse = |b: &[u8]| serde_json::from_slice::<serde_json::Value>(b);
            let (Ok(b), Ok(o), Ok(t)) = (parse(base), parse(ours), parse(theirs)) else {
                return Err((None, "a side is not JSON".into()));
            };
            let (merged, conflicts) = json_fields::merge(&b, &o, &t);
            if !conflicts.is_empty() {
                let at: Vec<&str> = conflicts.iter().map(|c| c.pointer.as_str()).collect();
                return Err((Some(at.join(", ")), "both changed these fields".into()));
            }
            let mut out = serde_json::to_vec_pretty(&merged).map_err(|e| (None, e.to_string()))?;
            if ours.ends_with(b"\n") {
                out.push(b'\n');
            }
            Ok(out)
        }
        Kind::Text => {
            let (Ok(b), Ok(o), Ok(t)) = (
                std::str::from_utf8(base),
                std::str::from_utf8(ours),
                std::str::from_utf8(theirs),
            ) else {
                return Err((None, "a side is not text".into()));
            };
            diffy::merge(b, o, t)
                .map(String::into_bytes)
                .map_err(|marked| {
                    let lines: Vec<usize> = marked
                        .lines()
                        .enumerate()
                        .filter(|(_, l)| l.starts_with("<<<<<<<"))
                        .map(|(n, _)| n + 1)
                        .collect();
                    let at = lines
                        .iter()
                        .map(|n| format!("line {n}"))
                        .collect::<Vec<_>>()
                        .join(", ");
                    (Some(at), "both changed these lines".into())
                })
        }
        _ => Err((
            None,
            "both changed it, and it is not text or JSON to merge".into(),
        )),
    }
}

/// A readable form of an asset for a conflict: its text, or its size.
fn text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(t) => t.to_string(),
        Err(_) => format!("({} bytes, BLAKE3 {})", bytes.len(), hash(bytes)),
    }
}

/// `from`, a path in the base, with its names those of `to` (a path in the
/// target): each part keeps the base's place before its name.
fn renamed_path(from: &str, to: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (from.split('/').collect(), to.split('/').collect());
    if a.len() != b.len() {
        return to.to_string();
    }
    a.iter()
        .zip(&b)
        .map(|(x, y)| {
            let name = asset_key(y);
            let place_len = x.len() - asset_key(x).len();
            format!("{}{name}", &x[..place_len])
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The places new assets take, so that the files of one new asset (a sprite's
/// frames) share the one place given to its folder.
#[derive(Default)]
struct Places {
    given: HashMap<(String, String), String>,
}

impl Places {
    /// Where a new asset at `path` in the target goes in `tree`: where the target
    /// has it, unless another asset holds that place (`003-` in its folder), when it
    /// takes the next place there.
    fn new_path(&mut self, tree: &Tree, path: &str) -> String {
        let parts: Vec<&str> = path.split('/').collect();
        let mut out: Vec<String> = Vec::with_capacity(parts.len());
        for (i, part) in parts.iter().enumerate() {
            let parent = out.join("/");
            let name = asset_key(part);
            let place = &part[..part.len() - name.len()];
            if place.is_empty() {
                out.push(part.to_string());
                continue;
            }
            let key = (parent.clone(), part.to_string());
            if let Some(given) = self.given.get(&key) {
                out.push(given.clone());
                continue;
            }
            let prefix = if parent.is_empty() {
                String::new()
            } else {
                format!("{parent}/")
            };
            // The folder's files, from where the sorted paths reach it.
            let siblings: Vec<&str> = tree
                .files
                .range(prefix.clone()..)
                .map(|(f, _)| f)
                .take_while(|f| f.starts_with(&prefix))
                .filter_map(|f| f.strip_prefix(&prefix))
                .map(|rest| rest.split('/').next().unwrap_or(rest))
                .collect();
            let stem = |s: &str| s.split('.').next().unwrap_or(s).to_string();
            let taken = siblings.iter().any(|s| {
                s.len() > place.len()
                    && s[..place.len()] == *place
                    && stem(&asset_key(s)) != stem(&name)
            });
            let given = if taken || i + 1 == parts.len() && siblings.contains(part) {
                let width = place.len() - 1;
                let next = siblings
                    .iter()
                    .filter_map(|s| s.split('-').next()?.parse::<u64>().ok())
                    .max()
                    .map_or(0, |m| m + 1);
                format!("{next:0width$}-{name}")
            } else {
                part.to_string()
            };
            self.given.insert(key, given.clone());
            out.push(given);
        }
        out.join("/")
    }
}
