//! Salvage: extracting a truncated file writes every asset that still decodes and a
//! `problems.json` naming, with offsets, what could not be taken out; `pack` refuses
//! such a folder; a file cut inside its header stays an error and leaves no folder.
//! Tried on real files of all five formats, cut at several points.

use crate::common;

use std::path::{Path, PathBuf};

use gamepak::assets::salvage::{Problems, PROBLEMS_NAME};
use gamepak::{ExtractSummary, Format, Result};

/// A whole file to cut.
struct Sample {
    name: String,
    format: Format,
    bytes: Vec<u8>,
    /// Bytes of the header that identifies the file: a cut inside it leaves
    /// nothing recognisable.
    header: usize,
}

fn repo_file(rel: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The examples our builders made (TirNanoG, SWAG, native, GBIN), and the smallest
/// real files of GameMaker, GBIN and native in the fixtures.
fn samples() -> Vec<Sample> {
    let sample = |name: &str, format, bytes: Vec<u8>, header| Sample {
        name: name.to_string(),
        format,
        bytes,
        header,
    };
    let mut out = vec![
        sample(
            "tng/demo.tng",
            Format::Tng,
            repo_file("examples/tng/demo.tng"),
            64,
        ),
        sample(
            "swag/demo.swag",
            Format::Swag,
            repo_file("examples/swag/demo.swag"),
            8,
        ),
        sample(
            "swag/demo-be.swag",
            Format::Swag,
            repo_file("examples/swag/demo-be.swag"),
            8,
        ),
        sample(
            "gbin/demo.gbin",
            Format::Gbin,
            repo_file("examples/gbin/demo.gbin"),
            32,
        ),
        sample(
            "native/demo.game.bin",
            Format::Native,
            repo_file("examples/native/demo.game.bin"),
            4,
        ),
    ];
    let Some(fixtures) = common::fixtures("salvage") else {
        return out;
    };
    let fixture = |rel: &str| std::fs::read(fixtures.join(rel)).unwrap();
    for game in [
        "Okanoa_Dieback.win",
        "Kplus8_Space-War_a.win",
        "EMax95_GameSpaceRocks.win",
    ] {
        let rel = format!("gamemaker/{game}");
        out.push(sample(&rel, Format::GameMaker, fixture(&rel), 8));
    }
    for rel in [
        "gbin/02_images/images.gbin",
        "gbin/03_tiles_cmap_files/tiles.gbin",
    ] {
        out.push(sample(rel, Format::Gbin, fixture(rel), 32));
    }
    for rel in [
        "native/noaudio.development.game.bin",
        "native/aseprite-stub.development.game.bin",
        "native/basic.production.game.bin",
    ] {
        out.push(sample(rel, Format::Native, fixture(rel), 4));
    }
    out
}

/// Where to cut a sample: just past its header, at a quarter, half and nine tenths,
/// and one byte short of the end.
fn cuts(s: &Sample) -> Vec<(&'static str, usize)> {
    let len = s.bytes.len();
    vec![
        ("past the header", s.header + 8),
        ("25%", len / 4),
        ("50%", len / 2),
        ("90%", len * 9 / 10),
        ("one byte short", len - 1),
    ]
}

fn extract(s: &Sample, bytes: &[u8], out: &Path) -> Result<ExtractSummary> {
    s.format
        .handler()
        .unwrap()
        .open(bytes, &Default::default())
        .extract(out, &Default::default())
}

/// Every file under `dir`, relative to it.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    common::files_ending(dir, "")
        .into_iter()
        .map(|p| p.strip_prefix(dir).unwrap().to_path_buf())
        .collect()
}

