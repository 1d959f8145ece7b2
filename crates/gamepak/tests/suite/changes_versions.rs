//! diff, patch and apply on a real game's version history: Chonko's three earlier
//! builds and its current one. A patch between two consecutive builds applies to
//! the first and gives the second byte for byte; an empty patch changes nothing.

use crate::changes_support::{chonko_builds, input, patch};

use gamepak::changes::{self, OnConflict};

#[test]
fn a_patch_between_consecutive_builds_applies_to_the_first_as_the_second_byte_for_byte() {
    let builds = chonko_builds("patch between builds");
    for pair in builds.windows(2) {
        let (a, b) = (input(&pair[0].0, &pair[0].1), input(&pair[1].0, &pair[1].1));
        let p = patch(a.bytes, b.bytes);
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
    let Some(a) = builds.first().map(|(n, b)| input(n, b)) else {
        return;
    };
    let p = patch(a.bytes, a.bytes);
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
    let d = changes::diff(
        input(&older.0, &older.1),
        input(&newer.0, &newer.1),
        &Default::default(),
    )
    .unwrap();
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
