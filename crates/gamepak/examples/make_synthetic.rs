//! Writes synthetic files for measuring: a GBIN of IMAGES images, or with
//! `--gamemaker` a GameMaker file of 4 texture pages and 4 sounds:
//! `cargo run --release -p gamepak --example make_synthetic -- OUT IMAGES TOTAL_MB`
//! `cargo run --release -p gamepak --example make_synthetic -- --gamemaker OUT TOTAL_MB`.

use gamepak::gbin::{synth, write, CrcMode};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, out, mb] = args.as_slice() {
        if flag == "--gamemaker" {
            let mb: usize = mb.parse().expect("TOTAL_MB is a number");
            let bytes = gamepak::gamemaker::sample::game(4, 4, (mb << 20) / 8);
            gamepak::io::write_atomic(out, &bytes).expect("written");
            return;
        }
    }
    let (Some(out), Some(images), Some(mb)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("usage: make_synthetic OUT IMAGES TOTAL_MB");
        std::process::exit(2);
    };
    let images: usize = images.parse().expect("IMAGES is a number");
    let mb: usize = mb.parse().expect("TOTAL_MB is a number");
    let doc = synth::package(images, (mb << 20) / images);
    gamepak::io::write_atomic(out, &write(&doc, CrcMode::Compute)).expect("written");
}
