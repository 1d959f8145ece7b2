//! Every reference GBIN reads and writes back to identical bytes.

mod common;

use gamepak::formats::gbin::{self, CrcMode};

fn reference_files(test: &str) -> Vec<std::path::PathBuf> {
    let Some(dir) = common::fixture_dir(test, "gbin") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "gbin") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn read_write_is_identity_on_reference_files() {
    let files = reference_files("read_write_is_identity_on_reference_files");
    for f in &files {
        let data = std::fs::read(f).unwrap();
        let doc = gbin::read(&data).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(
            doc.chunks
                .iter()
                .all(|c| !matches!(c.body, gbin::model::Body::Opaque(_))),
            "{}: a chunk stayed opaque",
            f.display()
        );
        assert_eq!(gbin::write(&doc, CrcMode::Keep), data, "{}", f.display());
    }
}
