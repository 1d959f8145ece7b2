//! TirNanoG `list` on a 10 MB and a 1 GB game with the same sections: listing inflates
//! the section block only, never an asset, so its time does not grow with the
//! assets. Both files are memory-mapped.

#[path = "shared/list_sizes.rs"]
mod list_sizes;

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::tng::model::{Document, Section};
use gamepak::tng::read::read;
use gamepak::tng::write::write;
use gamepak::Format;
use serde_json::json;

const ATLASES: usize = 100;
const SONGS: usize = 100;
const NPCS: usize = 2_000;

fn file(total_bytes: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let demo = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/tng/demo.tng"
    ))
    .unwrap();
    let header = read(&demo, false, &Default::default()).unwrap().doc.header;
    let blob = total_bytes / (ATLASES + SONGS);
    let npc = json!({
        "name": 1, "behaviour": 0, "speed": 100, "direction_change": 100, "patrol_path": 0,
        "attributes": [], "inventory": [], "sprites": [{"sprite": "characters/0"}],
        "events": [{"event": 0, "parameter": 0, "script": ["PUSH8 1", "FNC1 delay", "END"]}],
    });
    let section = |kind: u8, body| Section {
        kind,
        maps_under_34: false,
        body,
    };
    let doc = Document {
        header,
        sections: vec![
            section(0, json!({"strings": ["", "npc"]})),
            section(
                3,
                json!({"music": (0..SONGS).map(|i| json!({"asset": {"file": "ogg"}, "name": format!("song{i}")})).collect::<Vec<_>>()}),
            ),
            section(
                6,
                json!({"atlases": (0..ATLASES).map(|_| json!({"asset": {"file": "png"}, "zero": 0})).collect::<Vec<_>>()}),
            ),
            section(
                28,
                json!({"npcs": (0..NPCS).map(|_| json!({"asset": npc, "name": "npc"})).collect::<Vec<_>>()}),
            ),
        ],
        block: None,
    };
    let bytes = write(&doc, &|name| {
        let magic: &[u8] = if name == "png" {
            b"\x89PNG\r\n\x1a\n"
        } else {
            b"OggS"
        };
        let mut b = magic.to_vec();
        b.resize(blob, 0x55);
        Ok(b)
    })
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.tng");
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

fn list(c: &mut Criterion) {
    list_sizes::bench(c, Format::Tng, "tng_list_2000_npcs_200_blobs", file);
}

criterion_group!(benches, list);
criterion_main!(benches);
