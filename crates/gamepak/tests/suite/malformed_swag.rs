//! Hostile and damaged SWAG files: every one gets a located error, never a panic, an
//! allocation sized by a bad count, or a loop without end.

use std::path::Path;

use gamepak::bytes::Endian;
use gamepak::swag::model::*;
use gamepak::swag::{self, OpcodeTable};
use gamepak::{Format, Handler};

fn handler() -> &'static dyn Handler {
    Format::Swag.handler().unwrap()
}

fn demo(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples/swag")
            .join(name),
    )
    .unwrap()
}

fn table() -> &'static OpcodeTable {
    OpcodeTable::default_table()
}

/// The error message reading `bytes` gives.
fn read_error(bytes: &[u8]) -> String {
    swag::read(bytes, table()).unwrap_err().to_string()
}

fn with(sections: Vec<Section<'static>>) -> Vec<u8> {
    swag::write(&Swag {
        endian: Endian::Little,
        version: 10,
        platforms: 1,
        sections,
        spans: Vec::new(),
    })
    .unwrap()
}

/// The findings of `check`, a line each.
fn findings(bytes: &[u8]) -> String {
    handler().open(bytes, &Default::default()).check().lines()
}

#[test]
fn every_truncation_is_a_located_error() {
    for name in ["demo.swag", "demo-be.swag"] {
        let full = demo(name);
        for n in 0..full.len() {
            let cut = &full[..n];
            let e = swag::read(cut, table()).unwrap_err();
            assert!(e.offset.is_some(), "{name} cut at {n}: {e}");
            assert!(
                !handler().open(cut, &Default::default()).check().is_clean(),
                "{name} cut at {n}"
            );
        }
    }
}

#[test]
fn mutated_bytes_never_panic() {
    let full = demo("demo.swag");
    let tmp = tempfile::tempdir().unwrap();
    for at in (0..full.len()).step_by(3) {
        for flip in [0xff, 0x80, 0x01] {
            let mut m = full.clone();
            m[at] ^= flip;
            let doc = handler().open(&m, &Default::default());
            let _ = doc.check();
            if let Ok(listed) = doc.list() {
                let _ = doc.info();
                if at % 97 == 0 {
                    let out = tmp.path().join(format!("{at}-{flip}"));
                    let _ = doc.extract(&out, &Default::default());
                }
                // What could not be listed is named.
                assert!(!listed.value.is_empty() || !listed.problems.is_empty());
            }
        }
    }
}

#[test]
fn header_problems_are_named() {
    assert!(read_error(b"SWAX\x0a\0\x01\0").contains("bad magic"));
    let e = read_error(b"SWAG\0\0\x01\0");
    assert!(e.contains("no byte order") && e.contains("0x4"), "{e}");
    assert!(read_error(b"SWAG\x09\0\x01\0").contains("only version 10"));
    assert!(read_error(b"SWAG\x0a\0").contains("platform flags"));
}

#[test]
fn stat_and_unknown_tags_stop_the_reader_at_their_offset() {
    let mut b = with(vec![Section::Drm(Drm::None)]);
    b[7] = 2;
    let at = b.len();
    b.extend_from_slice(b"STAT\0\0\0\0");
    let e = swag::read(&b, table()).unwrap_err();
    assert_eq!(e.offset, Some(at as u64));
    assert!(e.to_string().contains("STAT section"), "{e}");
    b.truncate(at);
    b.extend_from_slice(b"ABCD");
    let e = read_error(&b);
    assert!(e.contains("unknown section tag \"ABCD\""), "{e}");
}

#[test]
fn absurd_counts_and_lengths_are_refused_before_allocating() {
    let mut b = with(vec![Section::Textures(vec![])]);
    let n = b.len();
    b[n - 4..].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = read_error(&b);
    assert!(e.contains("cannot fit") && e.contains("TXTR"), "{e}");

    let mut b = with(vec![Section::Config(Config {
        title: "t".into(),
        width: 1,
        height: 1,
        fullscreen: 0,
        vertical_sync: 0,
        cursor_visible: 0,
        anti_aliasing: 0,
        target_framerate: 0,
        initial_state: String::new(),
    })]);
    b[12..16].copy_from_slice(&0x7fff_ffffu32.to_le_bytes());
    let e = read_error(&b);
    assert!(
        e.contains("game title") && e.contains("runs past the end"),
        "{e}"
    );
}

