//! The JSON views of real games, and what they keep when a resource table holds a
//! null slot (2024.11 writes them): every later record keeps its index, which is how
//! other records refer to it. A null slot in a list inside a record reads as null in
//! its place too.

use crate::common;

use gamepak::formats::gamemaker::model::{self, chunks::symbols::Variables};
use gamepak::formats::gamemaker::{container, game, refs, resources};
use gamepak::FourCC;
use gamepak::{Format, Handler};
use serde_json::Value;

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// The real games, smallest first.
fn games(test: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = common::gamemaker_games(test);
    out.sort_by_key(|(name, data)| (data.len(), name.clone()));
    out
}

fn view(data: &[u8], chunk: &str) -> Value {
    let g = game::read(data).unwrap();
    resources::view(&g.form, chunk.parse().unwrap(), &g.code)
        .unwrap()
        .unwrap()
}

/// The paths `list` gives for one sprite's frames.
/// The frames a sprite's folder holds (not its masks, which come from its model).
fn frame_paths(data: &[u8], sprite: &str) -> Vec<String> {
    let prefix = format!("sprites/{sprite}/");
    let mut paths: Vec<String> = handler()
        .list(data, &Default::default())
        .unwrap()
        .value
        .into_iter()
        .filter(|e| e.path.contains(&prefix) && e.kind == gamepak::assets::Kind::Sprite)
        .map(|e| e.path)
        .collect();
    paths.sort();
    paths
}

/// `data` with pointer `slot` of `chunk`'s list set to 0.
fn null_slot(data: &[u8], chunk: &str, slot: usize) -> Vec<u8> {
    let at = container::read(data)
        .unwrap()
        .chunk(chunk.parse().unwrap())
        .unwrap()
        .body_offset() as usize
        + 4
        + 4 * slot;
    let mut out = data.to_vec();
    out[at..at + 4].fill(0);
    out
}

#[test]
fn a_null_sprite_slot_keeps_every_later_index() {
    let games = games("gamemaker_views");
    let mut packed = false;
    for (name, data) in &games {
        let before = game::read(data).unwrap();
        if before.sprites.len() < 3 || before.sprites[2].items.is_empty() {
            continue;
        }
        let (old_sprites, old_objects) = (view(data, "SPRT"), view(data, "OBJT"));
        let edited = null_slot(data, "SPRT", 1);
        let after = game::read(&edited).unwrap();
        // The record left behind is not where GameMaker would lay the list out:
        // check says the model keeps the chunk as stored.
        let report = handler().check(&edited, &Default::default());
        assert!(
            report
                .problems
                .iter()
                .any(|p| p.path.contains("SPRT") && p.message.contains("pack keeps SPRT as stored")),
            "{name}: {}",
            report.lines()
        );
        let sprites = view(&edited, "SPRT");
        let sprites = sprites.as_array().unwrap();
        let old = old_sprites.as_array().unwrap();
        assert_eq!(sprites.len(), old.len(), "{name}");
        assert!(sprites[1].is_null(), "{name}: {}", sprites[1]);
        assert_eq!(sprites[2..], old[2..], "{name}");
        assert_eq!(view(&edited, "OBJT"), old_objects, "{name}");
        assert_eq!(after.sprites.len(), before.sprites.len(), "{name}");
        for k in 2..before.sprites.len() {
            assert_eq!(after.sprites[k].name, before.sprites[k].name, "{name}");
            assert_eq!(after.sprites[k].items, before.sprites[k].items, "{name}");
        }
        let third = gamepak::io::file_stem(2, &before.sprites[2].name);
        let paths = frame_paths(&edited, &third);
        assert!(!paths.is_empty(), "{name}: no folder {third}");
        assert_eq!(paths, frame_paths(data, &third), "{name}");
        assert!(
            frame_paths(&edited, &gamepak::io::file_stem(1, &before.sprites[1].name)).is_empty()
        );

        if !packed {
            let tmp = tempfile::tempdir().unwrap();
            handler()
                .extract(
                    &edited,
                    tmp.path(),
                    &Default::default(),
                    &Default::default(),
                )
                .unwrap();
            let out = gamepak::pack(tmp.path(), &Default::default()).unwrap();
            assert!(out.unused.is_empty(), "{name}: {:?}", out.unused);
            assert!(out.bytes == edited, "{name}");
            packed = true;
        }
    }
    assert!(packed || games.is_empty(), "no game has three sprites");
}

