//! Text taken from a file reaches the terminal escaped: a title, name or string
//! holding ESC, BEL, CR, LF or a right-to-left override can neither drive the
//! terminal nor forge a line, in any verb's output, message or error. JSON keeps
//! the exact string. Each format is crafted with such text by its own builder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Sets the terminal's title, erases the line, returns to its start, forges a line
/// on the next, and shows the rest right to left.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2K\rgame.win: ok\n\u{202e}txt.exe";
/// [`HOSTILE`] as the terminal shows it.
const SHOWN: &str = r"\u{1b}]0;pwned\u{7}\u{1b}[2K\u{d}game.win: ok\u{a}\u{202e}txt.exe";
/// What a line-based script (.gap) can hold: no CR or LF.
const HOSTILE_WORD: &str = "he\u{1b}]0;x\u{7}\u{202e}ro";

fn gamepak_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("gamepak writes UTF-8")
}

/// What must never reach a terminal raw: controls other than the line feeds that
/// end gamepak's own lines, and the bidirectional overrides and isolates.
fn is_raw(c: char) -> bool {
    (c.is_control() && c != '\n') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Runs gamepak and checks that neither stream carries a raw control or bidi
/// character; gives stdout and stderr.
fn run(dir: &Path, args: &[&str], code: i32) -> (String, String) {
    let o = gamepak_in(dir, args);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(code), "{args:?}\n{out}\n{err}");
    for (name, stream) in [("stdout", &out), ("stderr", &err)] {
        let raw: Vec<String> = stream
            .chars()
            .filter(|&c| is_raw(c))
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        assert!(
            raw.is_empty(),
            "{args:?}: raw {raw:?} on {name}:\n{stream:?}"
        );
    }
    (out, err)
}

/// Every string in a JSON document, keys included.
fn strings(v: &serde_json::Value, found: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => found.push(s.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|i| strings(i, found)),
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                found.push(k.clone());
                strings(v, found);
            }
        }
        _ => {}
    }
}

/// Runs a `--json` verb (its output checked as any other) and gives every string of
/// its records, read back.
fn json_strings(dir: &Path, args: &[&str]) -> Vec<String> {
    let (out, _) = run(dir, args, 0);
    let mut found = Vec::new();
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        strings(&v, &mut found);
    }
    found
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// `s` as a TOML basic string, every character outside printable ASCII escaped.
fn toml_string(s: &str) -> String {
    let mut quoted = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => quoted.extend(['\\', c]),
            ' '..='~' => quoted.push(c),
            _ => quoted.push_str(&format!("\\u{:04X}", u32::from(c))),
        }
    }
    quoted + "\""
}

fn edit(path: &Path, from: &str, to: &str) {
    let before = std::fs::read_to_string(path).unwrap();
    assert!(before.contains(from), "{}: no {from:?}", path.display());
    std::fs::write(path, before.replacen(from, to, 1)).unwrap();
}

