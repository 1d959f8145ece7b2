//! A .tng written byte by byte from the spec, read back field by field: the reader is
//! tested against the spec, not only against our own writer. Deflate and CRC-32 come
//! from flate2 and crc32fast directly.

use std::io::Write;

use gamepak::tng::{read::read, write::write};
use serde_json::{json, Value};

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn u24(v: u32) -> [u8; 3] {
    let b = v.to_le_bytes();
    [b[0], b[1], b[2]]
}

/// An asset descriptor: u64 offset, u32 length, u32 name.
fn descriptor(offset: u64, length: usize, name: u32) -> Vec<u8> {
    let mut d = offset.to_le_bytes().to_vec();
    d.extend((length as u32).to_le_bytes());
    d.extend(name.to_le_bytes());
    d
}

/// Strings: "", "theme", "hp", "town". Offsets 0, 1, 7, 10.
const STRINGS: &[u8] = b"\0theme\0hp\0town\0";

/// The map's layers as our RLE packs them: a run of four, two literals, a run of two.
const OUR_RLE: &[u8] = &[0x83, 7, 0, 1, 1, 0, 2, 0, 0x81, 0xff, 0xff];

fn file() -> Vec<u8> {
    file_with_rle(OUR_RLE)
}

/// The file with the map's layers (2 layers of 2x2: layer 0 all tile 7, layer 1 tiles
/// 1, 2, none, none) packed as `rle`.
fn file_with_rle(rle: &[u8]) -> Vec<u8> {
    // Assets, in file order: an OGG, a sprite map, an NPC, then the map.
    let ogg = b"OggS\0\x02 pretend vorbis".to_vec();
    let mut sprite_map = vec![];
    sprite_map.extend(32u16.to_le_bytes()); // width
    sprite_map.extend(48u16.to_le_bytes()); // height
    sprite_map.push(2 << 6 | 3); // loop 2, direction 3
    sprite_map.push(1); // one frame
    for v in [0x3001u16, 4, 8, 16, 24, 2, 1] {
        // atlas 1 with operation 3, x, y, w, h, left, top
        sprite_map.extend(v.to_le_bytes());
    }
    let mut npc = vec![];
    npc.extend(u24(5)); // title text index
    npc.push(1); // behaviour
    npc.extend(150u16.to_le_bytes()); // speed
    npc.extend(300u16.to_le_bytes()); // direction change
    npc.push(0); // patrol path
    npc.extend([1, 0, 1, 1]); // attributes, inventory, sprites, events
    npc.push(2); // relation >=
    npc.extend(u24(7)); // "hp"
    npc.extend(40u32.to_le_bytes());
    npc.extend([1, 0xff, 0xff]); // sprite: tiles/none
    let code = [35, 7, 0, 0, 37, 3, 17, 5, 6, 0]; // PUSHA hp, PUSH8 3, ADD, FNC1 delay, END
    npc.push(0); // on click
    npc.extend(u24(0));
    npc.extend(u24(code.len() as u32));
    npc.extend(code);
    let mut map = vec![];
    map.extend(u24(4)); // title text
    for i in 0..6 {
        map.extend(u24(if i == 0 { 10 } else { 0xff_ffff })); // neighbours: town, unset
    }
    map.extend(60u16.to_le_bytes()); // daylight minutes
    map.extend([4, 0, 0]); // daylight sprite backgrounds/0
    map.extend(u24(1)); // music "theme"
    map.push(0); // parallaxes
    map.push(1); // patrol paths
    map.extend(u24(rle.len() as u32));
    map.push(9); // patrol path id
    map.extend(2u16.to_le_bytes());
    map.extend([1, 0, 1, 0, 0, 0, 1, 0]); // (1,1), (0,1)
    map.extend(rle);

    let (sprite_z, npc_z, map_z) = (zlib(&sprite_map), zlib(&npc), zlib(&map));
    let mut assets = ogg.clone();
    let sprite_at = assets.len() as u64;
    assets.extend(&sprite_z);
    let npc_at = assets.len() as u64;
    assets.extend(&npc_z);
    let map_at = assets.len() as u64;
    assets.extend(&map_z);

    let mut sprite_desc = descriptor(sprite_at, sprite_z.len(), 0);
    sprite_desc[15] = 1; // one direction
    let sections: Vec<(u8, Vec<u8>)> = vec![
        (0, STRINGS.to_vec()),
        (3, descriptor(0, ogg.len(), 1)),
        (8, sprite_desc),
        (
            19,
            [3u16, 4, 5, 6]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect(),
        ),
        (28, descriptor(npc_at, npc_z.len(), 7)),
        (35, descriptor(map_at, map_z.len(), 10)),
    ];
    let mut block = vec![];
    let mut offset = sections.len() * 8;
    for (kind, body) in &sections {
        block.extend((offset as u32).to_le_bytes());
        block.extend(u24(body.len() as u32));
        block.push(*kind);
        offset += body.len();
    }
    for (_, body) in &sections {
        block.extend(body);
    }
    let mut stored = zlib(&block);
    stored.extend(crc32fast::hash(&block).to_le_bytes());

    let mut f = b"#!/usr/bin/tngp\n".to_vec();
    f.extend(b"handmade\0\0\0\0\0\0\0\0");
    f.push(0); // revision
    f.push(1 | 1 << 4); // isometric, tile width bit 8
    f.push(0x40); // tile width low: 256 + 64 = 320
    f.push(32); // tile height
    f.push(1); // map size 2^1
    f.push(10); // atlas 1024
    f.push(0); // 44100 Hz
    f.push(25); // fps
    f.push(9); // action handlers
    f.push(2); // map layers
    f.push(3); // transports
    f.push(6); // highest command
    f.push(4); // delta y
    f.push(20); // sprites per layer
    f.extend([0, 0]);
    f.extend(0x0123_4567_89ab_cdefu64.to_le_bytes());
    f.extend([0; 4]); // CRC, filled below
    f.extend([0; 4]); // not encrypted
    assert_eq!(f.len(), 64);
    f.extend((stored.len() as u32).to_le_bytes());
    f.extend(stored);
    f.extend(assets);
    let crc = crc32fast::hash(&f);
    f[56..60].copy_from_slice(&crc.to_le_bytes());
    f
}

