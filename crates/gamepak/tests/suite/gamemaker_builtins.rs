//! The built-in tables against the real games: every function a game's code calls
//! is GameMaker's, the compiler's own, an extension's, or the game's.

use crate::common;

use std::collections::BTreeSet;

use gamepak::gamemaker::chunks::code::Code;
use gamepak::gamemaker::chunks::extensions::Extensions;
use gamepak::gamemaker::chunks::scripts::Scripts;
use gamepak::gamemaker::chunks::strings::Strings;
use gamepak::gamemaker::chunks::symbols::Functions;
use gamepak::gamemaker::gml::builtins;
use gamepak::gamemaker::{Game, StrId};

/// The names a game defines: its scripts, its code entries and the functions they
/// declare (`gml_Script_f` declares `f`), and its extensions' functions.
fn own_names(game: &Game<'_>, name: &dyn Fn(Option<StrId>) -> Option<String>) -> BTreeSet<String> {
    let mut own = BTreeSet::new();
    if let Some(scripts) = game.get::<Scripts>() {
        own.extend(
            scripts
                .scripts
                .iter()
                .flatten()
                .filter_map(|s| name(s.name)),
        );
    }
    if let Some(code) = game.get::<Code>() {
        for entry in code.entries.iter().flatten().filter_map(|e| name(e.name)) {
            for prefix in ["gml_Script_", "gml_GlobalScript_"] {
                if let Some(declared) = entry.strip_prefix(prefix) {
                    own.insert(declared.to_string());
                }
            }
            own.insert(entry);
        }
    }
    if let Some(extensions) = game.get::<Extensions>() {
        let functions = extensions
            .extensions
            .iter()
            .flatten()
            .flat_map(|e| e.files.iter().flatten())
            .flat_map(|f| f.functions.iter().flatten());
        own.extend(functions.filter_map(|f| name(f.name)));
    }
    own
}

#[test]
fn every_function_a_real_game_calls_is_known() {
    let games = common::gamemaker_games("every_function_a_real_game_calls_is_known");
    let mut unknown = Vec::new();
    let mut calls = 0;
    for (game_name, data) in &games {
        let game = Game::read(data).unwrap_or_else(|e| panic!("{game_name}: {e}"));
        let Some(functions) = game.get::<Functions>() else {
            continue;
        };
        let strings = game.get::<Strings>().expect("every game has strings");
        let name = |id: Option<StrId>| id.and_then(|i| strings.get(i)).map(str::to_string);
        let own = own_names(&game, &name);
        for f in &functions.functions {
            let Some(called) = name(f.name) else {
                continue;
            };
            calls += 1;
            let known = builtins::is_builtin_function(&called)
                || builtins::is_internal_function(&called)
                || called.starts_with("gml_Script_")
                || own.contains(&called);
            if !known {
                unknown.push(format!("{game_name}: {called}"));
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "{} of {calls} called functions are neither built in, internal, an extension's \
         nor the game's own:\n{}",
        unknown.len(),
        unknown.join("\n")
    );
    if !games.is_empty() {
        assert!(calls > 0, "the games call no function");
    }
}
