//! GameMaker `extract`, `check` and `pack` on the largest real game (Chonko, 4.1 MB),
//! against the floors they stand on: extract against a plain recursive copy of the
//! folder it writes (the price of creating that many files), and pack of the
//! unchanged folder against reading every file in it, so each ratio is what
//! decoding, encoding and the model add.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::{ExtractOptions, Format, Options, Source};

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "shared/fresh_folders.rs"]
mod fresh_folders;
use fresh_folders::FreshFolders;

const GAME: &str = "Andreasholmbrg_Chonko.win";

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_folder(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// Every file under `dir`, read: what packing a folder cannot do without.
fn read_all(dir: &Path) -> usize {
    let mut total = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        total += if e.file_type().unwrap().is_dir() {
            read_all(&e.path())
        } else {
            std::fs::read(e.path()).unwrap().len()
        };
    }
    total
}

fn bench(c: &mut Criterion) {
    let Some(dir) = common::fixture_dir("gamemaker_extract bench", "gamemaker") else {
        return;
    };
    let data = Source::open(dir.join(GAME), &Default::default()).unwrap();
    let handler = Format::GameMaker.handler().unwrap();
    let options = Options::default();
    let work = tempfile::tempdir().unwrap();
    let extracted = work.path().join("extracted");
    handler
        .open(&data, &options)
        .extract(&extracted, &ExtractOptions::default())
        .unwrap();
    let folders = FreshFolders::under(work.path());

    let mut g = c.benchmark_group("gamemaker_chonko");
    g.sample_size(20);
    g.bench_function("extract", |b| {
        folders.bench(b, |out| {
            let opts = ExtractOptions::default();
            handler
                .open(&data, &options)
                .extract(&out.join("x"), &opts)
                .unwrap();
        })
    });
    g.bench_function("copy_of_extracted_folder", |b| {
        folders.bench(b, |out| copy_folder(&extracted, &out.join("x")))
    });
    g.bench_function("check", |b| {
        b.iter(|| handler.open(&data, &options).check().is_clean())
    });
    g.bench_function("pack_unchanged", |b| {
        b.iter(|| gamepak::pack(&extracted, &options).unwrap().bytes.len())
    });
    g.bench_function("read_extracted_folder", |b| b.iter(|| read_all(&extracted)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
