//! The GML sweep: every GameMaker game under the folders given, taken through what
//! a modder does with its code, and counted per game and per release family.
//!
//! `cargo run --release -p gamepak --example gml_sweep -- [--why DIR] FOLDER_OR_FILE...`
//!
//! For each game it counts the code entries that decompile, those whose GML parses
//! and prints back to the same text, and those that compile back to GameMaker's own
//! instructions ([`sweep`]); then it extracts the game and packs it twice:
//! unchanged (which must give the same bytes) and with every `.gml` touched and
//! every `.asm` removed (which must pack, and check with no error the game did
//! not hold already). With `--why DIR`, each reason an entry or a pack fell
//! short goes to `DIR/<game>.txt`, to be read one by one, and each entry that
//! compiles to other instructions has both listings side by side in
//! `DIR/<game>/<entry>.diff`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use gamepak::gamemaker::gml::sweep::{sweep, CodeSweep};
use gamepak::{ExtractOptions, Format, Severity};

/// What one game or family gave.
#[derive(Default)]
struct Tally {
    games: usize,
    entries: usize,
    decompiled: usize,
    reprinted: usize,
    compiled: usize,
    gml_packs: usize,
    unchanged_packs: usize,
}

impl Tally {
    fn add(&mut self, code: &CodeSweep, packs: &Packs) {
        self.games += 1;
        self.entries += code.entries;
        self.decompiled += code.decompiled;
        self.reprinted += code.reprinted;
        self.compiled += code.compiled;
        self.gml_packs += packs.from_gml.is_ok() as usize;
        self.unchanged_packs += packs.unchanged.is_ok() as usize;
    }

    fn row(&self, label: &str) -> String {
        let share = |n: usize| match self.entries {
            0 => "-".to_string(),
            all => format!("{n} ({:.1}%)", n as f64 * 100.0 / all as f64),
        };
        format!(
            "| {label} | {} | {} | {} | {} | {} | {}/{} | {}/{} |",
            self.games,
            self.entries,
            share(self.decompiled),
            share(self.reprinted),
            share(self.compiled),
            self.gml_packs,
            self.games,
            self.unchanged_packs,
            self.games
        )
    }
}

/// The two packs of an extracted game, or why each fell short.
struct Packs {
    unchanged: Result<(), String>,
    from_gml: Result<(), String>,
}

const HEADER: &str = "| entries | decompiled | reprinted | compiled back | packs from GML | unchanged packs identical |\n";

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let why_dir = match args.iter().position(|a| a == "--why") {
        Some(i) if i + 1 < args.len() => {
            let dir = PathBuf::from(args.remove(i + 1));
            args.remove(i);
            std::fs::create_dir_all(&dir).expect("the --why folder can be made");
            Some(dir)
        }
        _ => None,
    };
    if args.is_empty() {
        eprintln!("usage: gml_sweep [--why DIR] FOLDER_OR_FILE...");
        std::process::exit(2);
    }
    let mut files: Vec<PathBuf> = args.iter().flat_map(|a| games_in(Path::new(a))).collect();
    files.sort();
    files.dedup();
    let swept: Vec<(String, CodeSweep, Packs)> = files
        .par_iter()
        .filter_map(|file| {
            let data = std::fs::read(file).ok()?;
            if gamepak::gamemaker::audio_group::is_audio_group(&data) {
                return None;
            }
            let name = game_name(file);
            let code = sweep(&data)
                .map_err(|e| eprintln!("{name}: does not read: {e}"))
                .ok()?;
            let packs = packs(&data);
            eprintln!(
                "{name}: {}/{} decompiled, {} compiled back",
                code.decompiled, code.entries, code.compiled
            );
            Some((name, code, packs))
        })
        .collect();
    let mut families: BTreeMap<String, Tally> = BTreeMap::new();
    let mut all = Tally::default();
    print!("| game | release {}", HEADER);
    println!("|---|---|---|---|---|---|---|---|");
    for (name, code, packs) in &swept {
        let mut one = Tally::default();
        one.add(code, packs);
        println!(
            "{}",
            one.row(&format!("{name} | {}", code.release))
                .replacen(" 1 |", "", 1)
        );
        families
            .entry(code.family.clone())
            .or_default()
            .add(code, packs);
        all.add(code, packs);
        if let Some(dir) = &why_dir {
            let mut why = code.reasons.join("\n");
            for (what, r) in [
                ("unchanged", &packs.unchanged),
                ("from GML", &packs.from_gml),
            ] {
                if let Err(e) = r {
                    why.push_str(&format!("\npack {what}: {e}"));
                }
            }
            std::fs::write(dir.join(format!("{name}.txt")), why).expect("the reasons are written");
            let listings = dir.join(name);
            for (entry, side_by_side) in &code.listings {
                std::fs::create_dir_all(&listings).expect("the listings folder can be made");
                std::fs::write(listings.join(format!("{entry}.diff")), side_by_side)
                    .expect("the listing is written");
            }
        }
    }
    print!("\n| family | games {}", HEADER);
    println!("|---|---|---|---|---|---|---|---|");
    for (family, t) in &families {
        println!("{}", t.row(family));
    }
    println!("{}", all.row("all"));
}

