use std::path::PathBuf;

use crate::files::{each_file, Summary};
use crate::output::{json_line, open, print_error, progress_bar, FileRecord, Global, Status};
use crate::terminal::{err, out};
use gamepak::{Error, ExtractOptions};

/// Write every asset of a file into a folder, in standard forms, with a manifest.
///
/// `gamepak pack` rebuilds the file from the folder, byte for byte when nothing was
/// edited. Names from inside the file never reach outside the folder. What the
/// folder holds, by format:
///
/// GameMaker: every chunk's records as JSON (a file per room, object, sprite and
/// other named resource), texture pages and sprite frames as PNG, masks as 1-bit
/// PNG, sounds as stored (WAV or OGG), code as GML beside its disassembly (.asm),
/// strings and shown texts as JSON, audio group files beside the game in folders of
/// their own, and a README.md that says how to edit this game's folder.
///
/// GBIN: images as PNG, sounds as WAV, tile maps as JSON and Tiled .tmx, palettes as
/// .gpl, files under their names, and every table in gamepak.toml.
///
/// Native game.bin: the script as script.js, the tables as JSON, the atlas and its
/// sprite frames and backgrounds as PNG, sounds and music as WAV or OGG.
///
/// TirNanoG: tng.json (the header) and each section's records as JSON, maps as
/// Tiled .tmx, sprites as PNG, sounds, music and video as stored (OGG), fonts as
/// stored.
///
/// SWAG: swag.toml and opcodes.toml, the code as assembly (.swasm), textures and
/// sheets as PNG, fonts and audio as stored.
///
/// The folder is built whole beside its target and moved into place at the end, so
/// an interrupted extraction leaves nothing half-written. A folder that already
/// holds something (perhaps your edits) is refused unless --force is given, which
/// replaces it entirely. The move replaces only the folder found at the start: one
/// that appears, fills up or is swapped in while the extraction works (another
/// run's, or yours) is left as it is, and the extraction fails with exit 2.
///
/// Exit 1 when some assets could not be decoded: the rest are written, and the
/// ones that failed are listed. A damaged or truncated file is salvaged: every
/// asset that still decodes is written, and problems.json in the folder lists what
/// could not be taken out, where and why (exit 1); pack refuses such a folder.
///
/// Example: gamepak extract images.gbin -o images/ --only 'images/**'
#[derive(clap::Args)]
pub struct Args {
    /// The file to extract (`-` reads standard input).
    file: PathBuf,
    /// The folder to extract into (created if missing; must be empty or absent
    /// unless --force is given).
    #[arg(short, long, value_name = "FOLDER")]
    output: PathBuf,
    /// Replace a folder that is not empty: everything in it, edits included, is
    /// deleted and replaced by this extraction.
    #[arg(long)]
    force: bool,
    /// Only entries whose path matches this glob (repeatable).
    #[arg(long)]
    only: Vec<String>,
    /// Print one JSON record of what was written (naming its "file"), then a
    /// summary record.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub table: super::opcode_table::OpcodeTable,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let status = each_file(std::slice::from_ref(&args.file), args.json, |_, _, s| {
        extract(&args, global, s)
    });
    Ok(status)
}

/// The extraction, its JSON record, and what it adds to the summary.
fn extract(args: &Args, global: &Global, counts: &mut Summary) -> Result<Status, Error> {
    let only = globs(&args.only)?;
    let f = open(&args.file, &global.options.limits)?;
    if args.force {
        gamepak::io::refuse_inside(
            &args.file,
            &args.output,
            "--force would delete the file being extracted",
        )?;
    }
    let bar = progress_bar("extracting", global);
    let tick = |done: u64, total: u64| {
        if let Some(b) = bar.as_ref().filter(|_| total > 1) {
            b.set_length(total);
            b.set_position(done);
        }
    };
    let opts = ExtractOptions {
        only,
        progress: Some(&tick),
        replace: args.force,
        memory: None,
        input: Some(&f.data),
    };
    let summary = f
        .handler
        .open(&f.data, &global.options_for(&args.file))
        .extract(&args.output, &opts)
        // Bytes that changed under the read explain whatever went wrong reading them.
        .map_err(|e| f.data.unchanged().err().unwrap_or(e))?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    counts.entries += summary.files as usize;
    counts.errors += summary.failed.len() + summary.lost.len();
    if args.json {
        json_line(&FileRecord {
            file: &args.file,
            record: Extracted {
                folder: &args.output,
                summary: &summary,
            },
        });
    } else if !global.quiet {
        out(format!(
            "{}: wrote {} files ({} bytes) to {}",
            args.file.display(),
            summary.files,
            summary.bytes,
            args.output.display()
        ));
        for c in &summary.companions {
            out(format!("  with {}, found beside it: {}/", c.file, c.folder));
        }
        for n in &summary.notes {
            out(format!("  note: {n}"));
        }
    }
    if !summary.lost.is_empty() {
        report_lost(args, &summary.lost);
    }
    if summary.failed.is_empty() {
        return Ok(match summary.lost.is_empty() {
            true => Status::Ok,
            false => Status::Problems,
        });
    }
    print_error(&format!(
        "{}: {} entries could not be decoded:",
        args.file.display(),
        summary.failed.len()
    ));
    for failure in &summary.failed {
        err(format!("  {failure}"));
    }
    Ok(Status::Problems)
}

/// An extraction in JSON: the folder, then what was written into it.
#[derive(serde::Serialize)]
struct Extracted<'a> {
    folder: &'a std::path::Path,
    #[serde(flatten)]
    summary: &'a gamepak::ExtractSummary,
}

/// Losses shown on stderr before this many are counted instead: problems.json has
/// them all.
const LOST_SHOWN: usize = 10;

/// Says that the file was salvaged, what it lost, and where the whole list is.
fn report_lost(args: &Args, lost: &[gamepak::assets::Lost]) {
    print_error(&format!(
        "{}: damaged: {} entries could not be taken out, listed in {}",
        args.file.display(),
        lost.len(),
        args.output
            .join(gamepak::assets::salvage::PROBLEMS_NAME)
            .display()
    ));
    for l in lost.iter().take(LOST_SHOWN) {
        match l.offset {
            Some(at) => err(format!("  {}: {} at {at:#x}", l.entry, l.message)),
            None => err(format!("  {}: {}", l.entry, l.message)),
        }
    }
    if lost.len() > LOST_SHOWN {
        err(format!("  ... and {} more", lost.len() - LOST_SHOWN));
    }
}

/// The `--only` globs as one set; a malformed glob is a usage error.
fn globs(patterns: &[String]) -> Result<Option<globset::GlobSet>, Error> {
    if patterns.is_empty() {
        return Ok(None);
    }
    let usage = |e: globset::Error| Error::usage("--only", e.to_string());
    let mut b = globset::GlobSetBuilder::new();
    for g in patterns {
        b.add(globset::Glob::new(g).map_err(usage)?);
    }
    Ok(Some(b.build().map_err(usage)?))
}
