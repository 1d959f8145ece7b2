//! Extracted folders survive a copy to Windows or macOS and pack back the same: names
//! from files of every format that differ only in case, are Windows device names, hold
//! characters Windows refuses or end in a dot or a space are written under names every
//! file system keeps apart, and a folder copied as a case-insensitive system would copy
//! it packs to the file's bytes.

use crate::common;

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use gamepak::gbin::model::{Body, FileEntry, Table};
use gamepak::gbin::{self, CrcMode};
use gamepak::{ExtractOptions, FourCC};

/// Names that a case-insensitive or Windows file system cannot hold side by side,
/// or at all.
const HOSTILE: [&str; 18] = [
    "Readme.txt",
    "README.TXT",
    "readme.txt",
    "con",
    "CON",
    "Aux.png",
    "lpt1",
    "com9.tar.gz",
    "a<b>c",
    "d:e|f",
    "g\"h?i*",
    "dot.",
    "DOT.",
    "space ",
    "tab\tbell\x07",
    "%41",
    "A",
    "../up",
];

/// Whether Windows takes `name` for a device, as its documentation lists them; an
/// oracle of the test's own.
fn windows_device(name: &str) -> bool {
    let base = name
        .split('.')
        .next()
        .unwrap()
        .trim_end()
        .to_ascii_lowercase();
    ["con", "prn", "aux", "nul"].contains(&base.as_str())
        || (base.len() == 4
            && (base.starts_with("com") || base.starts_with("lpt"))
            && base.as_bytes()[3].is_ascii_digit())
}

/// Every file and folder below `dir`, relative to it.
fn tree(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        for e in std::fs::read_dir(dir.join(&rel)).unwrap() {
            let e = e.unwrap();
            let path = rel.join(e.file_name());
            if e.file_type().unwrap().is_dir() {
                stack.push(path.clone());
            }
            out.push(path);
        }
    }
    out.sort();
    out
}

/// A path as a case-insensitive file system compares it.
fn folded(path: &Path) -> String {
    path.to_str().unwrap().to_lowercase()
}

/// Asserts that Windows and macOS could hold every name below `dir` as it is.
fn assert_portable(what: &str, dir: &Path) {
    let mut seen: HashMap<String, PathBuf> = HashMap::new();
    for path in tree(dir) {
        let name = path.file_name().unwrap().to_str().unwrap();
        assert!(
            !windows_device(name),
            "{what}: {} is a device",
            path.display()
        );
        assert!(
            !name.contains(['<', '>', ':', '"', '|', '?', '*']) && !name.contains(char::is_control),
            "{what}: {} holds a character Windows refuses",
            path.display()
        );
        assert!(
            !name.ends_with(['.', ' ']),
            "{what}: {} ends in what Windows strips",
            path.display()
        );
        if let Some(other) = seen.insert(folded(&path), path.clone()) {
            panic!(
                "{what}: {} and {} fold alike",
                path.display(),
                other.display()
            );
        }
    }
}

