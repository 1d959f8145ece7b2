//! The command line as scripts see it: exit codes, JSON, help.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gamepak(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/gbin")
}

fn demo() -> String {
    examples().join("demo.gbin").display().to_string()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited, not killed")
}

#[test]
fn every_verb_has_help_with_an_example() {
    for verb in [
        "identify",
        "info",
        "list",
        "check",
        "extract",
        "pack",
        "build",
        "completions",
        "man",
    ] {
        let o = gamepak(&[verb, "--help"]);
        assert_eq!(code(&o), 0, "{verb}");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            text.contains("Example:"),
            "{verb} help has no example:\n{text}"
        );
        // Each example on a line of its own, not run together by the wrapping.
        assert!(
            text.lines().all(|l| l.matches("Example:").count() <= 1),
            "{verb} help runs examples together:\n{text}"
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(code(&gamepak(&[])), 2);
    assert_eq!(code(&gamepak(&["frobnicate"])), 2);
    assert_eq!(code(&gamepak(&["info"])), 2);
    assert_eq!(code(&gamepak(&["info", "/no/such/file.gbin"])), 2);
    assert_eq!(code(&gamepak(&["check", "/no/such/file.gbin"])), 2);
}

#[test]
fn reading_verbs_succeed_on_the_demo_and_speak_json() {
    for verb in ["identify", "info", "list", "check"] {
        let o = gamepak(&[verb, &demo(), "--json"]);
        assert_eq!(
            code(&o),
            0,
            "{verb}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        for line in String::from_utf8_lossy(&o.stdout).lines() {
            serde_json::from_str::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("{verb}: not JSON: {e}: {line}"));
        }
    }
}

#[test]
fn check_exits_1_with_offset_and_path_on_damage() {
    let data = std::fs::read(demo()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.gbin");
    std::fs::write(&cut, &data[..data.len() / 2]).unwrap();
    let o = gamepak(&["check", cut.to_str().unwrap()]);
    assert_eq!(code(&o), 1);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("error: GBIN/") && text.contains(" at 0x"),
        "{text}"
    );
    let o = gamepak(&["info", cut.to_str().unwrap()]);
    assert_eq!(
        code(&o),
        1,
        "a damaged file read by info is a format problem"
    );
}

#[test]
fn unknown_files_are_named_and_not_claimed() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, Vec<u8>); 3] = [
        ("empty.bin", Vec::new()),
        ("image.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec()),
        (
            "random.bin",
            (0..4096u32)
                .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
                .collect(),
        ),
    ];
    for (name, bytes) in cases {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        let o = gamepak(&["identify", p.to_str().unwrap(), "--json"]);
        assert_eq!(code(&o), 0);
        let first = String::from_utf8_lossy(&o.stdout)
            .lines()
            .next()
            .map(str::to_owned);
        let v: serde_json::Value = serde_json::from_str(&first.unwrap()).unwrap();
        assert_eq!(v["detection"]["certainty"], "unknown", "{name}");
        assert!(v["detection"]["closest"]["failed"].is_string(), "{name}");
        assert_eq!(code(&gamepak(&["check", p.to_str().unwrap()])), 1, "{name}");
    }
}