#[test]
fn every_field_reads_as_the_spec_says() {
    let data = file();
    let r = read(&data, true, &Default::default()).unwrap();
    let h = &r.doc.header;
    assert_eq!(h.game_id, "handmade");
    assert_eq!((h.game_type, h.tile_width, h.tile_height), (1, 320, 32));
    assert_eq!(
        (h.map_size, h.atlas_size, h.fps, h.action_handlers),
        (1, 10, 25, 9)
    );
    assert_eq!((h.map_layers, h.transports, h.max_command), (2, 3, 6));
    assert_eq!((h.sprite_delta_y, h.sprites_per_layer), (4, 20));
    assert_eq!(h.unique_id, "0123456789abcdef");
    let kinds: Vec<u8> = r.doc.sections.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, [0, 3, 8, 19, 28, 35]);
    let body = |i: usize| &r.doc.sections[i].body;
    assert_eq!(body(0), &json!({"strings": ["", "theme", "hp", "town"]}));
    assert_eq!(body(1)["music"][0]["name"], "theme");
    assert_eq!(
        body(1)["music"][0]["asset"]["file"],
        "assets/01-music/000-theme.ogg"
    );
    let sprite = &body(2)["sprites"][0];
    assert_eq!(sprite["directions"], 1);
    assert_eq!(
        sprite["asset"]["animations"][0],
        json!({"width": 32, "height": 48, "direction": 3, "loop": 2, "frames": [
            {"atlas": 1, "operation": 3, "x": 4, "y": 8, "width": 16, "height": 24, "left": 2, "top": 1}
        ]})
    );
    assert_eq!(
        body(3)["slots"],
        json!([{"left": 3, "top": 4}, {"left": 5, "top": 6}])
    );
    let npc = &body(4)["npcs"][0];
    assert_eq!(npc["name"], "hp");
    assert_eq!(
        npc["asset"],
        json!({
            "name": 5, "behaviour": 1, "speed": 150, "direction_change": 300, "patrol_path": 0,
            "attributes": [{"relation": 2, "attribute": "hp", "value": 40}],
            "inventory": [],
            "sprites": [{"sprite": "tiles/none"}],
            "events": [{"event": 0, "parameter": 0, "script": ["PUSHA \"hp\"", "PUSH8 3", "ADD", "FNC1 delay", "END"]}],
        })
    );
    let map = &body(5)["maps"][0];
    assert_eq!(map["name"], "town");
    let m = &map["asset"];
    assert_eq!(m["title"], 4);
    assert_eq!(m["neighbours"][0]["map"], "town");
    assert_eq!(m["neighbours"][5]["map"], Value::Null);
    assert_eq!(
        (
            m["daylight_minutes"].clone(),
            m["daylight"].clone(),
            m["music"].clone()
        ),
        (json!(60), json!("backgrounds/0"), json!("theme"))
    );
    assert_eq!(
        m["paths"],
        json!([{"id": 9, "points": [{"x": 1, "y": 1}, {"x": 0, "y": 1}]}])
    );
    assert_eq!(m["layers"], json!([["7 7", "7 7"], ["1 2", "-1 -1"]]));
    assert_eq!(r.max_command, 6);
    // The file has no backgrounds section, so the map's daylight sprite names nothing.
    let warnings: Vec<&str> = r.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        warnings,
        ["sprite backgrounds/0 is past the 0 entries of its section"]
    );
}

