//! The shipped TirNanoG demo game: built from its sources, checked, taken apart,
//! edited and rebuilt.

use std::path::{Path, PathBuf};

use gamepak::codec::png;
use gamepak::tng::{self, read::read};
use gamepak::{ExtractOptions, Format, Handler};
use serde_json::Value;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/tng")
}

fn handler() -> &'static dyn Handler {
    Format::Tng.handler().unwrap()
}

fn demo() -> Vec<u8> {
    tng::build(&examples().join("src"), &Default::default())
        .unwrap()
        .bytes
}

fn extracted(bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x");
    let summary = handler()
        .open(bytes, &Default::default())
        .extract(&out, &ExtractOptions::default())
        .unwrap();
    assert!(summary.notes.is_empty(), "{:?}", summary.notes);
    (tmp, out)
}

#[test]
fn shipped_demo_is_what_the_sources_build_and_checks_clean() {
    let shipped = std::fs::read(examples().join("demo.tng")).unwrap();
    assert_eq!(demo(), shipped, "demo.tng is stale: run make_examples");
    let report = handler().open(&shipped, &Default::default()).check();
    assert!(report.problems.is_empty(), "{}", report.lines());
}

#[test]
fn demo_uses_every_section_type_the_spec_defines() {
    let bytes = demo();
    let r = read(&bytes, true, &Default::default()).unwrap();
    for kind in (0..=11).chain(16..=35) {
        assert!(
            r.doc.sections.iter().any(|s| s.kind == kind),
            "no section of type {kind}"
        );
    }
    let info = handler()
        .open(&bytes, &Default::default())
        .info()
        .unwrap()
        .value;
    assert_eq!(info["title"], "gamepak demo");
    // Scripts use every opcode, and the header's highest command is recomputed.
    assert_eq!(r.doc.header.max_command, 42);
    assert_eq!(r.max_command, 42);
}

#[test]
fn info_counts_records_as_the_spec_defines_them() {
    let info = handler()
        .open(&demo(), &Default::default())
        .info()
        .unwrap()
        .value;
    let records = |kind: &str| -> Vec<u64> {
        let sections = info["sections"].as_array().unwrap();
        let of_kind = sections.iter().filter(|s| s["kind"] == kind);
        of_kind.map(|s| s["records"].as_u64().unwrap()).collect()
    };
    // Varying records after a header: the attributes, the alerts, the credits'
    // categories, the UI elements' sprites, the translations' speech descriptors.
    assert_eq!(records("attributes"), [4]);
    assert_eq!(records("alerts"), [3]);
    assert_eq!(records("credits"), [2]);
    assert_eq!(records("ui-elements"), [2]);
    assert_eq!(records("translations"), [1, 1]);
    assert_eq!(records("strings"), [info["strings"].as_u64().unwrap()]);
    // Entries of a fixed size, tile meta's by the header's transportation methods.
    assert_eq!(records("actions"), [9]);
    assert_eq!(records("equipment-slots"), [2]);
    assert_eq!(records("tile-meta"), [2]);
    assert_eq!(records("maps"), [2]);
    // A body the spec describes as one block.
    assert_eq!(records("main-menu"), [1]);
    assert_eq!(records("hud"), [1]);
}

#[test]
fn demo_round_trips_through_extract_and_pack() {
    let bytes = demo();
    let (_tmp, out) = extracted(&bytes);
    let packed = gamepak::pack(&out, &Default::default()).unwrap();
    assert_eq!(packed.bytes, bytes);
    for e in handler()
        .open(&bytes, &Default::default())
        .list()
        .unwrap()
        .value
    {
        let file = e.path.split('#').next().unwrap();
        assert!(
            out.join(file).is_file(),
            "{} listed but not extracted",
            e.path
        );
    }
    // Views beside the document: sprite frames and Tiled maps.
    assert!(out
        .join("sprites/10-character-sprites/000/1-01.png")
        .is_file());
    let tmx = std::fs::read_to_string(out.join("maps/32-000-town.tmx")).unwrap();
    assert!(roxmltree::Document::parse(&tmx).is_ok());
    assert_eq!(tmx.matches("<layer ").count(), 11);
}

#[test]
fn sprite_frames_are_cut_and_turned() {
    let bytes = demo();
    let (_tmp, out) = extracted(&bytes);
    let pic = |p: &str| {
        png::decode(
            &std::fs::read(out.join(p)).unwrap(),
            p,
            &gamepak::limits::Limits::default(),
        )
        .unwrap()
    };
    // The hero's second direction is its first frame turned clockwise: 16x24 becomes
    // 24x16, placed 4 pixels down on the 24x24 sprite. The atlas marks each cut's
    // top-left pixel dark; turned clockwise it lands top-right.
    let turned = pic("sprites/10-character-sprites/000/1-00.png");
    assert_eq!((turned.width, turned.height), (24, 24));
    assert_eq!(turned.get(0, 3)[3], 0);
    assert_eq!(turned.get(23, 4), [0, 0, 0, 255]);
    assert_eq!(turned.get(0, 4), [200, 160, 120, 255]);
    // The tree is flipped horizontally and placed at (4, 16).
    let tree = pic("sprites/09-tile-sprites/002/0-00.png");
    assert_eq!(tree.get(4 + 23, 16), [0, 0, 0, 255]);
    assert_eq!(tree.get(4, 16), [30, 110, 40, 255]);
}