#[test]
fn extract_then_pack_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("demo");
    let o = gamepak(&["extract", &demo(), "-o", out.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let packed = dir.path().join("demo.gbin");
    let o = gamepak(&[
        "pack",
        out.to_str().unwrap(),
        "-o",
        packed.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read(packed).unwrap(),
        std::fs::read(demo()).unwrap()
    );
}

#[test]
fn build_runs_a_gap_script_in_the_current_folder() {
    let dir = tempfile::tempdir().unwrap();
    for f in [
        "demo.gap",
        "hero.png",
        "tiles.png",
        "palette.gpl",
        "intro.txt",
    ] {
        std::fs::copy(examples().join("gap").join(f), dir.path().join(f)).unwrap();
    }
    let o = Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(["build", "demo.gap"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let built = dir.path().join("hero.gbin");
    assert_eq!(code(&gamepak(&["check", built.to_str().unwrap()])), 0);
    assert!(dir.path().join("hero_defs.h").exists());
    std::fs::write(
        dir.path().join("bad.gap"),
        "export,filename=x.gbin,type=gbin,format=binary\nimagegroup ,name=g\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(["build", "bad.gap", "--compat", "gap"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(code(&o), 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.gap:2: unknown command 'imagegroup '"),
        "{err}"
    );
    assert!(!dir.path().join("x.gbin").exists());
}

#[test]
fn build_keeps_a_gap_script_in_its_folder_unless_allowed_outside() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir(&project).unwrap();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "the secret").unwrap();
    let script = project.join("s.gap");
    std::fs::write(
        &script,
        format!(
            "export,filename=s.gbin,type=gbin,format=binary\nfile,src={},name=f\n",
            secret.display()
        ),
    )
    .unwrap();
    let script = script.to_str().unwrap();
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();

    let o = gamepak(&["build", script, "-o", out]);
    assert_eq!(code(&o), 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("s.gap:2: reads '") && err.contains("--allow-outside"),
        "{err}"
    );
    assert!(!Path::new(out).exists());

    let o = gamepak(&["build", script, "-o", out, "--allow-outside"]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let built = Path::new(out).join("s.gbin");
    assert_eq!(code(&gamepak(&["check", built.to_str().unwrap()])), 0);

    let help = String::from_utf8_lossy(&gamepak(&["build", "--help"]).stdout).into_owned();
    for text in [
        "only for scripts you",
        "-o: for a .gap script, the folder to write its exports into",
    ] {
        assert!(help.contains(text), "{help}");
    }
}

fn native_demo() -> PathBuf {
    examples().join("../native/demo.game.bin")
}

#[test]
fn native_demo_reads_rebuilds_and_builds_from_its_content() {
    let demo = native_demo().display().to_string();
    for verb in ["identify", "info", "list", "check"] {
        let o = gamepak(&[verb, &demo, "--json"]);
        assert_eq!(
            code(&o),
            0,
            "{verb}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x");
    assert_eq!(
        code(&gamepak(&["extract", &demo, "-o", out.to_str().unwrap()])),
        0
    );
    let packed = dir.path().join("packed.bin");
    assert_eq!(
        code(&gamepak(&[
            "pack",
            out.to_str().unwrap(),
            "-o",
            packed.to_str().unwrap()
        ])),
        0
    );
    assert!(std::fs::read(&packed).unwrap() == std::fs::read(native_demo()).unwrap());
    let built = dir.path().join("built.bin");
    let content = examples().join("../native/content");
    let o = gamepak(&[
        "build",
        content.to_str().unwrap(),
        "-o",
        built.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    // The content folder's game is TypeScript: its build checks clean and comes back
    // byte-identical through extract and pack.
    assert_eq!(code(&gamepak(&["check", built.to_str().unwrap()])), 0);
    let again = dir.path().join("again");
    let rebuilt = dir.path().join("rebuilt.bin");
    for args in [
        [
            "extract",
            built.to_str().unwrap(),
            "-o",
            again.to_str().unwrap(),
        ],
        [
            "pack",
            again.to_str().unwrap(),
            "-o",
            rebuilt.to_str().unwrap(),
        ],
    ] {
        assert_eq!(code(&gamepak(&args)), 0);
    }
    assert!(std::fs::read(&rebuilt).unwrap() == std::fs::read(&built).unwrap());
}

#[test]
fn native_check_explains_swapped_chunks_and_exits_1() {
    let mut doc_bytes = std::fs::read(native_demo()).unwrap();
    let doc = gamepak::native::read(&doc_bytes, &Default::default()).unwrap();
    let mut swapped = doc.clone();
    swapped.chunks.swap(2, 3);
    doc_bytes = gamepak::native::write(&swapped);
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("swapped.game.bin");
    std::fs::write(&p, doc_bytes).unwrap();
    let o = gamepak(&["check", p.to_str().unwrap()]);
    assert_eq!(code(&o), 1);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("chunk 2 should be the JavaScript source but holds the sprite table"),
        "{text}"
    );
}

fn swag_examples() -> PathBuf {
    examples().join("../swag")
}

#[test]
fn swag_demo_reads_rebuilds_and_builds_in_both_byte_orders() {
    let dir = tempfile::tempdir().unwrap();
    let src = swag_examples().join("src").display().to_string();
    for (name, order) in [("demo.swag", "little"), ("demo-be.swag", "big")] {
        let file = swag_examples().join(name).display().to_string();
        for verb in ["info", "list", "check"] {
            let o = gamepak(&[verb, &file, "--json"]);
            assert_eq!(code(&o), 0, "{verb} {name}");
            assert!(String::from_utf8_lossy(&o.stdout).starts_with('{'));
        }
        let out = dir.path().join(name);
        let folder = dir.path().join(format!("{name}.d"));
        let folder = folder.display().to_string();
        assert_eq!(code(&gamepak(&["extract", &file, "-o", &folder])), 0);
        let packed = out.display().to_string();
        assert_eq!(code(&gamepak(&["pack", &folder, "-o", &packed])), 0);
        let original = std::fs::read(&file).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), original);
        let built = dir
            .path()
            .join(format!("built-{name}"))
            .display()
            .to_string();
        let o = gamepak(&["build", &src, "-o", &built, "--byte-order", order]);
        assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(std::fs::read(&built).unwrap(), original);
    }
}

#[test]
fn swag_opcode_table_option_changes_how_code_reads() {
    let dir = tempfile::tempdir().unwrap();
    let demo = swag_examples().join("demo.swag").display().to_string();
    let table = dir.path().join("ops.toml");
    std::fs::write(
        &table,
        "[[opcode]]\ncode = 0\nname = \"halt\"\noperands = 0\n",
    )
    .unwrap();
    let table = table.display().to_string();
    let o = gamepak(&["check", &demo, "--opcodes", &table]);
    assert_eq!(code(&o), 1);
    assert!(String::from_utf8_lossy(&o.stdout).contains("not in the opcode table"));
    let missing = dir.path().join("none.toml").display().to_string();
    assert_eq!(code(&gamepak(&["check", &demo, "--opcodes", &missing])), 2);
    std::fs::write(dir.path().join("bad.toml"), "opcode = 3").unwrap();
    let bad = dir.path().join("bad.toml").display().to_string();
    assert_eq!(code(&gamepak(&["info", &demo, "--opcodes", &bad])), 1);
}

#[test]
fn tng_demo_reads_rebuilds_builds_and_reports_damage() {
    let dir = tempfile::tempdir().unwrap();
    let tng = examples().join("../tng");
    let file = tng.join("demo.tng").display().to_string();
    for verb in ["info", "list", "check"] {
        let o = gamepak(&[verb, &file, "--json"]);
        assert_eq!(code(&o), 0, "{verb}");
        assert!(String::from_utf8_lossy(&o.stdout).starts_with('{'));
    }
    let folder = dir.path().join("x").display().to_string();
    assert_eq!(code(&gamepak(&["extract", &file, "-o", &folder])), 0);
    let packed = dir.path().join("again.tng").display().to_string();
    assert_eq!(code(&gamepak(&["pack", &folder, "-o", &packed])), 0);
    let original = std::fs::read(&file).unwrap();
    assert_eq!(std::fs::read(&packed).unwrap(), original);
    let built = dir.path().join("built.tng").display().to_string();
    let src = tng.join("src").display().to_string();
    assert_eq!(code(&gamepak(&["build", &src, "-o", &built])), 0);
    assert_eq!(std::fs::read(&built).unwrap(), original);

    let cut = dir.path().join("cut.tng");
    std::fs::write(&cut, &original[..original.len() - 100]).unwrap();
    let o = gamepak(&["check", &cut.display().to_string()]);
    assert_eq!(code(&o), 1);
    assert!(String::from_utf8_lossy(&o.stdout).contains("lies outside the file"));
    let mut encrypted = original;
    encrypted[60] = 1;
    let enc = dir.path().join("enc.tng");
    std::fs::write(&enc, &encrypted).unwrap();
    let o = gamepak(&["check", &enc.display().to_string()]);
    assert_eq!(code(&o), 0);
    assert!(String::from_utf8_lossy(&o.stdout).contains("encrypted: contents not verifiable"));
}

#[cfg(unix)]
#[test]
fn pack_refuses_a_link_out_of_its_folder_and_warns_of_unused_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("demo");
    let folder = out.to_str().unwrap();
    assert_eq!(code(&gamepak(&["extract", &demo(), "-o", folder])), 0);
    let packed = dir.path().join("demo.gbin").display().to_string();

    std::fs::write(out.join("notes.txt"), b"todo").unwrap();
    let o = gamepak(&["pack", folder, "-o", &packed]);
    assert_eq!(code(&o), 0);
    let warning = format!("gamepak: warning: {folder}: notes.txt was not used: ");
    assert!(String::from_utf8_lossy(&o.stderr).starts_with(&warning));

    let secret = dir.path().join("secret");
    std::fs::write(&secret, b"key").unwrap();
    std::fs::remove_file(out.join("files/readme.txt")).unwrap();
    std::os::unix::fs::symlink(&secret, out.join("files/readme.txt")).unwrap();
    let o = gamepak(&["pack", folder, "-o", &packed]);
    assert_eq!(code(&o), 1);
    let err = String::from_utf8_lossy(&o.stderr);
    let secret = secret.canonicalize().unwrap();
    assert!(
        err.contains(&format!(
            "{folder}/files/readme.txt: resolves to {}",
            secret.display()
        )),
        "{err}"
    );
}

#[test]
fn completions_and_the_manual_come_from_the_same_definitions() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let o = gamepak(&["completions", shell]);
        assert_eq!(code(&o), 0, "{shell}");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            text.contains("extract") && text.contains("max-alloc"),
            "{shell}"
        );
    }
    let o = gamepak(&["completions", "tcsh"]);
    assert_eq!(code(&o), 2);
    let o = gamepak(&["man"]);
    assert_eq!(code(&o), 0);
    let page = String::from_utf8_lossy(&o.stdout);
    assert!(page.contains(".TH gamepak"), "{page}");
    assert!(
        page.contains(r"max\-alloc"),
        "the manual lists global options"
    );
    // Each verb's synopsis names the output's value and the input apart.
    for (verb, synopsis) in [
        ("pack", r"\-\-output <FILE> <FOLDER>"),
        ("extract", r"\-\-output <FOLDER> <FILE>"),
    ] {
        let o = gamepak(&["man", verb]);
        let page = String::from_utf8_lossy(&o.stdout);
        let section = page.split(".SH SYNOPSIS").nth(1).unwrap();
        let section = section.split(".SH").next().unwrap();
        assert!(section.contains(synopsis), "{verb}: {section}");
    }
}

