//! `list` costs the same on a 10 MB and a 1 GB package with the same number of entries:
//! it reads tables only. Both files are memory-mapped, as the CLI opens them.

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::formats::gbin::{synth, write, CrcMode};
use gamepak::{Format, Source};

const IMAGES: usize = 20_000;

fn package_file(total_bytes: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.gbin");
    let doc = synth::package(IMAGES, total_bytes / IMAGES);
    std::fs::write(&path, write(&doc, CrcMode::Compute)).unwrap();
    (dir, path)
}

fn list(c: &mut Criterion) {
    let handler = Format::Gbin.handler().unwrap();
    let mut group = c.benchmark_group("gbin_list_20000_images");
    group.sample_size(20);
    for (label, size) in [("10MB", 10 << 20), ("1GB", 1 << 30)] {
        let (_dir, path) = package_file(size);
        let data = Source::open(&path).unwrap();
        group.bench_function(label, |b| b.iter(|| handler.list(&data).unwrap().len()));
    }
    group.finish();
}

criterion_group!(benches, list);
criterion_main!(benches);
