//! Patches merged: two mods of different assets give the same bytes in either
//! order, equal to the file edited both ways by hand; two mods that each add a
//! struct literal (each compiling to a `gml_Script____struct___N` of the same N
//! on its own) apply together, the functions numbered afresh; and an edit of each
//! of the five formats' examples round-trips through a patch byte for byte.

use crate::common;

use crate::changes_support::{input, packed, patch, path_of};

use gamepak::changes::{self, asset_key, OnConflict, Patch, Tree};
use gamepak::codec::png;

/// `tree` with the JSON record `key` changed by `edit`.
fn edit_json(tree: &mut Tree, key: &str, edit: impl Fn(&mut serde_json::Value)) {
    let path = path_of(tree, key);
    let mut v: serde_json::Value = serde_json::from_slice(&tree.files[&path]).unwrap();
    edit(&mut v);
    tree.files
        .insert(path, serde_json::to_vec_pretty(&v).unwrap());
}

/// `tree` with the image `path` given a magenta pixel at its origin; `None` if
/// it is no picture.
fn paint(tree: &mut Tree, path: &str) -> Option<()> {
    let picture = png::decode(&tree.files[path], path, &Default::default()).ok()?;
    let mut picture = (*picture).clone();
    picture.put(0, 0, [255, 0, 255, 255]);
    tree.files
        .insert(path.to_string(), png::encode(&picture).unwrap());
    Some(())
}

fn applied(base: &[u8], patches: &[Patch]) -> Vec<u8> {
    let out = changes::apply(
        input("base", base),
        patches,
        OnConflict::Fail,
        &Default::default(),
    )
    .unwrap();
    assert!(out.conflicts.is_empty(), "{:?}", out.conflicts);
    out.packed.unwrap().bytes
}

#[test]
fn two_mods_of_different_assets_give_the_same_bytes_in_either_order_as_by_hand() {
    let Some((_, game)) = common::gamemaker_games_in("mods merged", "gamemaker")
        .into_iter()
        .find(|(n, _)| n == "Andreasholmbrg_Chonko.win")
    else {
        return;
    };
    let tree = Tree::of_file(&game, "game", &Default::default(), None).unwrap();
    let object = |t: &mut Tree| {
        edit_json(t, "objects/obj_camera.json", |v| {
            v["persistent"] = true.into()
        })
    };
    let frame = |t: &mut Tree| {
        let path = path_of(t, "sprites/spr_cursor/000.png");
        paint(t, &path).unwrap()
    };
    let (mut first, mut second, mut both) = (tree.clone(), tree.clone(), tree.clone());
    object(&mut first);
    frame(&mut second);
    object(&mut both);
    frame(&mut both);
    let (one, two, by_hand) = (packed(&first), packed(&second), packed(&both));
    let (p1, p2) = (patch(&game, &one), patch(&game, &two));
    let forth = applied(&game, &[p1.clone(), p2.clone()]);
    let back = applied(&game, &[p2, p1]);
    assert!(forth == back, "the order of two mods changed the bytes");
    assert!(
        forth == by_hand,
        "two mods differ from both edits made by hand"
    );
}

#[test]
fn two_mods_that_each_add_a_struct_literal_apply_together() {
    let Some(dir) = common::fixture_dir("struct functions merged", "gamemaker-wild") else {
        return;
    };
    let game = std::fs::read(dir.join("milorad-co_mica.win")).unwrap();
    let tree = Tree::of_file(&game, "game", &Default::default(), None).unwrap();
    let scripts: Vec<String> = tree
        .files
        .keys()
        .filter(|p| p.ends_with("_Step_0.gml"))
        .take(2)
        .cloned()
        .collect();
    let with_struct = |path: &str, field: &str| {
        let mut t = tree.clone();
        let text = String::from_utf8(t.files[path].clone()).unwrap();
        t.files.insert(
            path.to_string(),
            format!("{text}modded_{field} = {{ {field}: 1 }};\n").into_bytes(),
        );
        packed(&t)
    };
    let (one, two) = (
        with_struct(&scripts[0], "first"),
        with_struct(&scripts[1], "second"),
    );
    let names = |bytes: &[u8]| -> Vec<String> {
        let t = Tree::of_file(bytes, "x", &Default::default(), None).unwrap();
        let s: serde_json::Value = serde_json::from_slice(&t.files["scripts.json"]).unwrap();
        s.to_string()
            .matches("___struct___")
            .map(String::from)
            .collect()
    };
    assert_eq!(
        names(&one).len(),
        names(&two).len(),
        "each mod alone adds one struct function"
    );
    let both = applied(&game, &[patch(&game, &one), patch(&game, &two)]);
    let handler = gamepak::Format::GameMaker.handler().unwrap();
    let report = handler.open(&both, &Default::default()).check();
    assert!(
        report.is_clean() && report.count(gamepak::Severity::Warning) == 0,
        "{}",
        report.lines()
    );
    assert_eq!(
        names(&both).len(),
        names(&one).len() + 1,
        "both struct functions are there"
    );
    let merged = Tree::of_file(&both, "both", &Default::default(), None).unwrap();
    for (script, field) in scripts.iter().zip(["first", "second"]) {
        let text =
            String::from_utf8(merged.files[&path_of(&merged, &asset_key(script))].clone()).unwrap();
        assert!(
            text.contains(&format!("modded_{field} = {{")),
            "{script}: {text}"
        );
    }
}

#[test]
fn an_edit_of_each_format_s_example_round_trips_through_a_patch() {
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files: Vec<(&str, Vec<u8>)> = [
        "gbin/demo.gbin",
        "native/demo.game.bin",
        "swag/demo.swag",
        "tng/demo.tng",
    ]
    .into_iter()
    .map(|f| (f, std::fs::read(examples.join(f)).unwrap()))
    .collect();
    // GameMaker ships no example: a game the project's own builder makes.
    files.push((
        "a GameMaker game made in code",
        gamepak::gamemaker::sample::game(2, 1, 64),
    ));
    for (file, a) in files {
        let tree = Tree::of_file(&a, file, &Default::default(), None).unwrap();
        // The first picture an edit of which packs to other bytes: some are views
        // of others (a SWAG sheet is painted again from its textures, a TirNanoG
        // sprite is cut from its atlas). The game made in code has pages of no
        // picture: its game id is edited instead.
        let picture = tree
            .files
            .keys()
            .filter(|p| p.ends_with(".png"))
            .find_map(|image| {
                let mut edited = tree.clone();
                paint(&mut edited, image)?;
                let b = packed(&edited);
                (b != a).then(|| (image.clone(), b))
            });
        let (image, b) = picture.unwrap_or_else(|| {
            let mut edited = tree.clone();
            edit_json(&mut edited, "general.json", |v| v["game_id"] = 7.into());
            ("general.json".to_string(), packed(&edited))
        });
        let p = patch(&a, &b);
        assert!(
            applied(&a, &[p]) == b,
            "{file}: the patch did not rebuild the edit"
        );
        let d = changes::diff(input("a", &a), input("b", &b), &Default::default()).unwrap();
        assert!(
            d.assets.iter().any(|c| c.path == asset_key(&image)),
            "{file}: {:?}",
            d.assets
        );
    }
}