/// The lines a `build --watch` prints on standard output or on standard error.
#[cfg(unix)]
type Lines = std::sync::mpsc::Receiver<String>;

/// `command` (a `build --watch`) started, with its two streams as lines.
#[cfg(unix)]
fn watching(mut command: Command) -> (std::process::Child, Lines, Lines) {
    use std::io::{BufRead, BufReader};
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let lines = |stream: Box<dyn std::io::Read + Send>| {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines() {
                let _ = tx.send(line.unwrap());
            }
        });
        rx
    };
    let stdout = lines(Box::new(child.stdout.take().unwrap()));
    let stderr = lines(Box::new(child.stderr.take().unwrap()));
    (child, stdout, stderr)
}

/// The next line of `rx`, within a minute.
#[cfg(unix)]
fn next(rx: &Lines) -> String {
    rx.recv_timeout(std::time::Duration::from_secs(60)).unwrap()
}

/// `build --watch` builds once, then once per change (a burst of writes is one
/// build), says why a build failed and goes on, and stops on Ctrl-C.
#[cfg(unix)]
#[test]
fn build_watch_rebuilds_on_each_change_a_line_per_build() {
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    crate::special_files::copy_tree(&examples().join("../native/content"), &content);
    let out = dir.path().join("game.bin");
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamepak"));
    command
        .args(["build", "--watch", "-o"])
        .args([&out, &content]);
    let (mut child, stdout, stderr) = watching(command);
    assert!(next(&stdout).contains("bytes, built in"));
    let entry = content.join("Entry.ts");
    let text = std::fs::read_to_string(&entry).unwrap();
    std::fs::write(&entry, format!("{text}\nlet broken = (\n")).unwrap();
    assert!(next(&stderr).contains("Entry.ts:"));
    for k in 0..3 {
        std::fs::write(&entry, format!("{text}\n// edit {k}\n")).unwrap();
    }
    assert!(next(&stdout).contains("bytes, built in"));
    assert!(
        stdout.recv_timeout(Duration::from_millis(500)).is_err(),
        "one build per burst"
    );
    // SAFETY: signals a child this test started and owns.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    assert_eq!(child.wait().unwrap().code(), Some(130));
    assert_eq!(
        gamepak::native::read(&std::fs::read(&out).unwrap(), &Default::default())
            .unwrap()
            .chunks
            .len(),
        12
    );
}

