//! References by name to assets of a kind: a field called `music` must name a music
//! asset, a `PUSHDLG` operand a dialog, a map neighbour a map. The names are those of
//! the asset descriptors in the sections of each kind.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::model::Document;

/// Section layouts whose descriptors name assets, and the kind each holds.
const KINDS: [(u8, &str, &str); 11] = [
    (1, "speech", "speech"),
    (2, "fonts", "font"),
    (3, "music", "music"),
    (4, "sounds", "sound"),
    (5, "movies", "movie"),
    (22, "choosers", "chooser"),
    (23, "cutscenes", "cutscene"),
    (30, "dialogs", "dialog"),
    (32, "crafting", "crafting rule"),
    (34, "quests", "quest"),
    (35, "maps", "map"),
];

/// JSON fields that hold a name, and the kind they name.
const FIELDS: [(&str, &str); 9] = [
    ("music", "music"),
    ("loop_music", "music"),
    ("sound", "sound"),
    ("placement_sound", "sound"),
    ("movie", "movie"),
    ("loop_movie", "movie"),
    ("speech", "speech"),
    ("intro", "cutscene"),
    ("map", "map"),
];

/// Script instructions whose operand is a name, and the kind it names.
const OPERANDS: [(&str, &str); 9] = [
    ("PUSHMAP", "map"),
    ("PUSHMUS", "music"),
    ("PUSHSND", "sound"),
    ("PUSHSPC", "speech"),
    ("PUSHCHR", "chooser"),
    ("PUSHCUT", "cutscene"),
    ("PUSHDLG", "dialog"),
    ("PUSHCFT", "crafting rule"),
    ("PUSHQST", "quest"),
];

/// Every name that names no asset of its kind: (section index, JSON path, message).
pub fn dangling(doc: &Document) -> Vec<(usize, String, String)> {
    let mut names: HashMap<&str, HashSet<&str>> = HashMap::new();
    for s in &doc.sections {
        for (kind, list, what) in KINDS {
            if s.layout_type() == kind {
                let entries = s
                    .body
                    .get(list)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten();
                let set = names.entry(what).or_default();
                set.extend(entries.filter_map(|e| e.get("name").and_then(Value::as_str)));
            }
        }
    }
    let mut out = Vec::new();
    for (i, s) in doc.sections.iter().enumerate() {
        walk(&s.body, "", &names, &mut |path, msg| {
            out.push((i, path, msg))
        });
    }
    out
}

fn walk(
    v: &Value,
    path: &str,
    names: &HashMap<&str, HashSet<&str>>,
    out: &mut dyn FnMut(String, String),
) {
    let known = |what: &str, name: &str, path: String, out: &mut dyn FnMut(String, String)| {
        // A kind with no section at all is not checked: the file may not use it.
        if names.get(what).is_some_and(|set| !set.contains(name)) {
            out(path, format!("{what} {name:?} names no {what} asset"));
        }
    };
    match v {
        Value::Object(o) => {
            for (k, v) in o {
                let p = format!("{path}/{k}");
                match (FIELDS.iter().find(|(f, _)| f == k), v) {
                    (Some((_, what)), Value::String(name)) if !name.is_empty() => {
                        known(what, name, p, out)
                    }
                    (_, Value::Object(font)) if k.ends_with("font") => {
                        if let Some(name) = font
                            .get("font")
                            .and_then(Value::as_str)
                            .filter(|n| !n.is_empty())
                        {
                            known("font", name, p, out);
                        }
                    }
                    _ if k == "script" => {
                        for (n, line) in v
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(Value::as_str)
                            .enumerate()
                        {
                            let Some((op, rest)) = line.split_once(' ') else {
                                continue;
                            };
                            let Some((_, what)) = OPERANDS.iter().find(|(o, _)| *o == op) else {
                                continue;
                            };
                            // PUSHMAP's name comes before its x and y.
                            let quoted = match op {
                                "PUSHMAP" => rest.rsplitn(3, ' ').nth(2).unwrap_or(rest),
                                _ => rest,
                            };
                            if let Ok(name) = serde_json::from_str::<String>(quoted) {
                                known(what, &name, format!("{p}[{n}]"), out);
                            }
                        }
                    }
                    _ => walk(v, &p, names, out),
                }
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                walk(v, &format!("{path}[{i}]"), names, out);
            }
        }
        _ => {}
    }
}