/// The real games that have backgrounds.
fn with_backgrounds() -> Vec<(String, Vec<u8>)> {
    let mut out = games("gamemaker_views");
    out.retain(|(_, data)| !game::read(data).unwrap().backgrounds.is_empty());
    out
}

#[test]
fn backgrounds_are_listed_by_name_with_or_without_a_texture() {
    let mut seen = false;
    for (name, data) in &with_backgrounds() {
        let g = game::read(data).unwrap();
        let listed = view(data, "BGND");
        let names: Vec<&str> = listed
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["name"].as_str().unwrap())
            .collect();
        let want: Vec<&str> = g.backgrounds.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, want, "{name}");
        assert!(listed[0]["texture item"].is_string(), "{name}");

        // The first background without its texture: still listed, under its name.
        let chunk = container::read(data).unwrap();
        let chunk = chunk.chunk(FourCC::BGND).unwrap();
        let first = u32::from_le_bytes(
            data[chunk.body_offset() as usize + 4..][..4]
                .try_into()
                .unwrap(),
        );
        let mut bare = data.clone();
        bare[first as usize + 16..][..4].fill(0);
        let listed = view(&bare, "BGND");
        assert_eq!(listed[0]["name"], want[0], "{name}");
        assert!(listed[0]["texture item"].is_null(), "{name}");
        seen = true;
    }
    assert!(
        seen || games("gamemaker_views").is_empty(),
        "no game has backgrounds"
    );
}

#[test]
fn variables_and_functions_are_listed_as_the_chunks_hold_them() {
    let games = games("gamemaker_views");
    // Built-in variables may be listed unused; across every game, names are used.
    let mut used = 0;
    for (name, data) in &games {
        let g = game::read(data).unwrap();
        let tables = refs::reference_tables(&g.form, g.gen8.bytecode);
        for (chunk, key) in [("VARI", "variables"), ("FUNC", "functions")] {
            let Some(&(.., n)) = tables.iter().find(|(c, ..)| c.name.to_string() == chunk) else {
                continue;
            };
            let listed = view(data, chunk);
            let listed = listed[key].as_array().unwrap();
            assert_eq!(listed.len() as u64, n, "{name}: {chunk}");
            for e in listed {
                assert!(!e["name"].as_str().unwrap().is_empty(), "{name}: {e}");
                assert!(e["occurrences"].is_u64(), "{name}: {e}");
                if chunk == "VARI" && g.gen8.bytecode >= 15 {
                    assert!(
                        e["instance type"].is_i64() && e["id"].is_i64(),
                        "{name}: {e}"
                    );
                }
            }
            used += listed
                .iter()
                .map(|e| e["occurrences"].as_u64().unwrap())
                .sum::<u64>();
        }
    }

    assert!(used > 0 || games.is_empty());

    // variables.json is VARI itself: a variable renamed there is renamed in the
    // game, and the code that reads it follows, since code names it by its entry.
    let Some((_, data)) = games.first() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(data, tmp.path(), &Default::default(), &Default::default())
        .unwrap();
    let file = tmp.path().join("variables.json");
    let mut vars: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    vars["variables"][0]["name"] = "renamed".into();
    std::fs::write(&file, serde_json::to_vec_pretty(&vars).unwrap()).unwrap();
    let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert!(packed.unused.is_empty(), "{:?}", packed.unused);
    assert!(handler()
        .check(&packed.bytes, &Default::default())
        .problems
        .is_empty());
    let after = model::read(&packed.bytes).unwrap();
    let renamed = after.get::<Variables>().unwrap().variables[0].name.unwrap();
    assert_eq!(after.texts()[renamed.0 as usize], "renamed");
}

/// The little-endian u32 at `at`, as an offset; 0 past the end.
fn get(data: &[u8], at: usize) -> usize {
    data.get(at..at.saturating_add(4))
        .map_or(0, |b| u32::from_le_bytes(b.try_into().unwrap()) as usize)
}