/// Whether a picture or sound decodes, by decoders other than the ones salvage
/// checks with.
fn decodes(path: &Path) -> std::result::Result<(), String> {
    let bytes = std::fs::read(path).unwrap();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "png" => {
            let mut r = png::Decoder::new(std::io::Cursor::new(&bytes))
                .read_info()
                .map_err(|e| e.to_string())?;
            let mut buf = vec![0; r.output_buffer_size().ok_or("no buffer size")?];
            r.next_frame(&mut buf).map(drop).map_err(|e| e.to_string())
        }
        "wav" => {
            let mut r =
                hound::WavReader::new(std::io::Cursor::new(&bytes)).map_err(|e| e.to_string())?;
            r.samples::<i32>()
                .try_for_each(|s| s.map(drop))
                .map_err(|e| e.to_string())
        }
        "ogg" => {
            let mut d = vorbis_rs::VorbisDecoder::new(std::io::Cursor::new(bytes))
                .map_err(|e| e.to_string())?;
            while d.decode_audio_block().map_err(|e| e.to_string())?.is_some() {}
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What a salvaged folder must be: problems.json listing every loss with its
/// offset, every picture and sound decoding, and pack refusing it.
fn assert_salvaged(what: &str, summary: &ExtractSummary, out: &Path) {
    assert!(!summary.lost.is_empty(), "{what}: nothing was lost");
    let text = std::fs::read(out.join(PROBLEMS_NAME))
        .unwrap_or_else(|e| panic!("{what}: no {PROBLEMS_NAME}: {e}"));
    let problems: Problems = serde_json::from_slice(&text).unwrap();
    assert_eq!(problems.lost, summary.lost, "{what}");
    for lost in &problems.lost {
        assert!(lost.offset.is_some(), "{what}: {lost:?} has no offset");
        assert!(!lost.message.is_empty(), "{what}: {lost:?}");
    }
    for file in files_under(out) {
        if let Err(e) = decodes(&out.join(&file)) {
            panic!(
                "{what}: {} was written but does not decode: {e}",
                file.display()
            );
        }
    }
    let refused = gamepak::pack(out, &Default::default())
        .map(|o| o.bytes.len())
        .expect_err(what);
    let said = refused.to_string();
    assert!(
        said.contains(PROBLEMS_NAME) && said.contains("salvaged from a damaged file"),
        "{what}: {said}"
    );
    assert!(!refused.is_request_fault(), "{what}: {said}");
}

#[test]
fn truncated_files_of_every_format_salvage_what_still_decodes() {
    let mut salvaged_formats = std::collections::BTreeSet::new();
    for s in samples() {
        for (point, at) in cuts(&s) {
            let what = format!("{} cut {point} at {at:#x}", s.name);
            let tmp = tempfile::tempdir().unwrap();
            let out = tmp.path().join("out");
            let result = extract(&s, &s.bytes[..at], &out);
            // Nothing but the folder, and no staging folder or temporary file.
            let left: Vec<_> = std::fs::read_dir(tmp.path())
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            match result {
                Ok(summary) => {
                    assert_eq!(left, ["out"], "{what}");
                    assert_salvaged(&what, &summary, &out);
                    salvaged_formats.insert(s.format.name());
                    eprintln!(
                        "{what}: {} files written, {} lost",
                        summary.files,
                        summary.lost.len()
                    );
                }
                Err(e) => {
                    // Only a cut that leaves nothing after the header recognisable
                    // may refuse, as a broken file (exit 1), leaving nothing.
                    assert!(left.is_empty(), "{what}: {e}: left {left:?}");
                    assert!(!e.is_request_fault(), "{what}: {e}");
                    assert!(
                        matches!(point, "past the header" | "25%" | "50%"),
                        "{what}: nothing salvaged: {e}"
                    );
                    eprintln!("{what}: refused: {e}");
                }
            }
        }
    }
    for format in [Format::Tng, Format::Swag, Format::Gbin, Format::Native] {
        assert!(salvaged_formats.contains(format.name()), "{format:?}");
    }
}

#[test]
fn a_file_cut_inside_its_header_is_refused_and_leaves_no_folder() {
    for s in samples() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        let e = extract(&s, &s.bytes[..s.header - 1], &out).expect_err(&s.name);
        assert!(!e.is_request_fault(), "{}: {e}", s.name);
        assert!(
            std::fs::read_dir(tmp.path()).unwrap().next().is_none(),
            "{}",
            s.name
        );
    }
}

#[test]
fn whole_files_are_not_salvaged() {
    for s in samples() {
        let tmp = tempfile::tempdir().unwrap();
        let summary = extract(&s, &s.bytes, tmp.path()).unwrap();
        assert!(summary.lost.is_empty(), "{}: {:?}", s.name, summary.lost);
        assert!(!tmp.path().join(PROBLEMS_NAME).exists(), "{}", s.name);
    }
}

#[test]
fn truncated_gamemaker_games_keep_the_pages_and_frames_before_the_cut() {
    let games = common::gamemaker_games("salvage");
    let Some((name, bytes)) = games.iter().find(|(n, _)| n == "Kplus8_Space-War_a.win") else {
        return;
    };
    let handler = Format::GameMaker.handler().unwrap();
    // Cut inside AUDO: every page and frame is before the cut.
    let tmp = tempfile::tempdir().unwrap();
    let cut = bytes.len() - 1;
    let summary = handler
        .open(&bytes[..cut], &Default::default())
        .extract(tmp.path(), &Default::default())
        .unwrap();
    assert_salvaged(name, &summary, tmp.path());
    let pictures = files_under(tmp.path())
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
        .count();
    let whole = tempfile::tempdir().unwrap();
    handler
        .open(bytes, &Default::default())
        .extract(whole.path(), &Default::default())
        .unwrap();
    let all = files_under(whole.path())
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
        .count();
    assert_eq!(pictures, all, "{name}");
}
