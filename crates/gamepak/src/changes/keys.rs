//! Assets by key: the key a file's path names its asset by, whatever its place,
//! and which file each asset is, kept in step as an apply adds, removes and
//! renames files, so one operation finds its asset without going over every file
//! again.

use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The files of a tree by their assets' keys.
#[derive(Debug, Default)]
pub struct Keys {
    by_key: HashMap<String, BTreeSet<String>>,
}

impl Keys {
    /// The keys of the files at `paths`.
    pub fn of<'p>(paths: impl IntoIterator<Item = &'p String>) -> Keys {
        let mut keys = Keys::default();
        paths.into_iter().for_each(|path| keys.added(path));
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

/// The asset a file of an extracted folder is, whatever its place: its path with
/// each part's place in its list (`003-` in `objects/003-obj_wall.json`) left
/// out. A frame's or page's number (`000.png`) is its name, and stays.
pub fn asset_key(path: &str) -> String {
    path.split('/')
        .map(|part| {
            let digits = part.bytes().take_while(u8::is_ascii_digit).count();
            match part[digits..].strip_prefix('-') {
                // A name that would be an extension alone keeps its place.
                Some(rest) if digits > 0 && !rest.is_empty() && !rest.starts_with('.') => rest,
                _ => part,
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_leaves_out_each_place_but_keeps_numbers_that_are_names() {
        assert_eq!(
            asset_key("objects/003-obj_wall.json"),
            "objects/obj_wall.json"
        );
        assert_eq!(
            asset_key("sprites/001-spr_x/000.png"),
            "sprites/spr_x/000.png"
        );
        assert_eq!(
            asset_key("sections/07-atlases.json"),
            "sections/atlases.json"
        );
        assert_eq!(asset_key("images/0_hero/004.png"), "images/0_hero/004.png");
        assert_eq!(asset_key("textures/000.png"), "textures/000.png");
        assert_eq!(asset_key("code/12-.asm"), "code/12-.asm");
    }
}
