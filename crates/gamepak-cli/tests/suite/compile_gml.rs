//! GML on the command line: `compile` prints what an edit compiles to, and pack
//! reports every error in the folder's GML with its place, writing nothing.

use crate::common;
use crate::run::{gamepak, stderr};

/// The fixture game these tests compile against, and a folder for their files;
/// `None` (the test skips) without the fixtures.
fn dieback(what: &str) -> Option<(std::path::PathBuf, tempfile::TempDir)> {
    let dir = common::fixture_dir(what, "gamemaker")?;
    Some((dir.join("Okanoa_Dieback.win"), tempfile::tempdir().unwrap()))
}

#[test]
fn compile_prints_the_assembly_and_points_at_errors() {
    let Some((game, tmp)) = dieback("cli compile") else {
        return;
    };
    let good = tmp.path().join("001-gml_Object_Export_Draw_0.gml");
    std::fs::write(&good, "show_debug_message(\"hello\");\nexit;\n").unwrap();
    let o = gamepak(&["compile", game.to_str().unwrap(), good.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.starts_with("; gml_Object_Export_Draw_0 (arguments 0, locals 0) starts at L0000")
            && said.contains("push.s \"hello\"")
            && said.contains("call.i show_debug_message(argc=1)")
            && said.contains("exit.i"),
        "{said}"
    );
    let bad = tmp.path().join("bad.gml");
    std::fs::write(&bad, "x = 1;\n  draw_set_alpah(0.5);\n").unwrap();
    let o = gamepak(&["compile", game.to_str().unwrap(), bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(
        said.contains(
            "bad.gml:2:3: unknown function `draw_set_alpah`; did you mean `draw_set_alpha`?"
        ) && said.contains("\n      draw_set_alpah(0.5);\n      ^"),
        "{said}"
    );
}

#[test]
fn compile_warns_of_a_slip_and_refuses_syntax_the_release_lacks() {
    let Some((game, tmp)) = dieback("cli compile warnings") else {
        return;
    };
    let slip = tmp.path().join("slip.gml");
    std::fs::write(&slip, "x = 1;\nimage_blend = c_whte;\n").unwrap();
    let o = gamepak(&["compile", game.to_str().unwrap(), slip.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = stderr(&o);
    assert!(
        said.contains("gamepak: warning: ")
            && said.contains(
                "slip.gml:2:15: `c_whte` is read, but nothing in the game sets it; \
             did you mean `c_white`?\n  image_blend = c_whte;\n                ^"
            ),
        "{said}"
    );
    let old = tmp.path().join("old.gml");
    std::fs::write(&old, "hp = { now: 3, most: 3 };\n").unwrap();
    let game = game.with_file_name("Kplus8_Space-War_a.win");
    let o = gamepak(&["compile", game.to_str().unwrap(), old.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(
        said.contains(
            "old.gml:1:6: struct literals need GameMaker 2.3 or later; this game is 2.0.6 to \
             before 2.2.1"
        ),
        "{said}"
    );
}

#[test]
fn pack_compiles_edited_gml_and_reports_every_error_writing_nothing() {
    let Some((game, tmp)) = dieback("cli pack gml") else {
        return;
    };
    let folder = tmp.path().join("game");
    let o = gamepak(&[
        "extract",
        game.to_str().unwrap(),
        "-o",
        folder.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let code = folder.join("code");
    let draw = code.join("001-gml_Object_Export_Draw_0.gml");
    let create = code.join("000-gml_Object_Export_Create_0.gml");
    let append = |file: &std::path::Path, text: &str| {
        let mut was = std::fs::read_to_string(file).unwrap();
        was.push_str(text);
        std::fs::write(file, was).unwrap();
    };
    let pack = |out: &std::path::Path| {
        gamepak(&[
            "pack",
            folder.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
    };
    // A comment changes nothing GameMaker compiles: the same game comes back.
    append(&draw, "// a note\n");
    let out = tmp.path().join("same.win");
    let o = pack(&out);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&game).unwrap());
    // Errors in two files are both reported, and nothing is written.
    append(&create, "draw_set_alpah(0.5);\n");
    append(&draw, "x = ;\n");
    let out = tmp.path().join("bad.win");
    let o = pack(&out);
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(
        said.contains("000-gml_Object_Export_Create_0.gml:")
            && said.contains("unknown function `draw_set_alpah`")
            && said.contains("001-gml_Object_Export_Draw_0.gml:")
            && said.contains("expected an expression"),
        "{said}"
    );
    assert!(!out.exists());
    // --max-problems keeps the first, and counts the rest.
    let o = gamepak(&[
        "pack",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--max-problems",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(
        said.contains("unknown function `draw_set_alpah`")
            && !said.contains("expected an expression")
            && said.contains("… and 1 more problem (--max-problems 0 shows every one)"),
        "{said}"
    );
    // Both files of one entry edited: refused, naming both.
    std::fs::write(&create, "").unwrap();
    let asm = code.join("000-gml_Object_Export_Create_0.asm");
    append(&asm, "; a note\n");
    let o = pack(&out);
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(
        said.contains("000-gml_Object_Export_Create_0.gml")
            && said.contains("000-gml_Object_Export_Create_0.asm")
            && said.contains("both edited"),
        "{said}"
    );
}

#[test]
fn compile_refuses_an_entry_the_game_lacks_naming_the_nearest() {
    let Some((game, tmp)) = dieback("cli compile --entry") else {
        return;
    };
    let fix = tmp.path().join("fix.gml");
    std::fs::write(&fix, "x = 1;\n").unwrap();
    let o = gamepak(&[
        "compile",
        game.to_str().unwrap(),
        fix.to_str().unwrap(),
        "--entry",
        "gml_Object_Export_Draw_9",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(
        said.contains("the game has no code entry `gml_Object_Export_Draw_9` (did you mean `gml_Object_Export_Draw_0`?)"),
        "{said}"
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn compile_to_a_pipe_prints_the_assembly_exactly() {
    let Some((game, tmp)) = dieback("cli compile to a pipe") else {
        return;
    };
    let fix = tmp.path().join("001-gml_Object_Export_Draw_0.gml");
    // A backslash before `u{`, which a terminal's escaping would double.
    std::fs::write(&fix, "show_debug_message(\"\\\\u{41}\");\n").unwrap();
    let o = gamepak(&["compile", game.to_str().unwrap(), fix.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("push.s \"\\\\u{41}\"\n"), "{said}");
}

// A file that cannot be read as asked is exit 2, as on every verb.
#[test]
fn compile_refuses_a_device_and_a_file_past_max_alloc() {
    let Some((game, tmp)) = dieback("cli compile of /dev/zero") else {
        return;
    };
    let o = gamepak(&["compile", game.to_str().unwrap(), "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let big = tmp.path().join("big.gml");
    std::fs::write(&big, "x = 1;\n".repeat(400_000)).unwrap();
    let o = gamepak(&[
        "--max-alloc",
        "1m",
        "compile",
        game.to_str().unwrap(),
        big.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a GML file of"), "{}", stderr(&o));
}

#[test]
fn compile_shows_a_hundred_errors_and_counts_the_rest() {
    let Some((game, tmp)) = dieback("cli compile") else {
        return;
    };
    let bad = tmp.path().join("bad.gml");
    let lines: String = (0..20_000).map(|i| format!("zzz{}();\n", i % 7)).collect();
    std::fs::write(&bad, lines).unwrap();
    let o = gamepak(&["compile", game.to_str().unwrap(), bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert!(
        said.contains("bad.gml:100:1: unknown function `zzz1`")
            && !said.contains("bad.gml:101:1")
            && said.contains("bad.gml: and 19900 more errors"),
        "{}",
        &said[said.len().saturating_sub(500)..]
    );
}
