//! An input that another program truncates or rewrites while it is read is an error
//! ("changed while it was read", an I/O error: exit 2), never a crash (SIGBUS, exit
//! 135), and an extraction that read it leaves nothing behind. Made deterministic by
//! truncating after the file is opened (mapped) and before it is read.
#![cfg(unix)]

use std::path::Path;

use gamepak::{ExtractOptions, Source};

/// A GameMaker game of large stored blobs, opened; the file and its length.
fn opened_game(dir: &Path) -> (std::path::PathBuf, Source, u64) {
    let input = dir.join("data.win");
    let bytes = gamepak::gamemaker::sample::game(4, 2, 256 * 1024);
    std::fs::write(&input, &bytes).unwrap();
    let source = Source::open(&input, &Default::default()).unwrap();
    assert!(matches!(source, Source::Mapped(_)));
    (input, source, bytes.len() as u64)
}

fn truncate(path: &Path, len: u64) {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .unwrap()
        .set_len(len)
        .unwrap();
}

/// Everything in `dir` but `keep`.
fn left_in(dir: &Path, keep: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p != keep)
        .map(|p| p.display().to_string())
        .collect()
}

#[test]
fn extract_of_a_file_truncated_while_read_is_refused_and_leaves_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let (input, source, len) = opened_game(tmp.path());
    let (_, handler) = gamepak::recognise(&source, "data.win").unwrap();
    // The tables stay; the stored pages and clips lose their second half.
    truncate(&input, len / 2);
    let out = tmp.path().join("out");
    let opts = ExtractOptions {
        input: Some(&source),
        ..ExtractOptions::default()
    };
    let e = handler
        .open(&source, &Default::default())
        .extract(&out, &opts)
        .unwrap_err();
    assert!(e.to_string().contains("changed while it was read"), "{e}");
    assert!(e.is_request_fault(), "an I/O error, exit 2: {e}");
    assert_eq!(left_in(tmp.path(), &input), Vec::<String>::new());
}

#[test]
fn extract_of_a_file_left_alone_is_not_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, source, _) = opened_game(tmp.path());
    let (_, handler) = gamepak::recognise(&source, "data.win").unwrap();
    let opts = ExtractOptions {
        input: Some(&source),
        ..ExtractOptions::default()
    };
    let out = tmp.path().join("out");
    handler
        .open(&source, &Default::default())
        .extract(&out, &opts)
        .unwrap();
    assert!(out.join("gamepak.toml").is_file());
}

#[test]
fn every_verb_reads_a_file_truncated_to_nothing_without_crashing() {
    let tmp = tempfile::tempdir().unwrap();
    let (input, source, _) = opened_game(tmp.path());
    let (_, handler) = gamepak::recognise(&source, "data.win").unwrap();
    truncate(&input, 0);
    // What each gives does not matter (the file now reads as zeros): that each
    // returns does, and that the change is known.
    let opts = Default::default();
    let _ = handler.open(&source, &opts).info();
    let _ = handler.open(&source, &opts).list();
    let _ = handler.open(&source, &opts).check();
    assert!(source.unchanged().is_err());
}