/// `data` with the pointer at `at` set to 0.
fn zeroed(data: &[u8], at: usize) -> Vec<u8> {
    let mut out = data.to_vec();
    out[at..at + 4].fill(0);
    out
}

/// The records of `chunk`'s pointer list.
fn records(data: &[u8], chunk: &str) -> Vec<usize> {
    let body = container::read(data)
        .unwrap()
        .chunk(chunk.parse().unwrap())
        .unwrap()
        .body_offset() as usize;
    (0..get(data, body))
        .map(|k| get(data, body + 4 + 4 * k))
        .collect()
}

/// Where the pointer list at `list` (a count, then pointers) has its slot `k`.
fn slot_at(list: usize, k: usize) -> usize {
    list + 4 + 4 * k
}

/// `edited` extracts and packs back to itself.
fn round_trips(name: &str, edited: &[u8]) {
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(edited, tmp.path(), &Default::default(), &Default::default())
        .unwrap();
    let out = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert!(out.unused.is_empty(), "{name}: {:?}", out.unused);
    assert!(out.bytes == edited, "{name}");
}

/// A pointer-list slot inside a record: the list's offset, the slot, and where the
/// list is in its chunk's view (a JSON pointer).
struct Slot {
    chunk: &'static str,
    list: usize,
    k: usize,
    json: String,
}

/// Nulls `slot` in `data` and checks that its list in the view keeps its length,
/// reads null in the slot's place and is unchanged elsewhere.
fn null_reads_in_place(name: &str, data: &[u8], slot: &Slot) -> Vec<u8> {
    let edited = zeroed(data, slot_at(slot.list, slot.k));
    let (before, after) = (view(data, slot.chunk), view(&edited, slot.chunk));
    let list = |v: &Value| v.pointer(&slot.json).unwrap().as_array().unwrap().clone();
    let (old, new) = (list(&before), list(&after));
    let (k, at) = (slot.k, format!("{name}: {}{}", slot.chunk, slot.json));
    assert_eq!(new.len(), old.len(), "{at}");
    assert!(new[k].is_null() && !old[k].is_null(), "{at}: {}", new[k]);
    assert_eq!(new[..k], old[..k], "{at}");
    assert_eq!(new[k + 1..], old[k + 1..], "{at}");
    edited
}

/// An object's event-type list: where the layout with or without the `managed`
/// field has a list whose first event list starts right after it.
fn event_types(data: &[u8], object: usize) -> usize {
    [0, 4]
        .into_iter()
        .map(|managed| object + 80 + managed + 8 * get(data, object + 64 + managed))
        .find(|&list| {
            let n = get(data, list);
            n > 0 && get(data, slot_at(list, 0)) == slot_at(list, n)
        })
        .unwrap()
}

/// One slot of each kind of list inside records that `data` has, by kind: room
/// instances, room layers, font glyphs, object events and an event's actions.
fn inner_slots(data: &[u8]) -> [Option<Slot>; 5] {
    let mut out: [Option<Slot>; 5] = Default::default();
    let mut offer = |kind: usize, chunk, list, k, json| {
        out[kind].get_or_insert(Slot {
            chunk,
            list,
            k,
            json,
        });
    };
    let rooms = view(data, "ROOM");
    for (i, &room) in records(data, "ROOM").iter().enumerate() {
        if rooms[i]["instances"].as_array().unwrap().len() >= 2 {
            offer(
                0,
                "ROOM",
                get(data, room + 48),
                1,
                format!("/{i}/instances"),
            );
        }
        let layers = rooms[i]["layers"].as_array().map_or(0, Vec::len);
        let list = [88, 92]
            .map(|off| get(data, room + off))
            .into_iter()
            .find(|&l| l != 0 && get(data, l) == layers);
        if let (true, Some(list)) = (layers >= 2, list) {
            offer(1, "ROOM", list, 0, format!("/{i}/layers"));
        }
    }
    let fonts = view(data, "FONT");
    for (i, &font) in records(data, "FONT").iter().enumerate() {
        let glyphs = fonts[i]["glyphs"].as_array().unwrap().len();
        let list = (40..=56)
            .map(|off| font + off)
            .find(|&l| get(data, l) == glyphs && get(data, slot_at(l, 0)) == slot_at(l, glyphs));
        // Not the first glyph: the glyph list is found by its first glyph.
        if let (true, Some(list)) = (glyphs >= 2, list) {
            offer(2, "FONT", list, 1, format!("/{i}/glyphs"));
        }
    }
    let objects = view(data, "OBJT");
    for (i, &object) in records(data, "OBJT").iter().enumerate() {
        let events = objects[i]["events"].as_array().unwrap();
        let types = event_types(data, object);
        for kind in 0..get(data, types) {
            let Some(k) = events.iter().position(|e| e["type"] == kind) else {
                continue;
            };
            let list = get(data, slot_at(types, kind));
            offer(3, "OBJT", list, 0, format!("/{i}/events"));
            let actions = get(data, slot_at(list, 0)) + 4;
            if get(data, actions) > 0 {
                offer(4, "OBJT", actions, 0, format!("/{i}/events/{k}/code"));
            }
        }
    }
    out
}

