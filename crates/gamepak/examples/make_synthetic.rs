//! Writes a synthetic GBIN for measuring extraction:
//! `cargo run --release -p gamepak --example make_synthetic -- OUT IMAGES TOTAL_MB`.

use gamepak::formats::gbin::{synth, write, CrcMode};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(out), Some(images), Some(mb)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("usage: make_synthetic OUT IMAGES TOTAL_MB");
        std::process::exit(2);
    };
    let images: usize = images.parse().expect("IMAGES is a number");
    let mb: usize = mb.parse().expect("TOTAL_MB is a number");
    let doc = synth::package(images, (mb << 20) / images);
    gamepak::io::write_atomic(out, &write(&doc, CrcMode::Compute)).expect("written");
}
