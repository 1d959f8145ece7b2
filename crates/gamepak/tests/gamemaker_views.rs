//! The JSON views of real games, and what they keep when a resource table holds a
//! null slot (2024.11 writes them): every later record keeps its index, which is how
//! other records refer to it.

mod common;

use gamepak::formats::gamemaker::{container, game, refs, resources};
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
    resources::view(&g.form, chunk, &g.code).unwrap().unwrap()
}

/// The paths `list` gives for one sprite's frames.
fn frame_paths(data: &[u8], sprite: &str) -> Vec<String> {
    let prefix = format!("sprites/{sprite}/");
    let mut paths: Vec<String> = handler()
        .list(data)
        .unwrap()
        .into_iter()
        .filter(|e| e.path.contains(&prefix))
        .map(|e| e.path)
        .collect();
    paths.sort();
    paths
}

/// `data` with pointer `slot` of `chunk`'s list set to 0.
fn null_slot(data: &[u8], chunk: &str, slot: usize) -> Vec<u8> {
    let at = container::read(data)
        .unwrap()
        .chunk(chunk)
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
                .extract(&edited, tmp.path(), &Default::default())
                .unwrap();
            let out = gamepak::pack(tmp.path()).unwrap();
            assert!(out.unused.is_empty(), "{name}: {:?}", out.unused);
            assert!(out.bytes == edited, "{name}");
            packed = true;
        }
    }
    assert!(packed || games.is_empty(), "no game has three sprites");
}

#[test]
fn backgrounds_are_listed_by_name_with_or_without_a_texture() {
    let mut seen = false;
    for (name, data) in &games("gamemaker_views") {
        let g = game::read(data).unwrap();
        if g.backgrounds.is_empty() {
            continue;
        }
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
        let chunk = chunk.chunk("BGND").unwrap();
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
            let Some(&(.., n)) = tables.iter().find(|(c, ..)| c.name == chunk) else {
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

    // An edited view is not packed, and pack says so.
    let Some((_, data)) = games.first() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(data, tmp.path(), &Default::default())
        .unwrap();
    let file = tmp.path().join("resources/variables.json");
    let mut vars: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    vars["variables"][0]["name"] = "renamed".into();
    std::fs::write(&file, serde_json::to_vec_pretty(&vars).unwrap()).unwrap();
    let packed = gamepak::pack(tmp.path()).unwrap();
    assert!(packed.bytes == *data);
    let unused: Vec<&str> = packed.unused.iter().map(|u| u.file.as_str()).collect();
    assert_eq!(unused, ["resources/variables.json"]);
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
        .chunk(chunk)
        .unwrap()
        .body_offset() as usize;
    (0..get(data, body))
        .map(|k| get(data, body + 4 + 4 * k))
        .collect()
}

/// Where the pointer list at `list` (a count, then pointers) has its slot `k`.
fn slot(list: usize, k: usize) -> usize {
    list + 4 + 4 * k
}

/// `edited` extracts and packs back to itself.
fn round_trips(name: &str, edited: &[u8]) {
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .extract(edited, tmp.path(), &Default::default())
        .unwrap();
    let out = gamepak::pack(tmp.path()).unwrap();
    assert!(out.unused.is_empty(), "{name}: {:?}", out.unused);
    assert!(out.bytes == edited, "{name}");
}

/// Nulls `at` in `data` and checks that `list` (read by `pick` from `chunk`'s view)
/// keeps its length, reads null at `k` and is unchanged elsewhere.
fn null_reads_in_place(
    name: &str,
    data: &[u8],
    chunk: &str,
    at: usize,
    k: usize,
    pick: impl Fn(&Value) -> &Value,
) -> Vec<u8> {
    let edited = zeroed(data, at);
    let (before, after) = (view(data, chunk), view(&edited, chunk));
    let (old, new) = (
        pick(&before).as_array().unwrap(),
        pick(&after).as_array().unwrap(),
    );
    assert_eq!(new.len(), old.len(), "{name}: {chunk}");
    assert!(new[k].is_null(), "{name}: {chunk}: {}", new[k]);
    assert!(!old[k].is_null(), "{name}: {chunk}");
    assert_eq!(new[..k], old[..k], "{name}: {chunk}");
    assert_eq!(new[k + 1..], old[k + 1..], "{name}: {chunk}");
    edited
}

/// The slot of an object's event-type list: the layout with or without the
/// `managed` field whose list has its first event list right after it.
fn event_types(data: &[u8], object: usize) -> usize {
    [0, 4]
        .into_iter()
        .map(|managed| object + 80 + managed + 8 * get(data, object + 64 + managed))
        .find(|&list| {
            let n = get(data, list);
            n > 0 && get(data, slot(list, 0)) == slot(list, n)
        })
        .unwrap()
}

#[test]
fn a_null_slot_in_a_records_own_list_reads_as_null_in_its_place() {
    // Room instances, room layers, font glyphs, object events, event actions.
    let mut seen = [false; 5];
    for (name, data) in &games("gamemaker_views") {
        let mut edits = Vec::new();
        let rooms = view(data, "ROOM");
        for (i, &room) in records(data, "ROOM").iter().enumerate() {
            let n = rooms[i]["instances"].as_array().unwrap().len();
            if !seen[0] && n >= 2 {
                let at = slot(get(data, room + 48), 1);
                edits.push((
                    0,
                    null_reads_in_place(name, data, "ROOM", at, 1, |v| &v[i]["instances"]),
                ));
            }
            let layers = rooms[i]["layers"].as_array().map_or(0, Vec::len);
            let list = [88, 92]
                .map(|off| get(data, room + off))
                .into_iter()
                .find(|&l| l != 0 && get(data, l) == layers);
            if let (false, true, Some(list)) = (seen[1], layers >= 2, list) {
                let at = slot(list, 0);
                edits.push((
                    1,
                    null_reads_in_place(name, data, "ROOM", at, 0, |v| &v[i]["layers"]),
                ));
            }
        }
        let fonts = view(data, "FONT");
        for (i, &font) in records(data, "FONT").iter().enumerate() {
            let glyphs = fonts[i]["glyphs"].as_array().unwrap().len();
            let list = (40..=56)
                .map(|off| font + off)
                .find(|&l| get(data, l) == glyphs && get(data, slot(l, 0)) == slot(l, glyphs));
            if let (false, true, Some(list)) = (seen[2], glyphs >= 2, list) {
                let at = slot(list, 1);
                edits.push((
                    2,
                    null_reads_in_place(name, data, "FONT", at, 1, |v| &v[i]["glyphs"]),
                ));
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
                let list = get(data, slot(types, kind));
                if !seen[3] {
                    let at = slot(list, 0);
                    edits.push((
                        3,
                        null_reads_in_place(name, data, "OBJT", at, k, |v| &v[i]["events"]),
                    ));
                }
                let actions = get(data, slot(list, 0)) + 4;
                if !seen[4] && get(data, actions) >= 1 {
                    let at = slot(actions, 0);
                    edits.push((
                        4,
                        null_reads_in_place(name, data, "OBJT", at, 0, |v| {
                            &v[i]["events"][k]["code"]
                        }),
                    ));
                }
            }
        }
        for (kind, edited) in edits {
            if !seen[kind] {
                round_trips(name, &edited);
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
    for (name, data) in &games("gamemaker_views") {
        let g = game::read(data).unwrap();
        if g.backgrounds.is_empty() {
            continue;
        }
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
