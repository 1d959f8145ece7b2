//! `examples/scan_ray.py` under Ray's local mode (`ray.init(num_cpus=2)`): three
//! `gamepak scan --shard I/3` tasks, merged, give the same records as one scan
//! of the same tree, line for line once sorted (each record's time taken aside).
//! Ray comes from PyPI, into a virtual environment under the target folder, the
//! first time this runs.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::{code, example, gamepak, s, stderr};

/// A Python with Ray, installed when missing; `None` where there is no Python.
fn python_with_ray() -> Option<PathBuf> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let venv = target.join("ray-venv");
    let python = venv.join("bin/python");
    let has_ray = |p: &Path| {
        Command::new(p)
            .args(["-c", "import ray"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if has_ray(&python) {
        return Some(python);
    }
    if Command::new("python3").arg("--version").output().is_err() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED scan on Ray: no python3 on this machine"
        );
        return None;
    }
    let made = Command::new("python3")
        .args(["-m", "venv", s(&venv)])
        .status()
        .unwrap();
    assert!(made.success(), "python3 -m venv {}", venv.display());
    let pip = Command::new(venv.join("bin/pip"))
        .args([
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "ray>=2.9,<3",
        ])
        .status()
        .unwrap();
    assert!(pip.success(), "pip install ray");
    Some(python)
}

/// The report's record lines, each without its time taken, sorted.
fn sorted_records(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("summary").is_none())
        .map(|mut v| {
            v.as_object_mut().unwrap().remove("millis");
            v.to_string()
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_scan_on_ray_in_local_mode_equals_a_single_process_scan() {
    let Some(python) = python_with_ray() else {
        return;
    };
    let tree = crate::common::fixtures("scan on Ray").unwrap_or_else(|| example(""));
    let dir = tempfile::tempdir().unwrap();
    let single = dir.path().join("single.jsonl");
    let o = gamepak(&["scan", s(&tree), "-o", s(&single)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let merged = dir.path().join("merged.jsonl");
    let script = example("scan_ray.py");
    let o = Command::new(&python)
        .arg(&script)
        .args([
            "--shards",
            "3",
            "--num-cpus",
            "2",
            "--binary",
            env!("CARGO_BIN_EXE_gamepak"),
            "-o",
        ])
        .arg(&merged)
        .arg(&tree)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    let (one, many) = (
        sorted_records(&read(&single)),
        sorted_records(&read(&merged)),
    );
    assert!(!one.is_empty());
    assert_eq!(one.len(), many.len(), "as many records");
    assert!(
        one == many,
        "the merged report is the single scan's, line for line"
    );
    let summary = |t: &str| t.lines().last().map(String::from).unwrap();
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&summary(&read(&single))).unwrap(),
        serde_json::from_str(&summary(&read(&merged))).unwrap(),
    );
    assert_eq!(a, b, "and so is its summary");
}
