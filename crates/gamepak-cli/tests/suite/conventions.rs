//! The conventions every verb follows: --quiet, --color, several files, `-` for
//! standard input, the JSON summary record, help text and check --max-problems.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn gamepak(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs")
}

/// Runs gamepak with `input` on its standard input.
fn gamepak_fed(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // A run that refuses its input stops reading it: the pipe may close early.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn example(name: &str) -> String {
    examples().join(name).display().to_string()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited, not killed")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {e}: {l}")))
        .collect()
}

/// The demo GBIN with every IMAG entry past the first 8 bytes set to 0xff, so each of
/// its nine images has the same problem (and the CRC one more).
fn damaged_gbin(dir: &Path) -> String {
    let demo = example("gbin/demo.gbin");
    let info = json_lines(&gamepak(&["info", "--json", &demo])).remove(0);
    let imag = info["chunks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "IMAG")
        .unwrap();
    let at = imag["offset"].as_u64().unwrap() as usize + 8;
    let size = imag["size"].as_u64().unwrap() as usize;
    let mut data = std::fs::read(&demo).unwrap();
    data[at + 8..at + size].fill(0xff);
    let path = dir.join("damaged.gbin");
    std::fs::write(&path, data).unwrap();
    path.display().to_string()
}

#[test]
fn quiet_prints_nothing_but_errors_and_data() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("x").display().to_string();
    let o = gamepak(&["-q", "extract", &example("gbin/demo.gbin"), "-o", &folder]);
    assert_eq!(
        (code(&o), stdout(&o), stderr(&o)),
        (0, "".into(), "".into())
    );

    std::fs::write(dir.path().join("x/notes.txt"), "todo").unwrap();
    let packed = dir.path().join("p.gbin").display().to_string();
    let o = gamepak(&["pack", &folder, "-o", &packed, "--quiet"]);
    assert_eq!(
        (code(&o), stdout(&o), stderr(&o)),
        (0, "".into(), "".into())
    );
    let o = gamepak(&["pack", &folder, "-o", &packed]);
    assert!(stderr(&o).contains("gamepak: warning:"), "{}", stderr(&o));

    let o = gamepak(&["check", "-q", &example("gbin/demo.gbin")]);
    assert_eq!((code(&o), stdout(&o)), (0, "".into()));
    let bad = damaged_gbin(dir.path());
    let o = gamepak(&["check", "-q", &bad]);
    assert_eq!(code(&o), 1);
    let text = stdout(&o);
    assert!(text.starts_with(&format!("{bad}: FAILED")), "{text}");
    assert!(
        text.lines().skip(1).all(|l| l.starts_with("  error: ")),
        "{text}"
    );

    let o = gamepak(&["-q", "list", &example("gbin/demo.gbin")]);
    assert!(
        stdout(&o).contains("images/0_hero/000.png"),
        "list data stays"
    );
    assert_eq!(
        code(&gamepak(&["-q", "-v", "list", "x"])),
        2,
        "-q and -v conflict"
    );
}

#[test]
fn color_marks_errors_and_warnings_only_when_asked_or_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let bad = damaged_gbin(dir.path());
    let red = "\x1b[31m";
    let o = gamepak(&["check", "--color", "always", &bad]);
    assert!(
        stdout(&o).contains(&format!("{red}error\x1b[0m: GBIN/")),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains(&format!("{red}FAILED")));
    for plain in [vec!["check", &bad], vec!["check", "--color", "never", &bad]] {
        assert!(!stdout(&gamepak(&plain)).contains('\x1b'), "{plain:?}");
    }
    let o = gamepak(&["--color", "always", "info", "/no/such/file"]);
    assert!(
        stderr(&o).starts_with(&format!("{red}gamepak: ")),
        "{}",
        stderr(&o)
    );

    let folder = dir.path().join("x").display().to_string();
    assert_eq!(
        code(&gamepak(&[
            "extract",
            &example("gbin/demo.gbin"),
            "-o",
            &folder
        ])),
        0
    );
    std::fs::write(dir.path().join("x/notes.txt"), "todo").unwrap();
    let packed = dir.path().join("p.gbin").display().to_string();
    let o = gamepak(&["pack", &folder, "-o", &packed, "--color=always"]);
    assert!(
        stderr(&o).starts_with("gamepak: \x1b[33mwarning:\x1b[0m "),
        "{}",
        stderr(&o)
    );
}

