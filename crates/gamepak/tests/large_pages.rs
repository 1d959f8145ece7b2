//! Texture pages larger than the allocation limit, on the real games: with the limit
//! set below every page, `check` still verifies each page (a row at a time) and
//! `extract` cuts the same frames as from the decoded page. Its own test binary,
//! since the limit is process-wide.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use gamepak::limits::{set_max_alloc, DEFAULT_MAX_ALLOC};
use gamepak::{ExtractOptions, Format};

/// Small enough that every fixture page passes it, large enough for most frames.
const LIMIT: u64 = 64 << 10;

/// The PNG frames an extraction wrote, by path.
fn frames(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    ["sprites", "backgrounds"]
        .iter()
        .map(|sub| dir.join(sub))
        .filter(|d| d.is_dir())
        .flat_map(|d| common::files_ending(&d, ".png"))
        .map(|p| {
            let name = p.strip_prefix(dir).unwrap().display().to_string();
            (name, std::fs::read(p).unwrap())
        })
        .collect()
}

#[test]
fn pages_past_the_limit_are_checked_and_cut_row_by_row() {
    let Some(dir) = common::fixture_dir("large_pages", "gamemaker") else {
        return;
    };
    let h = Format::GameMaker.handler().unwrap();
    let mut streamed = 0;
    for file in std::fs::read_dir(&dir).unwrap() {
        let path = file.unwrap().path();
        if path.extension().is_some_and(|e| e == "tsv") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        set_max_alloc(DEFAULT_MAX_ALLOC);
        h.extract(&data, &tmp.path().join("whole"), &ExtractOptions::default())
            .unwrap();
        set_max_alloc(LIMIT);
        let lines = h.check(&data).lines();
        assert!(
            !lines.contains("does not decode"),
            "{}: {lines}",
            path.display()
        );
        h.extract(&data, &tmp.path().join("rows"), &ExtractOptions::default())
            .unwrap();
        set_max_alloc(DEFAULT_MAX_ALLOC);
        let whole = frames(&tmp.path().join("whole"));
        let rows = frames(&tmp.path().join("rows"));
        for (name, png) in &rows {
            assert_eq!(Some(png), whole.get(name), "{}: {name}", path.display());
        }
        streamed += rows.len();
    }
    assert!(streamed > 100, "only {streamed} frames were cut row by row");
}
