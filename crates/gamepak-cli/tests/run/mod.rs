//! The `gamepak` binary run as a process for a test, and what it said.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn gamepak(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exited, not killed")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A file or folder of the repository's `examples/`.
pub fn example(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(rel)
}

/// A test path as an argument.
pub fn s(p: &Path) -> &str {
    p.to_str().expect("test paths are UTF-8")
}

/// The GBIN demo extracted into `dir/folder`, ready to pack.
pub fn extracted(dir: &Path) -> PathBuf {
    let folder = dir.join("folder");
    let o = gamepak(&["extract", s(&example("gbin/demo.gbin")), "-o", s(&folder)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    folder
}

/// Temporary files and staging folders a run left in `dir`.
pub fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".gamepak-"))
        .collect()
}
