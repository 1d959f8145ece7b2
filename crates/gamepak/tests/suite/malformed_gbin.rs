//! A corpus of damaged GBIN files, made from our demo package and, when present, the
//! reference files: every case must give located errors, never a panic.

use crate::common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use gamepak::gbin::{self, synth, CrcMode};
use gamepak::{Format, Report, Severity};

fn demo() -> Vec<u8> {
    gbin::write(&synth::demo(), CrcMode::Keep)
}

/// Runs every reading operation; returns the check report, or the panic message.
fn exercise(data: &[u8]) -> Result<Report, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let h = Format::Gbin.handler().unwrap();
        let _ = gamepak::detect(data);
        let _ = gbin::read(data);
        let _ = h.open(data, &Default::default()).info();
        let _ = h.open(data, &Default::default()).list();
        h.open(data, &Default::default()).check()
    }))
    .map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

/// The case must fail `check` with a located error whose message mentions `want`.
fn assert_located(name: &str, data: &[u8], want: &str) {
    let report = exercise(data).unwrap_or_else(|p| panic!("{name}: panicked: {p}"));
    let errors: Vec<_> = report
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .collect();
    assert!(!errors.is_empty(), "{name}: no error reported");
    assert!(
        errors
            .iter()
            .all(|p| p.offset.is_some() && !p.path.is_empty()),
        "{name}: an error without offset or path: {errors:?}"
    );
    assert!(
        errors.iter().any(|p| p.message.contains(want)),
        "{name}: no error mentions {want:?}: {errors:?}"
    );
}

/// Offsets of every chunk header in a package.
fn chunk_offsets(data: &[u8]) -> Vec<(usize, [u8; 4])> {
    gbin::read(data)
        .unwrap()
        .chunks
        .iter()
        .map(|c| (c.offset as usize, c.id.0))
        .collect()
}

fn sources() -> Vec<(String, Vec<u8>)> {
    let mut out = vec![("demo".to_string(), demo())];
    if let Some(dir) = common::fixture_dir("malformed sources", "gbin") {
        for sub in [
            "02_images/images.gbin",
            "03_tiles_cmap_files/tiles.gbin",
            "05_tilemap/maps.gbin",
        ] {
            out.push((sub.to_string(), std::fs::read(dir.join(sub)).unwrap()));
        }
    }
    out
}

#[test]
fn truncation_at_every_chunk_boundary_and_inside_each_chunk() {
    for (name, data) in sources() {
        for (at, id) in chunk_offsets(&data) {
            let fourcc = String::from_utf8_lossy(&id).into_owned();
            if at > 32 {
                assert_located(&format!("{name} cut before {fourcc}"), &data[..at], "ENDC");
            }
            if &id != b"ENDC" {
                let mid = at + 8 + 1;
                if mid < data.len() {
                    assert_located(
                        &format!("{name} cut inside {fourcc}"),
                        &data[..mid],
                        "runs past end",
                    );
                }
            }
        }
        for cut in [1, 4, 8, 20, 31] {
            assert_located(&format!("{name} cut in header at {cut}"), &data[..cut], "");
        }
    }
}

#[test]
fn chunk_sizes_past_the_end() {
    for (name, data) in sources() {
        for (at, id) in chunk_offsets(&data) {
            let mut bad = data.clone();
            bad[at + 4..at + 8].copy_from_slice(&(data.len() as u32).to_le_bytes());
            let fourcc = String::from_utf8_lossy(&id).into_owned();
            assert_located(
                &format!("{name} {fourcc} size past end"),
                &bad,
                "runs past end",
            );
        }
    }
}

fn patch_entry(data: &[u8], id: &[u8; 4], field_at: usize, value: u32) -> Vec<u8> {
    let (at, _) = chunk_offsets(data)
        .into_iter()
        .find(|(_, c)| c == id)
        .unwrap();
    let mut bad = data.to_vec();
    bad[at + 8 + field_at..at + 12 + field_at].copy_from_slice(&value.to_le_bytes());
    bad
}

