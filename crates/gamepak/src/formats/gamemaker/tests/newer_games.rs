//! The real games found after the first twenty (`gamemaker-more/`, and the games
//! beside their audio group files): GameMaker Studio 1.x, 2024.4, 2024.14, a YYC
//! build and named audio groups. Each takes a room edit, a new sprite and a string
//! edit through its extracted folder, and packs to a game that checks with no
//! problem at all and reads back with the edits.

use crate::common;

use std::path::Path;

use super::sprites::{drawn, picture, same_picture, save, sprite_folders};
use common::folder::{extract, first_file, packed_clean, read_json, write_json};
use serde_json::Value;

/// Each newer game's name and bytes.
fn newer_games(test: &str) -> Vec<(String, Vec<u8>)> {
    let first: Vec<String> = common::gamemaker_games_in(test, "gamemaker")
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    common::gamemaker_games(test)
        .into_iter()
        .filter(|(name, _)| !first.contains(name))
        .collect()
}

/// Moves the first instance of the first room that has one by 16 pixels; gives the
/// room file (inside `out`), the instance's id and its new x.
fn move_an_instance(out: &Path) -> Option<(std::path::PathBuf, Value, i64)> {
    let has_instances = |r: &Value| {
        r["instances"]
            .as_array()
            .is_some_and(|i| i.iter().any(|i| !i.is_null()))
    };
    let file = first_file(&out.join("rooms"), has_instances)?;
    let mut room = read_json(&file);
    let instance = room["instances"]
        .as_array_mut()?
        .iter_mut()
        .find(|i| !i.is_null())?;
    let x = instance["x"].as_i64()? + 16;
    instance["x"] = x.into();
    let id = instance["id"].clone();
    write_json(&file, &room);
    Some((file, id, x))
}

#[test]
fn every_newer_game_takes_a_room_edit_a_new_sprite_and_a_string_edit() {
    let games = newer_games("newer games edited");
    for (name, data) in &games {
        let out = extract(data);
        let moved = move_an_instance(out.path());
        let folder = out.path().join("sprites/999-spr_added");
        std::fs::create_dir_all(&folder).unwrap();
        write_json(
            &folder.join("sprite.json"),
            &serde_json::json!({"name": "spr_added", "origin": [4, 4]}),
        );
        let pictures: Vec<_> = (0..2).map(|k| drawn(20, 12, 40 * k)).collect();
        for (k, img) in pictures.iter().enumerate() {
            save(&folder.join(format!("{k:03}.png")), img);
        }
        let strings_file = out.path().join("strings.json");
        let mut strings: Vec<String> =
            serde_json::from_slice(&std::fs::read(&strings_file).unwrap()).unwrap();
        strings[0].push_str(" edited ✓");
        std::fs::write(&strings_file, serde_json::to_vec(&strings).unwrap()).unwrap();

        let (bytes, again) = packed_clean(name, out.path());
        assert_ne!(&bytes, data, "{name}");
        let texts: Vec<String> =
            serde_json::from_slice(&std::fs::read(again.path().join("strings.json")).unwrap())
                .unwrap();
        assert!(texts.iter().any(|t| t.ends_with(" edited ✓")), "{name}");
        let (found, n) = sprite_folders(again.path())
            .into_iter()
            .find(|(p, _)| p.to_string_lossy().ends_with("-spr_added"))
            .unwrap_or_else(|| panic!("{name}: no spr_added"));
        assert_eq!(n, 2, "{name}");
        for (k, img) in pictures.iter().enumerate() {
            let got = picture(&found.join(format!("{k:03}.png")));
            assert!(same_picture(&got, img), "{name}: frame {k}");
        }
        if let Some((file, id, x)) = moved {
            let room = read_json(&again.path().join(file.strip_prefix(out.path()).unwrap()));
            let instance = room["instances"]
                .as_array()
                .unwrap()
                .iter()
                .find(|i| i["id"] == id)
                .unwrap();
            assert_eq!(instance["x"], x, "{name}");
        } else {
            eprintln!("{name}: no room holds an instance to move");
        }
    }
    if !games.is_empty() {
        assert_eq!(games.len(), 8, "the newer games the fixtures hold");
    }
}
