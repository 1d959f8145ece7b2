//! Null slots in real games' resource tables (2024.11 writes them): every later
//! record keeps its index, which is how other records refer to it. A null slot in a
//! list inside a record keeps its place too. The model writes and reads such slots
//! back; a slot nulled in the bytes, which leaves its record behind where GameMaker
//! would not, keeps the chunk as stored and still extracts and packs back.

use std::fmt::Debug;

use crate::common;

use gamepak::formats::gamemaker::model::chunks::{
    backgrounds::Backgrounds,
    events::Events,
    fonts::Fonts,
    objects::Objects,
    room::{Room, Rooms},
    sprites::Sprites,
    symbols::{Functions, Variables},
    texture_items::TextureItems,
};
use gamepak::formats::gamemaker::model::{self, wire::StrId};
use gamepak::formats::gamemaker::{binary::container, bytecode::disassemble, views::file_view};
use gamepak::FourCC;
use gamepak::{Format, Handler};
use serde_json::Value;

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// The first twenty real games, smallest first: the probes below find lists by
/// their offsets in those games' record layouts, and the newer games hold null
/// slots of their own already (a 2024.14 game's first two sprites).
fn games() -> Vec<(String, Vec<u8>)> {
    let mut out = common::gamemaker_games_in("gamemaker_null_slots", "gamemaker");
    out.sort_by_key(|(name, data)| (data.len(), name.clone()));
    out
}

/// The text of string `id` in `m`.
fn text<'m>(m: &'m model::Game<'_>, id: Option<StrId>) -> &'m str {
    &m.texts()[id.unwrap().0 as usize]
}

/// The paths `list` gives for the frames a sprite's folder holds (not its masks,
/// which come from its model).
fn frame_paths(data: &[u8], sprite: &str) -> Vec<String> {
    let prefix = format!("sprites/{sprite}/");
    let mut paths: Vec<String> = handler()
        .open(data, &Default::default())
        .list()
        .unwrap()
        .value
        .into_iter()
        .filter(|e| e.path.contains(&prefix) && e.kind == gamepak::assets::Kind::Sprite)
        .map(|e| e.path)
        .collect();
    paths.sort();
    paths
}

/// A pointer list in the model: a chunk's own, or one inside a record (by the
/// record's index, and for an object's events the event type).
#[derive(Clone, Copy, Debug)]
enum List {
    Sprites,
    Instances(usize),
    Layers(usize),
    Glyphs(usize),
    Events(usize, usize),
    /// The actions of the first event of an object's type.
    Actions(usize, usize),
}

impl List {
    fn chunk(self) -> FourCC {
        match self {
            List::Sprites => FourCC::SPRT,
            List::Instances(_) | List::Layers(_) => FourCC::ROOM,
            List::Glyphs(_) => FourCC::FONT,
            List::Events(..) | List::Actions(..) => FourCC::OBJT,
        }
    }
}

/// Each entry of `list` in `m` (`None` for a null slot), shown, after setting slot
/// `null` to null when one is given.
fn entries(m: &mut model::Game<'_>, list: List, null: Option<usize>) -> Vec<Option<String>> {
    fn shown<T: Debug>(v: &mut [Option<T>], null: Option<usize>) -> Vec<Option<String>> {
        if let Some(k) = null {
            v[k] = None;
        }
        v.iter()
            .map(|e| e.as_ref().map(|e| format!("{e:?}")))
            .collect()
    }
    fn room<'m>(m: &'m mut model::Game<'_>, i: usize) -> &'m mut Room {
        m.get_mut::<Rooms>().unwrap().rooms[i].as_mut().unwrap()
    }
    fn events<'m>(m: &'m mut model::Game<'_>, object: usize, kind: usize) -> &'m mut Events {
        let object = m.get_mut::<Objects>().unwrap().objects[object].as_mut();
        object.unwrap().events[kind].as_mut().unwrap()
    }
    match list {
        List::Sprites => shown(&mut m.get_mut::<Sprites>().unwrap().sprites, null),
        List::Instances(i) => shown(&mut room(m, i).instances, null),
        List::Layers(i) => shown(&mut room(m, i).layers, null),
        List::Glyphs(i) => {
            let font = m.get_mut::<Fonts>().unwrap().fonts[i].as_mut().unwrap();
            shown(&mut font.glyphs, null)
        }
        List::Events(object, kind) => shown(&mut events(m, object, kind).events, null),
        List::Actions(object, kind) => {
            let event = events(m, object, kind).events[0].as_mut().unwrap();
            shown(&mut event.actions, null)
        }
    }
}

