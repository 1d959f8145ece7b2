//! A file opened once as a document answers every verb as its handler answers it
//! from bytes: the same information, entries and problems, and each entry rendered
//! alone is the file a whole extraction writes. GameMaker keeps what it parsed
//! between verbs, so asking twice must answer the same.

use std::path::Path;

use gamepak::gamemaker::sample;
use gamepak::{ExtractOptions, Format, Options};

/// Every example file that ships with the project, and a GameMaker game made in code.
fn files() -> Vec<(String, Vec<u8>)> {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut out: Vec<(String, Vec<u8>)> = [
        "gbin/demo.gbin",
        "gbin/demo-be.gbin",
        "native/demo.game.bin",
        "swag/demo.swag",
        "tng/demo.tng",
    ]
    .iter()
    .map(|f| (f.to_string(), std::fs::read(examples.join(f)).unwrap()))
    .collect();
    out.push(("synthetic.win".into(), sample::game(3, 2, 2048)));
    out
}

#[test]
fn a_document_answers_as_its_handler_does() {
    let opts = Options::default();
    for (name, data) in files() {
        let (format, handler) = gamepak::recognise(&data, &name).unwrap();
        let document = handler.open(&data, &opts);
        for _ in 0..2 {
            let listed = document.list().unwrap();
            let bytes = handler.open(&data, &opts).list().unwrap();
            let paths = |l: &gamepak::Partial<Vec<gamepak::Entry>>| -> Vec<String> {
                l.value.iter().map(|e| e.path.clone()).collect()
            };
            assert_eq!(paths(&listed), paths(&bytes), "{name}");
            assert_eq!(
                document.info().unwrap().value,
                handler.open(&data, &opts).info().unwrap().value,
                "{name}"
            );
            assert_eq!(
                document.check().lines(),
                handler.open(&data, &opts).check().lines(),
                "{name}"
            );
        }
        let whole = tempfile::tempdir().unwrap();
        let out = whole.path().join("out");
        document.extract(&out, &ExtractOptions::default()).unwrap();
        let listed = document.list().unwrap().value;
        let entry = listed
            .iter()
            .find(|e| out.join(&e.path).is_file())
            .unwrap_or_else(|| panic!("{name}: no entry is a file of its own"));
        let rendered = document.render(&entry.path).unwrap();
        assert_eq!(
            rendered.get(&entry.path),
            Some(&std::fs::read(out.join(&entry.path)).unwrap()),
            "{name}: {} ({format})",
            entry.path
        );
    }
}

#[test]
fn a_gamemaker_audio_group_is_a_document_of_its_own() {
    let Some(dir) = crate::common::fixture_dir("documents", "gamemaker-audiogroups") else {
        return;
    };
    let group = dir.join("OwiliwO_Infinite-Menagerie/audiogroup1.dat");
    let data = std::fs::read(&group).unwrap();
    let handler = Format::GameMaker.handler().unwrap();
    let document = handler.open(&data, &Options::default());
    let info = document.info().unwrap().value;
    assert_eq!(info["clips"], 5, "{info}");
    assert!(!document.list().unwrap().value.is_empty());
    assert!(
        document.check().problems.is_empty(),
        "{}",
        document.check().lines()
    );
}
