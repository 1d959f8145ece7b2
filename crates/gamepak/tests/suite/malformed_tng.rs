//! Hostile and damaged .tng files: every one gets a located error, never a panic, an
//! allocation sized by a bad count, or a loop without end.

use std::io::Write;
use std::path::Path;

use gamepak::tng::container::{self, file_crc};
use gamepak::tng::header::Header;
use gamepak::tng::read::read;
use gamepak::tng::write::write;
use gamepak::{ExtractOptions, Format, Handler};
use serde_json::{json, Value};

fn handler() -> &'static dyn Handler {
    Format::Tng.handler().unwrap()
}

fn demo() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/tng/demo.tng"))
        .unwrap()
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// A small header: 2x2 maps of 2 layers, 3 transports.
fn header() -> Header {
    let mut h = read(&demo(), false, &Default::default())
        .unwrap()
        .doc
        .header;
    h.map_size = 1;
    h.map_layers = 2;
    h.max_command = 0;
    h
}

/// A file made of these bodies and assets, CRCs right.
fn file(sections: &[(u8, Vec<u8>)], assets: &[u8]) -> Vec<u8> {
    container::write(&header(), sections, assets, None).unwrap()
}

/// A file whose uncompressed block is `block`, as it is, with its CRC.
fn with_block(block: &[u8]) -> Vec<u8> {
    let mut f = header().write().unwrap();
    let z = zlib(block);
    f.extend((z.len() as u32 + 4).to_le_bytes());
    f.extend(z);
    f.extend(crc32fast::hash(block).to_le_bytes());
    f
}

const STRINGS: &[u8] = b"\0town\0";

fn descriptor(offset: u64, length: usize, name: u32) -> Vec<u8> {
    let mut d = offset.to_le_bytes().to_vec();
    d.extend((length as u32).to_le_bytes());
    d.extend(name.to_le_bytes());
    d
}

/// A map asset: the 34-byte header with no parallax or path, then `rle` of the given
/// stated size.
fn map_with(rle: &[u8]) -> Vec<u8> {
    let mut m = vec![0xff; 21];
    m.extend([0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0]);
    m.extend(&(rle.len() as u32).to_le_bytes()[..3]);
    m.extend(rle);
    m
}

fn one_map(rle: &[u8]) -> Vec<u8> {
    let asset = zlib(&map_with(rle));
    file(
        &[(0, STRINGS.to_vec()), (35, descriptor(0, asset.len(), 1))],
        &asset,
    )
}

fn check_lines(bytes: &[u8]) -> String {
    handler().open(bytes, &Default::default()).check().lines()
}

