//! Field sweeps: every 2- and 4-byte field of small real files of each format, set
//! in turn to an extreme value (0, all ones, the sign bit alone, the largest signed
//! value), then read by every verb in the library (detect, info, list, check and
//! extract into memory). No verb may panic on any of them.
//!
//! The suite's run takes every field of a GameMaker game's TPAG chunk (where frames
//! are cut from pages) and a fixed stride through every other field of every file;
//! `GAMEPAK_SWEEP=full` takes every field of every file (run it in a release build).
//!
//! The sweep runs on a thread pool of its own, whose threads alone have their panics
//! recorded rather than printed, so the tests running beside it print theirs.

use crate::common;

use std::cell::Cell;
use std::collections::BTreeSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use gamepak::gamemaker::chunks::sprites::Sprites;
use gamepak::gamemaker::form;
use gamepak::io::MemoryFolder;
use gamepak::limits::Limits;
use gamepak::{ExtractOptions, Format, FourCC, Options};
use rayon::prelude::*;

/// The values each field takes, as (width in bytes, value).
const VALUES: [(usize, u32); 8] = [
    (2, 0),
    (2, 0xFFFF),
    (2, 0x8000),
    (2, 0x7FFF),
    (4, 0),
    (4, 0xFFFF_FFFF),
    (4, 0x8000_0000),
    (4, 0x7FFF_FFFF),
];

/// In the suite's run, one field change in this many is tried, outside the spans
/// swept whole.
const STRIDE: usize = 151;

/// One file swept: its name, bytes, byte order and format.
struct Sample {
    name: String,
    bytes: Vec<u8>,
    big_endian: bool,
    format: Format,
    /// Byte ranges whose every field is tried even in the suite's run.
    whole: Vec<std::ops::Range<usize>>,
}

/// One changed field: where, how wide, and to what.
#[derive(Clone, Copy)]
struct Change {
    at: usize,
    width: usize,
    value: u32,
}

impl Change {
    fn apply(self, s: &Sample) -> Vec<u8> {
        let mut b = s.bytes.clone();
        let field = &mut b[self.at..self.at + self.width];
        match (self.width, s.big_endian) {
            (2, false) => field.copy_from_slice(&(self.value as u16).to_le_bytes()),
            (2, true) => field.copy_from_slice(&(self.value as u16).to_be_bytes()),
            (_, false) => field.copy_from_slice(&self.value.to_le_bytes()),
            (_, true) => field.copy_from_slice(&self.value.to_be_bytes()),
        }
        b
    }
}

/// Every change of every aligned field of `s`.
fn every_change(s: &Sample) -> Vec<Change> {
    let mut out = Vec::new();
    for at in 0..s.bytes.len() {
        for (width, value) in VALUES {
            if at % width == 0 && at + width <= s.bytes.len() {
                out.push(Change { at, width, value });
            }
        }
    }
    out
}

/// The changes the run tries: all of them when `full`, otherwise those inside the
/// sample's whole spans and one in [`STRIDE`] of the rest.
fn changes(s: &Sample, full: bool) -> Vec<Change> {
    every_change(s)
        .into_iter()
        .enumerate()
        .filter(|(i, c)| full || i % STRIDE == 0 || s.whole.iter().any(|r| r.contains(&c.at)))
        .map(|(_, c)| c)
        .collect()
}

fn read(dir: &Path, file: &str, format: Format) -> Option<Sample> {
    let path = dir.join(file);
    let bytes = std::fs::read(&path).ok()?;
    Some(Sample {
        name: file.to_string(),
        big_endian: file.contains("-be."),
        format,
        whole: whole_spans(&bytes, format),
        bytes,
    })
}

/// The spans of a file swept whole: a GameMaker game's TPAG chunk.
fn whole_spans(bytes: &[u8], format: Format) -> Vec<std::ops::Range<usize>> {
    if format != Format::GameMaker {
        return Vec::new();
    }
    let form = form::read(bytes).expect("the sample reads");
    form.chunk(FourCC::TPAG)
        .map(|c| c.offset as usize..c.end() as usize)
        .into_iter()
        .collect()
}

/// The files swept: the smallest games and packages of the fixtures, and the
/// repository's own examples.
fn samples() -> Vec<Sample> {
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut out: Vec<Sample> = [
        ("gbin/demo.gbin", Format::Gbin),
        ("gbin/demo-be.gbin", Format::Gbin),
        ("swag/demo.swag", Format::Swag),
        ("swag/demo-be.swag", Format::Swag),
        ("tng/demo.tng", Format::Tng),
    ]
    .into_iter()
    .filter_map(|(f, format)| read(&examples, f, format))
    .collect();
    if let Some(fixtures) = common::fixtures("field_sweep") {
        out.extend(
            [
                ("gamemaker/Okanoa_Dieback.win", Format::GameMaker),
                ("gamemaker/Kplus8_Space-War_a.win", Format::GameMaker),
                (
                    "gamemaker-more/HannulaTero_github.io.win",
                    Format::GameMaker,
                ),
                ("gbin/04_minimal/mini.gbin", Format::Gbin),
                ("gbin/06_quirks/q17.gbin", Format::Gbin),
                ("native/v1-7f15c65.production.game.bin", Format::Native),
                (
                    "native/empty.development.HANDMADE-Index.js.game.bin",
                    Format::Native,
                ),
            ]
            .into_iter()
            .filter_map(|(f, format)| read(&fixtures, f, format)),
        );
    }
    out
}

