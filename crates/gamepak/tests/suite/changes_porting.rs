//! A mod made on an older build of a real game applied to the newer one: an
//! object's property, a sprite's frame and a line of code, made on Chonko's
//! 2021-06-08 build, applied to its current build. The result checks clean, holds
//! the mod's changes (the script is the newer script plus the mod's line) and
//! differs from the newer build in those assets only; a mod that changes the lines
//! the newer build changed conflicts.

use crate::changes_support::{chonko_builds, input, packed, patch, path_of};

use gamepak::changes::{self, Change, OnConflict, Tree};
use gamepak::codec::png;

const SCRIPT: &str = "code/gml_Object_obj_camera_Create_0.gml";
const OBJECT: &str = "objects/obj_camera.json";
const FRAME: &str = "sprites/spr_cursor/000.png";

/// `old` with the mod's three edits; `line` is what the script gets.
fn modded(old: &[u8], edit_script: impl Fn(&str) -> String) -> Vec<u8> {
    let mut tree = Tree::of_file(old, "old", &Default::default(), None).unwrap();
    let object = path_of(&tree, OBJECT);
    let mut record: serde_json::Value = serde_json::from_slice(&tree.files[&object]).unwrap();
    record["persistent"] = serde_json::Value::Bool(true);
    tree.files
        .insert(object, serde_json::to_vec_pretty(&record).unwrap());
    let frame = path_of(&tree, FRAME);
    let mut picture =
        (*png::decode(&tree.files[&frame], FRAME, &Default::default()).unwrap()).clone();
    picture.put(0, 0, [255, 0, 255, 255]);
    tree.files.insert(frame, png::encode(&picture).unwrap());
    let script = path_of(&tree, SCRIPT);
    let text = String::from_utf8(tree.files[&script].clone()).unwrap();
    tree.files.insert(script, edit_script(&text).into_bytes());
    packed(&tree)
}

#[test]
fn a_mod_made_on_an_older_build_applies_to_the_newer_one() {
    let builds = chonko_builds("mod ported to a newer build");
    let [_, _, (_, old), (_, new)] = builds.as_slice() else {
        return;
    };
    let line = "modded_camera = 1;\n";
    let mod_file = modded(old, |text| format!("{text}{line}"));
    let p = patch(old, &mod_file);
    let applied = changes::apply(
        input("new", new),
        &[p],
        OnConflict::Fail,
        &Default::default(),
    )
    .unwrap();
    assert!(!applied.exact);
    assert!(applied.conflicts.is_empty(), "{:?}", applied.conflicts);
    let result = applied.packed.unwrap().bytes;

    let handler = gamepak::Format::GameMaker.handler().unwrap();
    let report = handler.open(&result, &Default::default()).check();
    assert!(
        report.is_clean() && report.count(gamepak::Severity::Warning) == 0,
        "{}",
        report.lines()
    );
    let d = changes::diff(
        input("new", new),
        input("result", &result),
        &Default::default(),
    )
    .unwrap();
    let changed: Vec<&str> = d.assets.iter().map(|a| a.path.as_str()).collect();
    // What compiling the script adds to the tables of names and strings, and the
    // page the frame is painted on, follow the three edits.
    let follows = |k: &str| {
        [
            "strings.json",
            "text.json",
            "variables.json",
            "functions.json",
            "code.json",
            "texture_items.json",
        ]
        .contains(&k)
            || k.starts_with("textures/")
    };
    for key in &changed {
        assert!(
            [OBJECT, FRAME, SCRIPT].contains(key) || follows(key),
            "{key} changed: {changed:?}"
        );
    }
    for key in [OBJECT, FRAME, SCRIPT] {
        assert!(changed.contains(&key), "{key} is not changed: {changed:?}");
    }
    let after = Tree::of_file(&result, "result", &Default::default(), None).unwrap();
    let before = Tree::of_file(new, "new", &Default::default(), None).unwrap();
    let script = String::from_utf8(after.files[&path_of(&after, SCRIPT)].clone()).unwrap();
    let newer = String::from_utf8(before.files[&path_of(&before, SCRIPT)].clone()).unwrap();
    assert_eq!(
        script,
        format!("{newer}{line}"),
        "the newer script plus the mod's line"
    );
    let record: serde_json::Value =
        serde_json::from_slice(&after.files[&path_of(&after, OBJECT)]).unwrap();
    assert_eq!(record["persistent"], serde_json::Value::Bool(true));
    assert!(d.assets.iter().all(|a| a.change == Change::Modified));
}

#[test]
fn a_mod_that_changes_the_lines_the_newer_build_changed_conflicts() {
    let builds = chonko_builds("mod conflicting with a newer build");
    let [_, _, (_, old), (_, new)] = builds.as_slice() else {
        return;
    };
    let mod_file = modded(old, |text| {
        text.replace("target_x = camera_get_view_x(camera);", "target_x = 0;")
    });
    let p = patch(old, &mod_file);
    let applied = changes::apply(
        input("new", new),
        std::slice::from_ref(&p),
        OnConflict::Fail,
        &Default::default(),
    )
    .unwrap();
    assert!(applied.packed.is_none());
    let assets: Vec<&str> = applied.conflicts.iter().map(|c| c.asset.as_str()).collect();
    assert_eq!(assets, [SCRIPT], "{:?}", applied.conflicts);
    assert!(applied.conflicts[0]
        .at
        .as_deref()
        .is_some_and(|at| at.starts_with("line ")));
    let ours = changes::apply(
        input("new", new),
        &[p],
        OnConflict::Ours,
        &Default::default(),
    )
    .unwrap();
    assert!(ours.packed.is_some());
}
