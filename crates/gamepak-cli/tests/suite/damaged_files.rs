//! `info` and `list` of a damaged file show what they can read, name each place
//! they could not (with its offset), and exit 1; they never refuse the whole file
//! for one bad entry, and never panic on a truncated one.

use crate::run::{code, example, gamepak, s, stderr, stdout};

use std::path::{Path, PathBuf};
use std::process::Output;

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// A file of the real fixtures (`GAMEPAK_FIXTURES`, else `../shared/fixtures`
/// beside the repository), or `None` with a notice when they are absent.
fn fixture(path: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("GAMEPAK_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures")
        });
    let file = dir.join(path);
    if !file.is_file() {
        use std::io::Write;
        let line = format!("SKIPPED: fixture {} not found", file.display());
        let _ = writeln!(std::io::stderr().lock(), "{line}");
        return None;
    }
    Some(file)
}

/// A file of the repository's examples, made by the project's own builders.
/// The smallest real game, with its one sprite's pointer in SPRT's list set to
/// 0xFFFFFFFF; gives the file and where the pointer is.
fn game_with_a_bad_sprite(dir: &Path) -> Option<(PathBuf, u64)> {
    let mut data = std::fs::read(fixture("gamemaker/Okanoa_Dieback.win")?).unwrap();
    // The chunks from 8 on, each a name and a size: find SPRT's list.
    let mut at = 8;
    let slot = loop {
        let size = u32::from_le_bytes(data[at + 4..at + 8].try_into().unwrap()) as usize;
        if &data[at..at + 4] == b"SPRT" {
            break at + 8 + 4;
        }
        at += 8 + size;
    };
    data[slot..slot + 4].copy_from_slice(&[0xff; 4]);
    let file = dir.join("bad-sprite.win");
    std::fs::write(&file, data).unwrap();
    Some((file, slot as u64))
}

#[test]
fn list_of_a_game_with_a_bad_pointer_lists_the_rest_and_names_it() {
    let tmp = tempfile::tempdir().unwrap();
    let Some((file, slot)) = game_with_a_bad_sprite(tmp.path()) else {
        return;
    };
    let o = gamepak(&["list", s(&file)]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let (out, err) = (stdout(&o), stderr(&o));
    for entry in ["strings.json", "textures/000.png", "code/"] {
        assert!(out.contains(entry), "{entry} not listed:\n{out}");
    }
    assert!(
        err.contains("FORM/SPRT/entry[0]: points at 0xffffffff"),
        "{err}"
    );
    assert!(err.contains(&format!("at {slot:#x}")), "{err}");

    let o = gamepak(&["list", "--json", s(&file)]);
    assert_eq!(code(&o), 1);
    let records = json_lines(&o);
    let entries = records.iter().filter(|r| r.get("path").is_some()).count();
    assert!(entries > 3, "{records:?}");
    let problems = records
        .iter()
        .find_map(|r| r.get("problems"))
        .expect("a problems record");
    assert_eq!(problems[0]["path"], "FORM/SPRT/entry[0]");
    assert_eq!(problems[0]["offset"], slot);
    let summary = &records.last().unwrap()["summary"];
    assert_eq!(summary["entries"], entries);
    assert!(summary["errors"].as_u64().unwrap() >= 1, "{summary}");
    assert_eq!(summary["status"], 1);
}

#[test]
fn info_of_a_game_with_a_bad_pointer_shows_the_rest_and_names_it() {
    let tmp = tempfile::tempdir().unwrap();
    let Some((file, slot)) = game_with_a_bad_sprite(tmp.path()) else {
        return;
    };
    let o = gamepak(&["info", s(&file)]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stdout(&o).contains("gamemaker_version"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("FORM/SPRT/entry[0]"), "{err}");
    assert!(err.contains(&format!("at {slot:#x}")), "{err}");

    let o = gamepak(&["info", "--json", s(&file)]);
    assert_eq!(code(&o), 1);
    let records = json_lines(&o);
    assert!(records[0]["gamemaker_version"].is_string(), "{records:?}");
    assert_eq!(records[0]["problems"][0]["offset"], slot);
    assert!(records[1]["summary"]["errors"].as_u64().unwrap() >= 1);
}

#[test]
fn a_whole_file_shows_no_problems_and_exits_0() {
    let demo = example("gbin/demo.gbin");
    let o = gamepak(&["info", "--json", s(&demo)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let records = json_lines(&o);
    assert_eq!(records[0]["problems"], serde_json::json!([]));
    assert_eq!(records[1]["summary"]["errors"], 0);
    let o = gamepak(&["list", "--json", s(&demo)]);
    assert_eq!(code(&o), 0);
    assert!(json_lines(&o).iter().all(|r| r.get("problems").is_none()));
}

/// Every file to cut: a real one of each format with fixtures, and the examples.
fn files_to_cut() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = [
        "gamemaker/Okanoa_Dieback.win",
        "gbin/04_minimal/mini.gbin",
        "native/noaudio.development.game.bin",
    ]
    .into_iter()
    .filter_map(fixture)
    .collect();
    files.extend(
        [
            "gbin/demo.gbin",
            "native/demo.game.bin",
            "tng/demo.tng",
            "swag/demo.swag",
        ]
        .map(example),
    );
    files
}

#[test]
fn truncated_files_show_what_they_can_and_exit_1() {
    let tmp = tempfile::tempdir().unwrap();
    for file in files_to_cut() {
        let data = std::fs::read(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        // Past the header, into the first tables, half way, and one byte short.
        for cut in [40, 200, data.len() / 2, data.len() - 1] {
            let short = tmp.path().join(format!("{cut}-{name}"));
            std::fs::write(&short, &data[..cut]).unwrap();
            for verb in ["info", "list"] {
                let o = gamepak(&[verb, s(&short)]);
                let what = format!("{verb} {name} cut at {cut}");
                assert_eq!(code(&o), 1, "{what}:\n{}", stderr(&o));
                // Named: where reading stopped, or why the file is not recognised.
                assert!(!stderr(&o).trim().is_empty(), "{what}");
                assert!(!stderr(&o).contains("panicked"), "{what}");
            }
            // Cut past the header, the header is shown.
            if cut == data.len() - 1 {
                let o = gamepak(&["info", s(&short)]);
                assert!(stdout(&o).lines().count() > 2, "{name}: {}", stdout(&o));
            }
        }
    }
}
