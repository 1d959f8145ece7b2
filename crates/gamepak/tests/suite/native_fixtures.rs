//! The native game.bin on the real builds: check, extract then pack, and building
//! from the content folders they came from.

use crate::common;

use std::path::{Path, PathBuf};

#[cfg(feature = "script")]
use gamepak::native::Codec;
use gamepak::native::{self, model::*, tables, BuildOptions, ProductionAudio};
use gamepak::{ExtractOptions, Format, Report};

const DAMAGED: [&str; 2] = ["RACE-js-and-sprite-table-swapped", "RACE-js-chunk-missing"];

fn builds(test: &str) -> Option<(PathBuf, Vec<PathBuf>)> {
    let dir = common::fixture_dir(test, "native")?;
    let files = common::files_ending(&dir, ".game.bin")
        .into_iter()
        .filter(|p| !p.starts_with(dir.join("inputs")))
        .collect();
    Some((dir, files))
}

fn check(path: &Path) -> Report {
    Format::Native
        .handler()
        .unwrap()
        .open(&std::fs::read(path).unwrap(), &Default::default())
        .check()
}

fn messages(r: &Report) -> String {
    r.lines()
}

#[test]
fn check_is_clean_except_on_the_damaged_builds() {
    let Some((_, files)) = builds("check_is_clean_except_on_the_damaged_builds") else {
        return;
    };
    assert!(files.len() >= 12, "{files:?}");
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy();
        let r = check(f);
        let damaged = DAMAGED.iter().any(|d| name.contains(d));
        assert_eq!(r.is_clean(), !damaged, "{name}:\n{}", messages(&r));
    }
}

#[test]
fn check_explains_the_damage() {
    let Some((dir, _)) = builds("check_explains_the_damage") else {
        return;
    };
    let swapped = messages(&check(
        &dir.join("aseprite-stub.production.RACE-js-and-sprite-table-swapped.game.bin"),
    ));
    assert!(
        swapped.contains(
            "chunk 2 should be the JavaScript source but holds the sprite table (168 bytes = 12 frames x 14)"
        ),
        "{swapped}"
    );
    assert!(swapped.contains("chunk 3 should be the sprite table but holds JavaScript"));
    let missing = messages(&check(
        &dir.join("bigscript.production.RACE-js-chunk-missing.game.bin"),
    ));
    assert!(
        missing.contains("chunk count is 12 but the metadata implies 13"),
        "{missing}"
    );
    assert!(
        missing.contains("chunk 2 (the JavaScript source) is missing"),
        "{missing}"
    );
}

fn round_trip(path: &Path) -> Vec<u8> {
    let h = Format::Native.handler().unwrap();
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("x");
    h.open(&std::fs::read(path).unwrap(), &Default::default())
        .extract(&dir, &ExtractOptions::default())
        .unwrap();
    gamepak::pack(&dir, &Default::default()).unwrap().bytes
}

#[test]
fn extract_then_pack_is_identical() {
    let Some((_, files)) = builds("extract_then_pack_is_identical") else {
        return;
    };
    for f in &files {
        assert!(
            round_trip(f) == std::fs::read(f).unwrap(),
            "{}",
            f.display()
        );
    }
}

fn game_script(dir: &Path) -> PathBuf {
    let p = dir.join("game.js");
    std::fs::write(&p, "AddStaticSprite(new Viewport(), Content.Hero, 10, 10)").unwrap();
    p
}

fn build(inputs: &Path, production: bool, audio: ProductionAudio) -> Vec<u8> {
    let tmp = tempfile::tempdir().unwrap();
    let opts = BuildOptions {
        production,
        audio,
        script: Some(game_script(tmp.path())),
        engine: None,
    };
    native::build(inputs, &opts, &Default::default())
        .unwrap()
        .bytes
}

fn audio_chunks(doc: &GameBin<'_>) -> Vec<(AudioKind, Vec<u8>)> {
    doc.roles()
        .into_iter()
        .zip(&doc.chunks)
        .filter_map(|(r, c)| match r {
            Role::Audio(k, _) => Some((k, c.to_vec())),
            _ => None,
        })
        .collect()
}

fn content_block(doc: &GameBin<'_>) -> String {
    let js = String::from_utf8(doc.chunks[2].to_vec()).unwrap();
    let start = js.find("var Content = ").unwrap();
    let end = js[start..].find("\nfunction StartGame").unwrap();
    js[start..start + end].to_string()
}