fn edit_json(path: &Path, change: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    change(&mut v);
    std::fs::write(path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
}

/// A GameMaker file of GEN8 and STRG whose one string, the game's name, display
/// name and file name, is [`HOSTILE`].
fn gamemaker_file(dir: &Path) -> PathBuf {
    let le = |v: u32| v.to_le_bytes();
    // FORM and GEN8 headers, GEN8's 144 bytes: STRG's header at 160, its body at 168
    // (a count, one pointer), the string's length at 176 and its characters at 180.
    let mut gen8 = vec![0u8; 144];
    gen8[1] = 17;
    for at in [4, 8, 40, 100] {
        gen8[at..at + 4].copy_from_slice(&le(180));
    }
    let mut strg = [le(1), le(176), le(HOSTILE.len() as u32)].concat();
    strg.extend(HOSTILE.as_bytes());
    strg.push(0);
    // The chunk ends on a 128-byte boundary, as GameMaker writes it.
    strg.resize((168 + strg.len()).next_multiple_of(128) - 168, 0);
    let chunk = |name: &[u8], body: &[u8]| [name, &le(body.len() as u32), body].concat();
    let chunks = [chunk(b"GEN8", &gen8), chunk(b"STRG", &strg)].concat();
    let path = dir.join("data.win");
    std::fs::write(&path, chunk(b"FORM", &chunks)).unwrap();
    path
}

/// The native demo built from its content folder, titled [`HOSTILE`]; the build
/// warns of an unused file whose name is hostile too.
fn native_file(dir: &Path) -> PathBuf {
    let content = dir.join("content");
    copy_dir(&examples().join("native/content"), &content);
    edit_json(&content.join("Configuration.json"), |v| {
        v["Name"] = HOSTILE.into();
    });
    std::fs::write(content.join(format!("{HOSTILE}.txt")), b"not content").unwrap();
    let (out, err) = run(dir, &["build", "content", "-o", "game.bin"], 0);
    assert!(out.starts_with("game.bin: "), "{out}");
    assert!(err.contains(&format!("{SHOWN}.txt was not used")), "{err}");
    dir.join("game.bin")
}

/// The SWAG demo built from its sources, titled [`HOSTILE`].
fn swag_file(dir: &Path) -> PathBuf {
    let src = dir.join("src");
    copy_dir(&examples().join("swag/src"), &src);
    let title = format!("title = {}", toml_string(HOSTILE));
    edit(
        &src.join("swag.toml"),
        "title = \"gamepak SWAG demo\"",
        &title,
    );
    run(dir, &["build", "src", "-o", "game.swag"], 0);
    dir.join("game.swag")
}

/// The TirNanoG demo built from its project folder, its game id as hostile as the
/// header allows (16 characters of codes 0 to 255) and one string [`HOSTILE`].
fn tng_file(dir: &Path) -> PathBuf {
    let src = dir.join("src");
    copy_dir(&examples().join("tng/src"), &src);
    edit_json(&src.join("tng.json"), |v| {
        v["header"]["game_id"] = "\u{1b}]2;x\u{7}\u{1b}[2K\r\nok".into();
    });
    edit_json(&src.join("sections/00-strings.json"), |v| {
        v["strings"][2] = HOSTILE.into();
    });
    run(dir, &["build", "src", "-o", "game.tng"], 0);
    dir.join("game.tng")
}

/// The GBIN demo script built with a hostile image group and file name.
fn gbin_file(dir: &Path) -> PathBuf {
    let gap = dir.join("gap");
    copy_dir(&examples().join("gbin/gap"), &gap);
    let script = gap.join("demo.gap");
    edit(
        &script,
        "imagegroup,name=hero",
        &format!("imagegroup,name={HOSTILE_WORD}"),
    );
    edit(
        &script,
        "imageframe,group=hero",
        &format!("imageframe,group={HOSTILE_WORD}"),
    );
    edit(&script, "name=intro", &format!("name={HOSTILE_WORD}"));
    run(dir, &["build", "gap/demo.gap", "-o", "out/"], 0);
    dir.join("out/hero.gbin")
}

/// Every reading verb, extract and pack on `file`: nothing raw on either stream,
/// and `needle` (text of the file, as JSON reads it back) found exact in JSON.
fn every_verb(dir: &Path, file: &Path, needle: &str) {
    let f = file.to_str().unwrap();
    run(dir, &["identify", "-v", f], 0);
    run(dir, &["info", f], 0);
    let (listed, _) = run(dir, &["list", f], 0);
    run(dir, &["check", f], 0);
    let (said, _) = run(dir, &["extract", f, "-o", "x"], 0);
    assert!(said.contains(" to x"), "{said}");
    run(dir, &["pack", "x", "-o", "again"], 0);
    assert_eq!(
        std::fs::read(file).unwrap(),
        std::fs::read(dir.join("again")).unwrap()
    );

    // One line per entry, whatever the names hold: the table stays a table.
    let entries = json_strings(dir, &["list", "--json", f]);
    let records = text(&gamepak_in(dir, &["list", "--json", f]).stdout)
        .lines()
        .count();
    assert_eq!(listed.lines().count(), records, "{listed}");
    let mut all = entries;
    for verb in ["identify", "info", "check"] {
        all.extend(json_strings(dir, &[verb, "--json", f]));
    }
    all.extend(json_strings(dir, &["extract", "--json", f, "-o", "y"]));
    assert!(
        all.iter().any(|s| s.contains(needle)),
        "{needle:?} not in {all:?}"
    );
}

#[test]
fn gamemaker_names_are_escaped_and_exact_in_json() {
    let tmp = tempfile::tempdir().unwrap();
    let file = gamemaker_file(tmp.path());
    let (info, _) = run(tmp.path(), &["info", "data.win"], 0);
    assert!(info.contains(&format!("  name: {SHOWN}\n")), "{info}");
    assert!(
        info.contains(&format!("  display_name: {SHOWN}\n")),
        "{info}"
    );
    every_verb(tmp.path(), &file, HOSTILE);
}

#[test]
fn a_native_title_and_a_source_file_name_are_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let file = native_file(tmp.path());
    let (info, _) = run(tmp.path(), &["info", "game.bin"], 0);
    assert!(info.contains(&format!("  title: {SHOWN}\n")), "{info}");
    every_verb(tmp.path(), &file, HOSTILE);
}

