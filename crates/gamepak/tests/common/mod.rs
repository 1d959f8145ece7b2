//! Shared test support: finding the real-file fixtures.
#![allow(dead_code)]

pub mod archive;
pub mod debian;
pub mod folder;

use std::path::{Path, PathBuf};

use gamepak::gamemaker::{self as model, chunks::Body};

/// The fixtures folder: `GAMEPAK_FIXTURES` if set, else `../shared/fixtures` beside
/// the repository. `None` (with a printed notice) when it is absent, so tests that
/// need real files skip instead of failing.
pub fn fixtures(test: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("GAMEPAK_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures")
        });
    if dir.is_dir() {
        Some(dir)
    } else {
        skipped(&format!(
            "SKIPPED {test}: fixtures folder {} not found (set GAMEPAK_FIXTURES)",
            dir.display()
        ));
        None
    }
}

/// Writes straight to the stderr handle: the test harness captures `eprintln!`, so a
/// skip would otherwise stay silent in a passing run.
fn skipped(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// A sub-folder of the fixtures, or `None` with a notice.
pub fn fixture_dir(test: &str, sub: &str) -> Option<PathBuf> {
    let d = fixtures(test)?.join(sub);
    if d.is_dir() {
        Some(d)
    } else {
        skipped(&format!("SKIPPED {test}: {} not found", d.display()));
        None
    }
}

/// Every `.gbin` file under a folder, sorted.
pub fn gbin_files(dir: &std::path::Path) -> Vec<PathBuf> {
    files_ending(dir, ".gbin")
}

/// Every file under a folder whose name ends with `suffix`, sorted.
pub fn files_ending(dir: &std::path::Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(suffix) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// An extraction's summary counts the files and bytes its folder really holds:
/// manifest, documents and kept originals too.
pub fn assert_counts_what_is_there(summary: &gamepak::ExtractSummary, dir: &std::path::Path) {
    let files = files_ending(dir, "");
    let bytes: u64 = files
        .iter()
        .map(|f| std::fs::metadata(f).unwrap().len())
        .sum();
    assert_eq!(summary.files, files.len() as u64, "{files:?}");
    assert_eq!(summary.bytes, bytes);
}

/// Every real GameMaker game in the fixtures, by name, with its bytes: the twenty
/// of `gamemaker/`, those of `gamemaker-more/`, and each game beside its audio group
/// files in `gamemaker-audiogroups/` (named by its folder); none (with a notice)
/// when the fixtures are absent.
pub fn gamemaker_games(test: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = gamemaker_games_in(test, "gamemaker");
    if out.is_empty() {
        return out;
    }
    out.extend(gamemaker_games_in(test, "gamemaker-more"));
    if let Some(dir) = fixture_dir(test, "gamemaker-audiogroups") {
        for folder in sorted_entries(&dir).into_iter().filter(|p| p.is_dir()) {
            let game = sorted_entries(&folder)
                .into_iter()
                .find(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("win" | "unx")));
            if let Some(game) = game {
                let name = format!(
                    "{}/{}",
                    folder.file_name().unwrap().to_string_lossy(),
                    game.file_name().unwrap().to_string_lossy()
                );
                out.push((name, std::fs::read(&game).unwrap()));
            }
        }
    }
    out
}

/// The GameMaker games directly in fixture folder `sub`, sorted by name.
pub fn gamemaker_games_in(test: &str, sub: &str) -> Vec<(String, Vec<u8>)> {
    let Some(dir) = fixture_dir(test, sub) else {
        return Vec::new();
    };
    sorted_entries(&dir)
        .into_iter()
        .filter(|p| p.is_file())
        .filter(|p| p.extension().is_some_and(|e| e != "tsv" && e != "md"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    out.sort();
    out
}

/// A model made in code, written, read back and written again: every chunk it holds
/// was given reads through its model (the release's marker chunks are as stored) and gives the same bytes and the
/// same fields. Shared by the tests of chunks no real game holds.
pub fn assert_sample_round_trips(m: &mut model::Game<'_>) {
    let bytes = model::write(m).expect("the sample writes");
    let mut back = model::read(&bytes).expect("the sample reads back");
    let given = m
        .chunks
        .iter()
        .zip(&back.chunks)
        .filter(|(a, _)| !matches!(a.body, Body::Stored { .. }));
    for (a, b) in given {
        if let Body::Stored { why, .. } = &b.body {
            panic!("{} was kept as stored: {why:?}", b.name);
        }
        assert_eq!(
            format!("{:?}", a.body),
            format!("{:?}", b.body),
            "{}",
            a.name
        );
    }
    assert_eq!(model::write(&mut back).unwrap(), bytes);
}
