use std::path::PathBuf;

use crate::output::{warn_unused, written, Global, Status};
use gamepak::Error;

/// Rebuild a file from a folder written by `extract`.
///
/// Byte-identical to the original when nothing was edited; edited assets are
/// re-encoded (an edited PNG into its entry's pixel format) and every offset, size
/// and count follows. Only files inside the folder are read: a symlink that leads
/// out of it is refused.
///
/// The output is written atomically when it is a regular file (or does not exist
/// yet); a FIFO or a device is written into, a symlink keeps pointing where it did,
/// and `-o -` writes to standard output. Files that belong beside the output (a
/// GameMaker game's audiogroupN.dat) are written next to it.
///
/// Example: gamepak pack images/ -o images.gbin
#[derive(clap::Args)]
pub struct Args {
    /// A folder `gamepak extract` wrote (and you may have edited).
    folder: PathBuf,
    /// The file to write (`-` for standard output). It may not lie inside the folder.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    gamepak::io::refuse_inside(
        &args.output,
        &args.folder,
        "the next pack would read it back as part of the folder",
    )?;
    let outcome = gamepak::pack(&args.folder, &global.options)?;
    if !outcome.companions.is_empty() && args.output.as_os_str() == "-" {
        let names: Vec<&str> = outcome.companions.iter().map(|(n, _)| n.as_str()).collect();
        return Err(Error::usage(
            "-",
            format!(
                "this game comes with {} beside it, which standard output cannot hold: \
                 name a file with -o",
                names.join(", ")
            ),
        ));
    }
    warn_unused(&args.folder, &outcome.unused, global);
    let reencoded = if outcome.reencoded.is_empty() {
        String::new()
    } else {
        format!(", re-encoded: {}", outcome.reencoded.join(", "))
    };
    let status = written(&args.output, &outcome.bytes, &reencoded, global)?;
    for (name, bytes) in &outcome.companions {
        written(
            &args.output.with_file_name(name),
            bytes,
            " (beside it)",
            global,
        )?;
    }
    Ok(status)
}
