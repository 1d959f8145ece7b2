//! Writes the sample files under `examples/` with gamepak's own builders:
//! `cargo run -p gamepak --example make_examples`.

mod swag_demo;
mod tiny_ttf;
mod tng_demo;

use std::path::Path;

use gamepak::bytes::Endian;
use gamepak::codec::png::{encode_compact as encode, Rgba};
use gamepak::gbin::{synth, write, CrcMode};
use gamepak::io::write_atomic;
use gamepak::native::{build as native_build, BuildOptions};
use gamepak::swag::{build as swag_build, SwagOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let gbin = root.join("gbin");
    write_atomic(
        gbin.join("demo.gbin"),
        &write(&synth::demo(), CrcMode::Compute),
    )?;
    write_atomic(
        gbin.join("demo-be.gbin"),
        &write(&big_endian(), CrcMode::Compute),
    )?;

    // Inputs for the .gap example: a 4-frame sprite strip and an 8x8 tile sheet.
    let gap = gbin.join("gap");
    write_atomic(gap.join("hero.png"), &encode(&strip(16, 16, 4))?)?;
    write_atomic(gap.join("tiles.png"), &encode(&strip(8, 8, 4))?)?;
    write_atomic(
        gap.join("palette.gpl"),
        b"GIMP Palette\n#\n  0   0   0\tblack\n255 255 255\twhite\n200  40  40\tred\n",
    )?;
    write_atomic(gap.join("intro.txt"), b"Welcome, hero.\n")?;

    // A native engine content folder, and the game.bin built from it.
    let native = root.join("native");
    let content = native.join("content");
    write_atomic(
        content.join("Configuration.json"),
        br#"{ "Name": "gamepak demo", "VirtualWidth": 160, "VirtualHeight": 90 }"#,
    )?;
    write_atomic(
        content.join("Hero.sprite.png"),
        &encode(&padded(&strip(16, 16, 1), 4))?,
    )?;
    write_atomic(content.join("Coin.sprite.png"), &encode(&strip(8, 8, 1))?)?;
    write_atomic(
        content.join("Sky.background.png"),
        &encode(&strip(32, 18, 2))?,
    )?;
    write_atomic(content.join("Beep.sound.wav"), &tone(880.0, 0.15)?)?;
    write_atomic(content.join("Theme.music.wav"), &tone(220.0, 0.5)?)?;
    // The content folder's game is its hand-written TypeScript, which the tour
    // builds. demo.game.bin keeps a four-line script, so that its listing stays short.
    let scratch = tempfile::tempdir()?;
    let script = scratch.path().join("demo.js");
    std::fs::write(
        &script,
        b"var viewport = new Viewport()\nnew Background(viewport, Content.Sky)\nAddStaticSprite(viewport, Content.Hero, 40, 40)\nMusic.Set(Content.Theme)",
    )?;
    let opts = BuildOptions {
        script: Some(script),
        ..BuildOptions::default()
    };
    write_atomic(
        native.join("demo.game.bin"),
        &native_build(&content, &opts, &Default::default())?.bytes,
    )?;
    // The SWAG demo's sources, and the file built from them in both byte orders.
    let swag = root.join("swag");
    swag_demo::write(&swag.join("src"))?;
    for (name, endian) in [("demo.swag", Endian::Little), ("demo-be.swag", Endian::Big)] {
        let opts = SwagOptions {
            endian: Some(endian),
            ..SwagOptions::default()
        };
        write_atomic(
            swag.join(name),
            &swag_build(&swag.join("src"), &opts, &Default::default())?.bytes,
        )?;
    }
    // The TirNanoG demo game's sources, and the game built from them.
    let tng = root.join("tng");
    tng_demo::write(&tng.join("src"))?;
    write_atomic(
        tng.join("demo.tng"),
        &gamepak::tng::build(&tng.join("src"), &Default::default())?.bytes,
    )?;
    println!("wrote examples under {}", root.display());
    Ok(())
}

/// The demo package with its flag set to big-endian.
fn big_endian() -> gamepak::gbin::Gbin<'static> {
    let mut doc = synth::demo();
    doc.header.flags |= gamepak::gbin::model::FLAG_BIG_ENDIAN;
    doc.header.name[..7].copy_from_slice(b"demo-be");
    doc
}

/// `frames` squares side by side, each a ring of a different colour.
fn strip(w: u32, h: u32, frames: u32) -> Rgba {
    let mut img = Rgba::new(w * frames, h);
    for f in 0..frames {
        for y in 0..h {
            for x in 0..w {
                let (dx, dy) = (x as i32 * 2 - w as i32 + 1, y as i32 * 2 - h as i32 + 1);
                let d = dx * dx + dy * dy;
                let r = (w as i32 - 2).pow(2);
                let on = d <= r && d >= r / 3;
                let c = [
                    60 * f as u8 + 40,
                    200 - 40 * f as u8,
                    120,
                    if on { 255 } else { 0 },
                ];
                img.put(f * w + x, y, c);
            }
        }
    }
    img
}

/// The image with a transparent margin, so that building crops it.
fn padded(img: &Rgba, margin: u32) -> Rgba {
    let mut out = Rgba::new(img.width + 2 * margin, img.height + 2 * margin);
    out.paste(img, margin, margin);
    out
}

/// A mono 44100 Hz sine with a fade out, as a 16-bit WAV.
fn tone(hz: f32, seconds: f32) -> Result<Vec<u8>, hound::Error> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 44100,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut cur = std::io::Cursor::new(Vec::new());
    let mut w = hound::WavWriter::new(&mut cur, spec)?;
    let n = (44100.0 * seconds) as u32;
    for i in 0..n {
        let t = i as f32 / 44100.0;
        let fade = 1.0 - i as f32 / n as f32;
        w.write_sample(((t * hz * std::f32::consts::TAU).sin() * fade * 20000.0) as i16)?;
    }
    w.finalize()?;
    Ok(cur.into_inner())
}
