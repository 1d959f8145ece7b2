use std::path::PathBuf;

use crate::output::{json_line, written, FileRecord, Global, Status};
use crate::reading::Reading;
use gamepak::changes::{self, Change};
use gamepak::io::{OutputFile, Replace};
use gamepak::Error;

/// Write a patch: the asset-level changes that turn A into B.
///
/// Each operation names its asset by kind and name and carries the hash of the
/// asset it expects in the base; text and JSON changes carry their base too, so
/// that `apply` can merge them three ways into a base that changed since. The
/// .gpatch file is a zip archive: gpatch.json (the operations, versioned), then the
/// assets in their extracted form under after/ and before/, readable with any zip
/// tool. The README's "Patches" section documents it.
///
/// The output is written atomically; a file already there is replaced only with
/// --force.
///
/// Example: gamepak patch data.win modded/data.win -o my-mod.gpatch
#[derive(clap::Args)]
pub struct Args {
    /// The file the patch starts from.
    a: PathBuf,
    /// The file it makes of A, of the same format.
    b: PathBuf,
    /// The patch to write.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Replace a file at -o whatever it holds.
    #[arg(long)]
    force: bool,
    /// Print one JSON record of the patch written.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let (a, b) = (
        Reading::open(&args.a, global)?,
        Reading::open(&args.b, global)?,
    );
    let patch = changes::make_patch(a.input(), b.input(), &global.options)?;
    a.done();
    b.done();
    let bytes = patch.to_bytes()?;
    let replace = if args.force {
        Replace::Any
    } else {
        Replace::SameFormat
    };
    let target = OutputFile::claim(&args.output, &bytes, replace)?;
    let ops = &patch.manifest.operations;
    let count = |c: Change| ops.iter().filter(|o| o.change == c).count();
    if args.json {
        target.write(&bytes)?;
        json_line(&FileRecord {
            file: &args.output,
            record: serde_json::json!({
                "bytes": bytes.len(),
                "operations": ops.len(),
                "modified": count(Change::Modified),
                "added": count(Change::Added),
                "removed": count(Change::Removed),
                "renamed": count(Change::Renamed),
            }),
        });
        return Ok(Status::Ok);
    }
    let detail = format!(
        ", {} operation{}: {} modified, {} added, {} removed, {} renamed",
        ops.len(),
        if ops.len() == 1 { "" } else { "s" },
        count(Change::Modified),
        count(Change::Added),
        count(Change::Removed),
        count(Change::Renamed)
    );
    written(target, &bytes, &detail, global)
}
