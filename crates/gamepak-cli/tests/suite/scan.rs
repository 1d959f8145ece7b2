//! `gamepak scan` as a preservationist runs it: the fixture tree in one report
//! that agrees with `info` file by file, shards that are disjoint and cover the
//! whole, a scan killed with SIGKILL and resumed holding every file once,
//! archives opened one level deep (and bombs and `..` names refused), and
//! hostile trees (link loops, FIFOs, control characters in names) recorded with
//! their reasons.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::archive::zip_of;
use crate::run::{code, example, gamepak, s, stderr};

/// The records of the report at `path` (its summary line apart).
fn records(path: &Path) -> (Vec<serde_json::Value>, serde_json::Value) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = lines.pop().expect("a summary line");
    assert!(
        summary.get("summary").is_some(),
        "the report ends with its summary"
    );
    (lines, summary["summary"].clone())
}

/// Every regular file under `dir`.
fn regular_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let t = e.file_type().unwrap();
        if t.is_dir() {
            regular_files(&e.path(), out);
        } else if t.is_file() {
            out.push(e.path());
        }
    }
}

#[test]
fn the_fixture_tree_is_one_line_per_file_agreeing_with_info() {
    let Some(fixtures) = crate::common::fixtures("scan of the fixture tree") else {
        return;
    };
    let examples = example("");
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.jsonl");
    let o = gamepak(&["scan", s(&fixtures), s(&examples), "-o", s(&report)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let (lines, summary) = records(&report);
    let mut files = Vec::new();
    regular_files(&fixtures, &mut files);
    regular_files(&examples, &mut files);
    let scanned: Vec<&str> = lines
        .iter()
        .filter(|r| r["kind"] == "file")
        .map(|r| r["path"].as_str().unwrap())
        .collect();
    assert_eq!(scanned.len(), files.len(), "one line per regular file");
    assert_eq!(
        summary["files"],
        lines.len(),
        "the summary counts the lines"
    );
    let counted: u64 = summary["formats"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(counted, lines.len() as u64);
    // Every GameMaker game's release agrees with `info`.
    let games: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|r| r["format"] == "gamemaker")
        .collect();
    assert!(games.len() >= 38, "{} games", games.len());
    for r in games {
        let path = r["path"].as_str().unwrap();
        let o = gamepak(&["info", "--json", path]);
        let first = String::from_utf8_lossy(&o.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string();
        let info: serde_json::Value = serde_json::from_str(&first).unwrap();
        assert_eq!(r["release"], info["gamemaker_version"], "{path}");
    }
}

#[test]
fn shards_are_disjoint_and_together_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let tree = example("");
    let whole = dir.path().join("whole.jsonl");
    assert_eq!(
        code(&gamepak(&[
            "scan",
            "--identify-only",
            s(&tree),
            "-o",
            s(&whole)
        ])),
        0
    );
    let paths = |r: &Path| -> Vec<String> {
        let mut p: Vec<String> = records(r)
            .0
            .iter()
            .map(|x| x["path"].as_str().unwrap().to_string())
            .collect();
        p.sort();
        p
    };
    let mut union = Vec::new();
    for i in 0..3 {
        let part = dir.path().join(format!("{i}.jsonl"));
        let o = gamepak(&[
            "scan",
            "--identify-only",
            "--shard",
            &format!("{i}/3"),
            s(&tree),
            "-o",
            s(&part),
        ]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        union.extend(paths(&part));
    }
    let n = union.len();
    union.sort();
    union.dedup();
    assert_eq!(union.len(), n, "the shards are disjoint");
    assert_eq!(union, paths(&whole), "together they are the whole");
}

#[cfg(unix)]
#[test]
fn a_scan_killed_part_way_and_resumed_records_every_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree");
    for d in 0..40 {
        let sub = tree.join(format!("d{d:02}"));
        std::fs::create_dir_all(&sub).unwrap();
        for f in 0..250 {
            std::fs::write(sub.join(format!("f{f:03}.bin")), format!("file {d} {f}")).unwrap();
        }
    }
    let report = dir.path().join("report.jsonl");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(["scan", "--jobs", "2", s(&tree), "-o", s(&report)])
        .spawn()
        .unwrap();
    // Killed once some lines are written, well before the 10,000th.
    let start = std::time::Instant::now();
    while std::fs::metadata(&report).map_or(0, |m| m.len()) < 200_000
        && start.elapsed().as_secs() < 60
    {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // SAFETY: kill with the child's own pid.
    unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
    child.wait().unwrap();
    let o = gamepak(&["scan", "--resume", s(&tree), "-o", s(&report)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let (lines, summary) = records(&report);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for r in &lines {
        *seen
            .entry(r["path"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    assert_eq!(seen.len(), 10_000, "every file");
    assert!(seen.values().all(|&n| n == 1), "each once");
    assert_eq!(summary["files"], 10_000);
}

#[test]
fn archives_are_opened_one_level_deep_and_bombs_and_escapes_refused() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree");
    std::fs::create_dir_all(&tree).unwrap();
    let game = gamepak::gamemaker::sample::game(1, 1, 64);
    std::fs::write(
        tree.join("game.zip"),
        zip_of(&[("data.win", &game), ("readme.txt", b"hi")]),
    )
    .unwrap();
    std::fs::write(
        tree.join("app.apk"),
        zip_of(&[("assets/game.droid", &game)]),
    )
    .unwrap();
    std::fs::write(
        tree.join("bomb.zip"),
        zip_of(&[("zeros", &vec![0; 64 << 20])]),
    )
    .unwrap();
    std::fs::write(tree.join("escape.zip"), zip_of(&[("../evil.win", &game)])).unwrap();
    let report = dir.path().join("report.jsonl");
    let o = gamepak(&["--max-alloc", "16M", "scan", s(&tree), "-o", s(&report)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let (lines, _) = records(&report);
    let by_path: BTreeMap<String, &serde_json::Value> = lines
        .iter()
        .map(|r| (r["relative"].as_str().unwrap().to_string(), r))
        .collect();
    for inner in ["game.zip!/data.win", "app.apk!/assets/game.droid"] {
        let r = by_path
            .get(inner)
            .unwrap_or_else(|| panic!("{inner}: {:?}", by_path.keys()));
        assert_eq!(r["format"], "gamemaker", "{inner}");
        assert!(r["check"].is_object(), "{inner} is checked");
    }
    assert!(by_path["bomb.zip"]["reason"]
        .as_str()
        .unwrap()
        .contains("zip bomb"));
    assert!(by_path["escape.zip"]["reason"]
        .as_str()
        .unwrap()
        .contains("leaves the archive"));
    assert_eq!(by_path["bomb.zip"]["status"], "failed");
    assert!(!by_path
        .keys()
        .any(|k| k.starts_with("bomb.zip!/") || k.starts_with("escape.zip!/")));
}

#[cfg(unix)]
#[test]
fn hostile_trees_get_a_record_each_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree");
    std::fs::create_dir_all(tree.join("sub")).unwrap();
    std::os::unix::fs::symlink("../", tree.join("sub/up")).unwrap();
    std::os::unix::fs::symlink("loop-b", tree.join("loop-a")).unwrap();
    std::os::unix::fs::symlink("loop-a", tree.join("loop-b")).unwrap();
    let fifo = tree.join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo with a valid path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    std::fs::write(tree.join("bell\u{7}name\u{1b}[31m.bin"), b"x").unwrap();
    let report = dir.path().join("report.jsonl");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(["scan", s(&tree), "-o", s(&report)])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let (lines, _) = records(&report);
    let kind = |name: &str| {
        lines
            .iter()
            .find(|r| r["relative"] == name)
            .map(|r| r["kind"].clone())
            .unwrap_or_else(|| panic!("{name}"))
    };
    assert_eq!(kind("sub/up"), "symlink");
    assert_eq!(kind("loop-a"), "symlink");
    assert_eq!(kind("pipe"), "fifo");
    assert_eq!(kind("bell\u{7}name\u{1b}[31m.bin"), "file");
    assert_eq!(lines.len(), 5, "each thing once: no link is followed");
    // On a terminal-less run the text form escapes what a terminal would obey.
    let o = gamepak(&["scan", s(&tree)]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
}
