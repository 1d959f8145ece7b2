//! Every reference GBIN reads and writes back to identical bytes.

use crate::common;

use gamepak::gbin::{self, CrcMode};

#[test]
fn read_write_is_identity_on_reference_files() {
    let Some(dir) = common::fixture_dir("read_write_is_identity_on_reference_files", "gbin") else {
        return;
    };
    let files = common::gbin_files(&dir);
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
