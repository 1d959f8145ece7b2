//! Damaged and hostile GameMaker files: truncations, pointers past the end, pointer
//! cycles and absurd counts each give a located error, never a panic or a huge
//! allocation.

use crate::common;

use gamepak::formats::gamemaker::{binary::container, model::synthetic, views::file_view};
use gamepak::FourCC;
use gamepak::{Format, Handler};

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// A small file from our writer: 2 pages, 2 clips.
fn small() -> Vec<u8> {
    synthetic::game(2, 2, 300)
}

/// The absolute offset of a chunk's body.
fn body(data: &[u8], name: FourCC) -> usize {
    container::read(data)
        .unwrap()
        .chunk(name)
        .unwrap()
        .body_offset() as usize
}

/// The u32 at `at`, as an offset.
fn get(data: &[u8], at: usize) -> usize {
    u32::from_le_bytes(data[at..at + 4].try_into().unwrap()) as usize
}

/// What reading a damaged file reports: the error that stopped it, or every problem
/// it met on the way.
fn error_of(data: &[u8]) -> String {
    match file_view::read(data) {
        Err(e) => e.to_string(),
        Ok(g) => {
            assert!(!g.problems.is_empty(), "read whole");
            let lines: Vec<String> = g.problems.iter().map(|p| p.to_string()).collect();
            lines.join("\n")
        }
    }
}

/// Asserts that `base` with the u32 at `at` set to `v` fails to read with an error
/// holding every one of `wants`.
fn assert_error(base: &[u8], at: usize, v: u32, wants: &[&str]) {
    let mut m = base.to_vec();
    put(&mut m, at, v);
    let e = error_of(&m);
    assert!(wants.iter().all(|w| e.contains(w)), "{e}");
}

/// Asserts that extracting `data` and packing the folder gives `data` back.
fn assert_round_trips(data: &[u8]) {
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .open(data, &Default::default())
        .extract(tmp.path(), &Default::default())
        .unwrap();
    assert_eq!(
        gamepak::pack(tmp.path(), &Default::default())
            .unwrap()
            .bytes,
        data
    );
}

