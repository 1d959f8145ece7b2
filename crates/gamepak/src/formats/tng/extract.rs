//! Writing a .tng's document, assets, sprite frames and maps to a folder.

use std::path::Path;
use std::sync::OnceLock;

use rayon::prelude::*;
use serde_json::Value;

use super::read::Read;
use super::source::to_files;
use super::sprites;
use super::tmx::tmx;
use crate::codec::png::{self, Rgba};
use crate::io::{file_stem, sanitize_relative, OutputFolder};
use crate::limits::{failure, Limits};
use crate::{Error, ExtractOptions, ExtractSummary, Format, Result};

pub fn extract(read: &Read<'_>, out_path: &Path, opts: &ExtractOptions) -> Result<ExtractSummary> {
    let out = OutputFolder::create(out_path)?;
    let mut files: Vec<(String, Vec<u8>)> = to_files(&read.doc)?;
    for a in &read.assets {
        if let Some(f) = &a.file {
            files.push((f.clone(), read.stored(a).to_vec()));
        }
    }
    for (name, offset, length) in &read.kept {
        let bytes = &read.container.data[*offset as usize..(offset + length) as usize];
        files.push((name.clone(), bytes.to_vec()));
    }
    // Packing needs every file so far; the maps and frames below are views.
    let partial = files.iter().any(|(p, _)| !opts.selects(p));
    files.extend(maps(read));
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
        summary.files += 1;
        summary.bytes += bytes.len() as u64;
        opts.report(done as u64 + 1, total);
    }
    let manifest = crate::manifest::Folder {
        format: Format::Tng,
        partial,
    };
    crate::manifest::finish_extraction(out, &manifest, partial, &mut summary)?;
    Ok(summary)
}

/// Each map as Tiled XML beside the JSON.
fn maps(read: &Read<'_>) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for (si, s) in read
        .doc
        .sections
        .iter()
        .enumerate()
        .filter(|(_, s)| s.layout_type() == 35)
    {
        for (i, m) in s
            .body
            .get("maps")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let name = m.get("name").and_then(Value::as_str).unwrap_or("");
            let Some(map) = m.get("asset").filter(|a| a.get("layers").is_some()) else {
                continue;
            };
            let path = format!("maps/{si:02}-{}.tmx", file_stem(i, name));
            out.push((path, tmx(&read.doc.header, map).into_bytes()));
        }
    }
    out
}

/// Every frame of every sprite, cut from its atlas. Frames that cannot be cut (a
/// missing atlas, a rectangle off the atlas) are noted and left out.
fn frames(
    read: &Read<'_>,
    opts: &ExtractOptions,
    summary: &mut ExtractSummary,
) -> Vec<(String, Vec<u8>)> {
    let atlas_files = read.atlases();
    let decoded: Vec<OnceLock<std::result::Result<Rgba, String>>> =
        atlas_files.iter().map(|_| OnceLock::new()).collect();
    let atlas = |i: usize| -> std::result::Result<&Rgba, String> {
        let failed = format!("atlas {i} does not decode");
        let Some(asset) = atlas_files.get(i).copied().flatten() else {
            return Err(failed);
        };
        decoded[i]
            .get_or_init(|| {
                png::decode(read.stored(asset), "atlas", &Limits::current())
                    .map_err(|e| failure(&failed, &e))
            })
            .as_ref()
            .map_err(Clone::clone)
    };
    let mut jobs = Vec::new();
    for (si, s) in read
        .doc
        .sections
        .iter()
        .enumerate()
        .filter(|(_, s)| (7..=10).contains(&s.kind))
    {
        let folder = format!("sprites/{si:02}-{}", s.kind_name());
        for (ei, entry) in s
            .body
            .get("sprites")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            for (ai, (w, h, frames)) in sprites::frames(entry).into_iter().enumerate() {
                for (fi, f) in frames.into_iter().enumerate() {
                    let path = format!("{folder}/{ei:03}/{ai}-{fi:02}.png");
                    if opts.selects(&path) {
                        jobs.push((path, w, h, f));
                    }
                }
            }
        }
    }
    let results: Vec<std::result::Result<(String, Vec<u8>), String>> = jobs
        .into_par_iter()
        .map(|(path, w, h, f)| {
            let img = atlas(f.atlas).map_err(|why| format!("{path}: {why}"))?;
            let pic = sprites::render(img, &f, w, h, &path).map_err(|e| format!("{path}: {e}"))?;
            png::encode(&pic)
                .map(|b| (path.clone(), b))
                .map_err(|e: Error| format!("{path}: {e}"))
        })
        .collect();
    let mut out = Vec::new();
    for r in results {
        match r {
            Ok(file) => out.push(file),
            Err(note) => summary.notes.push(format!("not extracted: {note}")),
        }
    }
    out
}