#[test]
fn info_and_list_take_several_files_and_exit_with_the_worst() {
    let gbin = example("gbin/demo.gbin");
    let tng = example("tng/demo.tng");
    let o = gamepak(&["list", &gbin, &tng]);
    assert_eq!(code(&o), 0);
    let text = stdout(&o);
    assert!(text.starts_with(&format!("{gbin}:\npath ")), "{text}");
    assert!(text.contains(&format!("\n\n{tng}:\npath ")), "{text}");
    let o = gamepak(&["info", &gbin, &tng]);
    assert!(stdout(&o).contains(&format!("\n\n{tng}: TirNanoG game file\n")));

    let records = json_lines(&gamepak(&["list", "--json", &gbin, &tng]));
    let from = |f: &str| records.iter().filter(|r| r["file"] == f).count();
    assert!(from(&gbin) > 0 && from(&tng) > 0);
    let summary = &records.last().unwrap()["summary"];
    assert_eq!(summary["entries"], from(&gbin) + from(&tng));
    let records = json_lines(&gamepak(&["info", "--json", &gbin, &tng]));
    assert_eq!(
        (records[0]["file"].as_str(), records[0]["format"].as_str()),
        (Some(&*gbin), Some("gbin"))
    );
    assert_eq!(records[1]["file"], *tng);

    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.gbin");
    std::fs::write(&cut, &std::fs::read(&gbin).unwrap()[..100]).unwrap();
    let cut = cut.display().to_string();
    for verb in ["info", "list"] {
        let o = gamepak(&[verb, &cut, &gbin]);
        assert_eq!(code(&o), 1, "{verb}: a damaged file among good ones");
        assert!(
            stdout(&o).contains(&gbin),
            "{verb}: the good file is still read"
        );
        assert_eq!(
            code(&gamepak(&[verb, &gbin, "/no/such/file", &cut])),
            2,
            "{verb}"
        );
    }
}

#[test]
fn a_dash_reads_standard_input() {
    let data = std::fs::read(example("native/demo.game.bin")).unwrap();
    let o = gamepak_fed(&["identify", "-"], &data);
    assert!(
        stdout(&o).starts_with("-: native engine game.bin (Certain"),
        "{}",
        stdout(&o)
    );
    let o = gamepak_fed(&["info", "-"], &data);
    assert!(
        stdout(&o).starts_with("-: native engine game.bin\n"),
        "{}",
        stdout(&o)
    );
    let o = gamepak_fed(&["list", "-"], &data);
    assert!(stdout(&o).contains("script.js"), "{}", stdout(&o));
    let o = gamepak_fed(&["check", "-"], &data);
    assert_eq!(
        (code(&o), stdout(&o)),
        (0, "-: ok (0 errors, 0 warnings)\n".into())
    );
    let o = gamepak_fed(&["check", "--json", "-"], &data[..data.len() / 2]);
    assert_eq!(code(&o), 1);
    assert_eq!(json_lines(&o)[0]["file"], "-");
    let o = gamepak_fed(&["info", "-", "--max-alloc", "1K"], &data);
    assert_eq!(code(&o), 2, "a pipe past the limit is refused");
    assert!(stderr(&o).contains("--max-alloc"), "{}", stderr(&o));
}

#[test]
fn json_lines_end_with_one_summary_shape_for_every_verb() {
    let dir = tempfile::tempdir().unwrap();
    let bad = damaged_gbin(dir.path());
    let swag = example("swag/demo.swag");
    for verb in ["identify", "info", "list", "check"] {
        let o = gamepak(&[verb, "--json", &swag, &bad, "/no/such/file"]);
        let records = json_lines(&o);
        let summary = records.last().unwrap().as_object().unwrap();
        assert_eq!(summary.keys().collect::<Vec<_>>(), ["summary"], "{verb}");
        let s = &summary["summary"];
        let keys: Vec<&String> = s.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["files", "entries", "errors", "warnings", "notes", "status"],
            "{verb}"
        );
        assert_eq!(
            (s["files"].as_u64(), s["status"].as_i64()),
            (Some(3), Some(2)),
            "{verb}"
        );
        assert_eq!(s["status"], code(&o), "{verb}");
        assert!(
            records[..records.len() - 1]
                .iter()
                .all(|r| r["file"].is_string()),
            "{verb}"
        );
    }
    let records = json_lines(&gamepak(&["check", "--json", &swag, &bad]));
    let s = &records.last().unwrap()["summary"];
    assert_eq!(s["errors"], 10, "the nine images and the CRC");
    assert_eq!(s["status"], 1);
}

