//! `list` costs the same on a 10 MB and a 1 GB package with the same number of entries:
//! it reads tables only. Both files are memory-mapped, as the CLI opens them.

#[path = "shared/list_sizes.rs"]
mod list_sizes;

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::gbin::{synth, write, CrcMode};
use gamepak::Format;

const IMAGES: usize = 20_000;

fn package_file(total_bytes: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.gbin");
    let doc = synth::package(IMAGES, total_bytes / IMAGES);
    std::fs::write(&path, write(&doc, CrcMode::Compute)).unwrap();
    (dir, path)
}

fn list(c: &mut Criterion) {
    list_sizes::bench(c, Format::Gbin, "gbin_list_20000_images", package_file);
}

criterion_group!(benches, list);
criterion_main!(benches);
