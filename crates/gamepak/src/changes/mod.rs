//! diff, patch and apply: changes between two files of one format, asset by
//! asset, and patches that carry them to other files of the game.
//!
//! Every format already extracts a file to a folder of assets and packs that folder
//! back byte for byte, so a file's assets are its extracted folder ([`Tree`]), held
//! in memory. Assets are matched by key: the path in the folder with each place in
//! a list (`003-`) left out, so an asset is found by its kind and name, never by its
//! index. [`diff`] compares two files that way, with what changed inside each
//! asset ([`Detail`]). [`make_patch`] records the operations that turn one file into
//! another, each naming its asset, the hash it expects in the base and, for text
//! and JSON, the base it was changed from ([`Patch`], the `.gpatch` archive).
//! [`apply`] applies patches in order and packs the result: on the very file a
//! patch was made from it rebuilds the target exactly; on another (a newer
//! release, or a file another mod changed) it merges three ways by asset, field
//! and line, and reports what conflicts.

mod apply;
mod audio_facts;
mod compare;
mod details;
mod editing;
mod json_fields;
mod keys;
mod patch_file;
mod pixels;
mod rules;
mod tree;

use std::collections::BTreeMap;

use serde::Serialize;

pub use apply::{Conflict, OnConflict};
pub use audio_facts::AudioFacts;
pub use compare::Change;
pub use details::{Detail, Sized};
pub use json_fields::FieldChange;
pub use keys::asset_key;
pub use patch_file::{FileRef, Manifest, Operation, Patch, Whole, VERSION};
pub use pixels::ImageChange;
pub use tree::Tree;

use crate::codec::png;
use crate::error::{Error, Result};
use crate::{Format, Options, PackOutcome};

/// A file to compare or patch: its bytes, its name for messages, and where it
/// lies, if on disk (so that files that belong beside it, a GameMaker game's
/// audio groups, are found).
#[derive(Clone, Copy)]
pub struct Input<'a> {
    /// Its name, for messages.
    pub name: &'a str,
    /// Its bytes.
    pub bytes: &'a [u8],
    /// Its path.
    pub path: Option<&'a std::path::Path>,
    /// Told how far its extraction is, as entries are done: done, then all.
    pub progress: Option<crate::assets::Progress<'a>>,
}

impl Input<'_> {
    /// The run's options, for this file.
    fn options(&self, opts: &Options) -> Options {
        Options {
            input: self.path.map(|p| p.to_path_buf()),
            ..opts.clone()
        }
    }
}

/// One asset that differs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AssetChange {
    /// The asset's key (its path in the folder, places left out).
    pub path: String,
    /// How it changed.
    pub change: Change,
    /// A renamed asset's key before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub was: Option<String>,
    /// What changed inside it.
    pub detail: Detail,
}

/// Two files compared.
#[derive(Debug, Clone, Serialize)]
pub struct Diff {
    /// The files' format.
    pub format: Format,
    /// Every asset that differs, by key.
    pub assets: Vec<AssetChange>,
    /// Whether the files differ where no asset does: in their layout alone.
    pub layout_differs: bool,
}

impl Diff {
    /// Whether the two files are the same, asset for asset and byte for byte.
    pub fn same(&self) -> bool {
        self.assets.is_empty() && !self.layout_differs
    }
}

/// The two files' trees, which must be of one format.
fn trees(a: Input<'_>, b: Input<'_>, opts: &Options) -> Result<(Tree, Tree)> {
    let x = Tree::of_file(a.bytes, a.name, &a.options(opts), a.progress)?;
    let y = Tree::of_file(b.bytes, b.name, &b.options(opts), b.progress)?;
    if x.format != y.format {
        return Err(Error::usage(
            b.name,
            format!(
                "is {}, and {} is {}",
                y.format.title(),
                a.name,
                x.format.title()
            ),
        ));
    }
    Ok((x, y))
}

/// Two files' assets, each file extracted once, for both [`Compared::diff`] and
/// [`Compared::visual`].
pub struct Compared {
    x: Tree,
    y: Tree,
    same_bytes: bool,
}

/// `a` and `b` extracted, to compare.
pub fn compared(a: Input<'_>, b: Input<'_>, opts: &Options) -> Result<Compared> {
    let (x, y) = trees(a, b, opts)?;
    Ok(Compared {
        x,
        y,
        same_bytes: a.bytes == b.bytes,
    })
}