fn put(data: &mut [u8], at: usize, v: u32) {
    data[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn every_truncation_is_a_located_error() {
    let full = small();
    for n in 0..full.len() {
        match file_view::read(&full[..n]) {
            Err(e) => assert!(e.offset.is_some(), "cut at {n}: {e}"),
            Ok(g) => {
                assert!(!g.problems.is_empty(), "cut at {n} read whole");
                assert!(g.problems.iter().all(|p| p.offset.is_some()), "cut at {n}");
            }
        }
        assert!(!handler()
            .open(&full[..n], &Default::default())
            .check()
            .is_clean());
    }
}

#[test]
fn pointers_past_the_end_and_absurd_counts_name_their_place() {
    let full = small();
    let txtr = body(&full, FourCC::TXTR);

    assert_error(
        &full,
        txtr,
        0x4000_0000,
        &["FORM/TXTR", "entries of 4 bytes or more do not fit"],
    );

    assert_error(
        &full,
        txtr + 4,
        0xffff_fff0,
        &[
            "FORM/TXTR/entry[0]",
            "points at 0xfffffff0, outside the chunk",
        ],
    );

    let entry = get(&full, txtr + 4);
    let wants = ["blob[0]", "points at 0xfffffff0, outside the chunk"];
    assert_error(&full, entry + 8, 0xffff_fff0, &wants);

    let audo = body(&full, FourCC::AUDO);
    let entry = get(&full, audo + 4);
    let wants = ["FORM/AUDO/entry[0]", "2147483647 bytes do not fit"];
    assert_error(&full, entry, 0x7fff_ffff, &wants);

    assert_error(&full, 4, 0x7fff_ffff, &["FORM size"]);
    let gen8_size_at = 12;
    let wants = ["FORM/GEN8", "runs past the end of FORM"];
    assert_error(&full, gen8_size_at, 0x7fff_ffff, &wants);
}

#[test]
fn pointer_cycles_and_misplaced_items_are_reported_not_followed() {
    let full = small();
    // The TPAG list's first pointer aimed at the list itself: an item that overlaps
    // the pointers, reported by check as pointing at the wrong page.
    let tpag = body(&full, FourCC::TPAG);
    let mut m = full.clone();
    put(&mut m, tpag + 4, tpag as u32);
    let report = handler().open(&m, &Default::default()).check();
    assert!(!report.is_clean(), "{}", report.lines());
    // A texture entry whose blob pointer aims at its own entry.
    let txtr = body(&full, FourCC::TXTR);
    let mut m = full.clone();
    let entry = get(&m, txtr + 4);
    put(&mut m, entry + 8, entry as u32);
    let report = handler().open(&m, &Default::default()).check();
    assert!(
        report.lines().contains("FORM/TXTR/blob[0]"),
        "{}",
        report.lines()
    );
}

#[test]
fn mutated_real_and_synthetic_files_never_panic() {
    let mut files = vec![small()];
    if let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") {
        files.push(std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap());
    }
    let tmp = tempfile::tempdir().unwrap();
    for full in files {
        for at in (0..full.len()).step_by(7) {
            for flip in [0xff, 0x80, 0x01] {
                let mut m = full.clone();
                m[at] ^= flip;
                let _ = handler().open(&m, &Default::default()).check();
                if handler().open(&m, &Default::default()).list().is_ok() {
                    let _ = handler().open(&m, &Default::default()).info();
                    if at % 211 == 0 {
                        let out = tmp.path().join(format!("{at}-{flip}"));
                        if handler()
                            .open(&m, &Default::default())
                            .extract(&out, &Default::default())
                            .is_ok()
                        {
                            let _ = gamepak::pack(&out, &Default::default());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn unprintable_chunk_names_are_kept_and_written_back() {
    let mut m = small();
    let audo = body(&m, FourCC::AUDO) - 8;
    m[audo..audo + 4].copy_from_slice(&[0x42, 0x88, 0x4e, 0x44]);
    let form = container::read(&m).unwrap();
    assert_eq!(form.chunks.last().unwrap().name.to_string(), "42884e44");
    assert_round_trips(&m);
}

#[test]
fn references_between_resources_are_checked() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    let full = std::fs::read(dir.join("KappaTrooper.win")).unwrap();
    let objt = body(&full, FourCC::OBJT);
    let first = get(&full, objt + 4);
    let mut m = full.clone();
    put(&mut m, first + 4, 9999);
    let lines = handler().open(&m, &Default::default()).check().lines();
    assert!(lines.contains("sprite 9999 does not exist"), "{lines}");
    let rooms = body(&full, FourCC::ROOM);
    let room = get(&full, rooms + 4);
    let list = get(&full, room + 48);
    let inst = get(&full, list + 4);
    let mut m = full.clone();
    put(&mut m, inst + 8, 777);
    let lines = handler().open(&m, &Default::default()).check().lines();
    assert!(
        lines.contains("object 777, which does not exist"),
        "{lines}"
    );
}

#[test]
fn a_null_code_entry_keeps_its_place() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    // From 2024.11 a list may hold a null pointer; in CODE, later code ids still
    // count it.
    let mut data = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let code = body(&data, FourCC::CODE);
    put(&mut data, code + 4 + 4 * 2, 0);
    let g = file_view::read(&data).unwrap();
    assert_eq!(g.code.len(), 3);
    assert_eq!(g.code[2].at, 0);
    let listed = handler()
        .open(&data, &Default::default())
        .list()
        .unwrap()
        .value;
    assert_eq!(
        listed
            .iter()
            .filter(|e| e.path.starts_with("code/"))
            .count(),
        2
    );
    assert_round_trips(&data);
}

#[test]
fn a_code_blob_address_before_the_file_is_an_error() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    let full = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let code = body(&full, FourCC::CODE);
    let entry = get(&full, code + 4);
    let wants = ["FORM/CODE/entry[0]", "points before the file"];
    assert_error(&full, entry + 12, 0x8000_0001, &wants);
}

#[test]
fn a_frame_claiming_a_huge_bounding_box_is_refused_before_allocating() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    let full = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let tpag = body(&full, FourCC::TPAG);
    let item = get(&full, tpag + 4);
    let mut m = full.clone();
    m[item + 16..item + 20].copy_from_slice(&[0xff; 4]);
    let tmp = tempfile::tempdir().unwrap();
    let s = handler()
        .open(&m, &Default::default())
        .extract(tmp.path(), &Default::default())
        .unwrap();
    assert!(
        s.failed.iter().any(|n| n.contains("--max-alloc")),
        "{:?}",
        s.failed
    );
    let mut m = full.clone();
    m[item + 12..item + 14].copy_from_slice(&0x7fffu16.to_le_bytes());
    let lines = handler().open(&m, &Default::default()).check().lines();
    assert!(
        lines.contains("outside its") && lines.contains("bounding box"),
        "{lines}"
    );
}

#[test]
fn big_endian_files_read_and_rebuild() {
    let data = synthetic::game_in(gamepak::bytes::Endian::Big, 3, 2, 500);
    assert!(data.starts_with(b"MROF"));
    let g = file_view::read(&data).unwrap();
    let names: Vec<FourCC> = g.form.chunks.iter().map(|c| c.name).collect();
    assert_eq!(
        names,
        [FourCC::GEN8, FourCC::TPAG, FourCC::TXTR, FourCC::AUDO]
    );
    assert_eq!(
        (g.pages().len(), g.clips.len(), g.tpag.items.len()),
        (3, 2, 3)
    );
    assert_eq!(g.gen8.version[0], 2);
    assert_eq!(g.tpag.items[2].page, 2);
    assert_round_trips(&data);
    let info = handler()
        .open(&data, &Default::default())
        .info()
        .unwrap()
        .value;
    assert_eq!(info["byte_order"], "big-endian (MROF)");
}

#[test]
fn a_repeated_chunk_is_reported_and_kept_as_stored() {
    let mut m = small();
    // A second, empty TXTR after AUDO.
    m.extend_from_slice(b"TXTR\x04\0\0\0\0\0\0\0");
    let size = (m.len() - 8) as u32;
    put(&mut m, 4, size);
    assert!(handler()
        .open(&m, &Default::default())
        .check()
        .lines()
        .contains("chunk TXTR appears again"));
    assert_round_trips(&m);
}

#[test]
fn list_pointers_outside_their_records_are_reported() {
    let full = small();
    let tpag = body(&full, FourCC::TPAG);
    let mut m = full.clone();
    put(&mut m, tpag + 4, tpag as u32);
    let lines = handler().open(&m, &Default::default()).check().lines();
    let at = format!("points at {tpag:#x}, where GameMaker's layout puts it at");
    assert!(lines.contains("FORM/TPAG/entry[0]:"), "{lines}");
    assert!(lines.contains(&at), "{lines}");
}

#[test]
fn names_that_miss_the_string_table_are_reported() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    let mut m = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let sprt = body(&m, FourCC::SPRT);
    let sprite = get(&m, sprt + 4);
    put(&mut m, sprite, 0x10);
    let lines = handler().open(&m, &Default::default()).check().lines();
    assert!(
        lines.contains(
            "error: FORM/SPRT/entry[0]: reference 0x10 does not point at the start of a STRG string"
        ),
        "{lines}"
    );
}

#[test]
fn views_that_do_not_read_and_layers_with_strangers_are_reported() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    let full = std::fs::read(dir.join("MistaCarson_Fall2024MiniJam.win")).unwrap();
    // OPTN's constant count (the 16th word) made absurd.
    let optn = body(&full, FourCC::OPTN);
    let mut m = full.clone();
    put(&mut m, optn + 60, 0x1000_0000);
    let lines = handler().open(&m, &Default::default()).check().lines();
    assert!(
        lines.contains("error: FORM/OPTN: 268435456 entries of 8 bytes or more do not fit"),
        "{lines}"
    );
    assert!(lines.contains(&format!("at {:#x}", optn + 60)), "{lines}");
    // The first room's instance layer names an instance the room does not hold:
    // a warning, as GameMaker's own builds hold such rooms.
    let rooms = body(&full, FourCC::ROOM);
    let room = get(&full, rooms + 4);
    let layers = get(&full, room + 88);
    let layer = get(&full, layers + 4);
    let mut m = full.clone();
    // Instance layer: 48 bytes of common and effect fields, then the count and ids.
    assert_eq!(get(&full, layer + 8), 2, "the first layer holds instances");
    put(&mut m, layer + 56, 12345);
    let lines = handler().open(&m, &Default::default()).check().lines();
    assert!(
        lines
            .lines()
            .any(|l| l.starts_with("warning: FORM/ROOM/entry[0]")
                && l.contains("layer \"Instances\" holds instance 12345, which the room does not")),
        "{lines}"
    );
}

#[test]
fn objects_whose_parents_loop_are_an_error_naming_the_loop() {
    use gamepak::formats::gamemaker::model::chunks::objects::Objects;
    for (name, data) in common::gamemaker_games("parent loops in check") {
        let mut game = gamepak::formats::gamemaker::model::Game::read(&data).unwrap();
        let Some(objects) = game.get_mut::<Objects>() else {
            continue;
        };
        let real: Vec<usize> = (0..objects.objects.len())
            .filter(|&i| objects.objects[i].is_some())
            .take(2)
            .collect();
        let [a, b] = real[..] else { continue };
        objects.objects[a].as_mut().unwrap().parent = b as i32;
        objects.objects[b].as_mut().unwrap().parent = a as i32;
        let looped = game.write().unwrap();
        let lines = handler().open(&looped, &Default::default()).check().lines();
        assert!(
            lines
                .lines()
                .any(|l| l.starts_with(&format!("error: FORM/OBJT/entry[{a}]"))
                    && l.contains("its parent chain loops (")
                    && l.contains(" -> ")),
            "{name}: {lines}"
        );
    }
}
