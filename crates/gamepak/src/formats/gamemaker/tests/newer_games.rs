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

/// The release each newer game names, from its own evidence, and how its code runs.
#[test]
fn every_newer_game_names_its_release_from_its_own_evidence() {
    let expected = [
        (
            "BeastLegacy07_ichikage_TempleOfRebirth.win",
            "2024.4 to before 2024.6",
        ),
        (
            "DuckNumbers_jtool.win",
            "GameMaker: Studio 1.x (build 1773)",
        ),
        ("HannulaTero_github.io.win", "2024.8 to before 2024.13"),
        (
            "MattK159_Space-Intruders.win",
            "GameMaker: Studio 1.x (build 1763)",
        ),
        ("Nanopar_BeforeTheAfterInn.unx", "2024.14 or later"),
        (
            "OwiliwO_Infinite-Menagerie/data.win",
            "2023.6 to before 2024.6",
        ),
        ("Toomeme_xiao-wasm/game.unx", "2024.2 to before 2024.4"),
        ("soap64real_killstreakbeta/game.unx", "2024.14 or later"),
    ];
    let handler = gamepak::Format::GameMaker.handler().unwrap();
    for (name, data) in newer_games("newer games named") {
        let info = handler
            .open(&data, &Default::default())
            .info()
            .unwrap()
            .value;
        let (_, release) = expected.iter().find(|(n, _)| *n == name).unwrap();
        assert_eq!(info["gamemaker_version"], *release, "{name}: {info:#}");
        let yyc = info["code"].as_str().unwrap().contains("(YYC)");
        assert_eq!(yyc, name.starts_with("Toomeme"), "{name}");
    }
}

/// Each newer game checked beside its audio group files: clean, but for the game
/// whose group file is from another build (its group holds 32 clips, and two
/// sounds play clips 32 and 33).
#[test]
fn every_newer_game_checks_clean_beside_its_group_files() {
    let Some(dir) = common::fixture_dir("newer games beside groups", "gamemaker-audiogroups")
    else {
        return;
    };
    let handler = gamepak::Format::GameMaker.handler().unwrap();
    for (name, data) in newer_games("newer games beside groups") {
        let input = dir.join(&name);
        let opts = gamepak::Options {
            input: input.is_file().then_some(input),
            ..Default::default()
        };
        let report = handler.open(&data, &opts).check();
        let warnings = report.count(gamepak::Severity::Warning);
        let stale = if name.starts_with("Toomeme") { 2 } else { 0 };
        assert!(
            report.is_clean() && warnings == stale,
            "{name}: {}",
            report.lines()
        );
        if stale > 0 {
            assert!(report
                .lines()
                .contains("the group file beside the game is from another build"));
        }
    }
}
