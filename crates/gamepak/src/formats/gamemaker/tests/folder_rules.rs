//! pack's rules for a folder, on real games of three eras each: what is refused
//! comes with the exact message (file, place, what to do), every problem of a
//! folder at once; what pack derives (ids past every instance, an instance's
//! layer, a new clip's length, a renamed folder) packs clean.

use std::path::Path;

use crate::common::folder::{extracted_games, first_file, packed_clean, read_json, write_json};
use serde_json::Value;

/// One game of GameMaker: Studio 1, one of 2.0 to 2.2 and one of 2.3 or later.
const ERAS: [&str; 3] = [
    "KappaTrooper.win",
    "Cyberebral_Pure-Yahtzee_data.win",
    "Andreasholmbrg_Chonko.win",
];

/// Games with layers: 2.2, 2.3 and 2024.
const LAYERED: [&str; 3] = [
    "Cyberebral_Pure-Yahtzee_data.win",
    "Andreasholmbrg_Chonko.win",
    "MistaCarson_Fall2024MiniJam.win",
];

/// Games whose sounds play clips of the game's own: 2.2, 2024 and 2024.
const SOUNDED: [&str; 3] = [
    "Cyberebral_Pure-Yahtzee_data.win",
    "MistaCarson_Fall2024MiniJam.win",
    "Okanoa_Dieback.win",
];

/// The lines of the error a pack of `folder` is refused with.
fn refused(name: &str, folder: &Path) -> Vec<String> {
    match gamepak::pack(folder, &Default::default()) {
        Ok(_) => panic!("{name}: packed"),
        Err(e) => {
            assert!(!e.is_request_fault(), "{name}: exits 1, not 2: {e}");
            e.to_string().lines().map(str::to_string).collect()
        }
    }
}

/// The first room file with an instance, as its name in the folder and its JSON.
fn a_room(folder: &Path) -> (String, Value) {
    a_room_of(folder, 1)
}

/// The first room file with at least `n` instances.
fn a_room_of(folder: &Path, n: usize) -> (String, Value) {
    let has = |r: &Value| r["instances"].as_array().is_some_and(|l| l.len() >= n);
    let file = first_file(&folder.join("rooms"), has).expect("a room with an instance");
    let shown = file.strip_prefix(folder).unwrap().display().to_string();
    (shown, read_json(&file))
}

/// The highest instance id of the game's rooms.
fn highest_id(folder: &Path) -> i64 {
    let rooms = std::fs::read_dir(folder.join("rooms")).unwrap();
    rooms
        .flat_map(|r| {
            let room = read_json(&r.unwrap().path());
            let ids: Vec<i64> = room["instances"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|i| i["id"].as_i64())
                .collect();
            ids
        })
        .max()
        .unwrap()
}

#[test]
fn every_broken_reference_of_a_folder_is_listed_at_once_with_its_file_and_place() {
    for (name, _, out) in extracted_games("folder rules all at once", &ERAS) {
        let (file, mut room) = a_room_of(out.path(), 3);
        let objects = std::fs::read_dir(out.path().join("objects"))
            .unwrap()
            .count();
        // A key misspelt: `x` is then missing too, so the instance is read as none.
        let inst = room["instances"][0].as_object_mut().unwrap();
        let x = inst.remove("x").unwrap();
        inst.insert("xx".into(), x);
        room["instances"][1]["object"] = "obj_nowhere".into();
        room["creation_code"] = 99_999.into();
        let last = room["instances"].as_array().unwrap().len();
        let mut copy = room["instances"][2].clone();
        copy["object"] = 9_999.into();
        room["instances"].as_array_mut().unwrap().push(copy);
        write_json(&out.path().join(&file), &room);
        let code = read_json(&out.path().join("code.json"))["entries"]
            .as_array()
            .map_or(0, Vec::len);
        let said = refused(name, out.path());
        let id = room["instances"][2]["id"].as_i64().unwrap();
        let next = highest_id(out.path()) + 1;
        let mut expected = vec![
            format!("{file}: instances[0].xx: unknown field `xx`; did you mean `x`?"),
            format!("{file}: instances[1].object: no object is named \"obj_nowhere\""),
        ];
        if code > 0 {
            expected.push(format!(
                "{file}: creation_code: code entry 99999 does not exist: there are {code}, \
                 numbered from 0; give the code entry's name"
            ));
        }
        expected.extend([
            format!(
                "{file}: instances[{last}].object: object 9999 does not exist: there are \
                 {objects}, numbered from 0; give the object's name"
            ),
            format!(
                "{file}: instances[{last}].id: instance id {id} is taken by {file} \
                 instances[2]: an id names one instance in the game; give this one an id no \
                 instance has, such as {next}"
            ),
        ]);
        // The first problem of a file says its line and column too.
        let mut said: Vec<String> = said
            .into_iter()
            .map(|l| match l.rfind(" at line ") {
                Some(at) => l[..at].to_string(),
                None => l,
            })
            .collect();
        said.sort();
        expected.sort();
        assert_eq!(said, expected, "{name}");
    }
}

