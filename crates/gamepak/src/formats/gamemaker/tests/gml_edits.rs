//! GML packed into real games: every game extracted, each `.gml` touched (a
//! comment added, so that pack compiles it) and each `.asm` beside one removed,
//! then packed. The game must pack and check clean, and the code entries come
//! back with GameMaker's own instructions.

use crate::common;

use gamepak::formats::gamemaker::{code, game};
use gamepak::{ExtractOptions, Format};

#[test]
fn every_game_packs_from_its_gml_alone() {
    let (mut entries, mut same) = (0usize, 0usize);
    let handler = Format::GameMaker.handler().unwrap();
    for (name, data) in common::gamemaker_games("gml edits") {
        let original = game::read(&data).unwrap();
        if original.gen8.bytecode < 15 {
            continue;
        }
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        handler
            .extract(&data, &out, &ExtractOptions::default(), &Default::default())
            .unwrap();
        let code = out.join("code");
        if !code.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&code).unwrap().map(|e| e.unwrap().path()) {
            if file.extension().is_some_and(|x| x == "gml") {
                let mut text = std::fs::read_to_string(&file).unwrap();
                text.push_str("\n// touched\n");
                std::fs::write(&file, text).unwrap();
                std::fs::remove_file(file.with_extension("asm")).unwrap();
            }
        }
        let packed =
            gamepak::pack(&out, &Default::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let report = handler.check(&packed.bytes, &Default::default());
        assert_eq!(
            report.count(gamepak::Severity::Error),
            0,
            "{name}: {:?}",
            report.problems
        );
        let packed = game::read(&packed.bytes).unwrap();
        // Each blob's instructions, their operands named: the raw words also
        // hold the distance to the next use of a variable, wherever it is.
        let (names, packed_names) = (code::names(&original), code::names(&packed));
        let blob = |g: &game::Game<'_>, e: &code::Entry<'_>| {
            let names = if std::ptr::eq(g, &original) {
                &names
            } else {
                &packed_names
            };
            code::instructions(&g.form, e.blob, e.length, names, g.texts())
                .0
                .into_iter()
                .map(|l| l.text)
                .collect::<Vec<_>>()
        };
        let here = original
            .code
            .iter()
            .zip(&packed.code)
            .filter(|(a, _)| a.start == 0 && a.length > 0)
            .map(|(a, b)| (blob(&original, a) == blob(&packed, b)) as usize)
            .fold((0, 0), |(n, s), k| (n + 1, s + k));
        eprintln!(
            "{name}: {} of {} entries packed as they were",
            here.1, here.0
        );
        entries += here.0;
        same += here.1;
    }
    eprintln!("{same} of {entries} entries packed from GML as they were");
}