/// Nulls slot `k` of `list` in the model of `data`, writes it and reads it back: the
/// list keeps its length, holds null in the slot's place and is unchanged elsewhere.
fn null_keeps_its_place(name: &str, data: &[u8], list: List, k: usize) {
    let at = format!("{name}: {list:?}");
    let mut m = model::read(data).unwrap();
    let before = entries(&mut m, list, None);
    entries(&mut m, list, Some(k));
    let written = m.write().unwrap_or_else(|e| panic!("{at}: {e}"));
    let mut back = model::read(&written).unwrap();
    assert!(back.stored().is_empty(), "{at}: {:?}", back.stored());
    let after = entries(&mut back, list, None);
    assert_eq!(after.len(), before.len(), "{at}");
    assert!(after[k].is_none() && before[k].is_some(), "{at}");
    assert_eq!(after[..k], before[..k], "{at}");
    assert_eq!(after[k + 1..], before[k + 1..], "{at}");
}

/// `edited`, whose `chunk` has a slot nulled in its bytes: the model keeps the chunk
/// as stored, and the file extracts and packs back to itself.
fn kept_as_stored_and_round_trips(name: &str, edited: &[u8], chunk: FourCC) {
    let stored = model::read(edited).unwrap().stored();
    assert!(
        stored.iter().any(|s| s.starts_with(&chunk.to_string())),
        "{name}: {chunk}: {stored:?}"
    );
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .open(edited, &Default::default())
        .extract(tmp.path(), &Default::default())
        .unwrap();
    let out = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert!(out.unused.is_empty(), "{name}: {:?}", out.unused);
    assert!(out.bytes == edited, "{name}");
}

#[test]
fn a_null_sprite_slot_keeps_every_later_index() {
    let games = games();
    let mut packed = false;
    for (name, data) in &games {
        let before = file_view::read(data).unwrap();
        if before.sprites.len() < 3 || before.sprites[2].items.is_empty() {
            continue;
        }
        null_keeps_its_place(name, data, List::Sprites, 1);

        let edited = zeroed(data, slot_at(chunk_body(data, FourCC::SPRT), 1));
        let after = file_view::read(&edited).unwrap();
        // The record left behind is not where GameMaker would lay the list out:
        // check says the model keeps the chunk as stored.
        let report = handler().open(&edited, &Default::default()).check();
        assert!(
            report
                .problems
                .iter()
                .any(|p| p.path.contains("SPRT") && p.message.contains("pack keeps SPRT as stored")),
            "{name}: {}",
            report.lines()
        );
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
            kept_as_stored_and_round_trips(name, &edited, FourCC::SPRT);
            packed = true;
        }
    }
    assert!(packed || games.is_empty(), "no game has three sprites");
}

/// The real games that have backgrounds.
fn with_backgrounds() -> Vec<(String, Vec<u8>)> {
    let mut out = games();
    out.retain(|(_, data)| !file_view::read(data).unwrap().backgrounds.is_empty());
    out
}

#[test]
fn backgrounds_are_listed_by_name_with_or_without_a_texture() {
    let mut seen = false;
    for (name, data) in &with_backgrounds() {
        let g = file_view::read(data).unwrap();
        let m = model::read(data).unwrap();
        let listed = &m.get::<Backgrounds>().unwrap().backgrounds;
        let names: Vec<&str> = listed
            .iter()
            .map(|b| text(&m, b.as_ref().unwrap().name))
            .collect();
        let want: Vec<&str> = g.backgrounds.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, want, "{name}");
        assert!(listed[0].as_ref().unwrap().texture.is_some(), "{name}");

        // The first background without its texture: still listed, under its name.
        let first = get(data, slot_at(chunk_body(data, FourCC::BGND), 0));
        let bare = zeroed(data, first + 16);
        let m = model::read(&bare).unwrap();
        let first = m.get::<Backgrounds>().unwrap().backgrounds[0].as_ref();
        let first = first.unwrap();
        assert_eq!(text(&m, first.name), want[0], "{name}");
        assert!(first.texture.is_none(), "{name}");
        seen = true;
    }
    assert!(seen || games().is_empty(), "no game has backgrounds");
}

