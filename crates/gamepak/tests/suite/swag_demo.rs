//! The shipped SWAG demo: built from its sources, checked, taken apart, edited and
//! rebuilt, in both byte orders.

use crate::common;

use std::path::{Path, PathBuf};

use gamepak::bytes::Endian;
use gamepak::codec::png;
use gamepak::swag::model::{FontFace, Section};
use gamepak::swag::{self, OpcodeTable, SwagOptions};
use gamepak::{ExtractOptions, Format, Handler};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/swag")
}

fn handler() -> &'static dyn Handler {
    Format::Swag.handler().unwrap()
}

fn build(endian: Endian) -> Vec<u8> {
    let opts = SwagOptions {
        endian: Some(endian),
        ..SwagOptions::default()
    };
    swag::build(&examples().join("src"), &opts, &Default::default())
        .unwrap()
        .bytes
}

#[test]
fn shipped_demos_are_what_the_sources_build() {
    for (name, endian) in [("demo.swag", Endian::Little), ("demo-be.swag", Endian::Big)] {
        let shipped = std::fs::read(examples().join(name)).unwrap();
        assert_eq!(build(endian), shipped, "{name} is stale: run make_examples");
        let report = handler().open(&shipped, &Default::default()).check();
        assert!(report.problems.is_empty(), "{name}: {}", report.lines());
    }
}

#[test]
fn demos_round_trip_through_extract_and_pack() {
    for endian in [Endian::Little, Endian::Big] {
        let bytes = build(endian);
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        let summary = handler()
            .open(&bytes, &Default::default())
            .extract(&out, &ExtractOptions::default())
            .unwrap();
        assert!(summary.notes.is_empty(), "{:?}", summary.notes);
        common::assert_counts_what_is_there(&summary, &out);
        let packed = gamepak::pack(&out, &Default::default()).unwrap();
        assert_eq!(packed.bytes, bytes);
        assert!(packed.reencoded.is_empty(), "{:?}", packed.reencoded);
    }
}

#[test]
fn every_listed_entry_is_extracted() {
    let bytes = build(Endian::Little);
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .open(&bytes, &Default::default())
        .extract(tmp.path(), &ExtractOptions::default())
        .unwrap();
    for e in handler()
        .open(&bytes, &Default::default())
        .list()
        .unwrap()
        .value
    {
        assert!(tmp.path().join(&e.path).is_file(), "{} missing", e.path);
    }
}

#[test]
fn edits_are_encoded_again_and_nothing_else_changes() {
    let bytes = build(Endian::Big);
    let table = OpcodeTable::default_table();
    let before = swag::read(&bytes, table).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    handler()
        .open(&bytes, &Default::default())
        .extract(dir, &ExtractOptions::default())
        .unwrap();

    // A hero frame turns solid red; the font and a scene get new bytes; code changes.
    let frame = dir.join("textures/000-hero/002.png");
    let mut img = png::decode(
        &std::fs::read(&frame).unwrap(),
        "f",
        &gamepak::limits::Limits::default(),
    )
    .unwrap();
    for y in 0..img.height {
        for x in 0..img.width {
            img.put(x, y, [255, 0, 0, 255]);
        }
    }
    std::fs::write(&frame, png::encode(&img).unwrap()).unwrap();
    std::fs::write(dir.join("fonts/001-title.ttf"), b"new font bytes").unwrap();
    let code = dir.join("code/001-Actor.swasm");
    let text = std::fs::read_to_string(&code).unwrap();
    std::fs::write(
        &code,
        text.replace("field \"speed\" 1.5", "field \"speed\" 4.0"),
    )
    .unwrap();

    let packed = gamepak::pack(dir, &Default::default()).unwrap();
    assert_eq!(packed.reencoded, ["fonts/001-title.ttf", "sheet 0"]);
    let after = swag::read(&packed.bytes, table).unwrap();
    assert_eq!(after.endian, Endian::Big);
    let sheet = png::decode(
        &after.sheets()[0].bytes,
        "s",
        &gamepak::limits::Limits::default(),
    )
    .unwrap();
    assert_eq!(sheet.crop(32, 0, 16, 16), *img);
    let old = png::decode(
        &before.sheets()[0].bytes,
        "s",
        &gamepak::limits::Limits::default(),
    )
    .unwrap();
    assert_eq!(sheet.crop(0, 0, 32, 16), old.crop(0, 0, 32, 16));
    assert_eq!(sheet.crop(48, 0, 16, 16), old.crop(48, 0, 16, 16));
    assert_eq!(after.sheets()[1], before.sheets()[1]);
    for (a, b) in after.sections.iter().zip(&before.sections) {
        match (a, b) {
            (Section::Fonts(fa), Section::Fonts(fb)) => {
                let FontFace::Compiled(blob) = &fa[1].face else {
                    panic!()
                };
                assert_eq!(
                    gamepak::codec::zlib::inflate(
                        &blob.bytes,
                        &gamepak::limits::Limits::for_max_alloc(100),
                        "",
                        0
                    )
                    .unwrap(),
                    b"new font bytes"
                );
                assert_eq!(fa[0], fb[0]);
            }
            (Section::Code(ca), Section::Code(cb)) => {
                assert_eq!(
                    ca[1].fields[2].1,
                    gamepak::swag::model::Variant::Double(4.0)
                );
                assert_eq!(ca[1].methods, cb[1].methods);
                assert_eq!(ca[0], cb[0]);
            }
            (Section::Sheets(_), _) => {}
            _ => assert_eq!(a, b),
        }
    }
    let report = handler().open(&packed.bytes, &Default::default()).check();
    assert!(report.is_clean(), "{}", report.lines());
}

#[test]
fn partial_extraction_refuses_to_pack() {
    let bytes = build(Endian::Little);
    let tmp = tempfile::tempdir().unwrap();
    let mut only = globset::GlobSetBuilder::new();
    only.add(globset::Glob::new("sheets/**").unwrap());
    let opts = ExtractOptions {
        only: Some(only.build().unwrap()),
        ..ExtractOptions::default()
    };
    let s = handler()
        .open(&bytes, &Default::default())
        .extract(tmp.path(), &opts)
        .unwrap();
    // Two sheets, with swag.toml, opcodes.toml and gamepak.toml.
    assert_eq!(s.files, 5);
    common::assert_counts_what_is_there(&s, tmp.path());
    assert!(!tmp.path().join("audio").exists());
    assert!(gamepak::pack(tmp.path(), &Default::default()).is_err());
}