#[test]
fn info_counts_each_sections_records() {
    let info = gamepak::Format::Tng
        .handler()
        .unwrap()
        .open(&file(), &Default::default())
        .info()
        .unwrap()
        .value;
    let records: Vec<(String, u64)> = info["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["kind"].as_str().unwrap().into(),
                s["records"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("strings", 4),
        ("music", 1),
        ("tile-sprites", 1),
        ("equipment-slots", 2),
        ("npcs", 1),
        ("maps", 1),
    ];
    assert_eq!(records, want.map(|(k, n)| (k.to_string(), n)));
}

#[test]
fn our_writer_gives_the_same_bytes_back_but_for_deflate() {
    let data = file();
    let r = read(&data, true, &Default::default()).unwrap();
    let files = r.files();
    let ours = write(&r.doc, &|name| Ok(files[name].clone())).unwrap();
    // Our deflater is another level, so the bytes differ; the content does not.
    let again = read(&ours, true, &Default::default()).unwrap();
    assert_eq!(again.doc.sections, r.doc.sections);
    let check = |d: &[u8]| {
        gamepak::Format::Tng
            .handler()
            .unwrap()
            .open(d, &Default::default())
            .check()
    };
    assert_eq!(check(&ours).problems.len(), check(&data).problems.len());
    // The file is small, not whole: no atlases or backgrounds, and check says so.
    let lines = check(&data).lines();
    assert!(
        lines.contains("sprite backgrounds/0 is past the 0 entries"),
        "{lines}"
    );
    assert!(lines.contains("a frame names atlas 1 (of 0)"), "{lines}");
    assert_eq!(check(&data).problems.len(), 2, "{lines}");
}

#[test]
fn another_writers_file_comes_back_byte_for_byte_through_extract_and_pack() {
    // The file's deflate streams (level 9) are not ours (level 6): extraction keeps
    // them, and pack uses them again while what they inflate to is unchanged.
    let data = file();
    let handler = gamepak::Format::Tng.handler().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x");
    handler
        .open(&data, &Default::default())
        .extract(&out, &gamepak::ExtractOptions::default())
        .unwrap();
    assert!(out.join("raw/block.zlib").is_file());
    assert_eq!(
        gamepak::pack(&out, &Default::default()).unwrap().bytes,
        data
    );

    // An edit to the NPC: its stream is made again, the others are kept.
    let npcs = out.join("sections/04-npcs.json");
    let mut v: Value = serde_json::from_slice(&std::fs::read(&npcs).unwrap()).unwrap();
    v["npcs"][0]["asset"]["speed"] = json!(175);
    std::fs::write(&npcs, serde_json::to_vec(&v).unwrap()).unwrap();
    let packed = gamepak::pack(&out, &Default::default()).unwrap().bytes;
    assert_ne!(packed, data);
    let r = read(&packed, true, &Default::default()).unwrap();
    assert_eq!(r.doc.sections[4].body["npcs"][0]["asset"]["speed"], 175);
    let original = read(&data, true, &Default::default()).unwrap();
    for i in [0, 1, 2, 3, 5] {
        assert_eq!(r.doc.sections[i], original.doc.sections[i]);
    }
    // The sprite map's stream is the one the file had.
    let sprite = |r: &gamepak::tng::read::Read<'_>| {
        r.stored(
            r.assets
                .iter()
                .find(|a| a.path.to_string().contains("sprites[0]"))
                .unwrap(),
        )
        .to_vec()
    };
    assert_eq!(sprite(&r), sprite(&original));
}

