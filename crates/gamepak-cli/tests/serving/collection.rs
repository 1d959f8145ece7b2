//! A small collection as a preservationist's tree holds one: the examples of
//! three formats, a GameMaker game, a damaged file, an Android package holding a
//! game as `assets/game.droid`, and a file of none of ours.

use std::path::{Path, PathBuf};

use crate::common::archive::zip_of;

use super::example;

/// Makes the collection under `dir`/tree and gives its path.
pub fn tree(dir: &Path) -> PathBuf {
    let tree = dir.join("tree");
    for sub in ["games", "damaged", "android"] {
        std::fs::create_dir_all(tree.join(sub)).unwrap();
    }
    for name in ["gbin/demo.gbin", "tng/demo.tng", "swag/demo.swag"] {
        let to = tree
            .join("games")
            .join(Path::new(name).file_name().unwrap());
        std::fs::copy(example(name), to).unwrap();
    }
    // A game of one sound and no pages, which checks clean.
    let little = gamepak::bytes::Endian::Little;
    let game = gamepak::gamemaker::sample::game_with_pages(little, Vec::new(), 1, 256);
    std::fs::write(tree.join("games/data.win"), &game).unwrap();
    let gbin = std::fs::read(example("gbin/demo.gbin")).unwrap();
    // Cut short: its last sound runs past the end.
    std::fs::write(tree.join("damaged/cut.gbin"), &gbin[..gbin.len() - 100]).unwrap();
    let apk = zip_of(&[
        ("assets/game.droid", &game),
        ("AndroidManifest.xml", b"<m/>"),
    ]);
    std::fs::write(tree.join("android/app.apk"), apk).unwrap();
    std::fs::write(tree.join("notes.txt"), "what is where\n").unwrap();
    tree
}

/// Scans `tree` from `cwd` into `cwd`/report.jsonl, as `gamepak scan` does.
pub fn report(cwd: &Path, tree: &Path) -> PathBuf {
    let report = cwd.join("report.jsonl");
    let done = std::process::Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(["scan", "-q", "-o"])
        .arg(&report)
        .arg(tree.strip_prefix(cwd).unwrap_or(tree))
        .current_dir(cwd)
        .output()
        .expect("gamepak scan runs");
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    report
}

/// The records of a report, its summary line apart.
pub fn records(report: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(report)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("summary").is_none())
        .collect()
}