#[test]
fn a_null_slot_in_a_records_own_list_reads_as_null_in_its_place() {
    let mut seen = [false; 5];
    for (name, data) in &games("gamemaker_views") {
        for (kind, slot) in inner_slots(data).into_iter().enumerate() {
            if let (false, Some(slot)) = (seen[kind], slot) {
                round_trips(name, &null_reads_in_place(name, data, &slot));
                seen[kind] = true;
            }
        }
    }
    assert!(
        seen.iter().all(|&s| s) || games("gamemaker_views").is_empty(),
        "{seen:?}"
    );
}

#[test]
fn gamemaker_2_backgrounds_give_their_tile_sets() {
    let mut seen = false;
    for (name, data) in &with_backgrounds() {
        let g = game::read(data).unwrap();
        for (k, b) in view(data, "BGND").as_array().unwrap().iter().enumerate() {
            let set = &b["tile set"];
            if g.gen8.version[0] < 2 {
                assert!(set.is_null(), "{name}: {set}");
                continue;
            }
            let n = |v: &Value| v.as_u64().unwrap_or_else(|| panic!("{name}: {set}"));
            let (columns, tiles, frames) = (
                n(&set["columns"]),
                n(&set["tiles"]),
                n(&set["frames per tile"]),
            );
            // The texture holds the tiles in rows of `columns`, a border around each.
            let cell = [
                n(&set["tile width"]) + 2 * n(&set["border"][0]),
                n(&set["tile height"]) + 2 * n(&set["border"][1]),
            ];
            let [width, height] = g.item(g.backgrounds[k].items[0]).unwrap().bounding;
            assert_eq!(u64::from(width), columns * cell[0], "{name}: {set}");
            assert_eq!(u64::from(height) % cell[1], 0, "{name}: {set}");
            let rows = u64::from(height) / cell[1];
            assert!(
                tiles <= columns * rows && tiles > columns * (rows - 1),
                "{name}: {set}"
            );
            let ids = set["tile ids"].as_array().unwrap();
            assert_eq!(ids.len() as u64, tiles * frames, "{name}");
            assert!(ids.iter().all(|id| n(id) < columns * rows), "{name}");
            assert!(set["frame length"].as_i64().unwrap() > 0, "{name}");
            seen = true;
        }
    }
    assert!(
        seen || games("gamemaker_views").is_empty(),
        "no game has a tile set"
    );
}

/// A string edit changes what every view naming that string would show, but views the
/// user did not touch are not theirs to report: pack stays quiet about them.
#[test]
fn a_string_edit_leaves_untouched_views_quiet() {
    let Some((name, data)) = games("gamemaker_views").into_iter().next() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(&data, tmp.path(), &Default::default(), &Default::default())
        .unwrap();
    let objects = view(&data, "OBJT");
    let object = objects[0]["name"].as_str().unwrap().to_string();
    let file = tmp.path().join("strings.json");
    let mut strings: Vec<String> = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let k = strings.iter().position(|s| *s == object).unwrap();
    strings[k] = format!("{object}_renamed");
    std::fs::write(&file, serde_json::to_vec_pretty(&strings).unwrap()).unwrap();
    let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert!(packed.unused.is_empty(), "{name}: {:?}", packed.unused);
    let renamed = view(&packed.bytes, "OBJT");
    assert_eq!(renamed[0]["name"], format!("{object}_renamed"), "{name}");
}
