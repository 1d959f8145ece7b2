//! Texture pages larger than the allocation limit, on the real games: with the limit
//! set below every page, `check` still verifies each page (a row at a time) and
//! `extract` cuts the same frames, and writes the same pages, as from the decoded page.
//! The frames one page's worker cuts at once fit the limit together, in as many
//! passes over the page as that takes.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use gamepak::codec::png;
use gamepak::limits::Limits;
use gamepak::{ExtractOptions, Format, Options};

/// Small enough that every fixture page passes it, large enough for most frames.
const LIMIT: u64 = 64 << 10;

/// The PNG files an extraction wrote under `subs`, by path.
fn pngs(dir: &Path, subs: &[&str]) -> BTreeMap<String, Vec<u8>> {
    subs.iter()
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
        let extract_to = |name: &str, opts: &Options| {
            let out = tmp.path().join(name);
            h.open(&data, opts)
                .extract(&out, &ExtractOptions::default())
                .unwrap()
        };
        let limited = Options {
            limits: Limits::for_max_alloc(LIMIT),
            ..Options::default()
        };
        extract_to("whole", &Options::default());
        let lines = h.open(&data, &limited).check().lines();
        assert!(
            !lines.contains("does not decode"),
            "{}: {lines}",
            path.display()
        );
        extract_to("rows", &limited);
        let (whole, rows) = (tmp.path().join("whole"), tmp.path().join("rows"));
        let frames = ["sprites", "backgrounds"];
        let whole_frames = pngs(&whole, &frames);
        let row_frames = pngs(&rows, &frames);
        for (name, png) in &row_frames {
            assert_eq!(
                Some(png),
                whole_frames.get(name),
                "{}: {name}",
                path.display()
            );
        }
        streamed += row_frames.len();
        // Pages, converted to PNG as they stream, hold the same pixels.
        let whole_pages = pngs(&whole, &["textures"]);
        for (name, png) in pngs(&rows, &["textures"]) {
            let limits = Limits::default();
            let pixels = |b: &[u8]| png::decode(b, &name, &limits).unwrap();
            assert_eq!(*pixels(&png), *pixels(&whole_pages[&name]), "{name}");
        }
    }
    assert!(streamed > 100, "only {streamed} frames were cut row by row");
}
