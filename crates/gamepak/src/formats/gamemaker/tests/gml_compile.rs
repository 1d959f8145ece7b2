//! The compiler on every code entry of every real game: decompiled, compiled again,
//! and compared with GameMaker's own instructions.

use std::collections::BTreeMap;

use crate::common;

use gamepak::formats::gamemaker::gml::compile::identity::{identity, Outcome};
use gamepak::formats::gamemaker::views::file_view;

#[test]
fn every_code_entry_compiles_back_to_its_bytecode() {
    let out_dir = std::env::var_os("GML_OUT");
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let (mut total, mut same) = (0, 0);
    for (name, data) in common::gamemaker_games("gml compile") {
        let g = file_view::read(&data).unwrap();
        let results = identity(&g);
        let here = results.iter().filter(|(_, o)| *o == Outcome::Same).count();
        eprintln!("{name}: {here}/{} entries the same", results.len());
        total += results.len();
        same += here;
        for (entry, outcome) in &results {
            match outcome {
                Outcome::Same => {}
                Outcome::Failed(why) => *reasons.entry(format!("failed: {why}")).or_default() += 1,
                Outcome::Differs {
                    at,
                    original,
                    compiled,
                } => {
                    let key = format!(
                        "{} / {}",
                        original.get(*at).map_or("(end)", String::as_str),
                        compiled.get(*at).map_or("(end)", String::as_str)
                    );
                    *reasons.entry(key).or_default() += 1;
                    if let Some(dir) = &out_dir {
                        let dir = std::path::Path::new(dir).join(name.replace('/', "_"));
                        std::fs::create_dir_all(&dir).unwrap();
                        let side: String = (0..original.len().max(compiled.len()))
                            .map(|k| {
                                format!(
                                    "{}{k:4} {:40} {}\n",
                                    if k == *at { ">" } else { " " },
                                    original.get(k).map_or("", String::as_str),
                                    compiled.get(k).map_or("", String::as_str)
                                )
                            })
                            .collect();
                        std::fs::write(dir.join(format!("{entry}.diff")), side).unwrap();
                    }
                }
            }
        }
    }
    let mut by_count: Vec<_> = reasons.into_iter().collect();
    by_count.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (why, n) in by_count.iter().take(60) {
        eprintln!("{n:5} {why}");
    }
    eprintln!("{same} of {total} entries compile to their bytecode");
}
