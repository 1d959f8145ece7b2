//! Every .gap script of the reference fixtures builds, with `compat`, exactly what the
//! reference packer wrote; every script it refused is refused with the line named; a
//! script reaching outside its folder is refused until allowed.

use crate::common;

use std::path::{Path, PathBuf};

use gamepak::gbin::gap::{run, GapOptions, Output};
use gamepak::gbin::GapSettings;

fn scripts(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = walk(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "gap"))
        .collect();
    out.sort();
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// Scripts the reference refused or for which it wrote nothing, with the line to name.
const REFUSED: &[(&str, usize)] = &[
    ("q01_argb8888_loadimage.gap", 3),
    ("q02_flag_without_value.gap", 4),
    ("q03_space_before_comma.gap", 2),
    ("q06_duplicate_group.gap", 3),
    ("q07_hash_in_quotes.gap", 1),
    ("q09_no_type.gap", 1),
    ("q11_unknown_command.gap", 2),
    ("q12_pal_unsupported.gap", 2),
    ("q14_no_export_type_format.gap", 1),
    ("q16_missing_file.gap", 2),
    ("q19_cpp_vector.gap", 1),
    ("q21_imageframe_numeric.gap", 6),
];

/// Scripts that read a sibling folder, with the line that does: refused by default,
/// built as the reference built them when allowed.
const OUTSIDE: &[(&str, usize)] = &[("q20_rotate30.gap", 3)];

fn refused_at(
    name: &str,
    line: usize,
    result: gamepak::Result<Vec<Output>>,
    failures: &mut Vec<String>,
) {
    match result {
        Err(e) => {
            let want = format!("{name}:{line}:");
            if !e.to_string().contains(&want) {
                failures.push(format!("{name}: error does not name {want}: {e}"));
            }
        }
        Ok(_) => failures.push(format!("{name}: not refused")),
    }
}

#[test]
fn compat_builds_match_the_reference_byte_for_byte() {
    let Some(root) = common::fixture_dir("compat_builds_match_the_reference_byte_for_byte", "gbin")
    else {
        return;
    };
    let opts = GapOptions {
        settings: GapSettings {
            compat: true,
            ..GapSettings::default()
        },
        ..GapOptions::default()
    };
    let trusted = GapOptions {
        settings: GapSettings {
            allow_outside: true,
            ..opts.settings.clone()
        },
        ..opts.clone()
    };
    let mut compared = 0;
    let mut failures = Vec::new();
    for script in scripts(&root) {
        let name = script.file_name().unwrap().to_string_lossy().into_owned();
        if let Some((_, line)) = REFUSED.iter().find(|(n, _)| *n == name) {
            refused_at(&name, *line, run(&script, &opts), &mut failures);
            continue;
        }
        let result = match OUTSIDE.iter().find(|(n, _)| *n == name) {
            Some((_, line)) => {
                refused_at(&name, *line, run(&script, &opts), &mut failures);
                run(&script, &trusted)
            }
            None => run(&script, &opts),
        };
        let outputs = match result {
            Ok(o) => o,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        for o in outputs {
            let Ok(reference) = std::fs::read(&o.path) else {
                // q18 ran with an output folder; its plain name was never written.
                continue;
            };
            compared += 1;
            if reference != o.bytes {
                let at = reference
                    .iter()
                    .zip(&o.bytes)
                    .position(|(a, b)| a != b)
                    .unwrap_or(reference.len().min(o.bytes.len()));
                failures.push(format!(
                    "{name}: {} differs from the reference at byte {at:#x} ({} vs {} bytes)",
                    o.path.display(),
                    o.bytes.len(),
                    reference.len()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 15, "only {compared} outputs compared");
}

/// The reference's `-o` was a plain prefix (`-o q18dir` wrote `q18dirq18.gbin`); ours
/// is a folder, which gives what the reference gave for `-o q18dir/`.
#[test]
fn output_dir_holds_the_exports() {
    let Some(root) = common::fixture_dir("output_dir_holds_the_exports", "gbin") else {
        return;
    };
    let dir = root.join("06_quirks");
    for out_dir in ["q18dir", "q18dir/"] {
        let opts = GapOptions {
            settings: GapSettings {
                compat: true,
                ..GapSettings::default()
            },
            output_dir: Some(dir.join(out_dir)),
            ..GapOptions::default()
        };
        let out = run(&dir.join("q18_output_prefix.gap"), &opts).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].path, dir.join(out_dir).join("q18.gbin"));
        let reference = std::fs::read(dir.join("q18dir/q18.gbin")).unwrap();
        assert_eq!(out[0].bytes, reference);
    }
}

#[test]
fn without_compat_the_crc_is_real() {
    let Some(root) = common::fixture_dir("without_compat_the_crc_is_real", "gbin") else {
        return;
    };
    let dir = root.join("04_minimal");
    let out = run(&dir.join("mini.gap"), &GapOptions::default()).unwrap();
    let bytes = &out[0].bytes;
    let crc = u32::from_le_bytes(bytes[8..12].try_into().unwrap());
    assert_eq!(crc, crc32fast::hash(&bytes[32..]));
    let reference = std::fs::read(dir.join("mini.gbin")).unwrap();
    assert_eq!(bytes[12..], reference[12..]);
}