fn edit_json(path: &Path, f: impl FnOnce(&mut Value)) {
    let mut v: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    f(&mut v);
    std::fs::write(path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
}

#[test]
fn edits_pack_into_a_valid_file() {
    let bytes = demo();
    let (_tmp, out) = extracted(&bytes);
    // A longer NPC script calling a higher command, a new name, and a new atlas.
    edit_json(&out.join("sections/25-npcs.json"), |v| {
        let script = v.pointer_mut("/npcs/0/asset/events/0/script").unwrap();
        *script = serde_json::json!([
            "PUSH8 3",
            "FNC1 altitude",
            "PUSHMAP \"cellar\" 1 2",
            "PUSH8 0",
            "FNC2 location",
            "END"
        ]);
    });
    edit_json(&out.join("sections/04-music.json"), |v| {
        v["music"][0]["name"] = "anthem".into();
    });
    let mut atlas = png::Rgba::new(64, 16);
    atlas.put(1, 1, [9, 8, 7, 255]);
    std::fs::write(
        out.join("assets/07-atlases/001.png"),
        png::encode(&atlas).unwrap(),
    )
    .unwrap();
    let packed = gamepak::pack(&out, &Default::default()).unwrap().bytes;
    assert_ne!(packed, bytes);
    let r = read(&packed, true, &Default::default()).unwrap();
    assert_eq!(r.doc.header.max_command, 43);
    let npc = &r.doc.sections[25].body["npcs"][0]["asset"]["events"][0]["script"];
    assert_eq!(npc[2], "PUSHMAP \"cellar\" 1 2");
    assert_eq!(r.doc.sections[4].body["music"][0]["name"], "anthem");
    let strings = r.doc.strings();
    assert_eq!(&strings[strings.len() - 2..], ["anthem", "cellar"]);
    let atlas_file = r
        .assets
        .iter()
        .find(|a| a.file.as_deref() == Some("assets/07-atlases/001.png"))
        .unwrap();
    let stored =
        &packed[atlas_file.offset as usize..(atlas_file.offset + atlas_file.length) as usize];
    assert_eq!(
        png::decode(stored, "atlas", &gamepak::limits::Limits::default()).unwrap(),
        atlas
    );
    // Every other section reads as before. The file has no error; check warns where a
    // name now names nothing: the old music name, and the new map.
    let before = read(&bytes, true, &Default::default()).unwrap();
    for (i, (a, b)) in before.doc.sections.iter().zip(&r.doc.sections).enumerate() {
        if ![0, 4, 25].contains(&i) {
            assert_eq!(a, b, "section {i} changed");
        }
    }
    let report = handler().open(&packed, &Default::default()).check();
    assert_eq!(
        report.count(gamepak::Severity::Error),
        0,
        "{}",
        report.lines()
    );
    let lines = report.lines();
    assert_eq!(
        lines
            .matches("music \"theme\" names no music asset")
            .count(),
        7,
        "{lines}"
    );
    assert!(
        lines.contains("npcs[0]/asset/events[0]/script[2]: map \"cellar\" names no map asset"),
        "{lines}"
    );
    assert_eq!(report.problems.len(), 8, "{lines}");
}

#[test]
fn a_partial_extraction_does_not_pack() {
    let bytes = demo();
    let tmp = tempfile::tempdir().unwrap();
    let mut only = globset::GlobSetBuilder::new();
    only.add(globset::Glob::new("assets/**").unwrap());
    let opts = ExtractOptions {
        only: Some(only.build().unwrap()),
        ..ExtractOptions::default()
    };
    let summary = handler()
        .open(&bytes, &Default::default())
        .extract(tmp.path(), &opts)
        .unwrap();
    assert!(summary.notes.iter().any(|n| n.contains("cannot be packed")));
    assert!(gamepak::pack(tmp.path(), &Default::default()).is_err());
}

#[test]
fn an_encrypted_file_is_named_and_not_read() {
    let mut bytes = demo();
    bytes[60] = 1;
    let d = gamepak::detect(&bytes);
    assert_eq!(d.format, Some(Format::Tng));
    assert!(
        d.evidence.iter().any(|e| e.contains("encrypted")),
        "{:?}",
        d.evidence
    );
    let report = handler().open(&bytes, &Default::default()).check();
    assert!(report.is_clean(), "{}", report.lines());
    assert!(report
        .lines()
        .contains("encrypted: contents not verifiable"));
    let info = handler()
        .open(&bytes, &Default::default())
        .info()
        .unwrap()
        .value;
    assert_eq!(info["encrypted"], true);
    assert!(info.get("title").is_none());
    assert!(info.get("sections").is_none());
    assert!(handler().open(&bytes, &Default::default()).list().is_err());
}
