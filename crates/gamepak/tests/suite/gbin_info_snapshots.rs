//! Golden `info` output for every reference GBIN and for our demo package.

use crate::common;

use gamepak::gbin::{synth, write, CrcMode};
use gamepak::Format;

fn info(data: &[u8]) -> serde_json::Value {
    Format::Gbin
        .handler()
        .unwrap()
        .open(data, &Default::default())
        .info()
        .unwrap()
        .value
}

#[test]
fn demo_package_info() {
    insta::assert_json_snapshot!("demo", info(&write(&synth::demo(), CrcMode::Compute)));
}

#[test]
fn reference_files_info() {
    let Some(dir) = common::fixture_dir("reference_files_info", "gbin") else {
        return;
    };
    for (name, path) in [
        ("01_repo_test", "01_repo_test/test.gbin"),
        ("02_images", "02_images/images.gbin"),
        ("03_tiles_cmap_files", "03_tiles_cmap_files/tiles.gbin"),
        ("04_minimal", "04_minimal/mini.gbin"),
        ("05_tilemap", "05_tilemap/maps.gbin"),
        ("06_quirks_q04", "06_quirks/q04.gbin"),
        ("06_quirks_q05", "06_quirks/q05.gbin"),
        ("06_quirks_q08", "06_quirks/q08.gbin"),
        ("06_quirks_q10", "06_quirks/q10.gbin"),
        ("06_quirks_q13", "06_quirks/q13.gbin"),
        ("06_quirks_q15", "06_quirks/q15.gbin"),
        ("06_quirks_q17", "06_quirks/q17.gbin"),
        ("06_quirks_q20", "06_quirks/q20.gbin"),
    ] {
        let data = std::fs::read(dir.join(path)).unwrap();
        insta::assert_json_snapshot!(name, info(&data));
    }
}
