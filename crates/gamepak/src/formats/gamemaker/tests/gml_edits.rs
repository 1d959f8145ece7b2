//! GML packed into real games: every game extracted, each `.gml` touched (a
//! comment added, so that pack compiles it) and each `.asm` beside one removed,
//! then packed. The game must pack and check clean, and the code entries come
//! back with GameMaker's own instructions.

use crate::common;
use crate::formats::gamemaker::views::code_entries;

use gamepak::formats::gamemaker::{bytecode::disassemble, views::file_view};
use gamepak::{ExtractOptions, Format};

/// Writes a packed game to the folder `GML_EDITS_OUT` names, if it names one,
/// for a reader of another implementation to load.
fn keep_for_other_readers(name: &str, bytes: &[u8]) {
    if let Some(dir) = std::env::var_os("GML_EDITS_OUT") {
        let file = name.replace('/', "_");
        std::fs::write(std::path::Path::new(&dir).join(file), bytes).unwrap();
    }
}

#[test]
fn every_game_packs_from_its_gml_alone() {
    let (mut entries, mut same) = (0usize, 0usize);
    let (mut text_entries, mut text_same) = (0usize, 0usize);
    let handler = Format::GameMaker.handler().unwrap();
    for (name, data) in common::gamemaker_games("gml edits") {
        let original = file_view::read(&data).unwrap();
        if original.gen8.bytecode < 15 {
            continue;
        }
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        handler
            .open(&data, &Default::default())
            .extract(&out, &ExtractOptions::default())
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
        keep_for_other_readers(&name, &packed.bytes);
        let report = handler.open(&packed.bytes, &Default::default()).check();
        assert_eq!(
            report.count(gamepak::Severity::Error),
            0,
            "{name}: {:?}",
            report.problems
        );
        let packed = file_view::read(&packed.bytes).unwrap();
        // Each blob's instructions, their operands named: the raw words also
        // hold the distance to the next use of a variable, wherever it is.
        let (names, packed_names) = (disassemble::names(&original), disassemble::names(&packed));
        let blob = |g: &file_view::FileView<'_>, e: &code_entries::Entry<'_>| {
            let names = if std::ptr::eq(g, &original) {
                &names
            } else {
                &packed_names
            };
            disassemble::instructions(&g.code_space, e.blob, e.length, names, g.texts())
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
        // The text fixed point: the packed game decompiles to the GML it was
        // packed from.
        let texts = |g: &file_view::FileView<'_>| -> std::collections::HashMap<String, String> {
            let style = gamepak::formats::gamemaker::gml::language::print::Style {
                escapes: g.gen8.version[0] >= 2,
            };
            gamepak::formats::gamemaker::gml::decompile::game_code::decompile(g)
                .into_iter()
                .filter_map(|d| {
                    let body = d.body.ok()?;
                    Some((
                        d.name,
                        gamepak::formats::gamemaker::gml::language::print::print(&body, style),
                    ))
                })
                .collect()
        };
        let (before, after) = (texts(&original), texts(&packed));
        let kept = before
            .iter()
            .filter(|(name, text)| after.get(*name) == Some(*text))
            .count();
        for (name, text) in &before {
            if after.get(name) != Some(text) && std::env::var_os("GML_OUT").is_some() {
                eprintln!(
                    "{name}: text differs\n{text}\n--- now\n{}",
                    after.get(name).map_or("", |t| t)
                );
            }
        }
        text_entries += before.len();
        text_same += kept;
    }
    eprintln!("{same} of {entries} entries packed from GML as they were");
    eprintln!("{text_same} of {text_entries} entries decompile to the same GML once packed");
    assert!(
        text_same * 1000 >= text_entries * 999,
        "the text fixed point holds for {text_same} of {text_entries} entries"
    );
}

