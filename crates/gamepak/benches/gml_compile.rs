//! The GML compiler on every code entry of the 20 real games of the fixtures'
//! `gamemaker` folder, each game's code decompiled beforehand: what compiling a
//! whole game's GML costs, with the game's compiler settings read from its code.
//! And pack of the largest game extracted, with one script's GML edited, beside
//! pack of the same folder untouched: what compiling an edit adds to a pack.

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::gamemaker::gml::compile::Recompile;
use gamepak::{ExtractOptions, Format};

#[path = "../tests/common/mod.rs"]
mod common;

fn bench(c: &mut Criterion) {
    let games = common::gamemaker_games_in("gml_compile bench", "gamemaker");
    if games.is_empty() {
        return;
    }
    let games_code: Vec<Recompile> = games
        .iter()
        .map(|(_, d)| Recompile::new(d).unwrap())
        .collect();
    let entries: usize = games_code.iter().map(Recompile::entries).sum();
    let mut group = c.benchmark_group("gml_compile");
    group.sample_size(10);
    group.bench_function(
        format!("compile {entries} entries of {} games", games.len()),
        |b| b.iter(|| games_code.iter().map(Recompile::compile_all).sum::<usize>()),
    );
    // Pack, untouched and with one script's GML edited, of the largest game.
    let (name, data) = games.iter().max_by_key(|(_, data)| data.len()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("game");
    Format::GameMaker
        .handler()
        .unwrap()
        .open(data, &Default::default())
        .extract(&folder, &ExtractOptions::default())
        .unwrap();
    group.bench_function(format!("pack {name} untouched"), |b| {
        b.iter(|| gamepak::pack(&folder, &Default::default()).unwrap())
    });
    common::folder::edit_first_script(&folder);
    group.bench_function(format!("pack {name} with one script's GML edited"), |b| {
        b.iter(|| gamepak::pack(&folder, &Default::default()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