/// Runs every verb on `data`, as the file's own format and as detected; the verb
/// that panicked, if one did.
fn verbs(data: &[u8], format: Format) -> Option<&'static str> {
    // Extreme sizes are refused by the allocation limit rather than allocated.
    let opts = &Options {
        limits: Limits::for_max_alloc(64 << 20),
        ..Options::default()
    };
    let run = |verb: &'static str, f: &dyn Fn()| {
        panic::catch_unwind(AssertUnwindSafe(f)).err().map(|_| verb)
    };
    let detected = panic::catch_unwind(|| gamepak::detect(data));
    let Ok(detected) = detected else {
        return Some("detect");
    };
    let mut formats = vec![format];
    formats.extend(detected.format.filter(|&f| f != format));
    for h in formats.into_iter().filter_map(Format::handler) {
        let failed = run("info", &|| drop(h.open(data, opts).info()))
            .or_else(|| run("list", &|| drop(h.open(data, opts).list())))
            .or_else(|| run("check", &|| drop(h.open(data, opts).check())))
            .or_else(|| {
                run("extract", &|| {
                    let memory = Arc::new(MemoryFolder::default());
                    let extract = ExtractOptions {
                        memory: Some(memory.clone()),
                        ..ExtractOptions::default()
                    };
                    let _ = h.open(data, opts).extract(Path::new("memory"), &extract);
                })
            });
        if failed.is_some() {
            return failed;
        }
    }
    None
}

thread_local! {
    /// Whether this thread is the sweep's, whose panics are expected: the hook then
    /// keeps their place instead of printing them.
    static SWEEPING: Cell<bool> = const { Cell::new(false) };
}
static PLACES: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

fn sweep(full: bool) {
    let samples = samples();
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if SWEEPING.get() {
            let place = info.location().map_or(String::new(), |l| l.to_string());
            PLACES
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(place);
        } else {
            default_hook(info);
        }
    }));
    let pool = rayon::ThreadPoolBuilder::new()
        .start_handler(|_| SWEEPING.set(true))
        .build()
        .unwrap();
    let mut tried = 0;
    let mut panicked = Vec::new();
    for s in &samples {
        assert!(verbs(&s.bytes, s.format).is_none(), "{} as it is", s.name);
        let changes = changes(s, full);
        tried += changes.len();
        pool.install(|| {
            panicked.par_extend(changes.into_par_iter().filter_map(|c| {
                let verb = verbs(&c.apply(s), s.format)?;
                let value = format!("{:#0w$x}", c.value, w = 2 + 2 * c.width);
                Some(format!("{} at {:#x} = {value}: {verb}", s.name, c.at))
            }))
        });
    }
    let places = std::mem::take(&mut *PLACES.lock().unwrap());
    eprintln!(
        "field sweep: {} files, {tried} changes, {} panicked",
        samples.len(),
        panicked.len()
    );
    assert!(
        panicked.is_empty(),
        "{} of {tried} changed files panicked:\n{}\nat:\n{}",
        panicked.len(),
        panicked
            .iter()
            .take(200)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n"),
        places.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// A TPAG item that cannot be drawn is what `check` says it is, and `extract` leaves
/// out the frames cut through it with that same located problem, writing the rest.
#[test]
fn extract_reports_an_undrawable_item_as_check_does() {
    let Some(dir) = common::fixture_dir("field_sweep", "gamemaker") else {
        return;
    };
    let bytes = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let game = gamepak::gamemaker::Game::read(&bytes).unwrap();
    let sprites = &game.get::<Sprites>().unwrap().sprites;
    let frame = sprites
        .iter()
        .flatten()
        .flat_map(|s| &s.frames)
        .flatten()
        .next();
    let frame = frame.expect("a sprite has a frame").0 as usize;
    let ptr = game.place_in(FourCC::TPAG, frame).unwrap() as usize;
    let h = Format::GameMaker.handler().unwrap();
    // The page index (at +20), then the source rectangle's x (at +0).
    for (field, value, says) in [
        (20, 0x00FF, "page 255 does not exist"),
        (0, 0xFFF0, "runs past page"),
    ] {
        let mut b = bytes.clone();
        b[ptr + field..ptr + field + 2].copy_from_slice(&u16::to_le_bytes(value));
        let report = h.open(&b, &Default::default()).check();
        let found = report.problems.iter().find(|p| p.message.contains(says));
        let problem = found.unwrap_or_else(|| panic!("check: {}", report.lines()));
        assert!(problem.path.starts_with("FORM/TPAG/entry["), "{problem:?}");
        assert_eq!(problem.offset, Some((ptr + field) as u64));
        let extract = ExtractOptions {
            memory: Some(Arc::new(MemoryFolder::default())),
            ..ExtractOptions::default()
        };
        let summary = h
            .open(&b, &Default::default())
            .extract(Path::new("memory"), &extract)
            .unwrap();
        assert!(
            summary
                .failed
                .iter()
                .any(|f| f.ends_with(&problem.located())),
            "{:?} holds no {:?}",
            summary.failed,
            problem.located()
        );
        assert!(summary.files > 1, "the other entries are written");
    }
}

#[test]
fn no_verb_panics_on_an_extreme_field() {
    sweep(std::env::var("GAMEPAK_SWEEP").is_ok_and(|v| v == "full"));
}
