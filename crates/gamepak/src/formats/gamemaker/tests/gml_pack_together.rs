//! Edits of several kinds in one pack: each lands, or pack refuses naming the
//! conflict; and the compiler's diagnostics reach pack with their places.

use std::path::{Path, PathBuf};

use crate::common;

use gamepak::formats::gamemaker::{gml, views::file_view};

/// The fixture game `file` of `gamemaker/`, extracted, or `None` (skipped)
/// without the fixtures.
fn extracted(test: &str, file: &str) -> Option<tempfile::TempDir> {
    let dir = common::fixture_dir(test, "gamemaker")?;
    Some(common::folder::extract(
        &std::fs::read(dir.join(file)).unwrap(),
    ))
}

/// The folder's file under `code/` whose name ends with `suffix`.
fn code_file(folder: &Path, suffix: &str) -> PathBuf {
    common::files_ending(&folder.join("code"), suffix)
        .pop()
        .unwrap_or_else(|| panic!("no code file ends with {suffix}"))
}

/// The GML entry `entry` of `bytes` decompiles to.
fn decompiled(bytes: &[u8], entry: &str) -> String {
    let g = file_view::read(bytes).unwrap();
    let d = gml::decompile::game_code::decompile(&g)
        .into_iter()
        .find(|d| d.name == entry)
        .unwrap_or_else(|| panic!("no entry {entry}"));
    gml::language::print::print(
        &d.body.unwrap(),
        gml::language::print::Style { escapes: true },
    )
}

/// A text edited in `text.json` and the code that shows it edited too: both
/// land, the code showing the edited text. Where the edited code no longer
/// shows the text, pack says so.
#[test]
fn a_text_edited_in_text_json_and_the_code_showing_it_both_land() {
    let game = "MistaCarson_Fall2024MiniJam.win";
    let Some(out) = extracted("text and code together", game) else {
        return;
    };
    let out = out.path();
    let list = out.join("text.json");
    let mut texts = common::folder::read_json(&list);
    let shown = texts
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|t| t["text"] == "Ices not forgotten: ")
        .expect("the game shows the text");
    shown["text"] = "Glaces: ".into();
    common::folder::write_json(&list, &texts);
    let draw = code_file(out, "Draw_64.gml");
    let gml = std::fs::read_to_string(&draw).unwrap();
    std::fs::write(&draw, format!("{gml}x = 1;\n")).unwrap();
    let (packed, _) = common::folder::packed_clean(game, out);
    let now = decompiled(&packed, "gml_Object_obj_game_manager_Draw_64");
    assert!(now.contains("\"Glaces: \" + string(ices)"), "{now}");
    assert!(now.contains("x = 1;"), "{now}");

    std::fs::write(&draw, gml.replace("Ices not forgotten: ", "Hielos: ")).unwrap();
    let outcome = gamepak::pack(out, &Default::default()).unwrap();
    let said = outcome.warnings.join("\n");
    assert!(
        said.contains(
            "string 21 (\"Ices not forgotten: \") is edited to \"Glaces: \", and this \
             code, which showed it, no longer pushes it"
        ),
        "{said}"
    );
}

/// A name read that nothing sets, a slip from a constant, packs with a warning
/// naming the file, the line and the column.
#[test]
fn compiler_warnings_reach_pack_with_their_place() {
    let game = "MistaCarson_Fall2024MiniJam.win";
    let Some(out) = extracted("compiler warnings in pack", game) else {
        return;
    };
    let step = code_file(out.path(), "obj_cola_Step_0.gml");
    std::fs::write(&step, "x = 1;\nimage_blend = c_whte;\n").unwrap();
    let outcome = gamepak::pack(out.path(), &Default::default()).unwrap();
    let file = step.strip_prefix(out.path()).unwrap().display().to_string();
    assert_eq!(
        outcome.code_warnings,
        [gamepak::Diagnostic {
            message: format!(
                "{file}:2:15: `c_whte` is read, but nothing in the game sets it; did you \
                 mean `c_white`?"
            ),
            line: Some("image_blend = c_whte;".into()),
            column: 15,
        }]
    );
    assert_eq!(
        outcome.code_warnings[0].caret().as_deref(),
        Some("              ^")
    );
}

/// Two script files declaring one function name, or a new one declaring a
/// function the game has already: refused, naming both files.
#[test]
fn a_function_declared_twice_is_refused_naming_both_files() {
    let game = "VVoytec_Simple-Auto-Battler.unx";
    let Some(out) = extracted("functions declared twice", game) else {
        return;
    };
    let scripts = out.path().join("scripts");
    std::fs::create_dir_all(&scripts).unwrap();
    std::fs::write(
        scripts.join("odds.gml"),
        "function chance(p) {\n    return 1;\n}\n",
    )
    .unwrap();
    std::fs::write(scripts.join("help_a.gml"), "function helper() {}\n").unwrap();
    std::fs::write(scripts.join("help_b.gml"), "function helper() {}\n").unwrap();
    let said = match gamepak::pack(out.path(), &Default::default()) {
        Ok(_) => panic!("a function declared twice packed"),
        Err(e) => e.to_string(),
    };
    assert!(
        said.contains(
            "scripts/odds.gml: the function `chance` is declared in \
             code/001-gml_GlobalScript_chance.gml already"
        ),
        "{said}"
    );
    assert!(
        said.contains("the function `helper` is declared in scripts/help_"),
        "{said}"
    );
}
