//! The native game.bin on files we make here: a hand-written file read field by field,
//! edits packed back, and malformed input.

use std::path::Path;

use gamepak::codec::png::{self, Rgba};
use gamepak::native::{self, model::*, tables, BuildOptions};
#[cfg(feature = "script")]
use gamepak::ExtractOptions;
use gamepak::{Format, Handler};

fn handler() -> &'static dyn Handler {
    Format::Native.handler().unwrap()
}

fn wav(path: &Path, samples: &[i16], channels: u16) {
    let spec = hound::WavSpec {
        channels,
        sample_rate: 44100,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(path, spec).unwrap();
    for &s in samples {
        w.write_sample(s).unwrap();
    }
    w.finalize().unwrap();
}

fn sprite(w: u32, h: u32, opaque: &[(u32, u32)]) -> Vec<u8> {
    let mut img = Rgba::new(w, h);
    for &(x, y) in opaque {
        img.put(x, y, [200, (x * 20) as u8, (y * 20) as u8, 255]);
    }
    png::encode(&img).unwrap()
}

/// A content folder with two sprites (one empty), a background, a sound and music.
fn content(dir: &Path) {
    std::fs::write(
        dir.join("Configuration.json"),
        r#"{"Name": "Synthetic", "VirtualWidth": 64, "VirtualHeight": 48}"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("Hero.sprite.png"),
        sprite(9, 9, &[(2, 3), (6, 6), (4, 4)]),
    )
    .unwrap();
    std::fs::write(dir.join("Ghost.sprite.png"), sprite(4, 4, &[])).unwrap();
    std::fs::write(
        dir.join("Sky.background.png"),
        sprite(8, 4, &[(0, 0), (7, 3)]),
    )
    .unwrap();
    let tone: Vec<i16> = (0..4410)
        .map(|i| ((i as f32 * 0.07).sin() * 12000.0) as i16)
        .collect();
    wav(&dir.join("Beep.sound.wav"), &tone, 1);
    wav(&dir.join("Theme.music.wav"), &tone, 1);
    std::fs::write(dir.join("game.js"), "Music.Set(Content.Theme)").unwrap();
}

fn built(production: bool) -> Vec<u8> {
    let tmp = tempfile::tempdir().unwrap();
    content(tmp.path());
    native::build(
        tmp.path(),
        &BuildOptions {
            production,
            ..BuildOptions::default()
        },
        &Default::default(),
    )
    .unwrap()
    .bytes
}

/// A development file written byte by byte from the format description.
#[test]
fn hand_written_file_reads_field_by_field() {
    let atlas = sprite(3, 3, &[(1, 1)]);
    let js = b"var a = 1";
    let mut meta = Vec::new();
    for v in [0u16, 320, 200, 1, 2, 1, 1, 0, 0] {
        meta.extend_from_slice(&v.to_le_bytes());
    }
    // Sprite table, column-major: x, y, w, h, offset x, offset y, duration.
    let sprites: Vec<u8> = [1u16, 1, 1, 1, (-3i16) as u16, 2, 250]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    // Background table: ids 0 and 65535 (empty), then durations 100 and 40.
    let backgrounds: Vec<u8> = [0u16, 0xffff, 100, 40]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let gains = 0.5f32.to_le_bytes().to_vec();
    let pcm: Vec<u8> = [1i16, -1, 2, -2]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let chunks: Vec<&[u8]> = vec![
        &meta,
        b"Hand",
        js,
        &sprites,
        &atlas,
        &backgrounds,
        &atlas,
        &gains,
        &pcm,
        b"",
        b"",
    ];
    let mut file = (chunks.len() as u32).to_le_bytes().to_vec();
    for c in &chunks {
        file.extend_from_slice(&(c.len() as u32).to_le_bytes());
    }
    for c in &chunks {
        file.extend_from_slice(c);
    }

    let doc = native::read(&file, &Default::default()).unwrap();
    assert_eq!(doc.layout, Layout::Current);
    assert_eq!(
        doc.meta,
        Metadata {
            flags: 0,
            width: 320,
            height: 200,
            sprite_frames: 1,
            background_frames: 2,
            background_ids: 1,
            sounds: 1,
            music: 0,
            dialog: 0
        }
    );
    assert_eq!(&doc.chunks[1][..], b"Hand");
    assert_eq!(doc.offset(0), 4 + 11 * 4);
    let f = tables::sprites(&doc.chunks[3])[0];
    assert_eq!(
        (
            f.x,
            f.y,
            f.width,
            f.height,
            f.offset_x,
            f.offset_y,
            f.duration_ms
        ),
        (1, 1, 1, 1, -3, 2, 250)
    );
    assert_eq!(
        tables::backgrounds(&doc.chunks[5]),
        vec![
            BackgroundFrame {
                id: 0,
                duration_ms: 100
            },
            BackgroundFrame {
                id: 0xffff,
                duration_ms: 40
            }
        ]
    );
    assert_eq!(tables::gains(&doc.chunks[7]), vec![0.5]);
    let r = handler().open(&file, &Default::default()).check();
    assert!(r.is_clean(), "{:?}", r.problems);
    let info = handler()
        .open(&file, &Default::default())
        .info()
        .unwrap()
        .value;
    assert_eq!(info["title"], "Hand");
    assert_eq!(info["virtual_size"], "320x200");
    assert_eq!(info["sounds"][0]["gain"], 0.5);
    assert_eq!(native::write(&doc), file);
}

#[cfg(feature = "script")]
fn extract(bytes: &[u8], dir: &Path) {
    handler()
        .open(bytes, &Default::default())
        .extract(dir, &ExtractOptions::default())
        .unwrap();
}

#[cfg(feature = "script")]
#[test]
fn edits_are_packed_with_counts_and_tables_following() {
    for production in [false, true] {
        let original = built(production);
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("x");
        extract(&original, &dir);
        assert!(gamepak::pack(&dir, &Default::default()).unwrap().bytes == original);

        // A bigger frame, a longer script, a new sound.
        let mut frame = Rgba::new(6, 3);
        frame.put(5, 2, [1, 2, 3, 255]);
        std::fs::write(dir.join("sprites/001.png"), png::encode(&frame).unwrap()).unwrap();
        let script = std::fs::read_to_string(dir.join("script.js")).unwrap() + "\n// edited";
        std::fs::write(dir.join("script.js"), &script).unwrap();
        let click: Vec<i16> = (0..200)
            .map(|i| if i % 2 == 0 { 3000 } else { -3000 })
            .collect();
        wav(&dir.join("sounds/000.wav"), &click, 2);
        if production {
            // A Vorbis clip is replaced by naming a WAV in its place: pack encodes it.
            let toml = std::fs::read_to_string(dir.join("gamepak.toml")).unwrap();
            assert!(toml.contains("sounds/000.ogg"));
            std::fs::write(
                dir.join("gamepak.toml"),
                toml.replace("sounds/000.ogg", "sounds/000.wav"),
            )
            .unwrap();
        }

        let out = gamepak::pack(&dir, &Default::default()).unwrap();
        for part in ["atlas", "sprite_table", "script", "sounds[0]"] {
            assert!(
                out.reencoded.iter().any(|r| r == part),
                "{part}: {:?}",
                out.reencoded
            );
        }
        assert!(!out
            .reencoded
            .iter()
            .any(|r| r == "music[0]" || r == "background[0]"));
        let r = handler().open(&out.bytes, &Default::default()).check();
        assert!(r.is_clean(), "{:?}", r.problems);

        let doc = native::read(&out.bytes, &Default::default()).unwrap();
        let old = native::read(&original, &Default::default()).unwrap();
        let frames = gamepak_frames(&doc);
        assert_eq!((frames[1].width, frames[1].height), (6, 3));
        let atlas =
            png::decode(&doc.chunks[4], "atlas", &gamepak::limits::Limits::default()).unwrap();
        assert_eq!(
            atlas.get(frames[1].x as u32 + 5, frames[1].y as u32 + 2),
            [1, 2, 3, 255]
        );
        let js = gamepak::codec::zlib::inflate(
            &doc.chunks[2],
            &gamepak::limits::Limits::for_max_alloc(1 << 20),
            "",
            0,
        )
        .unwrap_or_else(|_| doc.chunks[2].to_vec());
        assert_eq!(String::from_utf8(js).unwrap(), script);
        let (_, sound) = doc.chunk(Role::Audio(AudioKind::Sound, 0)).unwrap();
        if production {
            assert!((gamepak::native::seconds(sound) - 100.0 / 44100.0).abs() < 1e-6);
        } else {
            assert_eq!(sound.len(), 100 * 4);
        }
        assert_eq!(
            doc.chunk(Role::Audio(AudioKind::Music, 0)),
            old.chunk(Role::Audio(AudioKind::Music, 0))
        );
        assert_eq!(
            doc.chunk(Role::Background(0)),
            old.chunk(Role::Background(0))
        );
        assert_eq!(doc.meta, old.meta);
    }
}

#[cfg(feature = "script")]
fn gamepak_frames(doc: &GameBin<'_>) -> Vec<SpriteFrame> {
    let plain = gamepak::codec::zlib::inflate(
        &doc.chunks[3],
        &gamepak::limits::Limits::for_max_alloc(1 << 20),
        "",
        0,
    )
    .unwrap_or_else(|_| doc.chunks[3].to_vec());
    tables::sprites(&plain)
}

/// Every read path on every truncation and on single-byte changes: an error or a
/// report, never a panic.
#[cfg(feature = "script")]
#[test]
fn malformed_input_never_panics() {
    let tmp = tempfile::tempdir().unwrap();
    for bytes in [built(false), built(true)] {
        let small = &bytes[..bytes.len().min(2000)];
        for cut in 0..small.len() {
            let b = &bytes[..cut];
            let _ = handler().open(b, &Default::default()).info();
            let _ = handler().open(b, &Default::default()).list();
            assert!(
                !handler().open(b, &Default::default()).check().is_clean() || cut == bytes.len()
            );
        }
        for at in (0..bytes.len()).step_by(7) {
            let mut b = bytes.clone();
            b[at] ^= 0xa5;
            let _ = handler().open(&b, &Default::default()).info();
            let _ = handler().open(&b, &Default::default()).list();
            let _ = handler().open(&b, &Default::default()).check();
            if at % 97 == 0 {
                let out = tmp.path().join(format!("m{at}"));
                let _ = handler()
                    .open(&b, &Default::default())
                    .extract(&out, &ExtractOptions::default());
            }
        }
    }
}

fn with_chunk(bytes: &[u8], index: usize, chunk: &[u8]) -> Vec<u8> {
    let mut doc = native::read(bytes, &Default::default()).unwrap();
    doc.chunks[index] = chunk.to_vec().into();
    native::write(&doc)
}

fn errors(bytes: &[u8]) -> String {
    let r = handler().open(bytes, &Default::default()).check();
    assert!(!r.is_clean());
    r.lines()
}

#[test]
fn damage_is_located_and_explained() {
    let good = built(false);
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (vec![0xff, 0xff, 0xff, 0x0f], "chunk count"),
        (good[..good.len() - 1].to_vec(), "runs past end of file"),
        ([good.as_slice(), b"x"].concat(), "follow the last chunk"),
        (with_chunk(&good, 0, &[0; 10]), "metadata chunk is 10 bytes"),
        (with_chunk(&good, 3, &[0; 13]), "should be the sprite table"),
        (
            with_chunk(
                &good,
                3,
                &tables::sprites_bytes(
                    &[SpriteFrame {
                        x: 60,
                        y: 0,
                        width: 9,
                        height: 9,
                        offset_x: 0,
                        offset_y: 0,
                        duration_ms: 0,
                    }; 2],
                ),
            ),
            "lies outside the",
        ),
        (
            with_chunk(
                &good,
                5,
                &tables::backgrounds_bytes(&[BackgroundFrame {
                    id: 7,
                    duration_ms: 0,
                }]),
            ),
            "shows background 7",
        ),
        (
            with_chunk(&good, 8, &[1, 2, 3]),
            "not a whole number of stereo s16 frames",
        ),
        (
            with_chunk(
                &good,
                4,
                b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x02\0\0\0\x02\x08\x06\0\0\0",
            ),
            "PNG",
        ),
        (
            with_chunk(&good, 2, &[0x78, 0x9c, 1, 2, 3]),
            "should be the JavaScript source",
        ),
    ];
    for (bytes, want) in cases {
        let e = errors(&bytes);
        assert!(e.contains(want), "want {want:?} in:\n{e}");
        assert!(e.contains(" at 0x"), "no offset in:\n{e}");
    }
}