#[test]
fn variables_and_functions_are_listed_as_the_chunks_hold_them() {
    let games = games();
    // Built-in variables may be listed unused; across every game, names are used.
    let mut used = 0;
    for (name, data) in &games {
        let g = file_view::read(data).unwrap();
        let m = model::read(data).unwrap();
        let variables = m.get::<Variables>().map_or(&[][..], |v| &v.variables);
        let functions = m.get::<Functions>().map_or(&[][..], |f| &f.functions);
        let names = variables.iter().map(|v| v.name);
        for entry in names.chain(functions.iter().map(|f| f.name)) {
            assert!(!text(&m, entry).is_empty(), "{name}");
        }
        // Every entry the code uses, as the occurrence chains through CODE find it.
        for chain in disassemble::names(&g).chains {
            let (entry, uses, instance) = if chain.call {
                let f = &functions[chain.entry];
                (f.name, f.uses.count, 0)
            } else {
                let v = &variables[chain.entry];
                (v.name, v.uses.count, v.instance_type)
            };
            let at = format!("{name}: {}", chain.name);
            assert_eq!(text(&m, entry), chain.name, "{at}");
            assert_eq!(instance, chain.instance, "{at}");
            assert!(uses > 0, "{at}");
            used += uses;
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
        .open(data, &Default::default())
        .extract(tmp.path(), &Default::default())
        .unwrap();
    let file = tmp.path().join("variables.json");
    let mut vars: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    vars["variables"][0]["name"] = "renamed".into();
    std::fs::write(&file, serde_json::to_vec_pretty(&vars).unwrap()).unwrap();
    let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert!(packed.unused.is_empty(), "{:?}", packed.unused);
    assert!(handler()
        .open(&packed.bytes, &Default::default())
        .check()
        .problems
        .is_empty());
    let after = model::read(&packed.bytes).unwrap();
    let renamed = after.get::<Variables>().unwrap().variables[0].name;
    assert_eq!(text(&after, renamed), "renamed");
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

/// Where `chunk`'s body, and so its pointer list, starts.
fn chunk_body(data: &[u8], chunk: FourCC) -> usize {
    container::read(data)
        .unwrap()
        .chunk(chunk)
        .unwrap()
        .body_offset() as usize
}

/// The records of `chunk`'s pointer list.
fn records(data: &[u8], chunk: FourCC) -> Vec<usize> {
    let body = chunk_body(data, chunk);
    (0..get(data, body))
        .map(|k| get(data, slot_at(body, k)))
        .collect()
}

/// Where the pointer list at `list` (a count, then pointers) has its slot `k`.
fn slot_at(list: usize, k: usize) -> usize {
    list + 4 + 4 * k
}

/// A pointer-list slot inside a record: the list in the model, where the list is in
/// the file, and the slot.
struct Slot {
    list: List,
    at: usize,
    k: usize,
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
    let mut offer = |kind: usize, list, at, k| {
        out[kind].get_or_insert(Slot { list, at, k });
    };
    let m = model::read(data).unwrap();
    let rooms = m.get::<Rooms>().map_or(&[][..], |r| &r.rooms);
    for (i, (room, at)) in rooms.iter().zip(records(data, FourCC::ROOM)).enumerate() {
        let room = room.as_ref().unwrap();
        if room.instances.len() >= 2 {
            offer(0, List::Instances(i), get(data, at + 48), 1);
        }
        let layers = room.layers.len();
        let list = [88, 92]
            .map(|off| get(data, at + off))
            .into_iter()
            .find(|&l| l != 0 && get(data, l) == layers);
        if let (true, Some(list)) = (layers >= 2, list) {
            offer(1, List::Layers(i), list, 0);
        }
    }
    let fonts = m.get::<Fonts>().map_or(&[][..], |f| &f.fonts);
    for (i, (font, at)) in fonts.iter().zip(records(data, FourCC::FONT)).enumerate() {
        let glyphs = font.as_ref().unwrap().glyphs.len();
        let list = (40..=56)
            .map(|off| at + off)
            .find(|&l| get(data, l) == glyphs && get(data, slot_at(l, 0)) == slot_at(l, glyphs));
        // Not the first glyph: the glyph list is found by its first glyph.
        if let (true, Some(list)) = (glyphs >= 2, list) {
            offer(2, List::Glyphs(i), list, 1);
        }
    }
    let objects = m.get::<Objects>().map_or(&[][..], |o| &o.objects);
    for (i, (object, at)) in objects.iter().zip(records(data, FourCC::OBJT)).enumerate() {
        let types = event_types(data, at);
        for (kind, events) in object.as_ref().unwrap().events.iter().enumerate() {
            let Some(Some(first)) = events.as_ref().and_then(|e| e.events.first()) else {
                continue;
            };
            let list = get(data, slot_at(types, kind));
            offer(3, List::Events(i, kind), list, 0);
            if !first.actions.is_empty() {
                let actions = get(data, slot_at(list, 0)) + 4;
                offer(4, List::Actions(i, kind), actions, 0);
            }
        }
    }
    out
}

#[test]
fn a_null_slot_in_a_records_own_list_keeps_every_later_index() {
    let games = games();
    let mut seen = [false; 5];
    for (name, data) in &games {
        for (kind, slot) in inner_slots(data).into_iter().enumerate() {
            if let (false, Some(Slot { list, at, k })) = (seen[kind], slot) {
                null_keeps_its_place(name, data, list, k);
                let edited = zeroed(data, slot_at(at, k));
                kept_as_stored_and_round_trips(name, &edited, list.chunk());
                seen[kind] = true;
            }
        }
    }
    assert!(seen.iter().all(|&s| s) || games.is_empty(), "{seen:?}");
}

#[test]
fn gamemaker_2_backgrounds_give_their_tile_sets() {
    let mut seen = false;
    for (name, data) in &with_backgrounds() {
        let g = file_view::read(data).unwrap();
        let m = model::read(data).unwrap();
        let items = &m.get::<TextureItems>().unwrap().items;
        for b in &m.get::<Backgrounds>().unwrap().backgrounds {
            let b = b.as_ref().unwrap();
            let Some(set) = &b.tiles else {
                assert!(g.gen8.version[0] < 2, "{name}: no tile set");
                continue;
            };
            assert!(g.gen8.version[0] >= 2, "{name}: {set:?}");
            let columns = set.columns;
            // The texture holds the tiles in rows of `columns`, a border around each.
            let cell = [0, 1].map(|k| set.tile_size[k] + 2 * set.border[k]);
            let item = items[b.texture.unwrap().0 as usize].as_ref().unwrap();
            let [width, height] = item.bounds.map(u32::from);
            assert_eq!(width, columns * cell[0], "{name}: {set:?}");
            assert_eq!(height % cell[1], 0, "{name}: {set:?}");
            let rows = height / cell[1];
            let tiles = set.tile_count;
            assert!(
                tiles <= columns * rows && tiles > columns * (rows - 1),
                "{name}: {set:?}"
            );
            assert_eq!(
                set.tile_ids.len() as u32,
                tiles * set.frames_per_tile,
                "{name}"
            );
            assert!(set.tile_ids.iter().all(|&id| id < columns * rows), "{name}");
            assert!(set.frame_length > 0, "{name}");
            seen = true;
        }
    }
    assert!(seen || games().is_empty(), "no game has a tile set");
}

/// A string edit changes what every record naming that string would show, but
/// records the user did not touch are not theirs to report: pack stays quiet about
/// them.
#[test]
fn a_string_edit_leaves_untouched_records_quiet() {
    let Some((name, data)) = games().into_iter().next() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    handler()
        .open(&data, &Default::default())
        .extract(tmp.path(), &Default::default())
        .unwrap();
    let first_object = |m: &model::Game<'_>| {
        let objects = &m.get::<Objects>().unwrap().objects;
        text(m, objects[0].as_ref().unwrap().name).to_string()
    };
    let object = first_object(&model::read(&data).unwrap());
    let file = tmp.path().join("strings.json");
    let mut strings: Vec<String> = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let k = strings.iter().position(|s| *s == object).unwrap();
    strings[k] = format!("{object}_renamed");
    std::fs::write(&file, serde_json::to_vec_pretty(&strings).unwrap()).unwrap();
    let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert!(packed.unused.is_empty(), "{name}: {:?}", packed.unused);
    let renamed = first_object(&model::read(&packed.bytes).unwrap());
    assert_eq!(renamed, format!("{object}_renamed"), "{name}");
}
