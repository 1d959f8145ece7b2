//! The extracted folder as the project, on real games of every era (GameMaker:
//! Studio 1, 2.0, 2.3, 2022, 2024): a resource file edited, added or broken by hand
//! is packed into a game that checks clean and reads back with the change, or is
//! refused with the file and the place inside it.

use crate::common;

use std::path::Path;

use common::folder::{
    extracted_games, first_file, instance_x, move_an_instance, packed_clean, read_json, write_json,
};
use gamepak::{ExtractOptions, Format, Handler};
use serde_json::Value;

const ERAS: [&str; 5] = [
    "KappaTrooper.win",
    "AKKIO_Raarwmageddon.win",
    "Andreasholmbrg_Chonko.win",
    "P-Hansen_paramecium.win",
    "VVoytec_Simple-Auto-Battler.unx",
];

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// Each game of [`ERAS`] the fixtures hold, extracted into a folder of its own.
fn extracted(test: &str) -> Vec<(&'static str, Vec<u8>, tempfile::TempDir)> {
    extracted_games(test, &ERAS)
}

fn has_instances(room: &Value) -> bool {
    room["instances"]
        .as_array()
        .is_some_and(|l| l.iter().any(|i| !i.is_null()))
}

#[test]
fn an_unchanged_folder_packs_to_the_game() {
    for (name, data, out) in extracted("gamemaker_folder unchanged") {
        let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
        assert!(packed.bytes == data, "{name}");
        assert!(packed.unused.is_empty(), "{name}: {:?}", packed.unused);
        assert!(
            !out.path().join("chunks").exists(),
            "{name}: a chunk was kept as stored"
        );
    }
}

#[test]
fn an_instance_moved_in_its_room_file_moves_in_the_game() {
    for (name, _, out) in extracted("gamemaker_folder instance") {
        let (file, id, x) = move_an_instance(out.path()).unwrap();
        let (_, again) = packed_clean(name, out.path());
        assert_eq!(
            instance_x(again.path(), out.path(), &file, &id),
            x,
            "{name}"
        );
    }
}

#[test]
fn a_room_file_added_to_the_folder_is_a_room_of_the_game() {
    for (name, _, out) in extracted("gamemaker_folder new room") {
        let rooms = out.path().join("rooms");
        let file = first_file(&rooms, |_| true).unwrap();
        let count = std::fs::read_dir(&rooms).unwrap().count();
        let mut room = read_json(&file);
        room["name"] = "rm_added_by_a_test".into();
        // An instance id names one instance in the game: the copy's get new ones.
        renumber_instances(&mut room, 900_000);
        write_json(&rooms.join("rm_added_by_a_test.json"), &room);
        let (_, again) = packed_clean(name, out.path());
        let added = again
            .path()
            .join(format!("rooms/{count:03}-rm_added_by_a_test.json"));
        assert!(added.is_file(), "{name}: {}", added.display());
        assert_eq!(read_json(&added)["width"], room["width"], "{name}");
    }
}