/// Content in subfolders is named by its path, as the engine's importer names it, and
/// numbered in that order; other files there are reported, not dropped in silence.
#[test]
fn subfolders_build_into_nested_content() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    content(dir);
    let flying = dir.join("Enemies").join("Flying");
    std::fs::create_dir_all(&flying).unwrap();
    std::fs::write(
        flying.join("Bat.sprite.png"),
        sprite(6, 6, &[(1, 1), (3, 2)]),
    )
    .unwrap();
    std::fs::write(
        dir.join("Enemies").join("Slime.sprite.png"),
        sprite(5, 5, &[(0, 0), (0, 4)]),
    )
    .unwrap();
    let hiss: Vec<i16> = (0..2000).map(|i| ((i % 50) * 300) as i16).collect();
    wav(&dir.join("Enemies").join("Hiss.sound.wav"), &hiss, 1);
    std::fs::write(flying.join("notes.txt"), "draw more bats").unwrap();

    let made = native::build(dir, &BuildOptions::default(), &Default::default()).unwrap();
    let unused: Vec<&str> = made.unused.iter().map(|u| u.file.as_str()).collect();
    assert_eq!(unused, ["Enemies/Flying/notes.txt"]);
    let doc = native::read(&made.bytes, &Default::default()).unwrap();
    assert_eq!((doc.meta.sprite_frames, doc.meta.sounds), (4, 2));
    let js = String::from_utf8(doc.chunks[2].to_vec()).unwrap();
    let expected = "var Content = {\n\t Beep: 0,\n\t Enemies: {\n\t\t Flying: {\n\t\t\t Bat: 0\n\t\t},\n\t\t Hiss: 1,\n\t\t Slime: 1\n\t},\n\t Ghost: 2,\n\t Hero: 3,\n\t Sky: 0,\n\t Theme: 0\n}";
    assert!(js.contains(expected), "{js}");
    // Frames are numbered in that order: Bat's 2x2 opaque area, then Slime's 1x5.
    let frames = tables::sprites(&doc.chunks[3]);
    let sizes: Vec<(u16, u16)> = frames.iter().map(|f| (f.width, f.height)).collect();
    assert_eq!(sizes, [(3, 2), (1, 5), (0, 0), (5, 4)]);

    std::fs::write(dir.join("Enemies.sprite.png"), sprite(2, 2, &[(0, 0)])).unwrap();
    let err = native::build(dir, &BuildOptions::default(), &Default::default()).unwrap_err();
    assert!(
        err.to_string().contains("both content and a folder"),
        "{err}"
    );
}

