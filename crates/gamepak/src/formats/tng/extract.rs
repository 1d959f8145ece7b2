//! Writing a .tng's document, assets, sprite frames and maps to a folder.

use std::borrow::Cow;
use std::path::Path;

use super::read::Read;
use super::source::to_files;
use super::views::{self, Atlases, FrameView};
use crate::assets::{Damage, Extraction, Rendered};
use crate::codec::png;
use crate::limits::Limits;
use crate::{Error, ExtractOptions, ExtractSummary, Format, Result};

/// Extracts a .tng; `damage` is what its read could not take, for a salvage.
pub fn extract(
    read: &Read<'_>,
    damage: Damage,
    out_path: &Path,
    opts: &ExtractOptions,
    limits: &Limits,
) -> Result<ExtractSummary> {
    let mut files: Vec<(String, Cow<[u8]>)> = to_files(&read.doc)?
        .into_iter()
        .map(|(name, bytes)| (name, Cow::Owned(bytes)))
        .collect();
    for a in &read.assets {
        if let Some(f) = &a.file {
            files.push((f.clone(), Cow::Borrowed(read.stored(a))));
        }
    }
    for (name, bytes) in &read.kept {
        files.push((name.clone(), Cow::Borrowed(bytes)));
    }
    // Packing needs every file so far; the maps and frames below are views.
    let (mut ex, selected) = Extraction::begin(out_path, opts, limits, &files)?;
    ex.salvage(damage);
    let maps = views::maps(read);
    let frames: Vec<(String, FrameView)> = views::frames(read)
        .into_iter()
        .map(|v| (v.path.clone(), v))
        .collect();
    ex.render(&selected, |f| Ok(Rendered::Stored(&f.1)), |_| false)?;
    ex.render(&ex.select(&maps), |f| Ok(Rendered::Stored(&f.1)), |_| false)?;
    // A frame that cannot be cut (a missing atlas, a rectangle off it) is left out.
    let atlases = Atlases::new(read, limits);
    let cut = |(_, v): &(String, FrameView)| -> Result<Vec<u8>> {
        let pic = atlases.render(v).map_err(|why| Error::at("", why))?;
        png::encode(&pic)
    };
    ex.render(
        &ex.select(&frames),
        |f| cut(f).map(Rendered::File),
        |_| true,
    )?;
    let manifest = crate::manifest::Folder {
        format: Format::Tng,
        partial: ex.partial(),
    };
    ex.finish(&manifest)
}
