//! SWAG `list` on a 10 MB and a 1 GB file with the same entries: sections carry no
//! lengths, so listing walks every record, but it skips over sheets, clips and
//! compressed streams without reading them. Both files are memory-mapped.

#[path = "shared/list_sizes.rs"]
mod list_sizes;

use criterion::{criterion_group, criterion_main, Criterion};
use gamepak::bytes::Endian;
use gamepak::swag::model::*;
use gamepak::swag::write;
use gamepak::Format;

const SHEETS: usize = 200;
const CLIPS: usize = 200;
const TEXTURES: usize = 5_000;

fn file(total_bytes: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let blob = total_bytes / (SHEETS + CLIPS);
    let textures = (0..TEXTURES)
        .map(|i| Texture {
            key: format!("texture{i}"),
            width: 16,
            height: 16,
            frames: (0..4)
                .map(|f| Frame {
                    sheet: (i % SHEETS) as u16,
                    x: f * 16,
                    y: 0,
                })
                .collect(),
            origin: [8.0, 8.0],
            smooth: 0,
            bbox: [0.0, 0.0, 16.0, 16.0],
            collision: 2,
            lazy: 0,
        })
        .collect();
    let doc = Swag {
        endian: Endian::Little,
        version: 10,
        platforms: 1,
        sections: vec![
            Section::Textures(textures),
            Section::Sheets((0..SHEETS).map(|_| Blob::owned(vec![0x55; blob])).collect()),
            Section::Audio((0..CLIPS).map(|_| Blob::owned(vec![0xaa; blob])).collect()),
        ],
        spans: Vec::new(),
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.swag");
    std::fs::write(&path, write(&doc).unwrap()).unwrap();
    (dir, path)
}

fn list(c: &mut Criterion) {
    list_sizes::bench(c, Format::Swag, "swag_list_20000_frames_400_blobs", file);
}

criterion_group!(benches, list);
criterion_main!(benches);