/// Building from the fixtures' content folders gives what the real writer gave,
/// except the atlas layout (ours is no larger) and the engine script (not given).
#[test]
fn development_builds_match_the_real_writer() {
    let Some((dir, _)) = builds("development_builds_match_the_real_writer") else {
        return;
    };
    for (input, reference) in [
        ("basic", "basic.development.game.bin"),
        ("noaudio", "noaudio.development.game.bin"),
        (
            "multiaudio",
            "multiaudio.development.RACE-audio-order.game.bin",
        ),
    ] {
        let ours = build(
            &dir.join("inputs").join(input),
            false,
            ProductionAudio::Vorbis,
        );
        let theirs = std::fs::read(dir.join(reference)).unwrap();
        let (a, b) = (
            native::read(&ours, &Default::default()).unwrap(),
            native::read(&theirs, &Default::default()).unwrap(),
        );
        assert_eq!(a.meta, b.meta, "{input}");
        assert_eq!(a.chunks[1], b.chunks[1], "{input}: title");
        // The race also numbered the multiaudio clips in load order.
        if !reference.contains("RACE") {
            assert_eq!(content_block(&a), content_block(&b), "{input}");
        }
        let (fa, fb) = (tables::sprites(&a.chunks[3]), tables::sprites(&b.chunks[3]));
        for (x, y) in fa.iter().zip(&fb) {
            assert_eq!(
                (x.width, x.height, x.offset_x, x.offset_y, x.duration_ms),
                (y.width, y.height, y.offset_x, y.offset_y, y.duration_ms),
                "{input}"
            );
        }
        let size = |d: &GameBin<'_>| {
            let c = &d.chunks[4];
            u32::from_be_bytes(c[16..20].try_into().unwrap())
                * u32::from_be_bytes(c[20..24].try_into().unwrap())
        };
        assert!(
            size(&a) <= size(&b),
            "{input}: atlas area {} > {}",
            size(&a),
            size(&b)
        );
        // The race put clips in load order: compare them as sets, gains with them.
        let mut ca = audio_chunks(&a);
        let mut cb = audio_chunks(&b);
        ca.sort();
        cb.sort();
        assert!(ca == cb, "{input}: audio differs");
        assert!(check_bytes(&ours).is_clean(), "{input}");
        let again = build(
            &dir.join("inputs").join(input),
            false,
            ProductionAudio::Vorbis,
        );
        assert!(again == ours, "{input}: build is not deterministic");
    }
}

fn check_bytes(b: &[u8]) -> Report {
    Format::Native
        .handler()
        .unwrap()
        .open(b, &Default::default())
        .check()
}

#[cfg(feature = "script")]
#[test]
fn production_builds_deflate_and_encode_vorbis() {
    let Some((dir, _)) = builds("production_builds_deflate_and_encode_vorbis") else {
        return;
    };
    let basic = dir.join("inputs/basic");
    let ours = build(&basic, true, ProductionAudio::Vorbis);
    let r = check_bytes(&ours);
    assert!(
        r.is_clean() && r.count(gamepak::Severity::Warning) == 0,
        "{}",
        messages(&r)
    );
    let doc = native::read(&ours, &Default::default()).unwrap();
    assert!(doc.meta.production());
    assert!(doc.chunks[2].starts_with(&[0x78, 0x9c]));
    let pcm_bytes = build(&basic, false, ProductionAudio::Vorbis);
    let pcm = native::read(&pcm_bytes, &Default::default()).unwrap();
    for ((_, ogg), (_, raw)) in audio_chunks(&doc).iter().zip(audio_chunks(&pcm)) {
        assert_eq!(native::codec(ogg), Codec::Vorbis);
        let s = native::seconds(ogg);
        assert!((s - native::seconds(&raw)).abs() < 0.001, "{s}");
    }
    let kept_bytes = build(&basic, true, ProductionAudio::Pcm);
    let kept = native::read(&kept_bytes, &Default::default()).unwrap();
    assert_eq!(audio_chunks(&kept), audio_chunks(&pcm));
    // Production extract then pack is identical too (original streams kept).
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("p.bin");
    std::fs::write(&f, &ours).unwrap();
    assert!(round_trip(&f) == ours);
}

