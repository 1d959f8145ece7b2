//! Writes the sample files under `examples/` with gamepak's own builders:
//! `cargo run -p gamepak --example make_examples`.

use std::path::Path;

use gamepak::codec::png::{encode, Rgba};
use gamepak::formats::gbin::{synth, write, CrcMode};
use gamepak::io::write_atomic;

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
    println!("wrote examples under {}", root.display());
    Ok(())
}

/// The demo package with its flag set to big-endian.
fn big_endian() -> gamepak::formats::gbin::Gbin<'static> {
    let mut doc = synth::demo();
    doc.header.flags |= gamepak::formats::gbin::model::FLAG_BIG_ENDIAN;
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
