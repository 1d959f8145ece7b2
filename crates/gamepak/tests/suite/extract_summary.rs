//! An extraction's summary counts every file it wrote and their bytes, the manifest
//! and kept originals included, whatever the format.

use crate::common;

use std::path::Path;

use gamepak::{ExtractOptions, Format};

fn examples() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"))
}

fn extract_and_count(format: Format, bytes: &[u8]) {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("x");
    let summary = format
        .handler()
        .unwrap()
        .open(bytes, &Default::default())
        .extract(&dir, &ExtractOptions::default())
        .unwrap();
    common::assert_counts_what_is_there(&summary, &dir);
}

#[test]
fn every_format_counts_what_it_wrote() {
    let gamemaker = gamepak::gamemaker::sample::game(2, 2, 4096);
    extract_and_count(Format::GameMaker, &gamemaker);
    for (format, file) in [
        (Format::Gbin, "gbin/demo.gbin"),
        (Format::Native, "native/demo.game.bin"),
        (Format::Swag, "swag/demo.swag"),
        (Format::Tng, "tng/demo.tng"),
    ] {
        let bytes = std::fs::read(examples().join(file)).unwrap();
        extract_and_count(format, &bytes);
    }
}