#[test]
fn offsets_past_their_data_chunks() {
    let data = demo();
    assert_located(
        "IMAG offset past IMGD",
        &patch_entry(&data, b"IMAG", 12, 0x00ff_fff0),
        "past end of IMGD",
    );
    assert_located(
        "TSET offset past IMGD",
        &patch_entry(&data, b"TSET", 8, 0x00ff_fff0),
        "past end of IMGD",
    );
    assert_located(
        "FDIR offset past FDAT",
        &patch_entry(&data, b"FDIR", 8, 0x00ff_fff0),
        "past end of FDAT",
    );
    assert_located(
        "FDIR size past FDAT",
        &patch_entry(&data, b"FDIR", 4, 0x00ff_fff0),
        "past end of FDAT",
    );
    let mut cmap = patch_entry(&data, b"CMAP", 0, 0);
    let (at, _) = chunk_offsets(&cmap)
        .into_iter()
        .find(|(_, c)| c == b"CMAP")
        .unwrap();
    cmap[at + 10..at + 12].copy_from_slice(&0xfff0u16.to_le_bytes());
    cmap[at + 8..at + 10].copy_from_slice(&4u16.to_le_bytes());
    assert_located("CMAP offset past COLR", &cmap, "past end of COLR");
    assert_located(
        "TMAP blocks past TMBL",
        &patch_entry(&data, b"TMAP", 20, 0x00ff_fff0),
        "past end of TMBL",
    );
    assert_located(
        "SWAV samples past WAVD",
        &patch_entry(&data, b"SWAV", 8, 0x00ff_fff0),
        "past end of WAVD",
    );
    assert_located(
        "IGRP images past IMAG",
        &patch_entry(&data, b"IGRP", 4, 0x0000_0100),
        "past the",
    );
    assert_located(
        "ISEQ frames past IFRM",
        &patch_entry(&data, b"ISEQ", 4, 0x0000_0100),
        "past the",
    );
}

#[test]
fn unknown_pixel_formats() {
    let data = demo();
    let (at, _) = chunk_offsets(&data)
        .into_iter()
        .find(|(_, c)| c == b"IMAG")
        .unwrap();
    for code in [12u8, 77, 255] {
        let mut bad = data.clone();
        bad[at + 8 + 10] = code;
        assert_located(
            &format!("IMAG pixel format {code}"),
            &bad,
            "unknown pixel format",
        );
        let (ts, _) = chunk_offsets(&data)
            .into_iter()
            .find(|(_, c)| c == b"TSET")
            .unwrap();
        let mut bad = data.clone();
        bad[ts + 8 + 2] = code;
        assert_located(
            &format!("TSET pixel format {code}"),
            &bad,
            "unknown pixel format",
        );
    }
}

#[test]
fn crc_mismatch_and_table_tails() {
    let mut real = gbin::write(&synth::demo(), CrcMode::Compute);
    assert!(exercise(&real).unwrap().is_clean());
    let last = real.len() - 20;
    real[last] ^= 0x40;
    assert_located("flipped byte under a real CRC", &real, "CRC mismatch");
    let data = demo();
    let (at, _) = chunk_offsets(&data)
        .into_iter()
        .find(|(_, c)| c == b"IFRM")
        .unwrap();
    let mut bad = data.clone();
    let size = u32::from_le_bytes(bad[at + 4..at + 8].try_into().unwrap());
    bad[at + 4..at + 8].copy_from_slice(&(size - 3).to_le_bytes());
    assert!(exercise(&bad).is_ok());
}

#[test]
fn bit_flips_at_every_byte_never_panic() {
    let data = demo();
    for i in 0..data.len() {
        for bit in [0x01u8, 0x80] {
            let mut bad = data.clone();
            bad[i] ^= bit;
            if let Err(p) = exercise(&bad) {
                panic!("flip {bit:#x} at {i:#x} panicked: {p}");
            }
        }
    }
}

#[test]
fn absurd_counts_and_sizes_do_not_allocate() {
    let data = demo();
    for (at, _) in chunk_offsets(&data) {
        for v in [u32::MAX, u32::MAX - 7, 0x7fff_ffff] {
            let mut bad = data.clone();
            bad[at + 4..at + 8].copy_from_slice(&v.to_le_bytes());
            exercise(&bad).unwrap();
        }
    }
    let mut strt = data.clone();
    let (at, _) = chunk_offsets(&data)
        .into_iter()
        .find(|(_, c)| c == b"STRT")
        .unwrap();
    strt[at + 12..at + 14].copy_from_slice(&u16::MAX.to_le_bytes());
    exercise(&strt).unwrap();
}

/// A sound whose sample rate is 0 cannot be written as a WAV: check names the field,
/// and extract leaves that sound out instead of failing inside the WAV writer.
#[test]
fn a_sample_rate_of_zero_is_located() {
    let data = demo();
    let (at, _) = chunk_offsets(&data)
        .into_iter()
        .find(|(_, c)| c == b"SWAV")
        .unwrap();
    let mut bad = data.clone();
    bad[at + 8..at + 10].copy_from_slice(&[0, 0]);
    assert_located("SWAV rate 0", &bad, "sample rate 0 Hz");
    let memory = std::sync::Arc::new(gamepak::io::MemoryFolder::default());
    let opts = gamepak::ExtractOptions {
        memory: Some(memory),
        ..Default::default()
    };
    let h = Format::Gbin.handler().unwrap();
    let summary = h
        .open(&bad, &Default::default())
        .extract(std::path::Path::new("memory"), &opts)
        .unwrap();
    assert!(
        summary.failed.iter().any(|f| f.contains("cannot hold")),
        "{:?}",
        summary.failed
    );
}
