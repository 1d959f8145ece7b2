//! The extracted folder as the project, on real games of every era (GameMaker:
//! Studio 1, 2.0, 2.3, 2022, 2024): a resource file edited, added or broken by hand
//! is packed into a game that checks clean and reads back with the change, or is
//! refused with the file and the place inside it.

mod common;

use std::path::Path;

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
    let Some(dir) = common::fixture_dir(test, "gamemaker") else {
        return Vec::new();
    };
    ERAS.iter()
        .map(|&name| {
            let data = std::fs::read(dir.join(name)).unwrap();
            let out = extract(&data);
            (name, data, out)
        })
        .collect()
}

fn extract(data: &[u8]) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    handler()
        .extract(
            data,
            out.path(),
            &ExtractOptions::default(),
            &Default::default(),
        )
        .unwrap();
    out
}

/// Packs `folder`, asserts the game checks with no problem at all, and extracts it
/// again.
fn packed_clean(name: &str, folder: &Path) -> (Vec<u8>, tempfile::TempDir) {
    let packed =
        gamepak::pack(folder, &Default::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(packed.unused.is_empty(), "{name}: {:?}", packed.unused);
    let report = handler().check(&packed.bytes, &Default::default());
    assert!(report.problems.is_empty(), "{name}: {}", report.lines());
    let again = extract(&packed.bytes);
    (packed.bytes, again)
}

fn read_json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

fn write_json(path: &Path, value: &Value) {
    std::fs::write(path, serde_json::to_vec_pretty(value).unwrap()).unwrap();
}

/// The first file in `folder` (sorted) for which `pick` is true.
fn first_file(folder: &Path, pick: impl Fn(&Value) -> bool) -> Option<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .ok()?
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files.into_iter().find(|p| pick(&read_json(p)))
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
        let rooms = out.path().join("rooms");
        let file = first_file(&rooms, has_instances).unwrap();
        let mut room = read_json(&file);
        let instance = room["instances"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|i| !i.is_null())
            .unwrap();
        let x = instance["x"].as_i64().unwrap() + 16;
        instance["x"] = x.into();
        let id = instance["id"].clone();
        write_json(&file, &room);
        let (_, again) = packed_clean(name, out.path());
        let room = read_json(&again.path().join(file.strip_prefix(out.path()).unwrap()));
        let moved = room["instances"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == id)
            .unwrap();
        assert_eq!(moved["x"], x, "{name}");
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
        write_json(&rooms.join("rm_added_by_a_test.json"), &room);
        let (_, again) = packed_clean(name, out.path());
        let added = again
            .path()
            .join(format!("rooms/{count:03}-rm_added_by_a_test.json"));
        assert!(added.is_file(), "{name}: {}", added.display());
        assert_eq!(read_json(&added)["width"], room["width"], "{name}");
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

#[test]
fn a_resource_file_naming_what_does_not_exist_is_refused_with_its_place() {
    for (name, _, out) in extracted("gamemaker_folder dangling") {
        let rooms = out.path().join("rooms");
        let file = first_file(&rooms, has_instances).unwrap();
        let mut room = read_json(&file);
        let k = room["instances"]
            .as_array()
            .unwrap()
            .iter()
            .position(|i| !i.is_null())
            .unwrap();
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

/// A split chunk's other fields have a file of their own exactly where the folder's
/// layout says, on every real game: a file written but never listed, or listed but
/// never written, would break the round trip.
#[test]
fn a_split_chunk_has_a_rest_file_exactly_where_the_layout_says() {
    use gamepak::formats::gamemaker::{folder, model};
    use std::sync::Arc;
    for (name, data) in common::gamemaker_games("gamemaker_folder rest") {
        let mut m = model::read(&data).unwrap();
        let shown = Arc::new(m.shown());
        for part in &mut m.chunks {
            if let Some(split) = part.body.split_to_json(&shown) {
                let place = folder::place(part.name);
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
