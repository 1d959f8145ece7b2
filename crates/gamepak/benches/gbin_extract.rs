//! `extract` against a plain copy of the same package: both read the same 100 MB and
//! write into a new folder, so the ratio of their throughputs is what a user feels.
//! Outputs are kept until the end: deleting thousands of files just before creating
//! thousands more makes ext4 search for inodes that were not recently freed, which
//! would measure the file system's clean-up rather than the extraction.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use gamepak::formats::gbin::{synth, write, CrcMode};
use gamepak::{ExtractOptions, Format, Source};

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
    let data = Source::open(&package).unwrap();
    let handler = Format::Gbin.handler().unwrap();
    let kept = std::cell::RefCell::new(Vec::new());
    let fresh = || tempfile::tempdir_in(dir.path()).unwrap();
    let keep = |out: tempfile::TempDir| kept.borrow_mut().push(out);

    let mut group = c.benchmark_group("gbin_extract_100MB_2000_images");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.bench_function("extract", |b| {
        b.iter_batched(
            fresh,
            |out| {
                handler
                    .extract(
                        &data,
                        &out.path().join("x"),
                        &ExtractOptions::default(),
                        &Default::default(),
                    )
                    .unwrap();
                keep(out)
            },
            BatchSize::PerIteration,
        )
    });
    group.bench_function("copy", |b| {
        b.iter_batched(
            fresh,
            |out| {
                std::fs::copy(&package, out.path().join("copy.gbin")).unwrap();
                keep(out)
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, extract_vs_copy);
criterion_main!(benches);