/// Gives a room's instances the ids from `first` on, in its layers and creation
/// order too.
fn renumber_instances(room: &mut serde_json::Value, first: i64) {
    let mut new = std::collections::HashMap::new();
    for (k, inst) in room["instances"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .enumerate()
    {
        let id = first + k as i64;
        new.insert(inst["id"].as_i64().unwrap(), id);
        inst["id"] = id.into();
    }
    let renumber = |list: &mut serde_json::Value| {
        for id in list.as_array_mut().into_iter().flatten() {
            *id = new[&id.as_i64().unwrap()].into();
        }
    };
    for layer in room["layers"].as_array_mut().into_iter().flatten() {
        if let Some(list) = layer.get_mut("data").and_then(|d| d.get_mut("instances")) {
            renumber(list);
        }
    }
    if let Some(order) = room.get_mut("creation_order") {
        renumber(order);
    }
}

#[test]
fn an_object_property_edited_in_its_file_is_the_game_s() {
    for (name, _, out) in extracted("gamemaker_folder object") {
        let objects = out.path().join("objects");
        let file = first_file(&objects, |_| true).unwrap();
        let mut object = read_json(&file);
        let depth = object["depth"].as_i64().unwrap() - 7;
        object["depth"] = depth.into();
        object["visible"] = (!object["visible"].as_bool().unwrap()).into();
        write_json(&file, &object);
        let (_, again) = packed_clean(name, out.path());
        let now = read_json(&again.path().join(file.strip_prefix(out.path()).unwrap()));
        assert_eq!(now, object, "{name}");
    }
}

/// The first room file with an instance, its JSON, and where the instance is.
fn first_instance(out: &Path) -> (std::path::PathBuf, Value, usize) {
    let file = first_file(&out.join("rooms"), has_instances).unwrap();
    let room = read_json(&file);
    let k = room["instances"]
        .as_array()
        .unwrap()
        .iter()
        .position(|i| !i.is_null())
        .unwrap();
    (file, room, k)
}

#[test]
fn a_resource_file_naming_what_does_not_exist_is_refused_with_its_place() {
    for (name, _, out) in extracted("gamemaker_folder dangling") {
        let (file, mut room, k) = first_instance(out.path());
        room["instances"][k]["object"] = "obj_nobody_made".into();
        write_json(&file, &room);
        let e = gamepak::pack(out.path(), &Default::default())
            .unwrap_err()
            .to_string();
        let rel = file.strip_prefix(out.path()).unwrap().display().to_string();
        let place = format!("instances[{k}].object");
        assert!(
            e.contains(&rel) && e.contains(&place) && e.contains("obj_nobody_made"),
            "{name}: {e}"
        );
    }
}

/// A misspelt key in a room's instance is refused, naming the file, the place and
/// the field it most likely meant, on every real game: it used to be dropped.
#[test]
fn a_misspelt_field_is_refused_with_the_field_meant() {
    for (name, _, out) in extracted("gamemaker_folder misspelt") {
        let (file, mut room, k) = first_instance(out.path());
        let instance = room["instances"][k].as_object_mut().unwrap();
        let x = instance.remove("x").unwrap();
        instance.insert("xx".into(), x);
        write_json(&file, &room);
        let e = gamepak::pack(out.path(), &Default::default())
            .unwrap_err()
            .to_string();
        let rel = file.strip_prefix(out.path()).unwrap().display().to_string();
        let place = format!("instances[{k}].xx");
        assert!(
            e.contains(&rel) && e.contains(&place) && e.contains("did you mean `x`?"),
            "{name}: {e}"
        );
    }
}

/// A split chunk's other fields have a file of their own exactly where the folder's
/// layout says, on every real game: a file written but never listed, or listed but
/// never written, would break the round trip.
#[test]
fn a_split_chunk_has_a_rest_file_exactly_where_the_layout_says() {
    use gamepak::formats::gamemaker::{folder::layout, model};
    use std::sync::Arc;
    for (name, data) in common::gamemaker_games("gamemaker_folder rest") {
        let mut m = model::read(&data).unwrap();
        let shown = Arc::new(m.shown());
        for part in &mut m.chunks {
            if let Some(split) = part.body.split_to_json(&shown, true, &|_| true) {
                let place = layout::place(part.name);
                assert_eq!(
                    split.rest.is_some(),
                    place.rest().is_some(),
                    "{name}: {}",
                    part.name
                );
            }
        }
    }
}

/// A resource file that pack would pick up as added, or a resource folder, that is
/// a link leading out of the folder is refused, never read.
#[cfg(unix)]
#[test]
fn resource_links_that_leave_the_folder_are_refused() {
    let Some((name, _, out)) = extracted("gamemaker_folder links").into_iter().next() else {
        return;
    };
    let outside = tempfile::tempdir().unwrap();
    let rooms = out.path().join("rooms");
    let first = first_file(&rooms, |_| true).unwrap();
    let secret = outside.path().join("room.json");
    std::fs::copy(&first, &secret).unwrap();
    let link = rooms.join("zz_linked.json");
    std::os::unix::fs::symlink(&secret, &link).unwrap();
    let e = gamepak::pack(out.path(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("outside the folder"), "{name}: {e}");
    std::fs::remove_file(&link).unwrap();
    let moved = outside.path().join("rooms");
    std::fs::rename(&rooms, &moved).unwrap();
    std::os::unix::fs::symlink(&moved, &rooms).unwrap();
    let e = gamepak::pack(out.path(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("outside the folder"), "{name}: {e}");
}

/// The games with embedded sounds, of three eras (2.0, 2.3, 2024).
const WITH_SOUNDS: [&str; 3] = [
    "AdrianSima_Random-level-generation.win",
    "gir4ff3_space-nugs.win",
    "MistaCarson_Fall2024MiniJam.win",
];

/// The number of files in `folder`.
fn count(folder: &Path) -> usize {
    std::fs::read_dir(folder).map_or(0, |d| d.count())
}

/// Adds, beside the game in `out`, a sound named `name` copied from the first
/// sound that plays a clip of `group`, with a new clip (a copy of that sound's) put
/// in `audio` (the game's or a group's folder); gives the new clip's index.
fn add_sound(out: &Path, audio: &Path, group: i64, name: &str) -> usize {
    let sounds = out.join("sounds");
    let from = first_file(&sounds, |s| {
        s["group"] == group && s["clip"].as_i64() >= Some(0)
    })
    .unwrap();
    let mut sound = read_json(&from);
    let clip = count(audio);
    let old = sound["clip"].as_u64().unwrap();
    let wav = std::fs::read_dir(audio)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&format!("{old:03}-"))
        })
        .unwrap();
    let ext = wav.extension().unwrap().to_string_lossy().to_string();
    std::fs::copy(&wav, audio.join(format!("zz_{name}.{ext}"))).unwrap();
    sound["name"] = name.into();
    sound["clip"] = clip.into();
    write_json(&sounds.join(format!("{name}.json")), &sound);
    clip
}