#[test]
fn extract_and_pack_speak_the_same_json() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("demo");
    let swag = example("swag/demo.swag");
    let o = gamepak(&["extract", "--json", &swag, "-o", folder.to_str().unwrap()]);
    let records = json_lines(&o);
    assert_eq!(records.len(), 2, "{}", stdout(&o));
    assert_eq!(records[0]["file"], swag);
    assert_eq!(records[0]["folder"], folder.to_str().unwrap());
    let files = records[0]["files"].as_u64().unwrap();
    assert_eq!(records[1]["summary"]["entries"].as_u64(), Some(files));
    assert_eq!(records[1]["summary"]["status"], 0);

    let out = dir.path().join("again.swag");
    let o = gamepak(&[
        "pack",
        "--json",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    let records = json_lines(&o);
    assert_eq!(records.len(), 2, "{}", stdout(&o));
    assert_eq!(records[0]["file"], out.to_str().unwrap());
    assert_eq!(records[0]["folder"], folder.to_str().unwrap());
    assert_eq!(
        records[0]["bytes"].as_u64(),
        Some(std::fs::metadata(&out).unwrap().len())
    );
    assert_eq!(records[1]["summary"]["files"], 1);
    assert_eq!(records[1]["summary"]["status"], 0);

    // A folder that does not pack still ends in the summary, with the error counted.
    let o = gamepak(&[
        "pack",
        "--json",
        "/no/such/folder",
        "-o",
        out.to_str().unwrap(),
    ]);
    let records = json_lines(&o);
    assert_eq!(records.last().unwrap()["summary"]["errors"], 1);
    assert_eq!(code(&o), 2);
}

#[test]
fn offsets_are_numbers_in_json_and_hex_in_text() {
    for file in ["swag/demo.swag", "tng/demo.tng", "gbin/demo.gbin"] {
        let o = gamepak(&["info", "--json", &example(file)]);
        let record = &json_lines(&o)[0];
        let mut offsets = Vec::new();
        fn collect<'v>(v: &'v serde_json::Value, out: &mut Vec<&'v serde_json::Value>) {
            match v {
                serde_json::Value::Object(map) => map.iter().for_each(|(k, v)| {
                    if k == "offset" {
                        out.push(v);
                    }
                    collect(v, out);
                }),
                serde_json::Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
                _ => {}
            }
        }
        collect(record, &mut offsets);
        assert!(!offsets.is_empty(), "{file}");
        assert!(offsets.iter().all(|o| o.is_u64()), "{file}: {offsets:?}");
        let text = stdout(&gamepak(&["info", &example(file)]));
        assert!(text.contains("offset=0x"), "{file}: {text}");
    }
}

/// The keys of `value` and everything in it that are not snake_case identifiers,
/// each with its place.
fn unlike_identifiers(value: &serde_json::Value, at: &str, found: &mut Vec<String>) {
    let identifier = |k: &str| {
        k.starts_with(|c: char| c.is_ascii_lowercase())
            && k.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                if !identifier(k) {
                    found.push(format!("{at}.{k:?}"));
                }
                unlike_identifiers(v, &format!("{at}.{k}"), found);
            }
        }
        serde_json::Value::Array(items) => {
            for v in items {
                unlike_identifiers(v, &format!("{at}[]"), found);
            }
        }
        _ => {}
    }
}