#[test]
fn a_swag_title_is_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let file = swag_file(tmp.path());
    let (info, _) = run(tmp.path(), &["info", "game.swag"], 0);
    assert!(info.contains(&format!("title: {SHOWN}\n")), "{info}");
    every_verb(tmp.path(), &file, HOSTILE);
}

#[test]
fn a_tirnanog_game_id_and_string_are_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tng_file(tmp.path());
    let (info, _) = run(tmp.path(), &["info", "game.tng"], 0);
    let id = r"\u{1b}]2;x\u{7}\u{1b}[2K\u{d}\u{a}ok";
    assert!(info.contains(&format!("game_id: {id}\n")), "{info}");
    every_verb(tmp.path(), &file, "\u{1b}]2;x\u{7}\u{1b}[2K\r\nok");
}

#[test]
fn gbin_names_are_escaped_in_lists_messages_and_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let file = gbin_file(tmp.path());
    let (listed, _) = run(tmp.path(), &["list", "out/hero.gbin"], 0);
    assert!(listed.contains(r"\u{202e}ro/000.png "), "{listed}");
    every_verb(tmp.path(), &file, "\u{202e}");

    // An error naming a path inside the package: the frame the name sits in.
    let folder = tmp.path().join("x/images");
    let group = std::fs::read_dir(&folder).unwrap().next().unwrap().unwrap();
    std::fs::remove_file(group.path().join("000.png")).unwrap();
    let (_, err) = run(tmp.path(), &["pack", "x", "-o", "broken.gbin"], 2);
    assert!(err.starts_with("gamepak: x/images/"), "{err}");
    assert!(err.contains(r"\u{202e}ro/000.png: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn colour_is_the_only_escape_sequence_and_data_on_stdout_stays_raw() {
    let tmp = tempfile::tempdir().unwrap();
    gamemaker_file(tmp.path());
    let o = gamepak_in(
        tmp.path(),
        &["--color", "always", "info", "data.win", "gone"],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.starts_with("\u{1b}[31mgamepak: gone"), "{err:?}");
    let plain = text(&o.stdout) + &err.replace("\u{1b}[31m", "").replace("\u{1b}[0m", "");
    assert!(!plain.chars().any(is_raw), "{plain:?}");
    assert!(plain.contains(SHOWN), "{plain}");

    // `pack -o -` writes the package's bytes, controls and all, and its message
    // goes to stderr, escaped.
    run(tmp.path(), &["extract", "data.win", "-o", "x"], 0);
    let o = gamepak_in(tmp.path(), &["pack", "x", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(
        o.stdout,
        std::fs::read(tmp.path().join("data.win")).unwrap()
    );
    assert!(o
        .stdout
        .windows(HOSTILE.len())
        .any(|w| w == HOSTILE.as_bytes()));
}

/// A file name that is not UTF-8 (any bytes but `/` are allowed on Linux): every
/// reading verb describes the file, its JSON naming it with U+FFFD where a byte
/// was invalid.
#[test]
fn a_file_name_that_is_not_utf8_is_described_in_json() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let built = tng_file(tmp.path());
    let name = std::ffi::OsStr::from_bytes(b"game\xff\x1b.tng");
    std::fs::rename(&built, tmp.path().join(name)).unwrap();
    for verb in ["identify", "info", "list", "check"] {
        let o = Command::new(env!("CARGO_BIN_EXE_gamepak"))
            .current_dir(tmp.path())
            .args([verb.as_ref(), "--json".as_ref(), name])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{verb}: {}", text(&o.stderr));
        let first = text(&o.stdout).lines().next().unwrap().to_owned();
        let record: serde_json::Value = serde_json::from_str(&first).unwrap();
        assert_eq!(record["file"], "game\u{fffd}\u{1b}.tng", "{verb}: {first}");
    }
}

/// A usage error quotes the argument it refuses, which may be a file's name that
/// starts with `-`: the quote is escaped too.
#[test]
fn a_usage_error_quoting_a_hostile_argument_is_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let flag = format!("--{HOSTILE}");
    let (_, err) = run(tmp.path(), &["info", &flag], 2);
    assert!(err.contains(r"\u{1b}]0;pwned"), "{err}");
    assert!(err.contains("Usage"), "{err}");
}
