//! Damaged and hostile GameMaker files: truncations, pointers past the end, pointer
//! cycles and absurd counts each give a located error, never a panic or a huge
//! allocation.

mod common;

use gamepak::formats::gamemaker::{container, game, synth};
use gamepak::{Format, Handler};

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// A small file from our writer: 2 pages, 2 clips.
fn small() -> Vec<u8> {
    synth::game(2, 2, 300)
}

/// The absolute offset of a chunk's body.
fn body(data: &[u8], name: &str) -> usize {
    container::read(data)
        .unwrap()
        .chunk(name)
        .unwrap()
        .body_offset() as usize
}

fn put(data: &mut [u8], at: usize, v: u32) {
    data[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn every_truncation_is_a_located_error() {
    let full = small();
    for n in 0..full.len() {
        let e = game::read(&full[..n]).err();
        let e = e.unwrap_or_else(|| panic!("cut at {n} read"));
        assert!(e.offset.is_some(), "cut at {n}: {e}");
        assert!(!handler().check(&full[..n]).is_clean());
    }
}

#[test]
fn pointers_past_the_end_and_absurd_counts_name_their_place() {
    let full = small();
    let txtr = body(&full, "TXTR");

    let mut m = full.clone();
    put(&mut m, txtr, 0x4000_0000);
    let e = game::read(&m).unwrap_err().to_string();
    assert!(e.contains("FORM/TXTR") && e.contains("entries need"), "{e}");

    let mut m = full.clone();
    put(&mut m, txtr + 4, 0xffff_fff0);
    let e = game::read(&m).unwrap_err().to_string();
    assert!(e.contains("FORM/TXTR") && e.contains("apart"), "{e}");

    let mut m = full.clone();
    let entry = u32::from_le_bytes(m[txtr + 4..txtr + 8].try_into().unwrap()) as usize;
    put(&mut m, entry + 8, 0xffff_fff0);
    let e = game::read(&m).unwrap_err().to_string();
    assert!(
        e.contains("entry[0]") && e.contains("blob pointer 0xfffffff0 lies outside TXTR"),
        "{e}"
    );

    let audo = body(&full, "AUDO");
    let mut m = full.clone();
    let entry = u32::from_le_bytes(m[audo + 4..audo + 8].try_into().unwrap()) as usize;
    put(&mut m, entry, 0x7fff_ffff);
    let e = game::read(&m).unwrap_err().to_string();
    assert!(
        e.contains("FORM/AUDO/entry[0]") && e.contains("run past the end of AUDO"),
        "{e}"
    );

    let mut m = full.clone();
    put(&mut m, 4, 0x7fff_ffff);
    let e = game::read(&m).unwrap_err().to_string();
    assert!(e.contains("FORM size"), "{e}");

    let mut m = full.clone();
    let gen8_size_at = 12;
    put(&mut m, gen8_size_at, 0x7fff_ffff);
    let e = game::read(&m).unwrap_err().to_string();
    assert!(
        e.contains("FORM/GEN8") && e.contains("runs past the end of FORM"),
        "{e}"
    );
}

#[test]
fn pointer_cycles_and_misplaced_items_are_reported_not_followed() {
    let full = small();
    // The TPAG list's first pointer aimed at the list itself: an item that overlaps
    // the pointers, reported by check as pointing at the wrong page.
    let tpag = body(&full, "TPAG");
    let mut m = full.clone();
    put(&mut m, tpag + 4, tpag as u32);
    let report = handler().check(&m);
    assert!(!report.is_clean(), "{}", report.lines());
    // A texture entry whose blob pointer aims at its own entry.
    let txtr = body(&full, "TXTR");
    let mut m = full.clone();
    let entry = u32::from_le_bytes(m[txtr + 4..txtr + 8].try_into().unwrap()) as usize;
    put(&mut m, entry + 8, entry as u32);
    assert!(handler().check(&m).lines().contains("does not decode"));
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
                let _ = handler().check(&m);
                if handler().list(&m).is_ok() {
                    let _ = handler().info(&m);
                    if at % 211 == 0 {
                        let out = tmp.path().join(format!("{at}-{flip}"));
                        if handler().extract(&m, &out, &Default::default()).is_ok() {
                            let _ = gamepak::pack(&out);
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
    let audo = body(&m, "AUDO") - 8;
    m[audo..audo + 4].copy_from_slice(&[0x42, 0x88, 0x4e, 0x44]);
    let form = container::read(&m).unwrap();
    assert_eq!(form.chunks.last().unwrap().name, "42884e44");
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(&m, tmp.path(), &Default::default())
        .unwrap();
    assert_eq!(gamepak::pack(tmp.path()).unwrap().bytes, m);
}

#[test]
fn references_between_resources_are_checked() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    let full = std::fs::read(dir.join("KappaTrooper.win")).unwrap();
    let objt = body(&full, "OBJT");
    let first = u32::from_le_bytes(full[objt + 4..objt + 8].try_into().unwrap()) as usize;
    let mut m = full.clone();
    put(&mut m, first + 4, 9999);
    let lines = handler().check(&m).lines();
    assert!(lines.contains("sprite 9999 does not exist"), "{lines}");
    let rooms = body(&full, "ROOM");
    let room = u32::from_le_bytes(full[rooms + 4..rooms + 8].try_into().unwrap()) as usize;
    let list = u32::from_le_bytes(full[room + 48..room + 52].try_into().unwrap()) as usize;
    let inst = u32::from_le_bytes(full[list + 4..list + 8].try_into().unwrap()) as usize;
    let mut m = full.clone();
    put(&mut m, inst + 8, 777);
    let lines = handler().check(&m).lines();
    assert!(
        lines.contains("object 777, which does not exist"),
        "{lines}"
    );
}

#[test]
fn a_code_blob_address_before_the_file_is_an_error() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    let mut m = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let code = body(&m, "CODE");
    let entry = u32::from_le_bytes(m[code + 4..code + 8].try_into().unwrap()) as usize;
    put(&mut m, entry + 12, 0x8000_0001);
    let e = game::read(&m).unwrap_err().to_string();
    assert!(
        e.contains("FORM/CODE/entry[0]") && e.contains("lies outside CODE"),
        "{e}"
    );
}

#[test]
fn a_frame_claiming_a_huge_bounding_box_is_refused_before_allocating() {
    let Some(dir) = common::fixture_dir("malformed_gamemaker", "gamemaker") else {
        return;
    };
    let full = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let tpag = body(&full, "TPAG");
    let item = u32::from_le_bytes(full[tpag + 4..tpag + 8].try_into().unwrap()) as usize;
    let mut m = full.clone();
    m[item + 16..item + 20].copy_from_slice(&[0xff; 4]);
    let tmp = tempfile::tempdir().unwrap();
    let s = handler()
        .extract(&m, tmp.path(), &Default::default())
        .unwrap();
    assert!(
        s.notes.iter().any(|n| n.contains("exceeds")),
        "{:?}",
        s.notes
    );
    let mut m = full.clone();
    m[item + 12..item + 14].copy_from_slice(&0x7fffu16.to_le_bytes());
    let lines = handler().check(&m).lines();
    assert!(
        lines.contains("outside its") && lines.contains("bounding box"),
        "{lines}"
    );
}

#[test]
fn big_endian_files_read_and_rebuild() {
    let data = synth::game_in(gamepak::bytes::Endian::Big, 3, 2, 500);
    assert!(data.starts_with(b"MROF"));
    let g = game::read(&data).unwrap();
    let names: Vec<&str> = g.form.chunks.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["GEN8", "TPAG", "TXTR", "AUDO"]);
    assert_eq!(
        (g.pages().len(), g.clips.len(), g.tpag.items.len()),
        (3, 2, 3)
    );
    assert_eq!(g.gen8.version[0], 2);
    assert_eq!(g.tpag.items[2].page, 2);
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(&data, tmp.path(), &Default::default())
        .unwrap();
    assert_eq!(gamepak::pack(tmp.path()).unwrap().bytes, data);
    let info = handler().info(&data).unwrap();
    assert_eq!(info["byte order"], "big-endian (MROF)");
}

#[test]
fn a_repeated_chunk_is_reported_and_kept_as_stored() {
    let mut m = small();
    // A second, empty TXTR after AUDO.
    m.extend_from_slice(b"TXTR\x04\0\0\0\0\0\0\0");
    let size = (m.len() - 8) as u32;
    put(&mut m, 4, size);
    assert!(handler()
        .check(&m)
        .lines()
        .contains("chunk TXTR appears again"));
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(&m, tmp.path(), &Default::default())
        .unwrap();
    assert_eq!(gamepak::pack(tmp.path()).unwrap().bytes, m);
}

#[test]
fn list_pointers_outside_their_records_are_reported() {
    let full = small();
    let tpag = body(&full, "TPAG");
    let mut m = full.clone();
    put(&mut m, tpag + 4, tpag as u32);
    let lines = handler().check(&m).lines();
    assert!(lines.contains("FORM/TPAG/entry[0]: points at"), "{lines}");
}
