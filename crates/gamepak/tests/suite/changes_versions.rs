//! diff, patch and apply on a real game's version history: Chonko's three earlier
//! builds and its current one. A patch between two consecutive builds applies to
//! the first and gives the second byte for byte; an empty patch changes nothing.

use crate::common;

use gamepak::changes::{self, Input, OnConflict, Patch};
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

fn input<'a>(build: &'a (String, Vec<u8>)) -> Input<'a> {
    Input {
        name: &build.0,
        bytes: &build.1,
        path: None,
    }
}

/// The patch from `a` to `b`, through its archive's bytes.
pub fn patch(a: Input<'_>, b: Input<'_>) -> Patch {
    let made = changes::make_patch(a, b, &Default::default()).unwrap();
    Patch::from_bytes(&made.to_bytes().unwrap(), "mod.gpatch", &Limits::default()).unwrap()
}

#[test]
fn a_patch_between_consecutive_builds_applies_to_the_first_as_the_second_byte_for_byte() {
    let builds = chonko_builds("patch between builds");
    for pair in builds.windows(2) {
        let (a, b) = (input(&pair[0]), input(&pair[1]));
        let p = patch(a, b);
        assert!(
            !p.manifest.operations.is_empty(),
            "{} to {}",
            a.name,
            b.name
        );
        let applied = changes::apply(a, &[p], OnConflict::Fail, &Default::default()).unwrap();
        assert!(applied.exact && applied.conflicts.is_empty());
        let packed = applied.packed.unwrap();
        assert!(
            packed.bytes == b.bytes,
            "{} to {}: other bytes",
            a.name,
            b.name
        );
    }
}

#[test]
fn an_empty_patch_applies_as_a_no_op_and_a_file_diffs_the_same_as_itself() {
    let builds = chonko_builds("empty patch");
    let Some(a) = builds.first().map(input) else {
        return;
    };
    let p = patch(a, a);
    assert!(p.manifest.operations.is_empty());
    let applied = changes::apply(a, &[p], OnConflict::Fail, &Default::default()).unwrap();
    assert!(applied.packed.unwrap().bytes == a.bytes);
    assert!(changes::diff(a, a, &Default::default()).unwrap().same());
}

#[test]
fn a_diff_between_builds_names_assets_by_kind_and_name() {
    let builds = chonko_builds("diff between builds");
    let [_, _, older, newer] = builds.as_slice() else {
        return;
    };
    let d = changes::diff(input(older), input(newer), &Default::default()).unwrap();
    assert!(!d.same());
    let keys: Vec<&str> = d.assets.iter().map(|a| a.path.as_str()).collect();
    assert!(
        keys.iter().all(|k| !k.split('/').any(|p| p.len() > 4
            && p.as_bytes()[3] == b'-'
            && p[..3].bytes().all(|c| c.is_ascii_digit()))),
        "keys carry no places: {keys:?}"
    );
    assert!(
        keys.contains(&"objects/obj_boss_knight_gauntlet.json"),
        "{keys:?}"
    );
    assert!(
        !keys.iter().any(|k| k.ends_with(".asm")),
        "an entry with GML shows its GML"
    );
}