fn read_error(bytes: &[u8]) -> String {
    match read(bytes, true, &Default::default()) {
        Ok(_) => panic!("read accepted a damaged file"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn every_truncation_is_a_located_error() {
    let data = demo();
    for n in 0..data.len() {
        let cut = &data[..n];
        let e = read(cut, false, &Default::default())
            .err()
            .unwrap_or_else(|| panic!("cut at {n} was accepted"));
        assert!(
            e.offset.is_some() || n < 64,
            "cut at {n}: {e} has no offset"
        );
        if n % 13 == 0 {
            let report = handler().open(cut, &Default::default()).check();
            assert!(
                report.count(gamepak::Severity::Error) > 0,
                "cut at {n}: {}",
                report.lines()
            );
        }
    }
}

#[test]
fn byte_flips_never_panic() {
    let data = demo();
    let tmp = tempfile::tempdir().unwrap();
    // Every byte of the header, the block and the compressed assets; a sample of the
    // standard files, whose insides only their own decoders read.
    let r = read(&data, false, &Default::default()).unwrap();
    let sparse: Vec<(u64, u64)> = r
        .assets
        .iter()
        .filter(|a| a.file.is_some())
        .map(|a| (a.offset, a.offset + a.length))
        .collect();
    let offsets = (0..data.len())
        .filter(|&at| at % 61 == 0 || !sparse.iter().any(|&(s, e)| (s..e).contains(&(at as u64))));
    for at in offsets {
        for mask in [0x01u8, 0x80, 0xff] {
            let mut d = data.clone();
            d[at] ^= mask;
            let _ = handler().open(&d, &Default::default()).check();
            let _ = handler().open(&d, &Default::default()).list();
            let _ = handler().open(&d, &Default::default()).info();
            if at % 29 == 0 {
                let _ = handler().open(&d, &Default::default()).extract(
                    &tmp.path().join(format!("{at}-{mask}")),
                    &ExtractOptions::default(),
                );
            }
        }
    }
}

#[test]
fn wrong_crcs_are_reported_where_they_are() {
    let mut data = demo();
    data[56] ^= 1;
    let lines = check_lines(&data);
    assert!(
        lines.contains("file CRC is") && lines.contains("at 0x38"),
        "{lines}"
    );

    // The block's CRC: 4 bytes before the block's end.
    let mut data = demo();
    let n = u32::from_le_bytes(data[64..68].try_into().unwrap()) as usize;
    data[68 + n - 1] ^= 0xff;
    let crc = file_crc(&data);
    data[56..60].copy_from_slice(&crc.to_le_bytes());
    let lines = check_lines(&data);
    assert!(lines.contains("section block CRC is"), "{lines}");
    assert_eq!(
        handler()
            .open(&data, &Default::default())
            .check()
            .problems
            .len(),
        1,
        "{lines}"
    );
}

#[test]
fn a_crc_of_the_compressed_bytes_and_a_raw_stream_are_read_and_reported() {
    let block = {
        let mut b = 8u32.to_le_bytes().to_vec();
        b.extend([STRINGS.len() as u8, 0, 0, 0]);
        b.extend(STRINGS);
        b
    };
    let mut raw = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    raw.write_all(&block).unwrap();
    let stream = raw.finish().unwrap();
    let mut f = header().write().unwrap();
    f.extend((stream.len() as u32 + 4).to_le_bytes());
    f.extend(&stream);
    f.extend(crc32fast::hash(&stream).to_le_bytes());
    let crc = file_crc(&f);
    f[56..60].copy_from_slice(&crc.to_le_bytes());
    let lines = check_lines(&f);
    assert!(lines.contains("CRC is of the compressed bytes"), "{lines}");
    assert!(
        lines.contains("section block is deflate, not zlib"),
        "{lines}"
    );
    assert_eq!(
        handler()
            .open(&f, &Default::default())
            .check()
            .count(gamepak::Severity::Error),
        0,
        "{lines}"
    );
}

#[test]
fn section_lengths_must_divide_into_records() {
    let e = read_error(&file(&[(0, STRINGS.to_vec()), (3, vec![0; 20])], &[]));
    assert!(
        e.contains("section length 20 is not a multiple of its 16-byte records"),
        "{e}"
    );
    let e = read_error(&file(&[(0, STRINGS.to_vec()), (19, vec![0; 6])], &[]));
    assert!(e.contains("multiple of its 4-byte records"), "{e}");
    // Tile meta: 2 + 5 per transportation method (3) = 17.
    let e = read_error(&file(&[(0, STRINGS.to_vec()), (33, vec![0xff; 16])], &[]));
    assert!(e.contains("multiple of its 17-byte records"), "{e}");
}

#[test]
fn map_rle_that_overruns_or_falls_short_is_placed() {
    // 2 layers of 2x2 = 8 tiles.
    assert!(read(&one_map(&[0x87, 1, 0]), true, &Default::default()).is_ok());
    let e = read_error(&one_map(&[0x88, 1, 0]));
    assert!(e.contains("RLE packet overruns the map's 8 tiles"), "{e}");
    assert!(e.contains("maps[0]/asset"), "{e}");
    let e = read_error(&one_map(&[0x86, 1, 0]));
    assert!(e.contains("RLE gives 7 tiles, the map needs 8"), "{e}");
    let e = read_error(&one_map(&[0x03, 1, 0]));
    assert!(e.contains("cut short"), "{e}");
}

#[test]
fn broken_tables_and_blocks_are_placed() {
    // The size is stored at 0x40: that is where the bad bytes are.
    let mut f = file(&[(0, STRINGS.to_vec())], &[]);
    f[64..68].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = read_error(&f);
    assert!(e.contains("section block") && e.contains("at 0x40"), "{e}");

    // A table whose first offset is not a multiple of 8, then one pointing past the
    // block.
    let e = read_error(&with_block(&[12, 0, 0, 0, 7, 0, 0, 0]));
    assert!(
        e.contains("first section offset 12 must be a non-zero multiple of 8"),
        "{e}"
    );

    let e = read_error(&with_block(&[8, 0, 0, 0, 200, 0, 0, 0]));
    assert!(e.contains("lies outside"), "{e}");
}

#[test]
fn assets_past_the_end_and_absurd_counts_are_refused() {
    let e = read_error(&file(
        &[(0, STRINGS.to_vec()), (3, descriptor(u64::MAX - 3, 10, 1))],
        &[],
    ));
    assert!(e.contains("lies outside the file"), "{e}");
    // An NPC claiming 255 attributes in 13 bytes.
    let mut npc = vec![0; 9];
    npc.extend([255, 0, 0, 0]);
    let z = zlib(&npc);
    let e = read_error(&file(
        &[(0, STRINGS.to_vec()), (28, descriptor(0, z.len(), 1))],
        &z,
    ));
    assert!(e.contains("attributes: 255 records cannot fit"), "{e}");
    // A credits category claiming 65535 authors.
    let mut credits = vec![0xff; 24];
    credits.extend([b'g', 0xff, 0xff]);
    let e = read_error(&file(&[(0, STRINGS.to_vec()), (21, credits)], &[]));
    assert!(e.contains("authors: 65535 records cannot fit"), "{e}");
}

#[test]
fn unknown_opcodes_and_bad_references_are_reported() {
    let script = zlib(&[17, 99]);
    let e = read_error(&file(
        &[(0, STRINGS.to_vec()), (24, descriptor(0, script.len(), 0))],
        &script,
    ));
    assert!(e.contains("unknown opcode 99 at bytecode offset 1"), "{e}");

    // A music name 3 bytes into "town", a sprite past its section, a command above
    // the header's highest.
    let calls = zlib(&[37, 5, 4, 43, 0]);
    let mut f = file(
        &[
            (0, STRINGS.to_vec()),
            (3, descriptor(0, 0, 3)),
            (24, descriptor(0, calls.len(), 0)),
        ],
        &calls,
    );
    f[43] = 5;
    let crc = file_crc(&f);
    f[56..60].copy_from_slice(&crc.to_le_bytes());
    let lines = check_lines(&f);
    assert!(
        lines.contains("string offset 3 is not the start of a string"),
        "{lines}"
    );
    assert!(
        lines.contains("highest command is 5, but the scripts call command 43"),
        "{lines}"
    );
}

#[test]
fn maps_must_come_last_and_maps_under_34_are_read_with_a_warning() {
    let map = zlib(&map_with(&[0x87, 1, 0]));
    let ogg = b"OggS-not-really".to_vec();
    let mut assets = map.clone();
    assets.extend(&ogg);
    let f = file(
        &[
            (0, STRINGS.to_vec()),
            (3, descriptor(map.len() as u64, ogg.len(), 1)),
            (35, descriptor(0, map.len(), 1)),
        ],
        &assets,
    );
    let lines = check_lines(&f);
    assert!(lines.contains("map assets must be the last"), "{lines}");

    let f = file(
        &[(0, STRINGS.to_vec()), (34, descriptor(0, map.len(), 1))],
        &map,
    );
    let r = read(&f, true, &Default::default()).unwrap();
    assert!(r.doc.sections[1].maps_under_34);
    assert!(check_lines(&f).contains("type 34 holds maps, not quests"));
    // And it is written back as it was read.
    assert_eq!(write(&r.doc, &|_| unreachable!()).unwrap(), f);
}

#[test]
fn hostile_json_is_refused_with_its_place() {
    let data = demo();
    let r = read(&data, true, &Default::default()).unwrap();
    let mut doc = r.doc.clone();
    doc.sections[25].body["npcs"][0]["asset"]["speed"] = json!(70000);
    let e = write(&doc, &|_| Ok(Vec::new())).unwrap_err().to_string();
    assert!(
        e.contains("npcs[0]/asset/speed: must be a number from 0 to 65535"),
        "{e}"
    );
    let mut doc = r.doc.clone();
    doc.sections[32].body["maps"][0]["asset"]["layers"] = json!([["1 2"]]);
    let e = write(&doc, &|_| Ok(Vec::new())).unwrap_err().to_string();
    assert!(e.contains("11 layers of 16 rows of 16 tiles"), "{e}");
    let mut doc = r.doc.clone();
    doc.sections[21].body["scripts"][0]["asset"]["script"] = json!(["PUSH8 1", "JMP nowhere"]);
    let e = write(&doc, &|_| Ok(Vec::new())).unwrap_err().to_string();
    assert!(e.contains("line 2"), "{e}");
    let mut doc = r.doc;
    doc.sections[3].body["fonts"][0]["asset"]["file"] = Value::from("../../etc/passwd");
    let tmp = tempfile::tempdir().unwrap();
    let folder = gamepak::io::SourceDir::open(tmp.path()).unwrap();
    let load = |name: &str| match name.contains("passwd") {
        true => folder.read(name),
        false => Ok(Vec::new()),
    };
    let e = write(&doc, &load).unwrap_err();
    assert!(
        e.to_string()
            .contains(&tmp.path().join("etc/passwd").display().to_string()),
        "{e}"
    );
}

#[test]
fn rules_between_records_are_checked() {
    let data = demo();
    let r = read(&data, true, &Default::default()).unwrap();
    let files = r.files();
    let load = |name: &str| Ok(files[name].clone());
    let mut doc = r.doc.clone();
    doc.sections[21].body["scripts"][0]["interval"] = json!(9000);
    doc.sections[2].body["language"] = json!("en");
    doc.sections[28].body["objects"][0]["zero"] = json!(1);
    doc.sections[25].body["npcs"][0]["asset"]["events"][1]["event"] = json!(19);
    doc.sections[25].body["npcs"][0]["asset"]["attributes"][0]["relation"] = json!(6);
    let lines = check_lines(&write(&doc, &load).unwrap());
    assert!(
        lines.contains("startup scripts must be sorted by interval: [9000, 6000]"),
        "{lines}"
    );
    assert!(
        lines.contains("language \"en\" has another translation section"),
        "{lines}"
    );
    assert!(
        lines.contains("objects[0]: a field that must be zero is not"),
        "{lines}"
    );
}
