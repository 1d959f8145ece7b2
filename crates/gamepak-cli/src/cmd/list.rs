use std::path::PathBuf;

use crate::output::{json_line, open, Global, Status};
use gamepak::Error;

/// List every entry: path, kind, offset, stored size, decoded size and encoding.
///
/// Listing reads tables only: it never decompresses or decodes a payload, so it costs
/// the same for a 10 MB file and a 1 GB one with as many entries.
///
/// Example: gamepak list tiles.gbin --json
#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Print one JSON object per entry.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let f = open(&args.file, global)?;
    let entries = f.handler().list(&f.data)?;
    if args.json {
        entries.iter().for_each(json_line);
        return Ok(Status::Ok);
    }
    println!(
        "{:<40} {:<8} {:>10} {:>9} {:>9}  {:<9} detail",
        "path", "kind", "offset", "stored", "size", "encoding"
    );
    for e in &entries {
        println!(
            "{:<40} {:<8} {:>#10x} {:>9} {:>9}  {:<9} {}",
            e.path, e.kind, e.offset, e.stored_size, e.size, e.encoding, e.detail
        );
    }
    Ok(Status::Ok)
}