#[test]
fn bad_variants_nesting_opcodes_and_text_are_located() {
    let object = |fields: Vec<(String, Variant)>, code: Vec<Instruction>| {
        with(vec![Section::Code(vec![CodeObject {
            kind: 1,
            name: "Q".into(),
            fields,
            methods: vec![Method {
                name: "m".into(),
                arguments: 0,
                code,
            }],
        }])])
    };
    let mut b = object(vec![("f".into(), Variant::Nil)], vec![]);
    let tag_at = b.iter().rposition(|&c| c == b'f').unwrap() + 1;
    b[tag_at] = 9;
    assert!(read_error(&b).contains("variant type 9"));

    let mut deep = Variant::Nil;
    for _ in 0..100 {
        deep = Variant::List(vec![deep]);
    }
    let b = object(vec![("f".into(), deep)], vec![]);
    assert!(read_error(&b).contains("nested deeper than 64"));

    let mut b = object(
        vec![],
        vec![Instruction {
            opcode: 0,
            operands: vec![],
        }],
    );
    let last = b.len() - 1;
    b[last] = 0xee;
    let e = read_error(&b);
    assert!(e.contains("opcode 0xee") && e.contains("--opcodes"), "{e}");

    let mut b = object(vec![], vec![]);
    let name_at = b.iter().position(|&c| c == b'Q').unwrap();
    b[name_at] = 0xff;
    let e = swag::read(&b, table()).unwrap_err();
    assert!(e.to_string().contains("not UTF-8"));
    assert_eq!(e.offset, Some(name_at as u64));
}

#[test]
fn check_reports_what_the_reader_tolerates() {
    let png = gamepak::codec::png::encode(&gamepak::codec::png::Rgba::new(8, 8)).unwrap();
    let mut b = with(vec![
        Section::Config(Config {
            title: "t".into(),
            width: 1,
            height: 1,
            fullscreen: 2,
            vertical_sync: 0,
            cursor_visible: 1,
            anti_aliasing: 0,
            target_framerate: 60,
            initial_state: String::new(),
        }),
        Section::Drm(Drm::Alpha {
            key_sha1: "ABC".into(),
        }),
        Section::Textures(vec![Texture {
            key: "t".into(),
            width: 4,
            height: 4,
            frames: vec![
                Frame {
                    sheet: 0,
                    x: 6,
                    y: 0,
                },
                Frame {
                    sheet: 3,
                    x: 0,
                    y: 0,
                },
            ],
            origin: [0.0; 2],
            smooth: 0,
            bbox: [0.0; 4],
            collision: 3,
            lazy: 7,
        }]),
        Section::Sounds(vec![Sound {
            key: "s".into(),
            source: SoundSource::Memory(5),
        }]),
        Section::Scenes(vec![Scene {
            name: "x".into(),
            data: Blob::owned(vec![1, 2, 3]),
        }]),
        Section::Code(vec![CodeObject {
            kind: 9,
            name: "o".into(),
            fields: vec![],
            methods: vec![],
        }]),
        Section::Sheets(vec![
            Blob::owned(png),
            Blob::owned(b"\x89PNG broken".to_vec()),
        ]),
        Section::Audio(vec![]),
        Section::Audio(vec![]),
    ]);
    b.extend_from_slice(b"junk");
    let f = findings(&b);
    for want in [
        "fullscreen is 2",
        "not 40 lowercase hex",
        "runs outside sheet 0",
        "sheet 3 does not exist",
        "collision mode 3",
        "lazy is 7",
        "audio 5 does not exist",
        "does not inflate",
        "type 9 is not 0-4",
        "TXST/sheet[1]: the PNG does not decode",
        "appears twice",
        "4 bytes follow the last",
    ] {
        assert!(f.contains(want), "missing {want:?} in:\n{f}");
    }
}

#[test]
fn frames_that_cannot_be_cut_out_are_noted_and_the_file_still_round_trips() {
    let png = gamepak::codec::png::encode(&gamepak::codec::png::Rgba::new(8, 8)).unwrap();
    let texture = |key: &str, width, sheet| Texture {
        key: key.into(),
        width,
        height: 4,
        frames: vec![Frame { sheet, x: 0, y: 0 }],
        origin: [0.0; 2],
        smooth: 0,
        bbox: [0.0; 4],
        collision: 0,
        lazy: 0,
    };
    let b = with(vec![
        Section::Textures(vec![texture("empty", 0, 0), texture("broken", 4, 1)]),
        Section::Sheets(vec![Blob::owned(png), Blob::owned(b"not a png".to_vec())]),
    ]);
    let tmp = tempfile::tempdir().unwrap();
    let s = handler()
        .open(&b, &Default::default())
        .extract(tmp.path(), &Default::default())
        .unwrap();
    assert_eq!(s.failed.len(), 2, "{:?}", s.failed);
    assert!(s
        .failed
        .iter()
        .any(|n| n.starts_with("textures/001-broken/000.png")));
    assert_eq!(
        gamepak::pack(tmp.path(), &Default::default())
            .unwrap()
            .bytes,
        b
    );
}
