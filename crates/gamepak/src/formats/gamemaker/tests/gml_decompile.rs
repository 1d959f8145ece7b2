//! The decompiler on every code entry of every real game: each one decompiles, and
//! its GML names nothing internal to the runner or the compiler.

use std::collections::BTreeMap;

use crate::common;

use gamepak::formats::gamemaker::game;
use gamepak::formats::gamemaker::gml::decompile::{decompile, text};

#[test]
fn every_code_entry_of_every_game_decompiles() {
    let mut total = 0;
    let mut failed = 0;
    let mut reasons: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let out_dir = std::env::var_os("GML_OUT");
    for (name, data) in common::gamemaker_games("gml decompile") {
        let g = game::read(&data).unwrap();
        let mut ok = 0;
        let all = decompile(&g);
        for d in &all {
            total += 1;
            match &d.body {
                Ok(body) => {
                    ok += 1;
                    let gml = text(&g, body);
                    for internal in ["@@", "$$$$", "__yy_"] {
                        assert!(
                            !gml.contains(internal),
                            "{name}: {} names {internal}:\n{gml}",
                            d.name
                        );
                    }
                    if let Some(dir) = &out_dir {
                        let dir = std::path::Path::new(dir).join(name.replace('/', "_"));
                        std::fs::create_dir_all(&dir).unwrap();
                        std::fs::write(dir.join(format!("{}.gml", d.name)), text(&g, body))
                            .unwrap();
                    }
                }
                Err(e) => {
                    failed += 1;
                    let key: String = e.why.chars().take(60).collect();
                    let r = reasons.entry(key).or_insert((0, String::new()));
                    r.0 += 1;
                    if r.1.is_empty() {
                        r.1 = format!("{name}: {} at L{:04x}", d.name, e.at);
                    }
                }
            }
        }
        eprintln!("{name}: {ok}/{} entries", all.len());
    }
    for (why, (n, first)) in &reasons {
        eprintln!("{n:5} {why}   (first: {first})");
    }
    eprintln!("{} of {total} entries decompile", total - failed);
    assert!(
        reasons.is_empty(),
        "{failed} of {total} entries do not decompile"
    );
}

#[test]
fn trace_one() {
    let (Some(game), Some(entry)) = (
        std::env::var_os("GML_GAME"),
        std::env::var("GML_ENTRY").ok(),
    ) else {
        return;
    };
    let data = std::fs::read(game).unwrap();
    let g = game::read(&data).unwrap();
    for d in decompile(&g) {
        if d.name == entry {
            match &d.body {
                Ok(b) => eprintln!("{}", text(&g, b)),
                Err(e) => eprintln!("error at L{:04x}: {}", e.at, e.why),
            }
        }
    }
}

#[test]
fn dump_locals() {
    let Some(game) = std::env::var_os("GML_LOCALS") else {
        return;
    };
    use gamepak::formats::gamemaker::model::chunks::symbols::Functions;
    let data = std::fs::read(game).unwrap();
    let g = game::read(&data).unwrap();
    let texts = g.texts();
    let f = g.chunk::<Functions>().unwrap();
    for c in &f.code_locals {
        let name = c.code.map(|i| texts[i.0 as usize].to_string());
        let locals: Vec<String> = c
            .locals
            .iter()
            .map(|l| {
                format!(
                    "{}:{}",
                    l.index,
                    l.name
                        .map(|i| texts[i.0 as usize].to_string())
                        .unwrap_or_default()
                )
            })
            .collect();
        eprintln!("{name:?} {locals:?}");
    }
    for e in &g.code {
        eprintln!(
            "entry {} args {:#x} locals {}",
            e.name, e.arguments, e.locals
        );
    }
}