/// A game's file name, led by its folder's where the file has a name every
/// GameMaker game has (`data.win`, `game.unx`, ...).
fn game_name(file: &Path) -> String {
    let name = file
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let generic = name.starts_with("data.") || name.starts_with("game.");
    match file.parent().and_then(Path::file_name) {
        Some(folder) if generic => format!("{}_{name}", folder.to_string_lossy()),
        _ => name,
    }
}

/// The files under `path` (or `path` itself) that start with a FORM chunk.
fn games_in(path: &Path) -> Vec<PathBuf> {
    let is_game = |p: &Path| {
        let mut head = [0u8; 4];
        std::fs::File::open(p)
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
            .is_ok()
            && &head == b"FORM"
    };
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(
                std::fs::read_dir(&p)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|e| e.path()),
            );
        } else if is_game(&p) {
            out.push(p);
        }
    }
    out
}

/// The game extracted and packed twice: unchanged, and with every `.gml` touched
/// and every `.asm` removed.
fn packs(data: &[u8]) -> Packs {
    let handler = Format::GameMaker
        .handler()
        .expect("GameMaker has a handler");
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let out = tmp.path().join("x");
    if let Err(e) = handler
        .open(data, &Default::default())
        .extract(&out, &ExtractOptions::default())
    {
        let why = format!("extract: {e}");
        return Packs {
            unchanged: Err(why.clone()),
            from_gml: Err(why),
        };
    }
    let unchanged = match gamepak::pack(&out, &Default::default()) {
        Ok(p) if p.bytes == data => Ok(()),
        Ok(p) => Err(format!(
            "other bytes ({} against {}), the first difference at {:#x}",
            p.bytes.len(),
            data.len(),
            p.bytes
                .iter()
                .zip(data)
                .position(|(a, b)| a != b)
                .unwrap_or(p.bytes.len().min(data.len()))
        )),
        Err(e) => Err(e.to_string()),
    };
    let code: Vec<PathBuf> = std::fs::read_dir(out.join("code"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    for file in code {
        match file.extension().and_then(|x| x.to_str()) {
            Some("gml") => {
                let mut gml = std::fs::read_to_string(&file).expect("the GML reads");
                gml.push_str("\n// touched\n");
                std::fs::write(&file, gml).expect("the GML is written");
            }
            Some("asm") => std::fs::remove_file(&file).expect("the assembly is removed"),
            _ => {}
        }
    }
    // An error the game itself holds (GameMaker writes some rooms and pages
    // its own rules refuse) is no fault of the pack's.
    let errors = |bytes: &[u8]| -> Vec<String> {
        handler
            .open(bytes, &Default::default())
            .check()
            .problems
            .into_iter()
            .filter(|p| p.severity == Severity::Error)
            .map(|p| p.message)
            .collect()
    };
    let held = errors(data);
    let from_gml = gamepak::pack(&out, &Default::default())
        .map_err(|e| e.to_string())
        .and_then(
            |p| match errors(&p.bytes).into_iter().find(|e| !held.contains(e)) {
                None => Ok(()),
                Some(problem) => Err(format!("packs, but check finds: {problem}")),
            },
        );
    Packs {
        unchanged,
        from_gml,
    }
}
