//! Writing a .tng's document, assets, sprite frames and maps to a folder.

use std::path::Path;

use rayon::prelude::*;

use super::read::Read;
use super::source::to_files;
use super::views::{self, Atlases, FrameView};
use crate::codec::png;
use crate::io::{sanitize_relative, OutputFolder};
use crate::{Error, ExtractOptions, ExtractSummary, Format, Result};

pub fn extract(read: &Read<'_>, out_path: &Path, opts: &ExtractOptions) -> Result<ExtractSummary> {
    let out = OutputFolder::create(out_path, opts.replace)?;
    let mut files: Vec<(String, Vec<u8>)> = to_files(&read.doc)?;
    for a in &read.assets {
        if let Some(f) = &a.file {
            files.push((f.clone(), read.stored(a).to_vec()));
        }
    }
    for (name, bytes) in &read.kept {
        files.push((name.clone(), bytes.to_vec()));
    }
    // Packing needs every file so far; the maps and frames below are views.
    let partial = files.iter().any(|(p, _)| !opts.selects(p));
    files.extend(views::maps(read));
    let mut summary = ExtractSummary::default();
    let frames = frames(read, opts, &mut summary);
    let selected: Vec<&(String, Vec<u8>)> = files
        .iter()
        .chain(&frames)
        .filter(|(p, _)| opts.selects(p))
        .collect();
    let total = selected.len() as u64;
    for (done, (name, bytes)) in selected.into_iter().enumerate() {
        out.write(&sanitize_relative(name), bytes)?;
        opts.report(done as u64 + 1, total);
    }
    let manifest = crate::manifest::Folder {
        format: Format::Tng,
        partial,
    };
    crate::manifest::finish_extraction(out, &manifest, partial, &mut summary)?;
    Ok(summary)
}

/// Every frame of every sprite, cut from its atlas. Frames that cannot be cut (a
/// missing atlas, a rectangle off the atlas) are noted and left out.
fn frames(
    read: &Read<'_>,
    opts: &ExtractOptions,
    summary: &mut ExtractSummary,
) -> Vec<(String, Vec<u8>)> {
    let atlases = Atlases::new(read);
    let jobs: Vec<FrameView> = views::frames(read)
        .into_iter()
        .filter(|v| opts.selects(&v.path))
        .collect();
    let results: Vec<std::result::Result<(String, Vec<u8>), String>> = jobs
        .into_par_iter()
        .map(|v| {
            let pic = atlases.render(&v)?;
            png::encode(&pic)
                .map(|b| (v.path.clone(), b))
                .map_err(|e: Error| format!("{}: {e}", v.path))
        })
        .collect();
    let mut out = Vec::new();
    for r in results {
        match r {
            Ok(file) => out.push(file),
            Err(failure) => summary.failed.push(failure),
        }
    }
    out
}
