//! A damaged field is reported where its bytes are stored, never at the value they
//! hold: one pointer or length of each kind overwritten with an absurd value, and
//! `check`, `info` and `list` each name the field's own offset and place.

use crate::common;

use std::path::PathBuf;

use gamepak::gamemaker::form;
use gamepak::report::Problem;
use gamepak::{Format, FourCC, Severity};

/// The values a damaged field is given: past any file, and past any signed offset.
const ABSURD: [u32; 2] = [0xffff_ffff, 0x7fff_ffff];

fn put(data: &mut [u8], at: u64, v: u32) {
    let at = at as usize;
    data[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn get(data: &[u8], at: u64) -> u64 {
    let at = at as usize;
    u32::from_le_bytes(data[at..at + 4].try_into().unwrap()).into()
}

/// `data` with the u32 at `at` set to `v`.
fn damaged(data: &[u8], at: u64, v: u32) -> Vec<u8> {
    let mut m = data.to_vec();
    put(&mut m, at, v);
    m
}

/// Asserts that `problems` hold an error at `path` and `at`, and none located at
/// the value written or at the start of the file.
fn assert_located(problems: &[Problem], path: &str, at: u64, value: u32, verb: &str) {
    let all: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(
        problems
            .iter()
            .any(|p| p.severity == Severity::Error && p.path == path && p.offset == Some(at)),
        "{verb}: no error at {path} {at:#x}:\n{}",
        all.join("\n")
    );
    for p in problems {
        assert_ne!(p.offset, Some(u64::from(value)), "{verb}: {p}");
        if p.severity == Severity::Error {
            assert_ne!(p.offset, Some(0), "{verb}: {p}");
        }
    }
}

/// `check`, `info` and `list` of `data` each locate the damage at `path` and `at`;
/// `info` and `list` still read the file.
fn assert_every_verb_locates(format: Format, data: &[u8], path: &str, at: u64, value: u32) {
    let h = format.handler().unwrap();
    let report = h.open(data, &Default::default()).check();
    assert_located(&report.problems, path, at, value, "check");
    let info = h.open(data, &Default::default()).info().unwrap();
    assert_located(&info.problems, path, at, value, "info");
    let listed = h.open(data, &Default::default()).list().unwrap();
    assert_located(&listed.problems, path, at, value, "list");
}

/// The smallest real game of the fixtures: one sprite, one TPAG item, three code
/// entries and 56 strings.
fn small_game() -> Option<Vec<u8>> {
    let dir = common::fixture_dir("damaged_offsets", "gamemaker")?;
    Some(std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap())
}

/// Where pointer `i` of `chunk`'s list is stored.
fn slot(data: &[u8], chunk: FourCC, i: u64) -> u64 {
    let form = form::read(data).unwrap();
    form.chunk(chunk).unwrap().body_offset() + 4 + 4 * i
}

#[test]
fn gamemaker_list_pointers_are_located_where_they_are_stored() {
    let Some(game) = small_game() else { return };
    for (chunk, i) in [
        (FourCC::STRG, 12),
        (FourCC::SPRT, 0),
        (FourCC::TPAG, 0),
        (FourCC::CODE, 1),
    ] {
        let at = slot(&game, chunk, i);
        let path = format!("FORM/{chunk}/entry[{i}]");
        for v in ABSURD {
            let m = damaged(&game, at, v);
            assert_every_verb_locates(Format::GameMaker, &m, &path, at, v);
        }
    }
}

#[test]
fn gamemaker_lengths_and_fields_are_located_where_they_are_stored() {
    let Some(game) = small_game() else { return };
    // A string's length, at the start of its entry.
    let string = get(&game, slot(&game, FourCC::STRG, 12));
    // A code entry's blob length, 4 bytes into its entry.
    let code = get(&game, slot(&game, FourCC::CODE, 1)) + 4;
    for (at, path) in [
        (string, "FORM/STRG/entry[12]"),
        (code, "FORM/CODE/entry[1]"),
    ] {
        for v in ABSURD {
            let m = damaged(&game, at, v);
            assert_every_verb_locates(Format::GameMaker, &m, path, at, v);
        }
    }
    // A TPAG item's page, its last field: check names the field.
    let page = get(&game, slot(&game, FourCC::TPAG, 0)) + 20;
    let mut m = game.clone();
    m[page as usize..page as usize + 2].copy_from_slice(&[0xff, 0xff]);
    let report = Format::GameMaker
        .handler()
        .unwrap()
        .open(&m, &Default::default())
        .check();
    assert_located(
        &report.problems,
        "FORM/TPAG/entry[0]",
        page,
        0xffff,
        "check",
    );
}

/// A file of the repository's examples, made by the project's own builders.
fn example(path: &str) -> Vec<u8> {
    let at = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(path);
    std::fs::read(&at).unwrap_or_else(|e| panic!("{}: {e}", at.display()))
}

#[test]
fn other_formats_locate_a_bad_size_at_the_size() {
    // GBIN: the first chunk's size, after its FourCC at 0x20.
    let gbin = example("gbin/demo.gbin");
    assert_eq!(&gbin[0x20..0x24], b"IMGD");
    // native: the size of chunk 3, in the table after the count.
    let native = example("native/demo.game.bin");
    // TirNanoG: the section block's size, after the 64-byte header.
    let tng = example("tng/demo.tng");
    // SWAG: the game title's length, first in the CNFG section at 8.
    let swag = example("swag/demo.swag");
    assert_eq!(&swag[8..12], b"CNFG");
    for (format, data, at, path) in [
        (Format::Gbin, &gbin, 0x24, "GBIN/IMGD"),
        (Format::Native, &native, 4 + 4 * 3, "game.bin/chunk[3]"),
        (Format::Tng, &tng, 64, "TNG/section block"),
        (Format::Swag, &swag, 12, "SWAG/CNFG"),
    ] {
        for v in ABSURD {
            let m = damaged(data, at, v);
            let report = format
                .handler()
                .unwrap()
                .open(&m, &Default::default())
                .check();
            assert_located(&report.problems, path, at, v, format.name());
        }
    }
}
