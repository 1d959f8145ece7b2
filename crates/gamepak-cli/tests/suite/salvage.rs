//! Exit codes and messages of a salvage: extract of a truncated file writes what it
//! can and exits 1 pointing at problems.json; pack of that folder is refused (exit 1)
//! pointing at it too; a file cut inside its header is refused and leaves no folder.

use crate::run::{code, gamepak, s, stderr};

use std::path::{Path, PathBuf};

/// The GBIN demo cut to `keep` of its bytes, written into `dir`.
fn cut_demo(dir: &Path, keep: impl Fn(usize) -> usize) -> PathBuf {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/gbin/demo.gbin");
    let bytes = std::fs::read(demo).unwrap();
    let cut = dir.join("cut.gbin");
    std::fs::write(&cut, &bytes[..keep(bytes.len())]).unwrap();
    cut
}

#[test]
fn a_truncated_file_is_salvaged_with_exit_1_and_its_folder_is_not_packed() {
    let tmp = tempfile::tempdir().unwrap();
    let cut = cut_demo(tmp.path(), |len| len * 9 / 10);
    let out = tmp.path().join("out");
    let o = gamepak(&["extract", s(&cut), "-o", s(&out)]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let problems = out.join("problems.json");
    assert!(stderr(&o).contains(s(&problems)), "{}", stderr(&o));
    assert!(problems.is_file());
    assert!(out.join("gamepak.toml").is_file());

    let o = gamepak(&["extract", s(&cut), "-o", s(&out), "--force", "--json"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let summary: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert!(summary["lost"].as_array().is_some_and(|l| !l.is_empty()));

    let packed = tmp.path().join("again.gbin");
    let o = gamepak(&["pack", s(&out), "-o", s(&packed)]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let said = stderr(&o);
    assert!(
        said.contains(s(&problems)) && said.contains("salvaged from a damaged file"),
        "{said}"
    );
    assert!(!packed.exists());
}

#[test]
fn a_file_cut_inside_its_header_is_refused_with_exit_1_and_no_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let cut = cut_demo(tmp.path(), |_| 20);
    let out = tmp.path().join("out");
    let o = gamepak(&["extract", s(&cut), "-o", s(&out)]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(!out.exists());
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["cut.gbin"]);
}
