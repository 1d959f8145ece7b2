//! `extract` against a plain copy of the same package: both read the same 100 MB and
//! write into a new folder, so the ratio of their throughputs is what a user feels.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gamepak::gbin::{synth, write, CrcMode};
use gamepak::{ExtractOptions, Format, Source};

#[path = "shared/fresh_folders.rs"]
mod fresh_folders;
use fresh_folders::FreshFolders;

const IMAGES: usize = 2_000;
const BYTES: usize = 100 << 20;

fn extract_vs_copy(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("bench.gbin");
    std::fs::write(
        &package,
        write(&synth::package(IMAGES, BYTES / IMAGES), CrcMode::Compute),
    )
    .unwrap();
    let data = Source::open(&package, &Default::default()).unwrap();
    let handler = Format::Gbin.handler().unwrap();
    let folders = FreshFolders::under(dir.path());

    let mut group = c.benchmark_group("gbin_extract_100MB_2000_images");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.bench_function("extract", |b| {
        folders.bench(b, |out| {
            let opts = ExtractOptions::default();
            let summary = handler
                .open(&data, &Default::default())
                .extract(&out.join("x"), &opts);
            summary.unwrap();
        })
    });
    group.bench_function("copy", |b| {
        folders.bench(b, |out| {
            std::fs::copy(&package, out.join("copy.gbin")).unwrap();
        })
    });
    group.finish();
}

criterion_group!(benches, extract_vs_copy);
criterion_main!(benches);
