//! A game in memory as a document (`gamemaker::open`): on every real game, read
//! and opened in memory, check finds what it finds in the file, decompile gives
//! the same GML and compile the same assembly, with no bytes written; an edit made
//! in the model is checked and decompiled before it is written.

use crate::common;

use gamepak::gamemaker::chunks::room::Rooms;
use gamepak::gamemaker::Game;
use gamepak::{Document, Format, Options, SourceOrWhy};

/// Each problem as its place and message, which a file and its model share.
fn problems(d: &dyn Document) -> Vec<String> {
    let mut out: Vec<String> = d
        .check()
        .problems
        .iter()
        .map(|p| format!("{:?} {}: {}", p.severity, p.path, p.message))
        .collect();
    out.sort();
    out
}

/// What `info` says of the release.
fn release(d: &dyn Document) -> serde_json::Value {
    d.info().unwrap().value["gamemaker_version"].clone()
}

#[test]
fn a_game_in_memory_checks_decompiles_and_compiles_as_its_file() {
    let games = common::gamemaker_games("gamemaker_model_document");
    let opts = Options::default();
    for (name, data) in &games {
        let file = Format::GameMaker.handler().unwrap().open(data, &opts);
        let game = Game::read(data).unwrap();
        let model = gamepak::gamemaker::open(&game, &opts);
        assert_eq!(problems(&*file), problems(&*model), "{name}");
        assert_eq!(release(&*file), release(&*model), "{name}");
        let (a, b) = (file.decompile(&[]).unwrap(), model.decompile(&[]).unwrap());
        assert_eq!(a.len(), b.len(), "{name}");
        for (a, b) in a.iter().zip(&b) {
            assert_eq!(a.entry, b.entry, "{name}");
            assert_eq!(
                format!("{:?}", a.text),
                format!("{:?}", b.text),
                "{name}: {}",
                a.entry
            );
        }
        // The first entry with GML, compiled as itself against each.
        let Some((entry, gml)) = a.iter().find_map(|s| match &s.text {
            SourceOrWhy::Source(gml) => Some((&s.entry, gml)),
            SourceOrWhy::Error(_) => None,
        }) else {
            continue;
        };
        let file_name = format!("{entry}.gml");
        let compiled = |d: &dyn Document| d.compile(gml, &file_name, Some(entry)).unwrap().assembly;
        assert_eq!(compiled(&*file), compiled(&*model), "{name}: {entry}");
    }
}

#[test]
fn an_edit_in_memory_is_checked_before_it_is_written() {
    let games = common::gamemaker_games_in("gamemaker_model_document", "gamemaker");
    let Some((name, data)) = games.iter().max_by_key(|(_, d)| d.len()) else {
        return;
    };
    let opts = Options::default();
    let mut game = Game::read(data).unwrap();
    let before = problems(&*gamepak::gamemaker::open(&game, &opts));
    let rooms = game.get_mut::<Rooms>().unwrap();
    let instance = rooms
        .rooms
        .iter_mut()
        .flatten()
        .flat_map(|room| room.instances.iter_mut().flatten())
        .next()
        .unwrap();
    instance.x += 32;
    let edited = gamepak::gamemaker::open(&game, &opts);
    assert_eq!(problems(&*edited), before, "{name}");
    let code = edited.decompile(&[]).unwrap();
    drop(edited);
    let bytes = game.write().unwrap();
    let written = Format::GameMaker.handler().unwrap().open(&bytes, &opts);
    assert_eq!(problems(&*written), before, "{name}");
    assert_eq!(written.decompile(&[]).unwrap().len(), code.len(), "{name}");
}
