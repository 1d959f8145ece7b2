//! The GML decompiler on every code entry of the 20 real games of the fixtures'
//! `gamemaker` folder, as `gamepak decompile` runs it (the game read, then its
//! blobs decompiled across cores and printed), beside reading the games alone for
//! their `info`: what decompiling adds to opening a game.

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::{Format, Options};

#[path = "../tests/common/mod.rs"]
mod common;

fn bench(c: &mut Criterion) {
    let games = common::gamemaker_games_in("gml_decompile bench", "gamemaker");
    if games.is_empty() {
        return;
    }
    let handler = Format::GameMaker.handler().unwrap();
    let options = Options::default();
    let mut group = c.benchmark_group("gml_decompile");
    group.sample_size(20);
    group.bench_function(format!("read {} games", games.len()), |b| {
        b.iter(|| {
            for (_, data) in &games {
                handler.open(data, &options).info().unwrap();
            }
        })
    });
    group.bench_function(format!("read and decompile {} games", games.len()), |b| {
        b.iter(|| {
            games
                .iter()
                .map(|(_, data)| {
                    let texts = handler.open(data, &options).decompile(&[]);
                    texts.unwrap().len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