/// `a` and `b` compared asset by asset (see [`Compared::diff`]).
pub fn diff(a: Input<'_>, b: Input<'_>, opts: &Options) -> Result<Diff> {
    Ok(compared(a, b, opts)?.diff(opts))
}

/// The images that changed from `a` to `b`, drawn (see [`Compared::visual`]).
pub fn visual(
    a: Input<'_>,
    b: Input<'_>,
    dir: &std::path::Path,
    opts: &Options,
) -> Result<Vec<String>> {
    compared(a, b, opts)?.visual(dir, opts)
}

impl Compared {
    /// The two files compared asset by asset. The files of a folder that record its
    /// layout, and a GameMaker entry's assembly beside its GML, are not assets: a
    /// change there alone shows as [`Diff::layout_differs`].
    pub fn diff(&self, opts: &Options) -> Diff {
        let (x, y) = (&self.x, &self.y);
        let format = x.format;
        let shown = |path: &str, tree: &Tree| {
            let follows_its_gml = path.ends_with(".asm")
                && rules::follows(format, path, |p| tree.files.contains_key(p));
            !rules::is_layout(format, path) && !follows_its_gml
        };
        let mut assets = Vec::new();
        for c in compare::compare(x, y) {
            let (tree, path) = match (&c.after, &c.before) {
                (Some(p), _) => (y, p),
                (None, Some(p)) => (x, p),
                (None, None) => continue,
            };
            if !shown(path, tree) {
                continue;
            }
            let before = c.before.as_ref().map(|p| x.files[p].as_slice());
            let after = c.after.as_ref().map(|p| y.files[p].as_slice());
            let detail = match c.change {
                Change::Renamed => details::detail(&c.key, None, None, &opts.limits),
                _ => details::detail(&c.key, before, after, &opts.limits),
            };
            assets.push(AssetChange {
                path: c.key,
                change: c.change,
                was: c.was,
                detail,
            });
        }
        let layout_differs = assets.is_empty() && !self.same_bytes;
        Diff {
            format,
            assets,
            layout_differs,
        }
    }

    /// Writes, for each image that changed from the first file to the second, its
    /// `before`, `after` and a highlighted difference as PNGs under `dir` (at the
    /// asset's path, with `.before.png`, `.after.png` and `.diff.png`); gives the
    /// files written.
    pub fn visual(&self, dir: &std::path::Path, opts: &Options) -> Result<Vec<String>> {
        let (x, y) = (&self.x, &self.y);
        let mut written = Vec::new();
        for c in compare::compare(x, y) {
            let (Change::Modified, Some(before), Some(after)) = (c.change, &c.before, &c.after)
            else {
                continue;
            };
            if details::kind(after, &y.files[after]) != details::Kind::Image {
                continue;
            }
            let Ok((_, old, new)) =
                pixels::compare(&x.files[before], &y.files[after], after, &opts.limits)
            else {
                continue;
            };
            let stem = c.key.strip_suffix(".png").unwrap_or(&c.key).to_string();
            for (suffix, img) in [
                ("before", &*old),
                ("after", &*new),
                ("diff", &pixels::highlighted(&old, &new)),
            ] {
                let name = format!("{stem}.{suffix}.png");
                let path = dir.join(crate::io::EnclosedPath::new(&name).as_path());
                crate::io::write_atomic(&path, &png::encode(img)?)?;
                written.push(name);
            }
        }
        Ok(written)
    }
}