#[test]
fn content_folder_errors_name_the_file() {
    let Some((dir, _)) = builds("content_folder_errors_name_the_file") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("game");
    std::fs::create_dir(&folder).unwrap();
    for f in ["Configuration.json", "Hero.sprite.png", "Beep.sound.wav"] {
        std::fs::copy(dir.join("inputs/basic").join(f), folder.join(f)).unwrap();
    }
    game_script(&folder);
    let err = |folder: &Path| {
        native::build(folder, &BuildOptions::default(), &Default::default())
            .unwrap_err()
            .to_string()
    };
    assert!(native::build(&folder, &BuildOptions::default(), &Default::default()).is_ok());

    std::fs::write(folder.join("Hero.sound.wav"), b"x").unwrap();
    let e = err(&folder);
    assert!(e.contains("duplicate name \"Hero\""), "{e}");
    std::fs::remove_file(folder.join("Hero.sound.wav")).unwrap();

    std::fs::write(folder.join("Broken.sprite.png"), b"\x89PNG not really").unwrap();
    let e = err(&folder);
    assert!(e.contains("Broken.sprite.png") && e.contains("PNG"), "{e}");
    std::fs::remove_file(folder.join("Broken.sprite.png")).unwrap();

    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 22050,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(folder.join("Slow.music.wav"), spec).unwrap();
    w.write_sample(1000i16).unwrap();
    w.finalize().unwrap();
    // Another rate is resampled, and the build says so.
    let made = native::build(&folder, &BuildOptions::default(), &Default::default()).unwrap();
    assert!(
        made.reencoded
            .iter()
            .any(|n| n.contains("Slow.music.wav: resampled from 22050 Hz")),
        "{:?}",
        made.reencoded
    );
    // More channels than stereo are refused, naming the file and what it holds.
    let spec = hound::WavSpec {
        channels: 3,
        ..spec
    };
    let mut w = hound::WavWriter::create(folder.join("Wide.music.wav"), spec).unwrap();
    for _ in 0..3 {
        w.write_sample(1000i16).unwrap();
    }
    w.finalize().unwrap();
    let e = err(&folder);
    assert!(
        e.contains("Wide.music.wav") && e.contains("3 channels"),
        "{e}"
    );
}

/// The `basic` content folder built in both modes: what list shows, frames that equal
/// the cropped sources, and Vorbis clips that decode to the PCM build's length.
#[cfg(feature = "script")]
#[test]
fn basic_build_lists_extracts_and_decodes() {
    let Some((dir, _)) = builds("basic_build_lists_extracts_and_decodes") else {
        return;
    };
    let inputs = dir.join("inputs/basic");
    let pcm = build(&inputs, false, ProductionAudio::Vorbis);
    let ogg = build(&inputs, true, ProductionAudio::Vorbis);
    let h = Format::Native.handler().unwrap();
    for bytes in [&pcm, &ogg] {
        assert!(h.open(bytes, &Default::default()).check().is_clean());
        let list = h.open(bytes, &Default::default()).list().unwrap().value;
        let count = |kind: &str| list.iter().filter(|e| e.kind.name() == kind).count();
        assert_eq!(count("sprite"), 3);
        assert_eq!(list.iter().filter(|e| e.encoding == "empty").count(), 1);
        assert_eq!(
            list.iter()
                .filter(|e| e.path.starts_with("backgrounds/"))
                .count(),
            1
        );
        for kind in ["sounds/", "music/", "dialog/"] {
            assert_eq!(
                list.iter().filter(|e| e.path.starts_with(kind)).count(),
                1,
                "{kind}"
            );
        }
        let doc = native::read(bytes, &Default::default()).unwrap();
        let atlas = &doc.chunks[4];
        let side = |at: usize| u32::from_be_bytes(atlas[at..at + 4].try_into().unwrap());
        assert!(side(16) * side(20) <= 12 * 12);

        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        h.open(bytes, &Default::default())
            .extract(&out, &ExtractOptions::default())
            .unwrap();
        for (k, name) in ["Coin", "Hero"].iter().enumerate() {
            let source = std::fs::read(inputs.join(format!("{name}.sprite.png"))).unwrap();
            let source =
                gamepak::codec::png::decode(&source, name, &gamepak::limits::Limits::default())
                    .unwrap();
            let frame = std::fs::read(out.join(format!("sprites/{k:03}.png"))).unwrap();
            let frame =
                gamepak::codec::png::decode(&frame, name, &gamepak::limits::Limits::default())
                    .unwrap();
            assert_eq!(Some(&*frame), cropped(&source).as_ref(), "{name}");
        }
        assert!(!out.join("sprites/002.png").exists());
    }
    let (a, b) = (
        native::read(&pcm, &Default::default()).unwrap(),
        native::read(&ogg, &Default::default()).unwrap(),
    );
    for ((_, raw), (_, vorbis)) in audio_chunks(&a).iter().zip(audio_chunks(&b)) {
        let mut dec = vorbis_rs::VorbisDecoder::new(std::io::Cursor::new(vorbis)).unwrap();
        let mut frames = 0;
        while let Some(block) = dec.decode_audio_block().unwrap() {
            assert_eq!(block.samples().len(), 2);
            frames += block.samples()[0].len();
        }
        assert_eq!(frames, raw.len() / 4);
    }
}

