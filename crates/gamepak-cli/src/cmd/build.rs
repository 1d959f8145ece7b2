use std::path::PathBuf;

use crate::output::Status;
use gamepak::formats::gbin::gap::{self, GapOptions};
use gamepak::Error;

/// Build a file from a source description: a .gap script makes GBIN packages.
///
/// A .gap script runs as the reference packer runs it: paths are relative to the
/// current folder, and its export lines name the outputs (GBIN binary, C array, C
/// header). `--compat gap` writes byte for byte what the reference packer writes
/// (including its `CRC-` placeholder); without it the CRC is real.
///
/// Example: gamepak build images.gap --compat gap
#[derive(clap::Args)]
pub struct Args {
    script: PathBuf,
    /// Byte-for-byte compatibility with another tool's output.
    #[arg(long, value_enum)]
    compat: Option<Compat>,
    /// A prefix for every output name, as the reference packer's -o.
    #[arg(short, long)]
    output: Option<String>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Compat {
    /// The reference .gap packer, gap 0.0.5.
    Gap,
}

pub fn run(args: Args) -> Result<Status, Error> {
    let opts = GapOptions {
        compat: args.compat.is_some(),
        output_prefix: args.output,
    };
    let outputs = gap::run(&args.script, &opts)?;
    for o in &outputs {
        gamepak::io::write_atomic(&o.path, &o.bytes)?;
        println!("{}: {} bytes", o.path.display(), o.bytes.len());
    }
    Ok(Status::Ok)
}
