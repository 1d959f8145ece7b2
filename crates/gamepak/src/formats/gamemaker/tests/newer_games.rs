//! The real games found after the first twenty (`gamemaker-more/`, and the games
//! beside their audio group files): GameMaker Studio 1.x, 2024.4, 2024.14, a YYC
//! build and named audio groups. Each takes a room edit, a new sprite and a string
//! edit through its extracted folder, and packs to a game that checks with no
//! problem at all and reads back with the edits.

use crate::common;

use super::sprites::{add_sprite, assert_added_sprite, drawn};
use common::folder::{extract, instance_x, move_an_instance, packed_clean};

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

#[test]
fn every_newer_game_takes_a_room_edit_a_new_sprite_and_a_string_edit() {
    let games = newer_games("newer games edited");
    for (name, data) in &games {
        let out = extract(data);
        let moved = move_an_instance(out.path());
        let pictures: Vec<_> = (0..2).map(|k| drawn(20, 12, 40 * k)).collect();
        add_sprite(out.path(), [4, 4], &pictures);
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
        assert_added_sprite(name, again.path(), &pictures);
        if let Some((file, id, x)) = moved {
            assert_eq!(
                instance_x(again.path(), out.path(), &file, &id),
                x,
                "{name}"
            );
        } else {
            eprintln!("{name}: no room holds an instance to move");
        }
    }
    if !games.is_empty() {
        assert_eq!(games.len(), 8, "the newer games the fixtures hold");
    }
}
