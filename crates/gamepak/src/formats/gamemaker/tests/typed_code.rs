//! Code typed whole in the model: every blob of every real game as instructions,
//! each variable and function use naming its VARI or FUNC entry instead of holding
//! a link. The walk that writes CODE encodes them and links every chain, VARI and
//! FUNC take their counts and first addresses from the same instructions, and the
//! file comes back byte for byte.

use crate::common;

use gamepak::formats::gamemaker::bytecode::disassemble::names;
use gamepak::formats::gamemaker::bytecode::relink::type_code;
use gamepak::formats::gamemaker::model::chunks::code::{Blobs, Code};
use gamepak::formats::gamemaker::model::Game;
use gamepak::formats::gamemaker::views::file_view;

/// `data`'s model with its code typed whole, as pack types it; `None` for a
/// game with no code (a YYC build).
fn typed(data: &[u8]) -> Option<Game<'_>> {
    let mut game = Game::read(data).unwrap();
    game.get::<Code>()?;
    type_code(&mut game).unwrap();
    Some(game)
}

fn games(test: &str) -> Vec<(String, Vec<u8>)> {
    let mut games = common::gamemaker_games(test);
    games.extend(common::gamemaker_games_in(test, "gamemaker-wild"));
    games
}

#[test]
fn every_game_s_code_typed_whole_writes_back_byte_for_byte() {
    let games = games("typed code");
    for (name, data) in &games {
        let Some(mut game) = typed(data) else {
            continue;
        };
        let code = game.get::<Code>().unwrap();
        assert!(matches!(code.blobs, Blobs::Typed(_)), "{name}");
        assert!(
            game.write().unwrap() == *data,
            "{name}: typed code wrote other bytes"
        );
    }
}

#[test]
fn typed_code_in_memory_reads_as_the_file_it_writes() {
    let games = games("typed code in memory");
    let Some((name, data)) = games.iter().max_by_key(|(_, d)| d.len()) else {
        return;
    };
    let game = typed(data).unwrap();
    let in_memory = file_view::of_model(&game, None);
    let read = file_view::read(data).unwrap();
    let listing = |v: &file_view::FileView<'_>| {
        let n = names(v);
        assert!(n.problems.is_empty(), "{name}: {:?}", n.problems);
        let mut owners: Vec<(String, usize)> = n
            .owner
            .values()
            .map(|&c| (n.chains[c].name.clone(), c))
            .collect();
        owners.sort();
        owners
    };
    assert_eq!(listing(&in_memory), listing(&read), "{name}");
}

#[test]
fn a_use_pointed_at_another_variable_in_the_typed_model_moves_between_chains() {
    use gamepak::formats::gamemaker::bytecode::instruction::Operand;
    use gamepak::formats::gamemaker::model::chunks::symbols::Variables;
    let games = games("typed code edited");
    let Some((name, data)) = games.iter().max_by_key(|(_, d)| d.len()) else {
        return;
    };
    let mut game = typed(data).unwrap();
    let kinds: Vec<i32> = game
        .get::<Variables>()
        .unwrap()
        .variables
        .iter()
        .map(|v| v.instance_type)
        .collect();
    let counts = |g: &Game<'_>| -> Vec<u32> {
        let variables = &g.get::<Variables>().unwrap().variables;
        variables.iter().map(|v| v.uses.count).collect()
    };
    let before = counts(&game);
    let Some(Blobs::Typed(code)) = game.get_mut::<Code>().map(|c| &mut c.blobs) else {
        unreachable!("typed above");
    };
    // A self variable used at least twice, and another of the same kind.
    let symbols = code.symbols.clone();
    let self_variable = |c: usize| !symbols[c].call && kinds[symbols[c].entry] == -1;
    let from = (0..symbols.len())
        .find(|&c| self_variable(c) && before[symbols[c].entry] >= 2)
        .expect("a self variable used twice");
    let to = (0..symbols.len())
        .find(|&c| c != from && self_variable(c))
        .expect("another self variable");
    let (from_entry, to_entry) = (symbols[from].entry, symbols[to].entry);
    let used = code
        .blobs
        .iter_mut()
        .flatten()
        .find_map(|i| match &mut i.operand {
            Operand::Variable { chain, .. } if *chain == Some(from) => Some(chain),
            _ => None,
        })
        .unwrap();
    *used = Some(to);
    let bytes = game.write().unwrap();

    let handler = gamepak::Format::GameMaker.handler().unwrap();
    let report = handler.open(&bytes, &Default::default()).check();
    assert!(
        report.is_clean() && report.count(gamepak::Severity::Warning) == 0,
        "{name}: {}",
        report.lines()
    );
    let after = counts(&Game::read(&bytes).unwrap());
    assert_eq!(after[from_entry], before[from_entry] - 1, "{name}");
    assert_eq!(after[to_entry], before[to_entry] + 1, "{name}");
    let view = file_view::read(&bytes).unwrap();
    assert!(
        names(&view).problems.is_empty(),
        "{name}: the chains walk clean"
    );
}
