//! The README's examples, run: every command of every shell block (```` ```sh ```` or
//! a bare fence) that calls `gamepak` runs in a scratch copy of the repository, with
//! `../shared` beside it, through bash, and prints what the README says it prints.
//! In the expected text a line `...` stands for any lines, `...` inside a line for
//! any text, and a last line `exit N` for the exit status. A block fenced
//! ```` ```sh continued ```` runs where the block before it ran, on what that one
//! left. Blocks fenced as `text` are sessions of commands that run until stopped
//! (`serve`, `--watch`), not run. A block that reads the real-file fixtures is
//! skipped, saying so, when they are absent.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ command` and the output under it.
struct Example {
    command: String,
    expected: Vec<String>,
    status: Option<i32>,
}

/// A shell block of the README.
struct Block {
    /// Runs where the block before it ran.
    continued: bool,
    examples: Vec<Example>,
}

/// The shell blocks of `readme` that call gamepak, each as its examples.
fn blocks(readme: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        let Some(lang) = line.strip_prefix("```") else {
            continue;
        };
        let body: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .collect();
        let (lang, continued) = match lang.split_once(' ') {
            Some((lang, "continued")) => (lang, true),
            _ => (lang, false),
        };
        if !matches!(lang, "" | "sh" | "console") {
            continue;
        }
        let mut examples: Vec<Example> = Vec::new();
        for l in body {
            if let Some(command) = l.strip_prefix("$ ") {
                examples.push(Example {
                    command: command.to_string(),
                    expected: Vec::new(),
                    status: None,
                });
            } else if let Some(e) = examples.last_mut() {
                e.expected.push(l.to_string());
            }
        }
        for e in &mut examples {
            let last = e.expected.last().and_then(|l| l.strip_prefix("exit "));
            if let Some(code) = last.and_then(|c| c.trim().parse().ok()) {
                e.status = Some(code);
                e.expected.pop();
            }
        }
        if examples.iter().any(|e| e.command.starts_with("gamepak")) {
            out.push(Block {
                continued,
                examples,
            });
        }
    }
    out
}

/// Whether `actual` is `expected`, `...` standing for any lines or any text.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    let Some((first, rest)) = expected.split_first() else {
        return actual.is_empty();
    };
    if first.trim() == "..." {
        return (0..=actual.len()).any(|i| matches(rest, &actual[i..]));
    }
    actual.split_first().is_some_and(|(a, more)| {
        line_matches(first.trim_end(), a.trim_end()) && matches(rest, more)
    })
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.split("...");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// A scratch copy of the repository (its entries linked, not copied) with
/// `../shared` beside it, so the README's relative paths resolve.
fn scratch(repo: &Path, shared: Option<&Path>) -> (tempfile::TempDir, PathBuf) {
    let top = tempfile::tempdir().unwrap();
    let cwd = top.path().join("repo");
    std::fs::create_dir(&cwd).unwrap();
    for entry in std::fs::read_dir(repo).unwrap().flatten() {
        let name = entry.file_name();
        if name != "target" && name != ".git" {
            std::os::unix::fs::symlink(entry.path(), cwd.join(&name)).unwrap();
        }
    }
    if let Some(shared) = shared {
        std::os::unix::fs::symlink(shared, top.path().join("shared")).unwrap();
    }
    (top, cwd)
}

#[test]
fn every_example_in_the_readme_prints_what_it_says() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_gamepak")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The README names the fixtures as ../shared/fixtures; GAMEPAK_FIXTURES may move them.
    let fixtures = std::env::var_os("GAMEPAK_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo.join("../shared/fixtures"));
    let shared = fixtures.is_dir().then(|| {
        let top = tempfile::tempdir().unwrap();
        let link = top.path().join("fixtures");
        std::os::unix::fs::symlink(fixtures.canonicalize().unwrap(), link).unwrap();
        top
    });
    let shared = shared.as_ref().map(|t| t.path());
    let mut failed = Vec::new();
    let mut ran = 0;
    let mut scratches = Vec::new();
    let mut skipped = false;
    for block in blocks(&readme) {
        let needs_fixtures = block
            .examples
            .iter()
            .any(|e| e.command.contains("../shared"));
        if (shared.is_none() && needs_fixtures) || (block.continued && skipped) {
            println!(
                "SKIPPED a README example: {} needs the fixtures",
                block.examples[0].command
            );
            skipped = true;
            continue;
        }
        skipped = false;
        if !block.continued || scratches.is_empty() {
            scratches.push(scratch(&repo, shared));
        }
        let cwd = &scratches.last().expect("a scratch copy").1;
        for e in &block.examples {
            ran += 1;
            let o = Command::new("bash")
                .args(["-c", &e.command])
                .current_dir(cwd)
                .env("PATH", &path)
                .env_remove("NO_COLOR")
                .output()
                .unwrap();
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            let actual: Vec<&str> = text.lines().collect();
            let status_ok = e.status.is_none_or(|s| o.status.code() == Some(s));
            if !matches(&e.expected, &actual) || !status_ok {
                failed.push(format!(
                    "$ {}\n--- the README says (exit {:?}):\n{}\n--- it prints (exit {:?}):\n{text}",
                    e.command,
                    e.status,
                    e.expected.join("\n"),
                    o.status.code()
                ));
            }
        }
    }
    println!("ran {ran} README examples");
    assert!(ran > 0, "no example ran");
    assert!(
        failed.is_empty(),
        "{} of {ran} examples drifted:\n\n{}",
        failed.len(),
        failed.join("\n\n")
    );
}

#[test]
fn the_matcher_takes_dots_for_any_lines_or_text() {
    let e = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(
        &e(&["...: FAILED (2 errors)"]),
        &["x/y.bin: FAILED (2 errors)"]
    ));
    assert!(!matches(&e(&["a", "d"]), &["a", "b", "d"]));
    assert!(matches(&e(&["a ... c ... e"]), &["a b c d e"]));
    assert!(!matches(&e(&["a...c"]), &["a b"]));
}