/// Edits in GML on games of four eras (GameMaker Studio 2.0, 2.3, 2022 and
/// 2024): an expression changed; a statement added that sets a new global and a
/// new instance variable from a new text; a function added to the event (from
/// 2.3), with a new global and a new instance variable; a new script, called
/// from the event; and a new event of the object, written in GML. Each packs,
/// checks with no error and no warning, and extracts back with the changes.
#[test]
fn gml_edits_pack_clean_on_games_of_four_eras() {
    let Some(dir) = common::fixture_dir("gml edits eras", "gamemaker") else {
        return;
    };
    let handler = Format::GameMaker.handler().unwrap();
    // Two of GameMaker Studio 2 before 2.3: 2.0 and 2.2.1.
    for game_file in [
        "Kplus8_Space-War_a.win",
        "Cyberebral_Pure-Yahtzee_data.win",
        "Andreasholmbrg_Chonko.win",
        "P-Hansen_paramecium.win",
        "MistaCarson_Fall2024MiniJam.win",
    ] {
        let data = std::fs::read(dir.join(game_file)).unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        handler
            .open(&data, &Default::default())
            .extract(&out, &ExtractOptions::default())
            .unwrap();
        // The first object event that assigns a number.
        let mut files: Vec<_> = std::fs::read_dir(out.join("code"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.extension().is_some_and(|x| x == "gml")
                    && p.to_string_lossy().contains("gml_Object_")
                    && !p.to_string_lossy().contains("_Collision_")
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
        let functions = !game_file.starts_with("Kplus8") && !game_file.starts_with("Cyberebral");
        let mut added = "global.gamepak_edited = 1;\ngamepak_note = \"edited in GML\";\n\
                         gamepak_doubled = gamepak_script(21);\n"
            .to_string();
        if functions {
            added.push_str(
                "function gamepak_helper(n) {\n    global.gamepak_count = n;\n    \
                 gamepak_seen = n;\n    return n + 1;\n}\n",
            );
        }
        let edited = text.replacen(&line, &format!("{changed}\n{added}"), 1);
        std::fs::write(&file, edited).unwrap();
        let script = if functions {
            "function gamepak_script(n) {\n    global.gamepak_total = n;\n    return n * 2;\n}\n"
        } else {
            "global.gamepak_total = argument0;\nreturn argument0 * 2;\n"
        };
        std::fs::create_dir_all(out.join("scripts")).unwrap();
        std::fs::write(out.join("scripts/gamepak_script.gml"), script).unwrap();
        // The edited event's object, which has no alarm 11.
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let entry_name = stem.split_once('-').unwrap().1.to_string();
        let object = entry_name
            .strip_prefix("gml_Object_")
            .unwrap()
            .rsplitn(3, '_')
            .nth(2)
            .unwrap()
            .to_string();
        let new_event = format!("gml_Object_{object}_Alarm_11");
        std::fs::write(
            out.join(format!("code/{new_event}.gml")),
            "gamepak_alarm = gamepak_script(1);\n",
        )
        .unwrap();
        let packed =
            gamepak::pack(&out, &Default::default()).unwrap_or_else(|e| panic!("{game_file}: {e}"));
        let report = handler.open(&packed.bytes, &Default::default()).check();
        assert_eq!(
            (
                report.count(gamepak::Severity::Error),
                report.count(gamepak::Severity::Warning)
            ),
            (0, 0),
            "{game_file}: {:?}",
            report.problems
        );
        keep_for_other_readers(game_file, &packed.bytes);
        let again = file_view::read(&packed.bytes).unwrap();
        let script_entry = if functions {
            "gml_GlobalScript_gamepak_script"
        } else {
            "gml_Script_gamepak_script"
        };
        let entries = [entry_name, script_entry.to_string(), new_event.clone()];
        let texts =
            gamepak::formats::gamemaker::gml::decompile::source::source_texts(&again, &entries)
                .unwrap()
                .into_iter()
                .map(|t| match t.text {
                    gamepak::SourceOrWhy::Source(s) => s,
                    _ => panic!("{game_file}: {} does not decompile", t.entry),
                })
                .collect::<Vec<_>>()
                .join("\n");
        let mut shown = vec![
            "global.gamepak_edited = 1;",
            "gamepak_note = \"edited in GML\";",
            "+ irandom(0);",
            "gamepak_doubled = gamepak_script(21);",
            "global.gamepak_total = ",
            "gamepak_alarm = gamepak_script(1);",
        ];
        if functions {
            shown.extend(["global.gamepak_count = ", "gamepak_seen = "]);
        }
        for shown in shown {
            assert!(
                texts.contains(shown),
                "{game_file}: {shown} is not in\n{texts}"
            );
        }
        let back = tmp.path().join("back");
        handler
            .open(&packed.bytes, &Default::default())
            .extract(&back, &ExtractOptions::default())
            .unwrap();
        let scripts = std::fs::read_to_string(back.join("scripts.json")).unwrap();
        assert!(scripts.contains("\"gamepak_script\""), "{game_file}");
        let objects = common::files_ending(&back.join("objects"), ".json");
        let listed = objects
            .iter()
            .any(|f| std::fs::read_to_string(f).unwrap().contains(&new_event));
        assert!(listed, "{game_file}: no object runs {new_event}");
    }
}

/// New event files whose names say no event of the game's are all reported at
/// once, each by its entry.
#[test]
fn every_misnamed_new_event_is_reported() {
    let Some(dir) = common::fixture_dir("misnamed events", "gamemaker") else {
        return;
    };
    let handler = Format::GameMaker.handler().unwrap();
    let data = std::fs::read(dir.join("Andreasholmbrg_Chonko.win")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x");
    handler
        .open(&data, &Default::default())
        .extract(&out, &ExtractOptions::default())
        .unwrap();
    let misnamed = [
        "gml_Object_obj_nowhere_Create_0",
        "gml_Object_obj_nowhere_either_Step_0",
    ];
    for entry in misnamed {
        std::fs::write(out.join(format!("code/{entry}.gml")), "x = 1;\n").unwrap();
    }
    let said = match gamepak::pack(&out, &Default::default()) {
        Ok(_) => panic!("misnamed events packed"),
        Err(e) => e.to_string(),
    };
    for entry in misnamed {
        assert!(said.contains(&format!("code: {entry}")), "{entry}: {said}");
    }
}
