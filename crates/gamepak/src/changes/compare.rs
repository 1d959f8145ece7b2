//! Which assets differ between two extracted files: matched by key (kind and
//! name), never by place, with a rename found where an asset left one key and
//! the same bytes arrived at another. Bytes many assets share (the same one-line
//! event in every object) say nothing of where one went: a rename is only found
//! for bytes each file holds once.

use std::collections::BTreeMap;

use serde::Serialize;

use super::tree::{hash, Tree};

/// How an asset changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    /// Only in the second file.
    Added,
    /// Only in the first.
    Removed,
    /// In both, with other bytes.
    Modified,
    /// The same bytes, under another key.
    Renamed,
}

/// One asset that differs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// The asset's key in the second file (in the first, for a removed one).
    pub key: String,
    pub change: Change,
    /// Its file's path in the first file, if it is there.
    pub before: Option<String>,
    /// Its file's path in the second, if it is there.
    pub after: Option<String>,
    /// A renamed asset's key in the first file.
    pub was: Option<String>,
}

/// Every asset that differs from `a` to `b`, by key.
pub fn compare(a: &Tree, b: &Tree) -> Vec<Changed> {
    let (keys_a, keys_b) = (a.keys(), b.keys());
    let mut out = Vec::new();
    let mut removed: Vec<(&String, &String)> = Vec::new();
    for (key, path) in &keys_a {
        match keys_b.get(key) {
            Some(other) if a.files[path] == b.files[other] => {}
            Some(other) => out.push(Changed {
                key: key.clone(),
                change: Change::Modified,
                before: Some(path.clone()),
                after: Some(other.clone()),
                was: None,
            }),
            None => removed.push((key, path)),
        }
    }
    let (once_a, once_b) = (held_once(a), held_once(b));
    // The bytes of each asset only the first file holds: an asset that left a key
    // for another with the same bytes, bytes each file holds once, was renamed.
    let mut left: BTreeMap<String, Vec<(&String, &String)>> = BTreeMap::new();
    for &(key, path) in &removed {
        left.entry(hash(&a.files[path]))
            .or_default()
            .push((key, path));
    }
    for (key, path) in &keys_b {
        if keys_a.contains_key(key) {
            continue;
        }
        let h = hash(&b.files[path]);
        let unique = once_a.contains(&h) && once_b.contains(&h);
        let moved = left.get_mut(&h).filter(|_| unique).and_then(|v| v.pop());
        out.push(match moved {
            Some((was, from)) => Changed {
                key: key.clone(),
                change: Change::Renamed,
                before: Some(from.clone()),
                after: Some(path.clone()),
                was: Some(was.clone()),
            },
            None => Changed {
                key: key.clone(),
                change: Change::Added,
                before: None,
                after: Some(path.clone()),
                was: None,
            },
        });
    }
    for (key, path) in left.into_values().flatten() {
        out.push(Changed {
            key: key.clone(),
            change: Change::Removed,
            before: Some(path.clone()),
            after: None,
            was: None,
        });
    }
    out.sort_by(|x, y| x.key.cmp(&y.key));
    out
}

/// The hashes of the bytes only one file of `tree` holds.
fn held_once(tree: &Tree) -> std::collections::HashSet<String> {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for bytes in tree.files.values() {
        *count.entry(hash(bytes)).or_default() += 1;
    }
    count
        .into_iter()
        .filter(|&(_, n)| n == 1)
        .map(|(h, _)| h)
        .collect()
}
