//! The GameMaker typed model: reading every fixture game into it, against reading
//! only the FORM container's chunk directory under it, and writing the largest game
//! (Chonko, 4.1 MB) back from its model.

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::gamemaker::{self as model, form};

#[path = "../tests/common/mod.rs"]
mod common;

const LARGEST: &str = "Andreasholmbrg_Chonko.win";

fn bench(c: &mut Criterion) {
    let games = common::gamemaker_games_in("gamemaker_model bench", "gamemaker");
    if games.is_empty() {
        return;
    }
    let mut g = c.benchmark_group("gamemaker_model_all_20");
    g.bench_function("container", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|(_, d)| form::read(d).unwrap().chunks.len())
                .sum::<usize>()
        })
    });
    g.bench_function("model read", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|(_, d)| model::read(d).unwrap().chunks.len())
                .sum::<usize>()
        })
    });
    g.finish();
    let (_, largest) = games.iter().find(|(n, _)| n == LARGEST).expect("Chonko");
    let mut m = model::read(largest).unwrap();
    c.bench_function("gamemaker_model_write_largest", |b| {
        b.iter(|| model::write(&mut m).unwrap().len())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