#[cfg(feature = "script")]
/// The opaque area of an image, as the writer crops it.
fn cropped(img: &gamepak::codec::png::Rgba) -> Option<gamepak::codec::png::Rgba> {
    let opaque: Vec<(u32, u32)> = (0..img.height)
        .flat_map(|y| (0..img.width).map(move |x| (x, y)))
        .filter(|&(x, y)| img.get(x, y)[3] > 0)
        .collect();
    let x0 = opaque.iter().map(|p| p.0).min()?;
    let x1 = opaque.iter().map(|p| p.0).max()?;
    let y0 = opaque.iter().map(|p| p.1).min()?;
    let y1 = opaque.iter().map(|p| p.1).max()?;
    let mut out = gamepak::codec::png::Rgba::new(x1 - x0 + 1, y1 - y0 + 1);
    for y in y0..=y1 {
        for x in x0..=x1 {
            out.put(x - x0, y - y0, img.get(x, y));
        }
    }
    Some(out)
}

#[cfg(feature = "script")]
/// The chunks a game.bin stores as PNGs: the atlas, then a background per ID.
fn pngs<'a>(doc: &'a GameBin<'_>) -> (&'a [u8], Vec<&'a [u8]>) {
    let ids = usize::from(doc.meta.background_ids);
    let backgrounds = doc.chunks[6..6 + ids].iter().map(|c| &**c).collect();
    (&doc.chunks[4], backgrounds)
}

#[cfg(feature = "script")]
fn pixels(png: &[u8]) -> gamepak::codec::png::Rgba {
    gamepak::codec::png::decode(png, "png", &Default::default())
        .unwrap()
        .into_parts()
        .0
}

/// A production build crushes its PNGs at least as well as the engine's pipeline
/// (imagemin-pngcrush): backgrounds within 10% of its bytes, the atlas no larger (our
/// atlas is laid out differently, so only sizes compare), and every pixel as it was.
#[cfg(feature = "script")]
#[test]
fn production_pngs_are_as_small_as_the_pipelines_with_the_same_pixels() {
    let Some((dir, _)) =
        builds("production_pngs_are_as_small_as_the_pipelines_with_the_same_pixels")
    else {
        return;
    };
    // multiaudio's pictures are basic's, byte for byte, and the pipeline made no
    // production build of it: basic's stands for it.
    for (input, reference) in [
        ("basic", "basic"),
        ("noaudio", "noaudio"),
        ("multiaudio", "basic"),
    ] {
        let inputs = dir.join("inputs").join(input);
        let ours = build(&inputs, true, ProductionAudio::Pcm);
        let plain = build(&inputs, false, ProductionAudio::Pcm);
        let theirs = std::fs::read(dir.join(format!("{reference}.production.game.bin"))).unwrap();
        let read = |b| native::read(b, &Default::default()).unwrap();
        let (ours, plain, theirs) = (read(&ours), read(&plain), read(&theirs));
        let ((atlas, backgrounds), (their_atlas, their_backgrounds)) = (pngs(&ours), pngs(&theirs));
        let total = |pngs: &[&[u8]]| pngs.iter().map(|p| p.len()).sum::<usize>();
        let (ours_total, theirs_total) = (total(&backgrounds), total(&their_backgrounds));
        assert!(
            ours_total <= theirs_total,
            "{input}: backgrounds {ours_total} bytes, the pipeline's {theirs_total}"
        );
        assert!(
            atlas.len() <= their_atlas.len(),
            "{input}: atlas {} bytes, the pipeline's {}",
            atlas.len(),
            their_atlas.len()
        );
        // The development build stores the atlas uncrushed and backgrounds as given.
        let (plain_atlas, sources) = pngs(&plain);
        assert_eq!(pixels(atlas), pixels(plain_atlas), "{input}: atlas");
        assert_eq!(backgrounds.len(), sources.len());
        for (k, (crushed, source)) in backgrounds.iter().zip(&sources).enumerate() {
            assert_eq!(pixels(crushed), pixels(source), "{input}: background {k}");
        }
    }
}

/// The example content folder's crushed PNGs, to the byte: oxipng is deterministic at
/// a fixed version and preset, so a change here means the crushing changed. Both are
/// small, so both get preset 4; Debian's `pngcrush -brute -force -reduce` makes
/// the background 179 bytes.
#[cfg(feature = "script")]
#[test]
fn example_production_pngs_have_fixed_sizes() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/native/content");
    let opts = BuildOptions {
        production: true,
        ..Default::default()
    };
    let bytes = native::build(&content, &opts, &Default::default())
        .unwrap()
        .bytes;
    let doc = native::read(&bytes, &Default::default()).unwrap();
    let (atlas, backgrounds) = pngs(&doc);
    let sizes: Vec<usize> = backgrounds.iter().map(|b| b.len()).collect();
    // A development build stores them as 187 and 217 bytes.
    assert_eq!((atlas.len(), sizes), (145, vec![176]));
    assert!(check_bytes(&bytes).is_clean());
}