#[test]
fn a_layer_listing_a_stranger_and_an_instance_on_no_layer_are_refused_by_place() {
    for (name, _, out) in extracted_games("folder rules layers", &LAYERED) {
        let (file, mut room) = a_room(out.path());
        let layers = room["layers"].as_array().unwrap();
        let with_instances: Vec<(usize, String)> = layers
            .iter()
            .enumerate()
            .filter(|(_, l)| l["data"].get("instances").is_some())
            .map(|(k, l)| (k, l["name"].as_str().unwrap().to_string()))
            .collect();
        let (l, layer) = with_instances[0].clone();
        let listed = room["layers"][l]["data"]["instances"]
            .as_array()
            .unwrap()
            .len();
        room["layers"][l]["data"]["instances"]
            .as_array_mut()
            .unwrap()
            .push(4_242.into());
        let mut copy = room["instances"][0].clone();
        let id = highest_id(out.path()) + 1;
        copy["id"] = id.into();
        room["instances"].as_array_mut().unwrap().push(copy);
        let k = room["instances"].as_array().unwrap().len() - 1;
        write_json(&out.path().join(&file), &room);
        let stranger = format!(
            "{file}: layers[{l}].data.instances[{listed}]: layer {layer:?} lists instance \
             4242, which is not among the room's instances: remove it from the layer, or \
             add the instance to \"instances\""
        );
        let said = refused(name, out.path());
        if let [_] = with_instances.as_slice() {
            // The room's only instance layer takes the new instance.
            assert_eq!(said, [stranger], "{name}");
            room["layers"][l]["data"]["instances"]
                .as_array_mut()
                .unwrap()
                .pop();
            write_json(&out.path().join(&file), &room);
            let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
            let note = format!(
                "{file}: instance {id} put on layer {layer:?}, the room's only instance layer"
            );
            assert!(
                packed.reencoded.contains(&note),
                "{name}: {:?}",
                packed.reencoded
            );
            let (_, again) = packed_clean(name, out.path());
            let room = read_json(&again.path().join(&file));
            let on = room["layers"][l]["data"]["instances"].as_array().unwrap();
            assert_eq!(on.last(), Some(&id.into()), "{name}");
        } else {
            let named: Vec<String> = with_instances
                .iter()
                .map(|(k, n)| format!("{n:?} (layers[{k}])"))
                .collect();
            assert_eq!(
                said,
                [
                    stranger,
                    format!(
                        "{file}: instances[{k}]: instance {id} is on no layer: add its id to \
                         the \"instances\" of one of the room's instance layers, {}",
                        named.join(", ")
                    )
                ],
                "{name}"
            );
        }
    }
}

#[test]
fn last_object_id_follows_the_instances_and_a_lower_one_set_by_hand_is_warned_of() {
    for (name, _, out) in extracted_games("folder rules last id", &ERAS) {
        let (file, mut room) = a_room(out.path());
        let id = highest_id(out.path()) + 10;
        let mut copy = room["instances"][0].clone();
        copy["id"] = id.into();
        room["instances"].as_array_mut().unwrap().push(copy);
        let layer = room["layers"]
            .as_array()
            .into_iter()
            .flatten()
            .position(|l| l["data"].get("instances").is_some());
        if let Some(l) = layer {
            let on = room["layers"][l]["data"]["instances"]
                .as_array_mut()
                .unwrap();
            on.push(id.into());
        }
        write_json(&out.path().join(&file), &room);
        let general = out.path().join("general.json");
        let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
        assert!(packed.warnings.is_empty(), "{name}: {:?}", packed.warnings);
        let (_, again) = packed_clean(name, out.path());
        let now = read_json(&again.path().join("general.json"));
        assert_eq!(now["last_object_id"], id + 1, "{name}");
        let mut g = read_json(&general);
        g["last_object_id"] = 5.into();
        write_json(&general, &g);
        let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
        assert_eq!(
            packed.warnings,
            [format!(
                "general.json: last_object_id: 5 was set by hand, and is not past every \
                 instance id; pack writes {}, one past the highest",
                id + 1
            )],
            "{name}"
        );
    }
}

