//! Which file each asset is, by key, kept in step with a tree as an apply adds,
//! removes and renames its files: one operation then finds its asset without
//! going over every file again.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::tree::{asset_key, Tree};

/// The files of a tree by their assets' keys.
#[derive(Debug, Default)]
pub struct Keys {
    by_key: HashMap<String, BTreeSet<String>>,
}

impl Keys {
    pub fn of(tree: &Tree) -> Keys {
        let mut keys = Keys::default();
        tree.files.keys().for_each(|path| keys.added(path));
        keys
    }

    /// The file the asset `key` names: the one file of that key; where files
    /// share a key (two resources of one name), each is named by its whole path.
    pub fn path(&self, key: &str) -> Option<String> {
        match self.by_key.get(key) {
            Some(paths) if paths.len() == 1 => paths.first().cloned(),
            _ => self
                .by_key
                .get(&asset_key(key))
                .filter(|paths| paths.len() > 1 && paths.contains(key))
                .map(|_| key.to_string()),
        }
    }

    /// Every asset's key and the path of its file.
    pub fn all(&self) -> BTreeMap<String, String> {
        self.by_key
            .iter()
            .flat_map(|(key, paths)| {
                let shared = paths.len() > 1;
                paths.iter().map(move |path| match shared {
                    true => (path.clone(), path.clone()),
                    false => (key.clone(), path.clone()),
                })
            })
            .collect()
    }

    pub fn added(&mut self, path: &str) {
        let key = asset_key(path);
        self.by_key.entry(key).or_default().insert(path.to_string());
    }

    pub fn removed(&mut self, path: &str) {
        let key = asset_key(path);
        if let Some(paths) = self.by_key.get_mut(&key) {
            paths.remove(path);
            if paths.is_empty() {
                self.by_key.remove(&key);
            }
        }
    }
}

/// A tree being changed, its keys kept in step with its files.
pub struct Editing<'t> {
    pub tree: &'t mut Tree,
    pub keys: Keys,
}

impl<'t> Editing<'t> {
    pub fn new(tree: &'t mut Tree) -> Editing<'t> {
        let keys = Keys::of(tree);
        Editing { tree, keys }
    }

    /// The file of the asset `key` names.
    pub fn path(&self, key: &str) -> Option<String> {
        self.keys.path(key)
    }

    pub fn put(&mut self, path: String, bytes: Vec<u8>) {
        if !self.tree.files.contains_key(&path) {
            self.keys.added(&path);
        }
        self.tree.files.insert(path, bytes);
    }

    pub fn take(&mut self, path: &str) -> Option<Vec<u8>> {
        let bytes = self.tree.files.remove(path)?;
        self.keys.removed(path);
        Some(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_files_as_they_come_and_go() {
        let files = [
            "objects/001-a.json",
            "objects/002-b.json",
            "sounds/003-b.json",
        ];
        let mut tree = Tree {
            format: crate::Format::GameMaker,
            files: files.iter().map(|f| (f.to_string(), Vec::new())).collect(),
        };
        let mut editing = Editing::new(&mut tree);
        assert_eq!(
            editing.path("objects/a.json").as_deref(),
            Some("objects/001-a.json")
        );
        editing.put("objects/004-a.json".into(), Vec::new());
        // Two files of one key: each is named by its whole path.
        assert_eq!(editing.path("objects/a.json"), None);
        assert_eq!(
            editing.path("objects/004-a.json").as_deref(),
            Some("objects/004-a.json")
        );
        editing.take("objects/001-a.json");
        assert_eq!(
            editing.path("objects/a.json").as_deref(),
            Some("objects/004-a.json")
        );
        let all = editing.keys.all();
        assert_eq!(all, Keys::of(editing.tree).all());
        assert_eq!(all.len(), 3);
    }
}
