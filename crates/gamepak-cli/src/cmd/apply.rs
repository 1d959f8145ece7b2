use std::path::{Path, PathBuf};

use crate::output::{json_line, written, FileRecord, Global, Status};
use crate::reading::Reading;
use crate::terminal::out;
use gamepak::changes::{self, Conflict, OnConflict, Patch};
use gamepak::io::{OutputFile, Replace};
use gamepak::Error;

/// Apply patches to a file, in order, and write the result.
///
/// Where BASE is the very file the patches were made from (each later patch made
/// from the one before's result), the output is their target, byte for byte. On
/// any other base (the game's next release, or a file another mod changed) each
/// operation finds its asset by kind and name: it applies where the asset is as
/// the patch expects; where BASE changed it since, text and code are merged three
/// ways by line and JSON records field by field; anything else is a conflict.
/// GML is compiled with the game's own settings, as pack compiles it. Assets no
/// patch touches are written exactly as BASE holds them.
///
/// By default a conflict writes nothing and exits 1, reporting each (asset, field
/// or line, base/ours/theirs). --on-conflict ours keeps BASE's asset, theirs takes
/// the patch's. --conflicts DIR writes each conflicting asset's .base, .ours and
/// .theirs files there.
///
/// Exit 0 when the output was written, 1 on conflicts, 2 on error.
///
/// Example: gamepak apply data.win my-mod.gpatch -o modded/data.win
///
/// Example: gamepak apply data.win a.gpatch b.gpatch -o both.win --on-conflict ours
#[derive(clap::Args)]
pub struct Args {
    /// The file to apply the patches to.
    base: PathBuf,
    /// The patches, applied in order.
    #[arg(required = true)]
    patches: Vec<PathBuf>,
    /// The file to write.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// What a conflict does: fail (write nothing), ours (keep BASE's asset) or
    /// theirs (take the patch's).
    #[arg(long, value_enum, default_value = "fail")]
    on_conflict: Resolve,
    /// Write each conflicting asset's .base, .ours and .theirs files into DIR.
    #[arg(long, value_name = "DIR")]
    conflicts: Option<PathBuf>,
    /// Replace a file at -o, or beside it, that is neither empty nor of the format
    /// being written.
    #[arg(long)]
    force: bool,
    /// Print one JSON line per conflict, then a record of what was written.
    #[arg(long)]
    json: bool,
}

/// --on-conflict's choices.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Resolve {
    Fail,
    Ours,
    Theirs,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let limits = &global.options.limits;
    let patches = args
        .patches
        .iter()
        .map(|p| {
            let bytes = gamepak::io::read_regular(p).map_err(|e| Error::io(p, e))?;
            Patch::from_bytes(&bytes, &p.display().to_string(), limits)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let base = Reading::open(&args.base, global)?;
    let on_conflict = match args.on_conflict {
        Resolve::Fail => OnConflict::Fail,
        Resolve::Ours => OnConflict::Ours,
        Resolve::Theirs => OnConflict::Theirs,
    };
    let applied = changes::apply(base.input(), &patches, on_conflict, &global.options)?;
    base.done();
    if let Some(dir) = &args.conflicts {
        write_conflicts(dir, &applied.conflicts)?;
    }
    let Some(packed) = applied.packed else {
        for c in &applied.conflicts {
            match args.json {
                true => json_line(c),
                false => print_conflict(c),
            }
        }
        if !args.json {
            out(format!(
                "{} conflicts: nothing written",
                applied.conflicts.len()
            ));
        }
        return Ok(Status::Problems);
    };
    let replace = if args.force {
        Replace::Any
    } else {
        Replace::SameFormat
    };
    let output = OutputFile::claim(&args.output, &packed.bytes, replace)?;
    let companions = packed
        .companions
        .iter()
        .map(|(name, bytes)| {
            Ok((
                OutputFile::claim(&args.output.with_file_name(name), bytes, replace)?,
                bytes,
            ))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let how = if applied.exact {
        ", rebuilt exactly"
    } else {
        ", merged"
    };
    let status = match args.json {
        true => output.write(&packed.bytes).map(|()| Status::Ok)?,
        false => written(output, &packed.bytes, how, global)?,
    };
    for (companion, bytes) in companions {
        match args.json {
            true => companion.write(bytes)?,
            false => {
                written(companion, bytes, " (beside it)", global)?;
            }
        }
    }
    if args.json {
        json_line(&FileRecord {
            file: &args.output,
            record: serde_json::json!({
                "bytes": packed.bytes.len(),
                "exact": applied.exact,
                "patches": args.patches.len(),
            }),
        });
    }
    Ok(status)
}

/// A conflict in words: the asset, where, why, and the three sides.
fn print_conflict(c: &Conflict) {
    let at =
        c.at.as_deref()
            .map_or(String::new(), |at| format!(" at {at}"));
    out(format!("conflict: {}{at}: {}", c.asset, c.why));
    for (side, text) in [("base", &c.base), ("ours", &c.ours), ("theirs", &c.theirs)] {
        let shown = text.as_deref().map_or("(none)".to_string(), |t| {
            let first = t.lines().next().unwrap_or_default();
            match t.lines().count() {
                0 | 1 => first.to_string(),
                n => format!("{first} … ({n} lines)"),
            }
        });
        out(format!("  {side}: {shown}"));
    }
}

/// Each conflict's three sides as files under `dir`, at the asset's path.
fn write_conflicts(dir: &Path, conflicts: &[Conflict]) -> Result<(), Error> {
    for c in conflicts {
        for (side, text) in [("base", &c.base), ("ours", &c.ours), ("theirs", &c.theirs)] {
            if let Some(text) = text {
                let name = format!("{}.{side}", c.asset);
                let path = dir.join(gamepak::io::EnclosedPath::new(&name).as_path());
                gamepak::io::write_atomic(&path, text.as_bytes())?;
            }
        }
    }
    Ok(())
}
