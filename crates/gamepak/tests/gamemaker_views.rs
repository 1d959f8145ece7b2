//! The JSON views of real games, and what they keep when a resource table holds a
//! null slot (2024.11 writes them): every later record keeps its index, which is how
//! other records refer to it.

mod common;

use gamepak::formats::gamemaker::{container, game, refs, resources};
use gamepak::{Format, Handler};
use serde_json::Value;

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// The real games, smallest first.
fn games(test: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = common::gamemaker_games(test);
    out.sort_by_key(|(name, data)| (data.len(), name.clone()));
    out
}

fn view(data: &[u8], chunk: &str) -> Value {
    let g = game::read(data).unwrap();
    resources::view(&g.form, chunk, &g.code).unwrap().unwrap()
}

/// The paths `list` gives for one sprite's frames.
fn frame_paths(data: &[u8], sprite: &str) -> Vec<String> {
    let prefix = format!("sprites/{sprite}/");
    let mut paths: Vec<String> = handler()
        .list(data, &Default::default())
        .unwrap()
        .into_iter()
        .filter(|e| e.path.contains(&prefix))
        .map(|e| e.path)
        .collect();
    paths.sort();
    paths
}

/// `data` with pointer `slot` of `chunk`'s list set to 0.
fn null_slot(data: &[u8], chunk: &str, slot: usize) -> Vec<u8> {
    let at = container::read(data)
        .unwrap()
        .chunk(chunk)
        .unwrap()
        .body_offset() as usize
        + 4
        + 4 * slot;
    let mut out = data.to_vec();
    out[at..at + 4].fill(0);
    out
}

#[test]
fn a_null_sprite_slot_keeps_every_later_index() {
    let games = games("gamemaker_views");
    let mut packed = false;
    for (name, data) in &games {
        let before = game::read(data).unwrap();
        if before.sprites.len() < 3 || before.sprites[2].items.is_empty() {
            continue;
        }
        let (old_sprites, old_objects) = (view(data, "SPRT"), view(data, "OBJT"));
        let edited = null_slot(data, "SPRT", 1);
        let after = game::read(&edited).unwrap();
        let sprites = view(&edited, "SPRT");
        let sprites = sprites.as_array().unwrap();
        let old = old_sprites.as_array().unwrap();
        assert_eq!(sprites.len(), old.len(), "{name}");
        assert!(sprites[1].is_null(), "{name}: {}", sprites[1]);
        assert_eq!(sprites[2..], old[2..], "{name}");
        assert_eq!(view(&edited, "OBJT"), old_objects, "{name}");
        assert_eq!(after.sprites.len(), before.sprites.len(), "{name}");
        for k in 2..before.sprites.len() {
            assert_eq!(after.sprites[k].name, before.sprites[k].name, "{name}");
            assert_eq!(after.sprites[k].items, before.sprites[k].items, "{name}");
        }
        let third = gamepak::io::file_stem(2, &before.sprites[2].name);
        let paths = frame_paths(&edited, &third);
        assert!(!paths.is_empty(), "{name}: no folder {third}");
        assert_eq!(paths, frame_paths(data, &third), "{name}");
        assert!(
            frame_paths(&edited, &gamepak::io::file_stem(1, &before.sprites[1].name)).is_empty()
        );

        if !packed {
            let tmp = tempfile::tempdir().unwrap();
            handler()
                .extract(
                    &edited,
                    tmp.path(),
                    &Default::default(),
                    &Default::default(),
                )
                .unwrap();
            let out = gamepak::pack(tmp.path(), &Default::default()).unwrap();
            assert!(out.unused.is_empty(), "{name}: {:?}", out.unused);
            assert!(out.bytes == edited, "{name}");
            packed = true;
        }
    }
    assert!(packed || games.is_empty(), "no game has three sprites");
}

#[test]
fn backgrounds_are_listed_by_name_with_or_without_a_texture() {
    let mut seen = false;
    for (name, data) in &games("gamemaker_views") {
        let g = game::read(data).unwrap();
        if g.backgrounds.is_empty() {
            continue;
        }
        let listed = view(data, "BGND");
        let names: Vec<&str> = listed
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["name"].as_str().unwrap())
            .collect();
        let want: Vec<&str> = g.backgrounds.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, want, "{name}");
        assert!(listed[0]["texture item"].is_string(), "{name}");

        // The first background without its texture: still listed, under its name.
        let chunk = container::read(data).unwrap();
        let chunk = chunk.chunk("BGND").unwrap();
        let first = u32::from_le_bytes(
            data[chunk.body_offset() as usize + 4..][..4]
                .try_into()
                .unwrap(),
        );
        let mut bare = data.clone();
        bare[first as usize + 16..][..4].fill(0);
        let listed = view(&bare, "BGND");
        assert_eq!(listed[0]["name"], want[0], "{name}");
        assert!(listed[0]["texture item"].is_null(), "{name}");
        seen = true;
    }
    assert!(
        seen || games("gamemaker_views").is_empty(),
        "no game has backgrounds"
    );
}

#[test]
fn variables_and_functions_are_listed_as_the_chunks_hold_them() {
    let games = games("gamemaker_views");
    // Built-in variables may be listed unused; across every game, names are used.
    let mut used = 0;
    for (name, data) in &games {
        let g = game::read(data).unwrap();
        let tables = refs::reference_tables(&g.form, g.gen8.bytecode);
        for (chunk, key) in [("VARI", "variables"), ("FUNC", "functions")] {
            let Some(&(.., n)) = tables.iter().find(|(c, ..)| c.name == chunk) else {
                continue;
            };
            let listed = view(data, chunk);
            let listed = listed[key].as_array().unwrap();
            assert_eq!(listed.len() as u64, n, "{name}: {chunk}");
            for e in listed {
                assert!(!e["name"].as_str().unwrap().is_empty(), "{name}: {e}");
                assert!(e["occurrences"].is_u64(), "{name}: {e}");
                if chunk == "VARI" && g.gen8.bytecode >= 15 {
                    assert!(
                        e["instance type"].is_i64() && e["id"].is_i64(),
                        "{name}: {e}"
                    );
                }
            }
            used += listed
                .iter()
                .map(|e| e["occurrences"].as_u64().unwrap())
                .sum::<u64>();
        }
    }

    assert!(used > 0 || games.is_empty());

    // An edited view is not packed, and pack says so.
    let Some((_, data)) = games.first() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(data, tmp.path(), &Default::default(), &Default::default())
        .unwrap();
    let file = tmp.path().join("resources/variables.json");
    let mut vars: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    vars["variables"][0]["name"] = "renamed".into();
    std::fs::write(&file, serde_json::to_vec_pretty(&vars).unwrap()).unwrap();
    let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert!(packed.bytes == *data);
    let unused: Vec<&str> = packed.unused.iter().map(|u| u.file.as_str()).collect();
    assert_eq!(unused, ["resources/variables.json"]);
}