#[test]
fn another_writers_map_rle_comes_back_byte_for_byte_and_an_edit_is_packed_again() {
    // The same tiles in runs our encoder would not choose: the run of four as two
    // runs of two, and the literals and the last run as one-value packets.
    let theirs = [
        0x81, 7, 0, 0x81, 7, 0, 0, 1, 0, 0, 2, 0, 0x80, 0xff, 0xff, 0, 0xff, 0xff,
    ];
    let data = file_with_rle(&theirs);
    let plain = file();
    let r = read(&data, true, &Default::default()).unwrap();
    assert_eq!(
        r.doc.sections,
        read(&plain, true, &Default::default())
            .unwrap()
            .doc
            .sections
    );

    let handler = gamepak::Format::Tng.handler().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x");
    let opts = gamepak::ExtractOptions::default();
    handler
        .open(&data, &Default::default())
        .extract(&out, &opts)
        .unwrap();
    let maps = out.join("sections/05-maps.json");
    let mut v: Value = serde_json::from_slice(&std::fs::read(&maps).unwrap()).unwrap();
    let kept = v["maps"][0]["asset"]["layers_stored"].as_str().unwrap();
    assert_eq!(std::fs::read(out.join(kept)).unwrap(), theirs);
    assert_eq!(
        gamepak::pack(&out, &Default::default()).unwrap().bytes,
        data
    );

    // An edited map is packed by our encoder, and reads back with the edit.
    v["maps"][0]["asset"]["layers"][1][1] = json!("3 3");
    std::fs::write(&maps, serde_json::to_vec(&v).unwrap()).unwrap();
    let packed = gamepak::pack(&out, &Default::default()).unwrap().bytes;
    let again = read(&packed, true, &Default::default()).unwrap();
    let layers = &again.doc.sections[5].body["maps"][0]["asset"]["layers"];
    assert_eq!(layers, &json!([["7 7", "7 7"], ["1 2", "3 3"]]));
    let re = tmp.path().join("re");
    handler
        .open(&packed, &Default::default())
        .extract(&re, &opts)
        .unwrap();
    let v: Value =
        serde_json::from_slice(&std::fs::read(re.join("sections/05-maps.json")).unwrap()).unwrap();
    assert!(v["maps"][0]["asset"].get("layers_stored").is_none(), "{v}");
}
