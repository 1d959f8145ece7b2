//! What the tests of diff, patch and apply share: Chonko's builds, files as the
//! library takes them, trees packed, assets found by key, and patches made
//! through their archive's bytes.

use crate::common;

use gamepak::changes::{self, asset_key, Input, Patch, Tree};
use gamepak::limits::Limits;

/// Chonko's builds, oldest first: `(name, bytes)`.
pub fn chonko_builds(test: &str) -> Vec<(String, Vec<u8>)> {
    let (Some(versions), Some(current)) = (
        common::fixture_dir(test, "gamemaker-versions"),
        common::fixture_dir(test, "gamemaker"),
    ) else {
        return Vec::new();
    };
    let mut out: Vec<(String, Vec<u8>)> = ["2021-05-21.win", "2021-06-04.win", "2021-06-08.win"]
        .iter()
        .map(|n| {
            (
                n.to_string(),
                std::fs::read(versions.join("Chonko").join(n)).unwrap(),
            )
        })
        .collect();
    let now = current.join("Andreasholmbrg_Chonko.win");
    out.push((
        "Andreasholmbrg_Chonko.win".into(),
        std::fs::read(now).unwrap(),
    ));
    out
}

/// `bytes`, named `name`, as the library takes a file.
pub fn input<'a>(name: &'a str, bytes: &'a [u8]) -> Input<'a> {
    Input {
        name,
        bytes,
        path: None,
        progress: None,
    }
}

/// `tree` packed.
pub fn packed(tree: &Tree) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    tree.write_into(dir.path()).unwrap();
    gamepak::pack(dir.path(), &Default::default())
        .unwrap()
        .bytes
}

/// The path of `tree`'s file whose asset key is `key`.
pub fn path_of(tree: &Tree, key: &str) -> String {
    let found = tree.files.keys().find(|p| asset_key(p) == key);
    found.unwrap_or_else(|| panic!("{key}")).clone()
}

/// The patch from `a` to `b`, through its archive's bytes.
pub fn patch(a: &[u8], b: &[u8]) -> Patch {
    let made = changes::make_patch(input("a", a), input("b", b), &Default::default()).unwrap();
    Patch::from_bytes(&made.to_bytes().unwrap(), "mod.gpatch", &Limits::default()).unwrap()
}