#[test]
fn every_json_key_of_every_reading_verb_and_format_is_a_snake_case_identifier() {
    let mut files: Vec<String> = [
        "gbin/demo.gbin",
        "gbin/demo-be.gbin",
        "native/demo.game.bin",
        "swag/demo.swag",
        "tng/demo.tng",
    ]
    .map(example)
    .to_vec();
    // GameMaker files cannot ship with the repository: a real game and its audio
    // groups stand for them when the fixtures are at hand.
    if let Some(dir) = crate::common::fixture_dir("json keys", "gamemaker-audiogroups") {
        let game = dir.join("soap64real_killstreakbeta");
        files.extend(["game.unx", "sfx.dat"].map(|f| game.join(f).display().to_string()));
    }
    let out = tempfile::tempdir().unwrap();
    let mut found = Vec::new();
    for (k, file) in files.iter().enumerate() {
        let folder = out.path().join(k.to_string()).display().to_string();
        let runs = [
            vec!["identify", "--json", file],
            vec!["info", "--json", file],
            vec!["list", "--json", file],
            vec!["check", "--json", file],
            vec!["extract", "--json", file, "-o", &folder],
        ];
        for args in runs {
            let o = gamepak(&args);
            assert!(code(&o) < 2, "{args:?}: {}", stderr(&o));
            for record in json_lines(&o) {
                unlike_identifiers(&record, &format!("{} {file}", args[0]), &mut found);
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn check_shows_a_few_problems_then_counts_the_rest_by_kind() {
    let dir = tempfile::tempdir().unwrap();
    let bad = damaged_gbin(dir.path());
    let o = gamepak(&["check", "--max-problems", "3", &bad]);
    assert_eq!(code(&o), 1);
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[3].starts_with("  error: GBIN/IMAG/entry[1]: "),
        "{text}"
    );
    assert!(
        lines[4]
            .starts_with("  … and 7 more like this: GBIN/IMAG/entry[…]: unknown pixel format …"),
        "{text}"
    );
    for all in [
        vec!["check", &bad],
        vec!["check", "--max-problems", "0", &bad],
    ] {
        let text = stdout(&gamepak(&all));
        assert_eq!(
            text.lines().count(),
            11,
            "not a terminal, or 0: all of them\n{text}"
        );
    }
    let records = json_lines(&gamepak(&["check", "--json", "--max-problems", "1", &bad]));
    assert_eq!(
        records[0]["problems"].as_array().unwrap().len(),
        10,
        "JSON stays complete"
    );
}

/// The lines of `help` under `heading`, up to the next blank line.
fn section(help: &str, heading: &str) -> String {
    let after = help.split(&format!("\n{heading}\n")).nth(1);
    let after = after.unwrap_or_else(|| panic!("no {heading}\n{help}"));
    after.split("\n\n").next().unwrap().to_string()
}

#[test]
fn help_documents_every_argument_and_groups_format_flags() {
    let top = stdout(&gamepak(&["-h"]));
    let verbs: Vec<String> = section(&top, "Commands:")
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .filter(|v| v != "help")
        .collect();
    assert!(verbs.len() > 5, "{top}");
    for verb in &verbs {
        let help = stdout(&gamepak(&[verb.as_str(), "-h"]));
        if !help.contains("\nArguments:\n") {
            continue;
        }
        for line in section(&help, "Arguments:").lines() {
            let described = line
                .trim()
                .split_once("  ")
                .is_some_and(|(_, d)| !d.trim().is_empty());
            assert!(described, "{verb}: {line} has no description\n{help}");
        }
    }
    let help = stdout(&gamepak(&["build", "--help"]));
    for kind in [
        "a TirNanoG project folder",
        "a SWAG source folder",
        "a native content folder",
        "a .gap script",
    ] {
        assert!(help.contains(kind), "{kind}\n{help}");
    }
    let help = stdout(&gamepak(&["build", "-h"]));
    for (heading, flags) in [
        (".gap script (GBIN):", &["--compat", "--allow-outside"][..]),
        (
            "Native content folder:",
            &["--production", "--audio", "--script", "--engine"],
        ),
        ("SWAG:", &["--byte-order", "--opcodes"]),
    ] {
        let listed = section(&help, heading);
        for flag in flags {
            assert!(listed.contains(flag), "{flag} under {heading}\n{help}");
        }
    }
    let help = stdout(&gamepak(&["--help"]));
    assert!(help.contains(r#"{"summary":{"files":F,"#), "{help}");
    assert!(
        help.contains("-q, --quiet") && help.contains("--color <WHEN>"),
        "{help}"
    );
}

#[test]
fn format_only_options_are_offered_only_by_the_verbs_that_take_them() {
    for verb in ["info", "list", "check", "extract", "build", "serve"] {
        let help = stdout(&gamepak(&[verb, "-h"]));
        assert!(
            section(&help, "SWAG:").contains("--opcodes"),
            "{verb}\n{help}"
        );
    }
    for verb in [
        "identify",
        "pack",
        "decompile",
        "compile",
        "completions",
        "man",
    ] {
        let help = stdout(&gamepak(&[verb, "--help"]));
        assert!(!help.contains("--opcodes"), "{verb}\n{help}");
    }
    let top = stdout(&gamepak(&["--help"]));
    assert!(!top.contains("--opcodes"), "{top}");
}

#[test]
fn help_lists_the_verbs_first_and_the_conventions_after_them() {
    let help = stdout(&gamepak(&["--help"]));
    let lines: Vec<&str> = help.lines().collect();
    let verbs = lines.iter().position(|l| *l == "Commands:").unwrap();
    assert!(verbs < 8, "the verbs start on line {}:\n{help}", verbs + 1);
    let conventions = lines
        .iter()
        .position(|l| l.starts_with("Exit codes"))
        .unwrap();
    assert!(conventions > verbs, "{help}");
}
