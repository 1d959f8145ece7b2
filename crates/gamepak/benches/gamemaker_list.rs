//! GameMaker: list and describe (`info`) every fixture game, and list a 2 GB synthetic file with
//! large texture and audio blobs, memory-mapped: listing reads tables only.

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::gamemaker::sample;
use gamepak::Format;

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "shared/list_sizes.rs"]
mod list_sizes;

fn fixtures() -> Vec<Vec<u8>> {
    let Some(dir) = common::fixture_dir("gamemaker_list bench", "gamemaker") else {
        return Vec::new();
    };
    std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "tsv"))
        .map(|p| std::fs::read(p).unwrap())
        .collect()
}

fn bench(c: &mut Criterion) {
    let handler = Format::GameMaker.handler().unwrap();
    let games = fixtures();
    if !games.is_empty() {
        let mut g = c.benchmark_group("gamemaker_fixtures_all_20");
        g.bench_function("list", |b| {
            b.iter(|| {
                games
                    .iter()
                    .map(|d| {
                        handler
                            .open(d, &Default::default())
                            .list()
                            .unwrap()
                            .value
                            .len()
                    })
                    .sum::<usize>()
            })
        });
        g.bench_function("info", |b| {
            b.iter(|| {
                games
                    .iter()
                    .map(|d| {
                        handler
                            .open(d, &Default::default())
                            .info()
                            .unwrap()
                            .problems
                            .len()
                    })
                    .sum::<usize>()
            })
        });
        g.finish();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.win");
    std::fs::write(&path, sample::game(4, 4, 256 << 20)).unwrap();
    let mut g = c.benchmark_group("gamemaker_synthetic_2GB");
    g.sample_size(20);
    list_sizes::list_mapped(&mut g, "list", Format::GameMaker, &path);
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