/// The patch that turns `a` into `b`.
pub fn make_patch(a: Input<'_>, b: Input<'_>, opts: &Options) -> Result<Patch> {
    let (x, y) = trees(a, b, opts)?;
    let format = x.format;
    let held: std::collections::HashSet<String> = x.files.values().map(|v| tree::hash(v)).collect();
    let mut payloads = BTreeMap::new();
    let files: Vec<FileRef> = y
        .files
        .iter()
        .map(|(path, bytes)| {
            let h = tree::hash(bytes);
            if !held.contains(&h) {
                payloads.insert(format!("after/{path}"), bytes.clone());
            }
            FileRef {
                path: path.clone(),
                hash: h,
            }
        })
        .collect();
    let mut operations = Vec::new();
    for c in compare::compare(&x, &y) {
        let path = c.after.as_deref().or(c.before.as_deref()).unwrap_or(&c.key);
        // What follows other assets is carried for the exact rebuild alone (in
        // `files`): another base makes it again from what it follows.
        let follows = c.change != Change::Removed
            && rules::follows(format, path, |p| y.files.contains_key(p));
        if rules::is_layout(format, path) || follows {
            continue;
        }
        let before = c.before.as_ref().map(|p| &x.files[p]);
        let after = c.after.as_ref().map(|p| &y.files[p]);
        if let (Change::Modified, Some(b), Some(p)) = (c.change, before, &c.after) {
            if matches!(
                details::kind(p, b),
                details::Kind::Json | details::Kind::Text
            ) {
                payloads.insert(format!("before/{p}"), b.clone());
            }
        }
        // An asset the base holds too is not carried twice: apply finds it there.
        if let (Some(p), Some(bytes)) = (&c.after, after) {
            payloads
                .entry(format!("after/{p}"))
                .or_insert_with(|| bytes.clone());
        }
        operations.push(Operation {
            asset: c.key,
            change: c.change,
            path: c.after.clone(),
            was: c.was,
            base_hash: before.map(|b| tree::hash(b)),
            hash: after.map(|b| tree::hash(b)),
        });
    }
    let whole = |i: Input<'_>| Whole {
        bytes: i.bytes.len() as u64,
        hash: tree::hash(i.bytes),
    };
    Ok(Patch {
        manifest: Manifest {
            gpatch: VERSION,
            format: format.name().to_string(),
            base: whole(a),
            target: whole(b),
            operations,
            files,
        },
        payloads,
    })
}

/// The outcome of [`apply`].
#[derive(Debug)]
pub struct Applied {
    /// The file the patches give, and the rest of what pack gives (companion
    /// files, notes); `None` when conflicts kept it from being made.
    pub packed: Option<PackOutcome>,
    /// Every conflict met.
    pub conflicts: Vec<Conflict>,
    /// Whether each patch rebuilt its target exactly (its base was the very file
    /// the patch was made from) rather than merging.
    pub exact: bool,
}

/// Applies `patches` to `base` in order and packs the result. Where the base is
/// the file the first patch was made from, and each later patch was made from
/// the one before's target, the result is the last target, byte for byte;
/// otherwise each operation applies by asset and merges (see the module's doc).
/// With [`OnConflict::Fail`], any conflict leaves [`Applied::packed`] empty.
pub fn apply(
    base: Input<'_>,
    patches: &[Patch],
    on_conflict: OnConflict,
    opts: &Options,
) -> Result<Applied> {
    let mut tree = Tree::of_file(base.bytes, base.name, &base.options(opts), base.progress)?;
    for p in patches {
        if p.manifest.format != tree.format.name() {
            return Err(Error::usage(
                base.name,
                format!(
                    "is {}, and the patch is for {}",
                    tree.format.title(),
                    Format::from_name(&p.manifest.format)
                        .map_or(p.manifest.format.as_str(), |f| f.title())
                ),
            ));
        }
    }
    let mut expected = tree::hash(base.bytes);
    let exact = patches.iter().all(|p| {
        let chained = p.manifest.base.hash == expected;
        expected = p.manifest.target.hash.clone();
        chained
    });
    let mut conflicts = Vec::new();
    for p in patches {
        match exact {
            true => apply::rebuild(&mut tree, p)?,
            false => conflicts.extend(apply::port(&mut tree, p, on_conflict)),
        }
    }
    if !conflicts.is_empty() {
        return Ok(Applied {
            packed: None,
            conflicts,
            exact,
        });
    }
    let packed = pack_tree(&tree, opts)?;
    Ok(Applied {
        packed: Some(packed),
        conflicts,
        exact,
    })
}

/// `tree` packed, through a folder in the system's temporary space.
fn pack_tree(tree: &Tree, opts: &Options) -> Result<PackOutcome> {
    let scratch = crate::io::temp::Temp::beside(&std::env::temp_dir().join("gamepak-apply"), "dir");
    let dir = scratch.path();
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    tree.write_into(dir)?;
    crate::pack(dir, opts)
}