/// The file in `folder` whose name starts with `prefix`.
fn named(folder: &Path, prefix: &str) -> Option<std::path::PathBuf> {
    std::fs::read_dir(folder)
        .ok()?
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
}

#[test]
fn a_sound_added_with_its_clip_plays_from_the_game() {
    for (name, _, out) in extracted_games("gamemaker_folder sound", &WITH_SOUNDS) {
        let sounds = count(&out.path().join("sounds"));
        let audio = out.path().join("audio");
        let clip = add_sound(out.path(), &audio, 0, "snd_added_by_a_test");
        let (_, again) = packed_clean(name, out.path());
        let sound = named(
            &again.path().join("sounds"),
            &format!("{sounds:03}-snd_added"),
        )
        .unwrap_or_else(|| panic!("{name}: no new sound"));
        assert_eq!(read_json(&sound)["clip"], clip, "{name}");
        // The clip is named by the sound that plays it, and holds the bytes given.
        let played = named(&again.path().join("audio"), &format!("{clip:03}-snd_added"))
            .unwrap_or_else(|| panic!("{name}: no clip {clip} named by the new sound"));
        let given = named(&audio, "zz_snd_added").unwrap();
        assert!(
            std::fs::read(played).unwrap() == std::fs::read(given).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn a_sound_added_to_an_audio_group_plays_from_the_group_file() {
    let Some(dir) = common::fixture_dir("gamemaker_folder group sound", "gamemaker-audiogroups")
    else {
        return;
    };
    let input = dir.join("OwiliwO_Infinite-Menagerie/data.win");
    let data = std::fs::read(&input).unwrap();
    let out = tempfile::tempdir().unwrap();
    let options = gamepak::Options {
        input: Some(input.clone()),
        ..Default::default()
    };
    handler()
        .open(&data, &options)
        .extract(out.path(), &ExtractOptions::default())
        .unwrap();
    let group = out.path().join("audiogroups/audiogroup1");
    let clip = add_sound(out.path(), &group.join("audio"), 1, "snd_grouped_by_a_test");
    let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
    assert!(packed.unused.is_empty(), "{:?}", packed.unused);
    let (file, bytes) = &packed.companions[0];
    assert_eq!(file, "audiogroup1.dat");
    // The game and its group, side by side, check clean together.
    let beside = tempfile::tempdir().unwrap();
    std::fs::write(beside.path().join("data.win"), &packed.bytes).unwrap();
    std::fs::write(beside.path().join(file), bytes).unwrap();
    let options = gamepak::Options {
        input: Some(beside.path().join("data.win")),
        ..Default::default()
    };
    let report = handler().open(&packed.bytes, &options).check();
    assert!(report.problems.is_empty(), "{}", report.lines());
    let listed = handler()
        .open(bytes, &Default::default())
        .list()
        .unwrap()
        .value;
    assert_eq!(listed.len(), clip + 1);
}

/// The instance ids every room of the folder `out` holds.
fn instance_ids(out: &Path) -> Vec<i64> {
    let rooms = out.join("rooms");
    let mut ids = Vec::new();
    for e in std::fs::read_dir(rooms).unwrap() {
        let room = read_json(&e.unwrap().path());
        for i in room["instances"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| !i.is_null())
        {
            ids.push(i["id"].as_i64().unwrap());
        }
    }
    ids
}

/// The instance ids instance layers of `room` list (GameMaker Studio 2 and later).
fn layer_lists(room: &mut Value) -> Vec<&mut Vec<Value>> {
    room["layers"]
        .as_array_mut()
        .map(|layers| {
            layers
                .iter_mut()
                .filter_map(|l| l.get_mut("data")?.get_mut("instances")?.as_array_mut())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn instances_added_and_removed_in_a_room_file_come_and_go_in_the_game() {
    for (name, _, out) in extracted("gamemaker_folder add instance") {
        let file = first_file(&out.path().join("rooms"), has_instances).unwrap();
        let mut room = read_json(&file);
        let id = instance_ids(out.path()).into_iter().max().unwrap() + 1;
        let list = room["instances"].as_array_mut().unwrap();
        let k = list.iter().position(|i| !i.is_null()).unwrap();
        let gone = list.remove(k);
        let mut added = list.iter().find(|i| !i.is_null()).unwrap_or(&gone).clone();
        added["id"] = id.into();
        added["x"] = 48.into();
        list.push(added);
        // An instance layer lists the instances on it by id.
        if let Some(layer) = layer_lists(&mut room)
            .into_iter()
            .find(|l| l.contains(&gone["id"]))
        {
            layer.retain(|i| *i != gone["id"]);
            layer.push(id.into());
        }
        write_json(&file, &room);
        // GEN8 records the last instance id handed out.
        let general = out.path().join("general.json");
        let mut gen8 = read_json(&general);
        gen8["last_object_id"] = gen8["last_object_id"].as_i64().unwrap().max(id).into();
        write_json(&general, &gen8);
        let (_, again) = packed_clean(name, out.path());
        let ids = instance_ids(again.path());
        assert!(ids.contains(&id), "{name}: instance {id} not added");
        assert!(
            !ids.contains(&gone["id"].as_i64().unwrap()),
            "{name}: not removed"
        );
    }
}

/// Games with tiles: GameMaker: Studio 1 rooms' own tile list, and GameMaker Studio
/// 2.0 and 2.2 tile layers.
const WITH_TILES: [&str; 3] = [
    "KappaTrooper.win",
    "AdrianSima_Random-level-generation.win",
    "ChaoticArmadillo_TempleOfElements.win",
];

/// The rows of the first tile map of `room`'s tile layers.
fn tile_map(room: &mut Value) -> Option<&mut Vec<Value>> {
    room.get_mut("layers")?
        .as_array_mut()?
        .iter_mut()
        .find_map(|l| {
            l.get_mut("data")?
                .get_mut("tiles")?
                .get_mut("tiles")?
                .get_mut("tiles")
        })?
        .as_array_mut()
}

#[test]
fn tiles_layers_and_creation_code_edited_in_a_room_file_are_the_game_s() {
    // Only games before 2.3 have tiles among the fixtures; layers and creation code
    // are edited in every era.
    let games: Vec<&str> = WITH_TILES.iter().chain(&ERAS[1..]).copied().collect();
    for (name, _, out) in extracted_games("gamemaker_folder tiles", &games) {
        let rooms = out.path().join("rooms");
        let has_tiles = |r: &Value| {
            let mut r = r.clone();
            tile_map(&mut r).is_some() || r["tiles"].as_array().is_some_and(|t| !t.is_empty())
        };
        let file = first_file(&rooms, has_tiles)
            .or_else(|| first_file(&rooms, |_| true))
            .unwrap();
        let mut room = read_json(&file);
        if let Some(rows) = tile_map(&mut room) {
            // The last cell of the last row becomes tile 1, or 2 where it was 1.
            let last = rows.last_mut().unwrap();
            let mut row: Vec<String> = last
                .as_str()
                .unwrap()
                .split(' ')
                .map(str::to_string)
                .collect();
            let end = row.pop().unwrap();
            let (tile, count) = end.split_once('*').unwrap_or((&end, "1"));
            let count: u32 = count.parse().unwrap();
            if count > 1 {
                row.push(format!("{tile}*{}", count - 1));
            }
            row.push(if tile == "1" { "2" } else { "1" }.to_string());
            *last = row.join(" ").into();
        } else if has_tiles(&room) {
            let tile = room["tiles"].as_array_mut().unwrap()[0]
                .as_object_mut()
                .unwrap();
            tile["x"] = (tile["x"].as_i64().unwrap() + 8).into();
        }
        if let Some(layer) = room["layers"].as_array_mut().and_then(|l| l.first_mut()) {
            layer["depth"] = (layer["depth"].as_i64().unwrap() - 5).into();
            layer["visible"] = (!layer["visible"].as_bool().unwrap()).into();
        }
        // The room's creation code is a code entry the game has, named.
        let code = read_json(&out.path().join("code.json"));
        let entry = code["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| !e.is_null());
        room["creation_code"] = entry.unwrap()["name"].clone();
        write_json(&file, &room);
        let (_, again) = packed_clean(name, out.path());
        let now = read_json(&again.path().join(file.strip_prefix(out.path()).unwrap()));
        assert_eq!(now, room, "{name}");
    }
}

/// Games with fonts, of GameMaker: Studio 1, 2.0, 2.3, 2022 and 2024.
const WITH_FONTS: [&str; 5] = [
    "KappaTrooper.win",
    "AdrianSima_Random-level-generation.win",
    "Andreasholmbrg_Chonko.win",
    "P-Hansen_paramecium.win",
    "MistaCarson_Fall2024MiniJam.win",
];

#[test]
fn glyphs_and_sizes_edited_in_a_font_file_are_the_game_s() {
    for (name, _, out) in extracted_games("gamemaker_folder glyphs", &WITH_FONTS) {
        let file = first_file(&out.path().join("fonts"), |f| {
            f["glyphs"].as_array().is_some_and(|g| g.len() > 1)
        })
        .unwrap();
        let mut font = read_json(&file);
        let glyphs = font["glyphs"].as_array_mut().unwrap();
        // A glyph's advance and offset change, and one glyph is dropped.
        let glyph = glyphs[1].as_object_mut().unwrap();
        glyph["shift"] = (glyph["shift"].as_i64().unwrap() + 3).into();
        glyph["offset"] = (glyph["offset"].as_i64().unwrap() - 1).into();
        glyphs.pop();
        // The size grows by 2, as a whole number or with a point as the game keeps it.
        font["size"] = match font["size"].as_u64() {
            Some(n) => (n + 2).into(),
            None => (font["size"].as_f64().unwrap() + 2.0).into(),
        };
        write_json(&file, &font);
        let (_, again) = packed_clean(name, out.path());
        let now = read_json(&again.path().join(file.strip_prefix(out.path()).unwrap()));
        assert_eq!(now, font, "{name}");
    }
}

/// Games whose objects run code, of GameMaker: Studio 1, 2.0, 2.3, 2022 and 2024.
const WITH_EVENTS: [&str; 5] = [
    "KappaTrooper.win",
    "AKKIO_Raarwmageddon.win",
    "Andreasholmbrg_Chonko.win",
    "P-Hansen_paramecium.win",
    "MistaCarson_Fall2024MiniJam.win",
];

/// The first action of any object's events in the folder `out`: the record a new
/// event's action is copied from.
fn an_action(out: &Path) -> Value {
    let objects = out.join("objects");
    let file = first_file(&objects, |o| {
        o["events"]
            .as_object()
            .unwrap()
            .values()
            .any(|t| t["events"].as_array().is_some_and(|e| !e.is_empty()))
    })
    .unwrap();
    let object = read_json(&file);
    let events = object["events"].as_object().unwrap();
    let with = events
        .values()
        .find_map(|t| t["events"].as_array()?.first().cloned());
    with.unwrap()["actions"][0].clone()
}

#[test]
fn an_event_added_to_an_object_runs_new_code() {
    for (name, _, out) in extracted_games("gamemaker_folder new event", &WITH_EVENTS) {
        let action = an_action(out.path());
        let objects = out.path().join("objects");
        let file = first_file(&objects, |_| true).unwrap();
        let mut object = read_json(&file);
        let code = format!("gml_Object_{}_Alarm_11", object["name"].as_str().unwrap());
        let alarms = object["events"]["alarm"]["events"].as_array_mut().unwrap();
        assert!(alarms.iter().all(|e| e["subtype"] != 11), "{name}");
        let mut action = action;
        action["code"] = code.clone().into();
        alarms.push(serde_json::json!({"subtype": 11, "actions": [action]}));
        write_json(&file, &object);
        let asm = format!(
            "; {code} (arguments 0, locals 0) starts at L0000\n\
             L0000:\n    pushi.e 11\n    pop.v.i local.gamepak_count\n    \
             pushi.e 12\n    pop.v.i self.gamepak_alarm_ran\n"
        );
        std::fs::write(out.path().join("code/zz_new_alarm.asm"), asm).unwrap();
        let (_, again) = packed_clean(name, out.path());
        // The object's new event names the new code, which reads back as written.
        let now = read_json(&again.path().join(file.strip_prefix(out.path()).unwrap()));
        assert_eq!(now["events"]["alarm"], object["events"]["alarm"], "{name}");
        let code_json = read_json(&again.path().join("code.json"));
        let entries = code_json["entries"].as_array().unwrap();
        let k = entries
            .iter()
            .position(|e| e["name"] == code.as_str())
            .unwrap();
        assert_eq!(k, entries.len() - 1, "{name}: the new entry comes last");
        let text = std::fs::read_dir(again.path().join("code"))
            .unwrap()
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
            .find(|t| t.starts_with(&format!("; {code} ")))
            .unwrap_or_else(|| panic!("{name}: no disassembly of {code}"));
        assert!(
            text.contains("pop.v.i self.gamepak_alarm_ran")
                && text.contains("pop.v.i local.gamepak_count"),
            "{name}: {text}"
        );
    }
}
