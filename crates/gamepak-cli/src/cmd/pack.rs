use std::path::PathBuf;

use crate::output::Status;
use gamepak::Error;

/// Rebuild a file from a folder written by `extract`.
///
/// Byte-identical to the original when nothing was edited; edited assets are
/// re-encoded (an edited PNG into its entry's pixel format) and every offset, size
/// and count follows. The output is written atomically.
///
/// Example: gamepak pack images/ -o images.gbin
#[derive(clap::Args)]
pub struct Args {
    folder: PathBuf,
    /// The file to write.
    #[arg(short, long)]
    output: PathBuf,
}

pub fn run(args: Args) -> Result<Status, Error> {
    let outcome = gamepak::pack(&args.folder)?;
    crate::output::warn_unused(&args.folder, &outcome.unused);
    gamepak::io::write_atomic(&args.output, &outcome.bytes)?;
    println!(
        "{}: {} bytes{}",
        args.output.display(),
        outcome.bytes.len(),
        if outcome.reencoded.is_empty() {
            String::new()
        } else {
            format!(", re-encoded: {}", outcome.reencoded.join(", "))
        }
    );
    Ok(Status::Ok)
}
