use std::path::PathBuf;

use crate::output::{json_line, open, progress_bar, Global, Status};
use gamepak::{Error, ExtractOptions};

/// Write every asset of a file into a folder, in standard forms, with a manifest.
///
/// Images become PNG, sounds WAV, tile maps JSON (and Tiled .tmx), palettes .gpl,
/// files keep their names, and tables go to gamepak.toml. `gamepak pack` rebuilds the
/// file from the folder. Names from inside the file never reach outside the folder.
///
/// Example: gamepak extract images.gbin -o images/ --only 'images/**'
#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// Output folder (created if missing).
    #[arg(short, long)]
    output: PathBuf,
    /// Only entries whose path matches this glob (repeatable).
    #[arg(long)]
    only: Vec<String>,
    /// Print a JSON summary.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, global: &Global) -> Result<Status, Error> {
    let f = open(&args.file, global)?;
    let only = if args.only.is_empty() {
        None
    } else {
        let mut b = globset::GlobSetBuilder::new();
        for g in &args.only {
            b.add(globset::Glob::new(g).map_err(|e| Error::at("--only", e.to_string()))?);
        }
        Some(b.build().map_err(|e| Error::at("--only", e.to_string()))?)
    };
    let total = f.handler().list(&f.data)?.len() as u64;
    let bar = progress_bar(total, "extracting");
    let tick = |done: u64, _total: u64| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
    };
    let opts = ExtractOptions {
        only,
        progress: Some(&tick),
    };
    let summary = f.handler().extract(&f.data, &args.output, &opts)?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if args.json {
        json_line(&summary);
    } else {
        println!(
            "{}: wrote {} files ({} bytes) to {}",
            args.file.display(),
            summary.files,
            summary.bytes,
            args.output.display()
        );
        for n in &summary.notes {
            println!("  note: {n}");
        }
    }
    Ok(Status::Ok)
}
