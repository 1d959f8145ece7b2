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

/// Edits in GML on games of four eras (GameMaker Studio 2.0, 2.3, 2022 and
/// 2024): an expression changed, a statement added that sets a new global and a
/// new instance variable from a new text. Each packs, checks with no error and
/// no warning, and decompiles back with the change.
#[test]
fn gml_edits_pack_clean_on_games_of_four_eras() {
    let Some(dir) = common::fixture_dir("gml edits eras", "gamemaker") else {
        return;
    };
    let handler = Format::GameMaker.handler().unwrap();
    for game_file in [
        "Kplus8_Space-War_a.win",
        "Andreasholmbrg_Chonko.win",
        "P-Hansen_paramecium.win",
        "MistaCarson_Fall2024MiniJam.win",
    ] {
        let data = std::fs::read(dir.join(game_file)).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        handler
            .extract(&data, &out, &ExtractOptions::default(), &Default::default())
            .unwrap();
        // The first object event that assigns a number.
        let mut files: Vec<_> = std::fs::read_dir(out.join("code"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.extension().is_some_and(|x| x == "gml")
                    && p.to_string_lossy().contains("gml_Object_")
            })
            .collect();
        files.sort();
        let (file, text, line) = files
            .iter()
            .find_map(|f| {
                let text = std::fs::read_to_string(f).unwrap();
                let line = text
                    .lines()
                    .find(|l| !l.starts_with(' ') && l.contains(" = ") && l.ends_with(';'))?
                    .to_string();
                Some((f.clone(), text, line))
            })
            .unwrap_or_else(|| panic!("{game_file}: no assignment to edit"));
        let (target, value) = line.trim_end_matches(';').split_once(" = ").unwrap();
        let changed = format!("{target} = ({value}) + irandom(0);");
        let added = "global.gamepak_edited = 1;\ngamepak_note = \"edited in GML\";\n";
        let edited = text.replacen(&line, &format!("{changed}\n{added}"), 1);
        std::fs::write(&file, edited).unwrap();
        let packed =
            gamepak::pack(&out, &Default::default()).unwrap_or_else(|e| panic!("{game_file}: {e}"));
        let report = handler.check(&packed.bytes, &Default::default());
        assert_eq!(
            (
                report.count(gamepak::Severity::Error),
                report.count(gamepak::Severity::Warning)
            ),
            (0, 0),
            "{game_file}: {:?}",
            report.problems
        );
        let again = game::read(&packed.bytes).unwrap();
        let entry = file
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .split_once('-')
            .unwrap()
            .1
            .to_string();
        let back = gamepak::formats::gamemaker::gml::source::source_texts(&again, &[entry])
            .unwrap()
            .remove(0);
        let gamepak::SourceOrWhy::Source(back) = back.text else {
            panic!("{game_file}: the edited entry does not decompile");
        };
        for shown in [
            "global.gamepak_edited = 1;",
            "gamepak_note = \"edited in GML\";",
            "+ irandom(0);",
        ] {
            assert!(
                back.contains(shown),
                "{game_file}: {shown} is not in\n{back}"
            );
        }
    }
}
