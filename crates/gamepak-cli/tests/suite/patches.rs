//! diff, patch and apply as a user runs them: exit codes (0 the same, 1
//! different or conflicting, 2 an error), a patch that rebuilds its target byte
//! for byte, conflicts reported and written nowhere, and hostile patches refused.

use std::path::Path;

use crate::run::{code, example, gamepak, s, stderr, stdout};
use gamepak::changes::{Manifest, Patch, Whole, VERSION};

/// The GBIN demo extracted into `dir/name` with its first string set to `text`,
/// packed into `dir/name.gbin`.
fn with_first_string(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let folder = dir.join(name);
    let o = gamepak(&["extract", s(&example("gbin/demo.gbin")), "-o", s(&folder)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let strings = folder.join("strings/13_ENGB.json");
    let mut list: Vec<String> = serde_json::from_slice(&std::fs::read(&strings).unwrap()).unwrap();
    list[0] = text.to_string();
    std::fs::write(&strings, serde_json::to_vec_pretty(&list).unwrap()).unwrap();
    let out = dir.join(format!("{name}.gbin"));
    let o = gamepak(&["pack", s(&folder), "-o", s(&out)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    out
}

#[test]
fn diff_exits_0_for_the_same_1_for_different_and_2_for_an_error() {
    let demo = example("gbin/demo.gbin");
    let dir = tempfile::tempdir().unwrap();
    let edited = with_first_string(dir.path(), "edited", "Begin");
    assert_eq!(code(&gamepak(&["diff", s(&demo), s(&demo)])), 0);
    let o = gamepak(&["diff", s(&demo), s(&edited)]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains(" strings/13_ENGB.json | 1 field"), "{text}");
    assert!(
        text.contains("strings/13_ENGB/0: \"Start\" -> \"Begin\""),
        "{text}"
    );
    let o = gamepak(&["diff", "--json", s(&demo), s(&edited)]);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["path"], "strings/13_ENGB.json");
    assert_eq!(lines[0]["change"], "modified");
    assert_eq!(lines.last().unwrap()["summary"]["modified"], 1);
    let o = gamepak(&["diff", s(&demo), s(&example("tng/demo.tng"))]);
    assert_eq!(code(&o), 2, "files of two formats: {}", stderr(&o));
    assert!(stderr(&o).contains("TirNanoG"), "{}", stderr(&o));
}

#[test]
fn a_patch_applies_to_its_base_as_its_target_byte_for_byte() {
    let demo = example("gbin/demo.gbin");
    let dir = tempfile::tempdir().unwrap();
    let edited = with_first_string(dir.path(), "edited", "Begin");
    let patch = dir.path().join("begin.gpatch");
    let o = gamepak(&["patch", s(&demo), s(&edited), "-o", s(&patch)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = dir.path().join("out.gbin");
    let o = gamepak(&["apply", s(&demo), s(&patch), "-o", s(&out)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("rebuilt exactly"), "{}", stdout(&o));
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&edited).unwrap());
}

#[test]
fn a_conflict_writes_nothing_and_exits_1_unless_told_which_side_wins() {
    let dir = tempfile::tempdir().unwrap();
    let demo = example("gbin/demo.gbin");
    let one = with_first_string(dir.path(), "one", "One");
    let two = with_first_string(dir.path(), "two", "Two");
    let patch = dir.path().join("one.gpatch");
    assert_eq!(
        code(&gamepak(&["patch", s(&demo), s(&one), "-o", s(&patch)])),
        0
    );
    let out = dir.path().join("out.gbin");
    let sides = dir.path().join("sides");
    let o = gamepak(&[
        "apply",
        "--json",
        s(&two),
        s(&patch),
        "-o",
        s(&out),
        "--conflicts",
        s(&sides),
    ]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(!out.exists(), "a conflict wrote the output");
    let conflict: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(conflict["asset"], "strings/13_ENGB.json");
    assert_eq!(conflict["at"], "/0");
    for side in ["base", "ours", "theirs"] {
        assert!(
            sides.join(format!("strings/13_ENGB.json.{side}")).is_file(),
            "{side}"
        );
    }
    let o = gamepak(&[
        "apply",
        s(&two),
        s(&patch),
        "-o",
        s(&out),
        "--on-conflict",
        "theirs",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        std::fs::read(&out).unwrap() == std::fs::read(&one).unwrap(),
        "theirs is the patch's string"
    );
}

/// A patch of the GBIN demo to itself, its payloads replaced by `payloads`.
fn hostile(payloads: Vec<(&str, Vec<u8>)>) -> Vec<u8> {
    let demo = std::fs::read(example("gbin/demo.gbin")).unwrap();
    let whole = Whole {
        bytes: demo.len() as u64,
        hash: blake3::hash(&demo).to_hex().to_string(),
    };
    Patch {
        manifest: Manifest {
            gpatch: VERSION,
            format: "gbin".into(),
            base: whole.clone(),
            target: whole,
            operations: Vec::new(),
            files: Vec::new(),
        },
        payloads: payloads
            .into_iter()
            .map(|(n, b)| (n.to_string(), b))
            .collect(),
    }
    .to_bytes()
    .unwrap()
}

#[test]
fn a_patch_that_names_a_path_outside_the_folder_or_unpacks_past_the_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let demo = example("gbin/demo.gbin");
    let out = dir.path().join("out.gbin");
    let escape = dir.path().join("escape.gpatch");
    std::fs::write(&escape, hostile(vec![("after/../../evil", b"x".to_vec())])).unwrap();
    let o = gamepak(&["apply", s(&demo), s(&escape), "-o", s(&out)]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("is no name a gpatch holds"),
        "{}",
        stderr(&o)
    );
    let bomb = dir.path().join("bomb.gpatch");
    std::fs::write(&bomb, hostile(vec![("after/zeros.bin", vec![0; 64 << 20])])).unwrap();
    assert!(
        std::fs::metadata(&bomb).unwrap().len() < 1 << 20,
        "the bomb is small packed"
    );
    let o = gamepak(&[
        "--max-alloc",
        "8M",
        "apply",
        s(&demo),
        s(&bomb),
        "-o",
        s(&out),
    ]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("--max-alloc"), "{}", stderr(&o));
    assert!(!out.exists() && !dir.path().join("evil").exists());
}

#[test]
fn diff_visual_writes_each_changed_image_before_after_and_highlighted() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (example("gbin/demo.gbin"), example("gbin/demo-be.gbin"));
    let pictures = dir.path().join("pictures");
    let o = gamepak(&["diff", "--stat", "--visual", s(&pictures), s(&a), s(&b)]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    for suffix in ["before", "after", "diff"] {
        let png = pictures.join(format!("images/0_hero/000.{suffix}.png"));
        let bytes = std::fs::read(&png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
        assert!(bytes.starts_with(b"\x89PNG"), "{suffix}");
    }
}