/// Copies `from` to `to` as a case-insensitive file system would take it: a name
/// that folds to one already there would land on it, which is refused.
fn copy_case_insensitively(from: &Path, to: &Path) {
    let mut there: HashMap<String, PathBuf> = HashMap::new();
    for rel in tree(from) {
        if let Some(other) = there.insert(folded(&rel), rel.clone()) {
            panic!("{} would land on {}", rel.display(), other.display());
        }
        let (src, dst) = (from.join(&rel), to.join(&rel));
        if src.is_dir() {
            std::fs::create_dir_all(&dst).unwrap();
        } else {
            std::fs::create_dir_all(dst.parent().unwrap()).unwrap();
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

/// Extracts `data`, checks the folder is portable, copies it case-insensitively and
/// packs the copy back to `data`'s bytes. Gives the extracted folder.
fn round_trip(what: &str, data: &[u8]) -> tempfile::TempDir {
    let (_, handler) = gamepak::recognise(data, what).unwrap();
    let out = tempfile::tempdir().unwrap();
    let folder = out.path().join("extracted");
    handler
        .open(data, &Default::default())
        .extract(&folder, &ExtractOptions::default())
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_portable(what, &folder);
    let copy = out.path().join("copied");
    copy_case_insensitively(&folder, &copy);
    let packed =
        gamepak::pack(&copy, &Default::default()).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        packed.bytes == data,
        "{what}: the copy packs to other bytes"
    );
    assert!(packed.unused.is_empty(), "{what}: {:?}", packed.unused);
    out
}

fn name16(name: &str) -> [u8; 16] {
    let mut out = [0; 16];
    out[..name.len()].copy_from_slice(name.as_bytes());
    out
}

/// The demo package with a file of each hostile name, and its image groups named
/// alike but for case, with trailing dots.
fn gbin_with_hostile_names() -> Vec<u8> {
    let mut doc = gbin::synth::demo();
    let mut fdat = Vec::new();
    let mut fdir = Vec::new();
    for (i, name) in HOSTILE.iter().enumerate() {
        let data = format!("file {i}: {name}\n");
        fdir.push(FileEntry {
            file_type: *b"DATA",
            size: data.len() as u32,
            offset: fdat.len() as u32,
            name: name16(name),
        });
        fdat.extend_from_slice(data.as_bytes());
        fdat.resize(fdat.len().next_multiple_of(4), 0);
    }
    for chunk in &mut doc.chunks {
        match &mut chunk.body {
            Body::FileData(b) => *b = Cow::Owned(std::mem::take(&mut fdat)),
            Body::FileDirectory(t) => *t = Table::new(std::mem::take(&mut fdir)),
            Body::Groups(t) => {
                for (g, name) in t.entries.iter_mut().zip(["Hero.", "HERO."]) {
                    g.name = name16(name);
                }
            }
            _ => {}
        }
    }
    assert!(doc.chunks.iter().any(|c| c.id == FourCC::FDIR));
    gbin::write(&doc, CrcMode::Compute)
}

#[test]
fn gbin_file_names_are_portable_and_pack_back() {
    let data = gbin_with_hostile_names();
    let out = round_trip("gbin", &data);
    let files: Vec<String> = std::fs::read_dir(out.path().join("extracted/files"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(files.len(), HOSTILE.len(), "{files:?}");
    for want in [
        "Readme.txt",
        "README~1.TXT",
        "readme~2.txt",
        "%63on",
        "%43ON",
        "%41ux.png",
        "%6Cpt1",
        "%63om9.tar.gz",
        "a%3Cb%3Ec",
        "d%3Ae%7Cf",
        "g%22h%3Fi%2A",
        "dot%2E",
        "DOT~1%2E",
        "space%20",
        "tab%09bell%07",
        "%2541",
        "A",
        "up",
    ] {
        assert!(files.iter().any(|f| f == want), "{want} in {files:?}");
    }
}

/// A copy of the example source folder `name`, with `edit` applied to each of its
/// text files.
fn example_source(name: &str, edit: impl Fn(&str) -> String) -> tempfile::TempDir {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    let to = tempfile::tempdir().unwrap();
    copy_case_insensitively(&from, to.path());
    for rel in tree(to.path()) {
        let path = to.path().join(rel);
        if let Some(text) = std::fs::read(&path)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
        {
            std::fs::write(&path, edit(&text)).unwrap();
        }
    }
    to
}

/// The one file `gamepak build` makes from `source`.
fn built(source: &Path) -> Vec<u8> {
    let out = source.with_extension("out");
    let mut made = gamepak::build(source, Some(&out), &Default::default()).unwrap();
    assert_eq!(made.outputs.len(), 1);
    made.outputs.remove(0).bytes
}

/// `text` with every JSON value or quoted script word `old` renamed `new`.
fn renamed(text: &str, names: &[(&str, &str)]) -> String {
    names.iter().fold(text.to_owned(), |t, (old, new)| {
        t.replace(&format!(": \"{old}\""), &format!(": \"{new}\""))
            .replace(&format!("\\\"{old}\\\""), &format!("\\\"{new}\\\""))
    })
}

#[test]
fn tng_names_are_portable_and_pack_back() {
    let names = [
        ("jump", "Con."),
        ("theme", "con."),
        ("intro", "AUX"),
        ("demo-font", "Lpt1.txt"),
    ];
    let source = example_source("tng/src", |t| renamed(t, &names));
    round_trip("tng", &built(source.path()));
}

#[test]
fn swag_names_are_portable_and_pack_back() {
    let names = [
        ("hero", "Hero."),
        ("tile", "HERO."),
        ("body", "con"),
        ("title", "CON"),
        ("level1", "Aux.png"),
    ];
    let source = example_source("swag/src", |t| {
        names.iter().fold(t.to_owned(), |t, (old, new)| {
            t.replace(&format!("key = \"{old}\""), &format!("key = \"{new}\""))
                .replace(&format!("name = \"{old}\""), &format!("name = \"{new}\""))
        })
    });
    round_trip("swag", &built(source.path()));
}

#[cfg(feature = "script")]
#[test]
fn native_content_with_device_names_builds_and_packs_back() {
    let source = example_source("native/content", str::to_owned);
    let content = source.path();
    // Names a Linux folder holds and Windows would not: the builder still reads them.
    std::fs::rename(
        content.join("Coin.sprite.png"),
        content.join("con.sprite.png"),
    )
    .unwrap();
    std::fs::copy(
        content.join("con.sprite.png"),
        content.join("Con.sprite.png"),
    )
    .unwrap();
    std::fs::rename(
        content.join("Beep.sound.wav"),
        content.join("Aux.sound.wav"),
    )
    .unwrap();
    std::fs::copy(
        content.join("Sky.background.png"),
        content.join("lpt1.background.png"),
    )
    .unwrap();
    let game = built(content);
    round_trip("native", &game);
}

#[test]
fn gamemaker_names_are_portable_and_pack_back() {
    let test = "gamemaker_names_are_portable_and_pack_back";
    let Some(dir) = common::fixture_dir(test, "gamemaker") else {
        return;
    };
    let game = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let (_, handler) = gamepak::recognise(&game, "gamemaker").unwrap();
    let work = tempfile::tempdir().unwrap();
    let folder = work.path().join("edited");
    handler
        .open(&game, &Default::default())
        .extract(&folder, &ExtractOptions::default())
        .unwrap();
    // Renamed as a modder renames: the name everywhere a JSON file quotes it.
    let renames = [("GIFRec", "Con."), ("Export", "aux"), ("Main", "MAIN.")];
    let mut folders = vec![folder.clone()];
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let mut text = std::fs::read_to_string(&path).unwrap();
                for (old, new) in renames {
                    text = text.replace(&format!("\"{old}\""), &format!("\"{new}\""));
                }
                std::fs::write(&path, text).unwrap();
            }
        }
    }
    let crafted = gamepak::pack(&folder, &Default::default()).unwrap().bytes;
    let out = round_trip("gamemaker", &crafted);
    for file in [
        "sprites/000-Con%2E/sprite.json",
        "objects/000-aux.json",
        "rooms/000-MAIN..json",
    ] {
        assert!(out.path().join("extracted").join(file).is_file(), "{file}");
    }
}
