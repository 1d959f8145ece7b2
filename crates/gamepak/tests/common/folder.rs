//! GameMaker games extracted into folders, edited and packed again.

use std::path::Path;

use gamepak::{ExtractOptions, Format, Handler};
use serde_json::Value;

pub fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// Each of `games`, extracted into a folder of its own.
pub fn extracted_games<'n>(
    test: &str,
    games: &[&'n str],
) -> Vec<(&'n str, Vec<u8>, tempfile::TempDir)> {
    let Some(dir) = super::fixture_dir(test, "gamemaker") else {
        return Vec::new();
    };
    games
        .iter()
        .map(|&name| {
            let data = std::fs::read(dir.join(name)).unwrap();
            let out = extract(&data);
            (name, data, out)
        })
        .collect()
}

pub fn extract(data: &[u8]) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    handler()
        .open(data, &Default::default())
        .extract(out.path(), &ExtractOptions::default())
        .unwrap();
    out
}

/// Adds a line to the GML of the first script of the extracted folder `out`: the
/// smallest edit that makes pack compile.
pub fn edit_first_script(out: &Path) {
    let script = std::fs::read_dir(out.join("code"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "gml"))
        .min()
        .unwrap();
    let mut text = std::fs::read_to_string(&script).unwrap();
    text.push_str("\nshow_debug_message(\"edited\");\n");
    std::fs::write(&script, text).unwrap();
}

/// Packs `folder`, asserts the game checks with no problem at all, and extracts it
/// again.
pub fn packed_clean(name: &str, folder: &Path) -> (Vec<u8>, tempfile::TempDir) {
    let packed =
        gamepak::pack(folder, &Default::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(packed.unused.is_empty(), "{name}: {:?}", packed.unused);
    let report = handler().open(&packed.bytes, &Default::default()).check();
    assert!(report.problems.is_empty(), "{name}: {}", report.lines());
    let again = extract(&packed.bytes);
    (packed.bytes, again)
}

pub fn read_json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

pub fn write_json(path: &Path, value: &Value) {
    std::fs::write(path, serde_json::to_vec_pretty(value).unwrap()).unwrap();
}

/// The first file in `folder` (sorted) for which `pick` is true.
pub fn first_file(folder: &Path, pick: impl Fn(&Value) -> bool) -> Option<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .ok()?
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files.into_iter().find(|p| pick(&read_json(p)))
}

/// Moves the first instance of the first room file in `out` that has one by 16
/// pixels; gives the room file, the instance's id and its new x.
pub fn move_an_instance(out: &Path) -> Option<(std::path::PathBuf, Value, i64)> {
    let has_instances = |r: &Value| {
        r["instances"]
            .as_array()
            .is_some_and(|i| i.iter().any(|i| !i.is_null()))
    };
    let file = first_file(&out.join("rooms"), has_instances)?;
    let mut room = read_json(&file);
    let instance = room["instances"]
        .as_array_mut()?
        .iter_mut()
        .find(|i| !i.is_null())?;
    let x = instance["x"].as_i64()? + 16;
    instance["x"] = x.into();
    let id = instance["id"].clone();
    write_json(&file, &room);
    Some((file, id, x))
}

/// The x of instance `id` in the room file `again` holds where `out` held `file`.
pub fn instance_x(again: &Path, out: &Path, file: &Path, id: &Value) -> Value {
    let room = read_json(&again.join(file.strip_prefix(out).unwrap()));
    let instances = room["instances"].as_array().unwrap();
    instances.iter().find(|i| i["id"] == *id).unwrap()["x"].clone()
}
