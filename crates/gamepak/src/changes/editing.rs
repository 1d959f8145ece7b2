//! A tree being changed by an apply, its assets' keys kept in step with its files.

use super::keys::Keys;
use super::tree::Tree;

/// A tree being changed, its keys kept in step with its files.
pub struct Editing<'t> {
    pub tree: &'t mut Tree,
    pub keys: Keys,
}

impl<'t> Editing<'t> {
    pub fn new(tree: &'t mut Tree) -> Editing<'t> {
        let keys = Keys::of(tree.files.keys());
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
        assert_eq!(all, Keys::of(editing.tree.files.keys()).all());
        assert_eq!(all.len(), 3);
    }
}
