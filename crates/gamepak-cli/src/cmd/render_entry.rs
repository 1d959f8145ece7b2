//! The worker `gamepak serve` runs each render in: not for people, so hidden.

use std::path::PathBuf;

use crate::output::{Global, Status};
use gamepak::Error;

/// Writes the files one entry renders to, framed, on standard output.
#[derive(clap::Args)]
pub struct Args {
    /// The file's name inside the archive FILE.
    #[arg(long)]
    inner: Option<String>,
    file: PathBuf,
    entry: String,
    #[command(flatten)]
    pub table: super::opcode_table::OpcodeTable,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let mut out = std::io::stdout().lock();
    let location = gamepak_serve::Location {
        path: args.file,
        inner: args.inner,
    };
    gamepak_serve::render_to(&location, &args.entry, &global.options, &mut out)?;
    Ok(Status::Ok)
}