#[test]
fn a_sound_playing_a_clip_its_group_lacks_is_refused_and_a_new_clip_gives_its_length() {
    for (name, _, out) in extracted_games("folder rules sounds", &SOUNDED) {
        let sounds = out.path().join("sounds");
        let Some(file) = first_file(&sounds, |s| {
            s["group"] == 0 && s["clip"].as_i64() >= Some(0)
        }) else {
            continue;
        };
        let clips = std::fs::read_dir(out.path().join("audio")).unwrap().count();
        let shown = file.strip_prefix(out.path()).unwrap().display().to_string();
        let mut sound = read_json(&file);
        sound["clip"] = 77.into();
        write_json(&file, &sound);
        assert_eq!(
            refused(name, out.path()),
            [format!(
                "{shown}: clip: clip 77 does not exist: audio holds {clips}, numbered from 0 \
                 in name order; add a .wav or .ogg there, or give one it holds"
            )],
            "{name}"
        );
        // A clip of a tenth of a second, added after the last, played by the sound.
        let tenth = gamepak::codec::wav::encode(
            &vec![0; 4410 * 2],
            gamepak::codec::wav::Pcm::S16,
            44_100,
            1,
        )
        .unwrap();
        std::fs::write(out.path().join("audio/zz-added.wav"), tenth).unwrap();
        sound["clip"] = clips.into();
        write_json(&file, &sound);
        let (_, again) = packed_clean(name, out.path());
        let back = read_json(&again.path().join(&shown));
        assert_eq!(back["clip"], clips, "{name}");
        if name.starts_with("MistaCarson") {
            // 2024.6 and later store the length, which follows the clip.
            assert_eq!(back["length"].as_f64(), Some(0.1), "{name}");
        }
    }
}

#[test]
fn a_resource_folder_renamed_is_the_resource_renamed_and_one_removed_is_refused() {
    for (name, _, out) in extracted_games("folder rules rename", &ERAS) {
        let sprites = out.path().join("sprites");
        let mut folders: Vec<_> = std::fs::read_dir(&sprites)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        folders.sort();
        let was = &folders[0];
        let (number, old) = was.split_once('-').unwrap();
        let now = format!("{number}-renamed_by_a_test");
        std::fs::rename(sprites.join(was), sprites.join(&now)).unwrap();
        let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
        let note = format!(
            "sprites/{now}: renamed from sprites/{was}: {old:?} is now \"renamed_by_a_test\", \
             and every reference follows"
        );
        assert!(
            packed.reencoded.contains(&note),
            "{name}: {:?}",
            packed.reencoded
        );
        let (_, again) = packed_clean(name, out.path());
        let renamed = again.path().join(format!("sprites/{now}/sprite.json"));
        assert_eq!(read_json(&renamed)["name"], "renamed_by_a_test", "{name}");
        // A folder that lost its number but keeps the sprite's `name` is followed too.
        std::fs::rename(sprites.join(&now), sprites.join("renamed_by_a_test")).unwrap();
        let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
        let note = format!(
            "sprites/renamed_by_a_test: renamed from sprites/{was}: {old:?} is now \
             \"renamed_by_a_test\", and every reference follows"
        );
        assert!(
            packed.reencoded.contains(&note),
            "{name}: {:?}",
            packed.reencoded
        );
        // A sprite's folder that is gone is refused, saying how to rename one.
        std::fs::remove_dir_all(sprites.join("renamed_by_a_test")).unwrap();
        let e = gamepak::pack(out.path(), &Default::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "sprites/{was}/: is gone: a sprite cannot be removed, since gamepak.toml \
                 lists its files one by one; to rename its folder, keep its number at the \
                 front ({number}-…), and to rename the sprite, change its `name`"
            ),
            "{name}"
        );
    }
}

