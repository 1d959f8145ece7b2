//! The decompiler on every code entry of every real game: each one decompiles, its
//! GML names nothing internal to the runner or the compiler, and it parses back to
//! the tree it was printed from.

use std::collections::BTreeMap;

use crate::common;

use gamepak::formats::gamemaker::gml::decompile::game_code::{decompile, text};
use gamepak::formats::gamemaker::gml::language::parse::parse_with;
use gamepak::formats::gamemaker::gml::language::print::Style;
use gamepak::formats::gamemaker::views::file_view;

#[test]
fn every_code_entry_of_every_game_decompiles() {
    let mut total = 0;
    let mut failed = 0;
    let mut reasons: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let out_dir = std::env::var_os("GML_OUT");
    for (name, data) in common::gamemaker_games("gml decompile") {
        let g = file_view::read(&data).unwrap();
        let mut ok = 0;
        let all = decompile(&g);
        for d in &all {
            total += 1;
            match &d.body {
                Ok(body) => {
                    ok += 1;
                    let gml = text(&g, body);
                    let style = Style {
                        escapes: g.gen8.version[0] >= 2,
                    };
                    match parse_with(&gml, style) {
                        Ok(tree) => assert!(
                            tree == *body,
                            "{name}: {} parses to another tree:\n{gml}",
                            d.name
                        ),
                        Err(e) => panic!("{name}: {} does not parse:\n{e}\n{gml}", d.name),
                    }
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