/// A WAV of one second of a 440 Hz sine at `rate`, in `format`.
fn sine(path: &Path, rate: u32, channels: u16, bits: u16, float: bool) {
    let spec = hound::WavSpec {
        channels,
        sample_rate: rate,
        bits_per_sample: bits,
        sample_format: if float {
            hound::SampleFormat::Float
        } else {
            hound::SampleFormat::Int
        },
    };
    let mut w = hound::WavWriter::create(path, spec).unwrap();
    for i in 0..rate {
        let v = (2.0 * std::f64::consts::PI * 440.0 * f64::from(i) / f64::from(rate)).sin() * 0.8;
        for _ in 0..channels {
            if float {
                w.write_sample(v as f32).unwrap();
            } else {
                let full = f64::from((1u32 << (bits - 1)) - 1);
                w.write_sample((v * full) as i32).unwrap();
            }
        }
    }
    w.finalize().unwrap();
}

#[test]
fn wavs_of_any_rate_and_layout_are_resampled_and_the_build_says_which() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    content(dir);
    sine(&dir.join("Low.sound.wav"), 22_050, 1, 8, false);
    sine(&dir.join("High.music.wav"), 48_000, 2, 24, false);
    sine(&dir.join("Float.dialog.wav"), 44_100, 2, 32, true);
    let made = native::build(dir, &BuildOptions::default(), &Default::default()).unwrap();
    let shown = |f: &str| dir.join(f).display().to_string();
    assert_eq!(
        made.reencoded,
        [
            format!(
                "{}: resampled from 22050 Hz to 44100 Hz",
                shown("Low.sound.wav")
            ),
            format!(
                "{}: resampled from 48000 Hz to 44100 Hz",
                shown("High.music.wav")
            ),
        ]
    );
    let report = handler().open(&made.bytes, &Default::default()).check();
    assert!(report.is_clean(), "{}", report.lines());
    let doc = native::read(&made.bytes, &Default::default()).unwrap();
    assert_eq!(
        (doc.meta.sounds, doc.meta.music, doc.meta.dialog),
        (2, 2, 1)
    );
    // Each clip is stereo s16 at 44100 Hz, a second long less the silence trimmed:
    // the sine starts at 0, so only its first sample or two go.
    let seconds = |clip: &[u8]| clip.len() as f64 / 4.0 / 44_100.0;
    let roles = doc.roles();
    let mut measured = Vec::new();
    for (i, chunk) in doc.chunks.iter().enumerate() {
        let name = roles.get(i).map(|r| r.path()).unwrap_or_default();
        if ["sounds[1]", "music[0]", "dialog[0]"].contains(&name.as_str()) {
            let s = seconds(chunk);
            assert!((s - 1.0).abs() < 0.01, "{name}: {s} s");
            measured.push(name);
        }
    }
    assert_eq!(
        measured.len(),
        3,
        "{:?}",
        roles.iter().map(|r| r.path()).collect::<Vec<_>>()
    );
    // A layout the engine cannot take is refused, naming the file and what it is.
    sine(&dir.join("Wide.sound.wav"), 44_100, 1, 32, false);
    let e = native::build(dir, &BuildOptions::default(), &Default::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: WAV holds 32-bit integer samples; 8, 16 or 24-bit integers or 32-bit floats \
             are taken",
            shown("Wide.sound.wav")
        )
    );
}

/// Without the script toolchain, a build that needs TypeScript says which feature
/// brings it, and exits as for what this build cannot do.
#[cfg(not(feature = "script"))]
#[test]
fn a_typescript_build_without_the_toolchain_names_the_feature() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/native/content");
    let e = native::build(&content, &BuildOptions::default(), &Default::default()).unwrap_err();
    assert!(
        matches!(e.kind, gamepak::ErrorKind::Unsupported(_))
            && e.to_string()
                .contains("compiling TypeScript needs gamepak built with its `script` feature"),
        "{e}"
    );
}
