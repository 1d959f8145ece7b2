//! One entry rendered as `gamepak serve` answers it (as extract writes it, into
//! memory), on the largest real game (Chonko, 4.1 MB): a sprite frame, a texture
//! page and a record. Once from a document opened for the one render, as every
//! request cost when each read the file again, and once from a document already
//! open, as the server keeps one per file.

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::{Format, Options};

#[path = "../tests/common/mod.rs"]
mod common;

const GAME: &str = "Andreasholmbrg_Chonko.win";

const ENTRIES: [&str; 3] = [
    "sprites/002-spr_player_attack2/000.png",
    "textures/001.png",
    "objects/001-menu.json",
];

fn bench(c: &mut Criterion) {
    let Some(dir) = common::fixture_dir("serve_render bench", "gamemaker") else {
        return;
    };
    let data = std::fs::read(dir.join(GAME)).unwrap();
    let handler = Format::GameMaker.handler().unwrap();
    let opts = Options::default();
    let listed = handler.open(&data, &opts).list().unwrap().value;
    let mut g = c.benchmark_group("serve_render_chonko");
    g.sample_size(20);
    for path in ENTRIES {
        assert!(listed.iter().any(|e| e.path == path), "{path} is listed");
        let name = path.rsplit('/').next().unwrap();
        g.bench_function(format!("open and render {name}"), |b| {
            b.iter(|| handler.open(&data, &opts).render(path).unwrap())
        });
        let document = handler.open(&data, &opts);
        document.render(path).unwrap();
        g.bench_function(format!("render from the open document {name}"), |b| {
            b.iter(|| document.render(path).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
