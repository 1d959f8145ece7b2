//! Why inputs are memory-mapped although a file shrunk under the map raises SIGBUS:
//! opening and listing a 1 GB GameMaker file through the map, against reading it
//! into memory first (the private copy that would make SIGBUS impossible). The
//! handler that turns SIGBUS into an error (`io::mapped`) is what the gap buys.

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::gamemaker::sample;
use gamepak::{Format, Source};

fn bench(c: &mut Criterion) {
    let handler = Format::GameMaker.handler().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.win");
    std::fs::write(&path, sample::game(4, 4, 128 << 20)).unwrap();
    let mut g = c.benchmark_group("open_and_list_1GB");
    g.sample_size(10);
    let list = |data: &Source| {
        handler
            .open(data, &Default::default())
            .list()
            .unwrap()
            .value
            .len()
    };
    g.bench_function("mapped", |b| {
        b.iter(|| list(&Source::open(&path, &Default::default()).unwrap()))
    });
    g.bench_function("read_into_memory", |b| {
        b.iter(|| list(&Source::Owned(std::fs::read(&path).unwrap())))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
