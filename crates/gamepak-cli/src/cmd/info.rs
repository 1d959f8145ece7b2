use std::path::PathBuf;

use crate::output::{json_line, open, print_tree, Global, Status};
use gamepak::Error;

/// Show a file's header, metadata, counts and chunk table.
///
/// Reads headers and tables only; no payload is decoded.
///
/// Example: gamepak info images.gbin
#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let f = open(&args.file, global)?;
    let info = f.handler().info(&f.data)?;
    if args.json {
        json_line(&info);
    } else {
        println!("{}: {}", args.file.display(), f.format.title());
        print_tree(&info, 2);
    }
    Ok(Status::Ok)
}