#[test]
fn a_built_in_name_edited_in_strings_json_is_refused_and_a_games_own_name_is_renamed() {
    use crate::formats::gamemaker::gml::language::builtins::is_builtin_variable;
    for (name, _, out) in extracted_games("folder rules names", &ERAS) {
        let path = out.path().join("strings.json");
        let strings: Vec<String> = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let variables = read_json(&out.path().join("variables.json"));
        let builtin = variables["variables"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|v| v["name"].as_str())
            .find(|n| is_builtin_variable(n))
            .expect("the game uses a built-in variable")
            .to_string();
        let i = strings.iter().position(|s| *s == builtin).unwrap();
        let mut edited = strings.clone();
        edited[i] = builtin.to_uppercase();
        std::fs::write(&path, serde_json::to_vec(&edited).unwrap()).unwrap();
        assert_eq!(
            refused(name, out.path()),
            [format!(
                "strings.json[{i}]: {builtin:?} is the name of GameMaker's built-in variable \
                 `{builtin}`, which the game's code uses: as {:?} the game would lose it. Put \
                 it back; to change a text the game shows, edit it where it is shown (a \
                 string in a .gml file, a room's caption)",
                builtin.to_uppercase()
            )],
            "{name}"
        );
        // A sprite's name is the game's own: editing it renames the sprite.
        let folder = std::fs::read_dir(out.path().join("sprites"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .min()
            .unwrap();
        let was = read_json(&folder.join("sprite.json"))["name"]
            .as_str()
            .unwrap()
            .to_string();
        let k = strings.iter().position(|s| *s == was).unwrap();
        let mut edited = strings.clone();
        edited[k] = format!("{was}_renamed");
        std::fs::write(&path, serde_json::to_vec(&edited).unwrap()).unwrap();
        let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
        let note = format!(
            "strings.json[{k}]: the SPRT resource {was:?} is renamed \"{was}_renamed\", and \
             every reference follows"
        );
        assert!(
            packed.reencoded.contains(&note),
            "{name}: {:?}",
            packed.reencoded
        );
        let (_, again) = packed_clean(name, out.path());
        let number = folder
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .split('-')
            .next()
            .unwrap()
            .to_string();
        let renamed = again
            .path()
            .join(format!("sprites/{number}-{was}_renamed/sprite.json"));
        assert!(renamed.is_file(), "{name}: {}", renamed.display());
    }
}

#[test]
fn a_text_edited_in_text_json_changes_that_text_alone_and_a_name_keeps_its_string() {
    for (name, _, out) in extracted_games("folder rules text", &ERAS) {
        let path = out.path().join("text.json");
        let list = read_json(&path);
        let entries = list.as_array().unwrap();
        let shared = entries.iter().position(|e| e.get("also_names").is_some());
        let own = entries
            .iter()
            .position(|e| e.get("also_names").is_none() && e["text"] != "");
        let strings: Vec<String> =
            serde_json::from_slice(&std::fs::read(out.path().join("strings.json")).unwrap())
                .unwrap();
        let mut edited = list.clone();
        for k in [shared, own].into_iter().flatten() {
            edited[k]["text"] = format!("{} (edited)", entries[k]["text"].as_str().unwrap()).into();
        }
        write_json(&path, &edited);
        let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
        if let Some(k) = shared {
            let i = entries[k]["string"].as_u64().unwrap();
            let was = entries[k]["text"].as_str().unwrap();
            let note = format!(
                "text.json: string {i} ({was:?}) names something too, so the text \
                 \"{was} (edited)\" takes string {} of its own",
                strings.len()
            );
            assert!(
                packed.reencoded.contains(&note),
                "{name}: {:?}",
                packed.reencoded
            );
        }
        let (_, again) = packed_clean(name, out.path());
        let now: Vec<String> =
            serde_json::from_slice(&std::fs::read(again.path().join("strings.json")).unwrap())
                .unwrap();
        for k in [shared, own].into_iter().flatten() {
            let was = entries[k]["text"].as_str().unwrap();
            let i = entries[k]["string"].as_u64().unwrap() as usize;
            assert!(now.contains(&format!("{was} (edited)")), "{name}: {was}");
            // A name keeps its text; a text alone is edited in place.
            let kept = shared == Some(k);
            assert_eq!(now[i] == was, kept, "{name}: string {i}");
        }
        // The same string edited in both files is refused.
        let (Some(k), _) = (own.or(shared), ()) else {
            continue;
        };
        let i = entries[k]["string"].as_u64().unwrap() as usize;
        let mut both = strings.clone();
        both[i] = "both".into();
        std::fs::write(
            out.path().join("strings.json"),
            serde_json::to_vec(&both).unwrap(),
        )
        .unwrap();
        let e = gamepak::pack(out.path(), &Default::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "text.json: string {i} ({:?}) is edited in strings.json too: edit it in one of them",
                strings[i]
            ),
            "{name}"
        );
    }
}

/// Two entries of `text.json` editing one string differently is a conflict of
/// that file, blamed on it, not on `strings.json`, which nobody touched.
#[test]
fn a_string_edited_twice_in_text_json_is_blamed_on_text_json() {
    for (name, _, out) in extracted_games("folder rules text twice", &ERAS) {
        let path = out.path().join("text.json");
        let list = read_json(&path);
        let entries = list.as_array().unwrap();
        let Some(k) = entries.iter().position(|e| e["text"] != "") else {
            continue;
        };
        let mut twice = entries.clone();
        let mut second = entries[k].clone();
        twice[k]["text"] = "one".into();
        second["text"] = "two".into();
        twice.push(second);
        write_json(&path, &Value::Array(twice));
        let e = gamepak::pack(out.path(), &Default::default()).unwrap_err();
        let i = entries[k]["string"].as_u64().unwrap();
        assert_eq!(
            e.to_string(),
            format!(
                "text.json: string {i} ({:?}) is edited twice in text.json: edit it in one of them",
                entries[k]["text"].as_str().unwrap()
            ),
            "{name}"
        );
    }
}

/// A layer listing 200,000 instances the room lacks is refused with the first
/// 10,000 problems in words and the rest counted: the work and the memory stop
/// growing with the problems.
#[test]
fn problems_past_ten_thousand_are_counted_not_worded() {
    for (name, _, out) in extracted_games("folder rules many problems", &LAYERED) {
        let (file, mut room) = a_room(out.path());
        let Some(l) = room["layers"]
            .as_array()
            .unwrap()
            .iter()
            .position(|l| l["data"].get("instances").is_some())
        else {
            continue;
        };
        let listed = room["layers"][l]["data"]["instances"]
            .as_array()
            .unwrap()
            .len();
        let strangers = (0..200_000).map(|k| Value::from(5_000_000 + k));
        room["layers"][l]["data"]["instances"]
            .as_array_mut()
            .unwrap()
            .extend(strangers);
        write_json(&out.path().join(&file), &room);
        let said = refused(name, out.path());
        assert_eq!(said.len(), 10_001, "{name}");
        assert_eq!(said[10_000], "… and 190000 more problems", "{name}");
        assert!(
            said[0].contains(&format!("instances[{listed}]")),
            "{name}: {}",
            said[0]
        );
    }
}

/// Records in `gamepak.toml` that `file` was extracted as it is now, as if the
/// game itself held it so.
fn as_extracted(folder: &Path, file: &str) {
    use crate::formats::gamemaker::folder::manifest::Manifest;
    let path = folder.join("gamepak.toml");
    let mut m: Manifest = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let crc = crc32fast::hash(&std::fs::read(folder.join(file)).unwrap());
    for c in &mut m.chunks {
        if let Some(k) = c.resources.iter().position(|r| r == file) {
            c.crc32s[k] = crc;
        }
    }
    std::fs::write(&path, toml::to_string(&m).unwrap()).unwrap();
}

#[test]
fn a_problem_the_game_itself_holds_is_a_warning_and_only_an_edit_is_refused() {
    for (name, _, out) in extracted_games("folder rules held", &ERAS) {
        let (file, mut room) = a_room_of(out.path(), 2);
        room["instances"][1]["id"] = room["instances"][0]["id"].clone();
        write_json(&out.path().join(&file), &room);
        let said = refused(name, out.path());
        assert!(
            said.iter().any(|l| l.contains("is taken by")),
            "{name}: {said:?}"
        );
        as_extracted(out.path(), &file);
        let packed = gamepak::pack(out.path(), &Default::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            packed
                .warnings
                .iter()
                .any(|w| w.starts_with(&format!("{file}: instances[1].id"))
                    && w.ends_with("(as the game holds it)")),
            "{name}: {:?}",
            packed.warnings
        );
    }
}

#[test]
fn an_id_in_the_creation_order_that_no_instance_has_is_kept() {
    let test = "folder rules creation order";
    let Some(dir) = crate::common::fixture_dir(test, "gamemaker-wild") else {
        return;
    };
    let data = std::fs::read(dir.join("teammio_rcr_wasm.unx")).unwrap();
    let out = crate::common::folder::extract(&data);
    let listed = |r: &Value| {
        r["creation_order"]
            .as_array()
            .is_some_and(|l| !l.is_empty())
    };
    let file = first_file(&out.path().join("rooms"), listed).expect("a room with a creation order");
    let mut room = read_json(&file);
    let stale = highest_id(out.path()) + 100;
    room["creation_order"]
        .as_array_mut()
        .unwrap()
        .push(stale.into());
    write_json(&file, &room);
    let (_, again) = packed_clean("rcr_wasm", out.path());
    let now = read_json(&again.path().join(file.strip_prefix(out.path()).unwrap()));
    assert_eq!(now["creation_order"], room["creation_order"]);
}

#[test]
fn objects_whose_parents_loop_are_refused_naming_the_loop() {
    for (name, _, out) in extracted_games("parent loops", &ERAS) {
        let objects = out.path().join("objects");
        let mut files: Vec<_> = std::fs::read_dir(&objects)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        let (a, b) = (&files[0], &files[1]);
        let (mut first, mut second) = (read_json(a), read_json(b));
        let name_of = |v: &Value| v["name"].as_str().unwrap().to_string();
        let (na, nb) = (name_of(&first), name_of(&second));
        first["parent"] = nb.clone().into();
        second["parent"] = na.clone().into();
        write_json(a, &first);
        write_json(b, &second);
        let said = refused(name, out.path());
        let shown = a.strip_prefix(out.path()).unwrap().display().to_string();
        let expected = format!(
            "{shown}: parent: the parent chain loops ({na} -> {nb} -> {na}); give one of them \
             another parent"
        );
        assert!(said.contains(&expected), "{name}: {said:?}");
    }
}

#[test]
fn an_instance_added_with_only_its_object_and_place_takes_the_defaults_and_an_id() {
    for (name, _, out) in extracted_games("instance defaults", &ERAS) {
        let one_layer = |r: &Value| {
            let layers = r["layers"].as_array().map_or(0, |l| {
                l.iter()
                    .filter(|l| l["data"].get("instances").is_some())
                    .count()
            });
            r["instances"].as_array().is_some_and(|l| !l.is_empty()) && layers <= 1
        };
        let Some(path) = first_file(&out.path().join("rooms"), one_layer) else {
            continue;
        };
        let mut room = read_json(&path);
        let object = room["instances"][0]["object"].clone();
        let before = room["instances"].as_array().unwrap().len();
        let next = highest_id(out.path()) + 1;
        room["instances"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({ "object": object, "x": 48, "y": 64 }));
        write_json(&path, &room);
        let (_, again) = packed_clean(name, out.path());
        let file = path.strip_prefix(out.path()).unwrap();
        let now = read_json(&again.path().join(file));
        let added = &now["instances"][before];
        assert_eq!(added["id"], next, "{name}");
        assert_eq!(added["x"], 48, "{name}");
        assert_eq!(added["scale"], serde_json::json!([1.0, 1.0]), "{name}");
        assert_eq!(added["colour"], 0xFFFF_FFFFu32, "{name}");
        assert_eq!(added["creation_code"], Value::Null, "{name}");
    }
}

#[test]
fn a_file_of_many_unknown_keys_is_refused_with_the_first_hundred_and_a_count() {
    for (name, _, out) in extracted_games("many unknown keys", &ERAS[..1]) {
        let (file, mut room) = a_room(out.path());
        let keys = 20_000;
        for k in 0..keys {
            room[format!("stray_{k}")] = k.into();
        }
        write_json(&out.path().join(&file), &room);
        let said = refused(name, out.path());
        assert_eq!(said.len(), 101, "{name}: {}", said.len());
        assert_eq!(
            said.last().unwrap(),
            &format!("{file}: and {} more unknown fields", keys - 100),
            "{name}"
        );
        assert!(
            said[0].contains("unknown field `stray_"),
            "{name}: {}",
            said[0]
        );
    }
}
