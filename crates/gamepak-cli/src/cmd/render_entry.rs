//! The worker `gamepak serve` runs each render in: not for people, so hidden.

use std::path::PathBuf;

use crate::output::{Global, Status};
use gamepak::Error;

/// Writes the files one entry renders to, framed, on standard output.
#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    entry: String,
    #[command(flatten)]
    pub table: super::opcode_table::OpcodeTable,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let mut out = std::io::stdout().lock();
    gamepak_serve::render_to(&args.file, &args.entry, &global.options, &mut out)?;
    Ok(Status::Ok)
}
