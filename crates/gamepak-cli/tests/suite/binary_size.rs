//! The README's size of the release binary is the measured one: CI builds the
//! release binary before the tests (`.ci/run`), and this compares the two. Without
//! a release build beside the test's own binary, it says so and passes.

use std::path::Path;

/// The README's stated size in MB, from its sentence "the binary is N MB".
fn stated_mb(readme: &str) -> f64 {
    let (_, rest) = readme
        .split_once("the binary is ")
        .expect("the README states the release binary's size");
    let number: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    assert!(
        rest[number.len()..].starts_with(" MB"),
        "the README gives the size in MB: {:?}",
        &rest[..40.min(rest.len())]
    );
    number.parse().expect("a size in MB")
}

#[test]
fn the_readme_states_the_release_binary_size_within_a_tenth() {
    let debug = Path::new(env!("CARGO_BIN_EXE_gamepak"));
    let release = debug
        .parent()
        .and_then(Path::parent)
        .map(|target| target.join("release/gamepak"));
    let Some(size) = release
        .and_then(|r| std::fs::metadata(r).ok())
        .map(|m| m.len())
    else {
        eprintln!("skipped: no release binary (cargo build --release -p gamepak-cli)");
        return;
    };
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .expect("the README reads");
    let stated = stated_mb(&readme);
    let measured = size as f64 / 1e6;
    assert!(
        (measured - stated).abs() <= stated / 10.0,
        "the release binary is {measured:.1} MB; the README says {stated} MB"
    );
}