/// `build --watch` of a script whose exports lie in the folder it watches, named
/// through `..` and through a link: its own writes build nothing, nor does a file
/// written again with what it held. A folder removed is reported, and built again
/// when it is back.
#[cfg(unix)]
#[test]
fn build_watch_ignores_its_own_outputs_and_outlives_its_folder() {
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let gap = dir.path().join("gap");
    crate::special_files::copy_tree(&examples().join("gap"), &gap);
    std::os::unix::fs::symlink(&gap, gap.join("here")).unwrap();
    let script = gap.join("demo.gap");
    let text = std::fs::read_to_string(&script)
        .unwrap()
        .replace("filename=hero.gbin", "filename=../gap/hero.gbin")
        .replace("filename=hero_defs.h", "filename=here/hero_defs.h");
    std::fs::write(&script, text).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamepak"));
    command
        .args(["build", "--watch", "gap/demo.gap"])
        .current_dir(dir.path());
    let (mut child, stdout, stderr) = watching(command);
    let quiet = |rx: &std::sync::mpsc::Receiver<String>| {
        rx.recv_timeout(Duration::from_millis(1500)).is_err()
    };
    assert!(next(&stdout).contains("hero.gbin"));
    while stdout.recv_timeout(Duration::from_millis(300)).is_ok() {}
    assert!(quiet(&stdout), "its own outputs built again");
    let intro = gap.join("intro.txt");
    std::fs::write(&intro, std::fs::read(&intro).unwrap()).unwrap();
    assert!(quiet(&stdout), "a file written as it was built again");
    let saved = dir.path().join("saved");
    std::fs::rename(&gap, &saved).unwrap();
    assert!(next(&stderr).contains("the folder is gone"));
    std::fs::rename(&saved, &gap).unwrap();
    assert!(next(&stdout).contains("hero.gbin"), "not built when back");
    // SAFETY: signals a child this test started and owns.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    assert_eq!(child.wait().unwrap().code(), Some(130));
}
