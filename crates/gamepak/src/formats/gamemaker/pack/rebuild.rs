//! Rebuilding a GameMaker file from an extracted folder: the model is read back
//! from the folder's JSON, payloads and disassemblies (see [`crate::formats::gamemaker::pack::from_folder`])
//! and lays the file out. Unchanged files give back the original bytes.

use crate::codec::crc::crc32;
use crate::codec::png as png_codec;
use crate::error::Result;
use crate::formats::gamemaker::folder::manifest::*;
use crate::formats::gamemaker::pack::clip_files::read_clips;
use crate::formats::gamemaker::pack::from_folder::{self, Payloads};
use crate::formats::gamemaker::pack::rules::GroupClips;
use crate::formats::gamemaker::views::page_blobs::PageFormat;
use crate::formats::gamemaker::{audio_group::group_file, pictures::page_codecs};
use crate::io::SourceDir;
use crate::limits::Limits;
use crate::PackOutcome;

pub fn pack(dir: &SourceDir, limits: &Limits) -> Result<PackOutcome> {
    crate::manifest::require_whole(dir)?;
    let mut reencoded = Vec::new();
    if group_file::is_group_folder(dir)? {
        return Ok(PackOutcome {
            bytes: group_file::pack(dir, "", &mut reencoded)?.0,
            reencoded,
            unused: dir.unused(crate::manifest::UNNAMED),
            companions: Vec::new(),
            warnings: Vec::new(),
            code_warnings: Vec::new(),
        });
    }
    let mut m: Manifest = crate::manifest::read(dir)?;
    // The folder's guide is for people: read only so it is not reported unused.
    dir.read_if_file(crate::formats::gamemaker::folder::guide::GUIDE)?;
    let (moved, renamed) = crate::formats::gamemaker::pack::renames::follow(dir, &mut m)?;
    reencoded.extend(moved);
    let (clips, own) = match &m.audio {
        Some(list) => {
            let (clips, changes) = read_clips(dir, "", list, &mut reencoded)?;
            (clips, Some(changes))
        }
        None => (Vec::new(), None),
    };
    let (companions, groups) = group_file::pack_beside(dir, &m.audio_groups, &mut reencoded)?;
    let payloads = Payloads {
        pages: match &m.textures {
            Some(t) => page_blobs(dir, t, &mut reencoded, limits)?,
            None => Vec::new(),
        },
        clips,
        group_clips: GroupClips { own, groups },
    };
    let built = from_folder::build(dir, &m, &payloads, &renamed, limits)?;
    reencoded.extend(built.notes);
    Ok(PackOutcome {
        bytes: built.bytes,
        reencoded,
        unused: dir.unused(crate::manifest::UNNAMED),
        companions,
        warnings: built.warnings,
        code_warnings: built.code_warnings,
    })
}

/// Each page's blob: as stored while its PNG is unchanged, otherwise the edited
/// page encoded again in its own format. Frames edited on it are painted later, on
/// the model (see `sprite_folder`).
fn page_blobs(
    dir: &SourceDir,
    t: &Textures,
    reencoded: &mut Vec<String>,
    limits: &Limits,
) -> Result<Vec<Option<Vec<u8>>>> {
    t.pages
        .iter()
        .map(|p| {
            let Some(name) = &p.file else {
                return Ok(None);
            };
            let png = dir.read(name)?;
            let changed = Some(crc32(&png)) != p.crc32;
            if changed {
                reencoded.push(name.clone());
            }
            Ok(Some(match (p.format, changed, &p.original) {
                (PageFormat::Png, _, _) | (PageFormat::Unknown, _, _) => png,
                (_, false, Some(original)) => dir.read(original)?,
                (format, _, _) => page_codecs::encode(
                    &*png_codec::decode_source(&png, name, limits)?,
                    format,
                    p.with_length,
                )?,
            }))
        })
        .collect()
}
