//! GameMaker: list and describe (`info`) every fixture game; list and describe the
//! largest of them, Chonko, beside a copy grown tenfold in sprites by pack (its
//! figures should grow with the records, not with the pages); and list a 2 GB
//! synthetic file with large texture and audio blobs, memory-mapped: listing reads
//! tables only.

use std::path::{Path, PathBuf};

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
    if let Some(chonko) = common::fixture_dir("gamemaker_list bench", "gamemaker")
        .map(|d| d.join("Andreasholmbrg_Chonko.win"))
    {
        let grown = grown_tenfold(&chonko, dir.path());
        let mut g = c.benchmark_group("gamemaker_chonko_grown_tenfold");
        g.sample_size(20);
        for (label, path) in [("chonko", &chonko), ("grown", &grown)] {
            list_sizes::list_mapped(&mut g, &format!("list_{label}"), Format::GameMaker, path);
            list_sizes::info_mapped(&mut g, &format!("info_{label}"), Format::GameMaker, path);
        }
        g.finish();
    }
    let path = dir.path().join("big.win");
    std::fs::write(&path, sample::game(4, 4, 256 << 20)).unwrap();
    let mut g = c.benchmark_group("gamemaker_synthetic_2GB");
    g.sample_size(20);
    list_sizes::list_mapped(&mut g, "list", Format::GameMaker, &path);
    g.finish();
}

/// `game` extracted, each sprite's folder copied nine times under a new name, and
/// packed: ten times the sprites, their frames placed on new pages by pack.
fn grown_tenfold(game: &Path, dir: &Path) -> PathBuf {
    let folder = dir.join("grown");
    let data = std::fs::read(game).unwrap();
    let handler = Format::GameMaker.handler().unwrap();
    handler
        .open(&data, &Default::default())
        .extract(&folder, &Default::default())
        .unwrap();
    let sprites = folder.join("sprites");
    for sprite in std::fs::read_dir(&sprites).unwrap().flatten() {
        let numbered = sprite.file_name().to_string_lossy().into_owned();
        let name = numbered
            .split_once('-')
            .map_or(&*numbered, |(_, n)| n)
            .to_string();
        for k in 1..10 {
            let copy = sprites.join(format!("{name}_copy{k}"));
            std::fs::create_dir(&copy).unwrap();
            for file in std::fs::read_dir(sprite.path()).unwrap().flatten() {
                let to = copy.join(file.file_name());
                if file.file_name() == "sprite.json" {
                    let text = std::fs::read_to_string(file.path()).unwrap();
                    let renamed = format!("\"{name}_copy{k}\"");
                    std::fs::write(to, text.replace(&format!("\"{name}\""), &renamed)).unwrap();
                } else {
                    std::fs::copy(file.path(), to).unwrap();
                }
            }
        }
    }
    let packed = gamepak::pack(&folder, &Default::default()).unwrap();
    let path = dir.join("grown.win");
    std::fs::write(&path, packed.bytes).unwrap();
    path
}

criterion_group!(benches, bench);
criterion_main!(benches);
