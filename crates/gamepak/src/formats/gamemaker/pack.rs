//! Rebuilding a GameMaker file from an extracted folder: the model is read back
//! from the folder's JSON, payloads and disassemblies (see [`super::from_folder`])
//! and lays the file out. Unchanged files give back the original bytes.

use std::collections::BTreeMap;

use super::from_folder::{self, Payloads};
use super::manifest::*;
use super::txtr::PageFormat;
use super::{audio_group, pages};
use crate::codec::crc::crc32;
use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::io::SourceDir;
use crate::limits::Limits;
use crate::PackOutcome;

fn decode_png(bytes: &[u8], name: &str) -> Result<Rgba> {
    png_codec::decode(bytes, name, &Limits::current())
}

pub fn pack(dir: &SourceDir) -> Result<PackOutcome> {
    crate::manifest::require_whole(dir)?;
    let mut reencoded = Vec::new();
    if audio_group::is_group_folder(dir)? {
        return Ok(PackOutcome {
            bytes: audio_group::pack(dir, "", &mut reencoded)?,
            reencoded,
            unused: dir.unused(crate::manifest::UNNAMED),
            companions: Vec::new(),
        });
    }
    let m: Manifest = crate::manifest::read(dir)?;
    let payloads = Payloads {
        pages: match &m.textures {
            Some(t) => page_blobs(dir, t, &m.frames, &mut reencoded)?,
            None => Vec::new(),
        },
        clips: match &m.audio {
            Some(list) => read_clips(dir, "", list, &mut reencoded)?,
            None => Vec::new(),
        },
    };
    let companions = audio_group::pack_beside(dir, &m.audio_groups, &mut reencoded)?;
    let (bytes, notes) = from_folder::build(dir, &m, &payloads)?;
    reencoded.extend(notes);
    Ok(PackOutcome {
        bytes,
        reencoded,
        unused: dir.unused(crate::manifest::UNNAMED),
        companions,
    })
}

/// Each clip's bytes from the folder (below `prefix`), noting those edited since
/// extraction, then each sound file added to `audio/` that the manifest does not
/// list, in name order: a clip added after the last, which a sound names by its
/// index.
pub(super) fn read_clips(
    dir: &SourceDir,
    prefix: &str,
    clips: &[ClipFile],
    reencoded: &mut Vec<String>,
) -> Result<Vec<Vec<u8>>> {
    let mut out = Vec::with_capacity(clips.len());
    for c in clips {
        let file = format!("{prefix}{}", c.file);
        let bytes = dir.read(&file)?;
        if crc32(&bytes) != c.crc32 {
            reencoded.push(file);
        }
        out.push(bytes);
    }
    let folder = format!("{prefix}audio");
    if dir.path().join(&folder).is_dir() {
        let listed: std::collections::HashSet<String> = clips
            .iter()
            .map(|c| format!("{prefix}{}", c.file))
            .collect();
        for file in dir.list(&folder)? {
            let sound = file.ends_with(".wav") || file.ends_with(".ogg");
            if sound && !listed.contains(&file) && dir.is_file(&file)? {
                reencoded.push(format!("{file}: added as clip {}", out.len()));
                out.push(dir.read(&file)?);
            }
        }
    }
    Ok(out)
}

/// Each page's blob: as stored while its PNG and its frames are unchanged, otherwise
/// the edited pixels encoded again in the page's own format.
fn page_blobs(
    dir: &SourceDir,
    t: &Textures,
    frames: &[FrameFile],
    reencoded: &mut Vec<String>,
) -> Result<Vec<Option<Vec<u8>>>> {
    let mut files = Vec::with_capacity(t.pages.len());
    for p in &t.pages {
        files.push(p.file.as_ref().map(|f| dir.read(f)).transpose()?);
    }
    let mut edited: BTreeMap<usize, Rgba> = BTreeMap::new();
    for fr in frames {
        let bytes = dir.read(&fr.file)?;
        if crc32(&bytes) == fr.crc32 {
            continue;
        }
        let k = fr.page as usize;
        let page = match edited.entry(k) {
            std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::btree_map::Entry::Vacant(e) => {
                let png = files.get(k).and_then(Option::as_ref).ok_or_else(|| {
                    Error::at(&fr.file, format!("page {k} is not in this folder"))
                })?;
                e.insert(decode_png(png, &format!("textures/{k:03}.png"))?)
            }
        };
        let item = super::tpag::Item {
            source: fr.source,
            target: fr.target,
            bounding: fr.bounding,
            page: fr.page,
        };
        let img = decode_png(&bytes, &fr.file)?;
        let want = pages::frame_size(&item);
        if (img.width, img.height) != want {
            return Err(Error::at(
                &fr.file,
                format!(
                    "{}x{} pixels, but the frame is {}x{}: its texture page item holds that size",
                    img.width, img.height, want.0, want.1
                ),
            ));
        }
        pages::put_frame(page, &item, &img);
    }
    t.pages
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let Some(png) = files[k].take() else {
                return Ok(None);
            };
            let name = p.file.clone().unwrap_or_default();
            let changed = Some(crc32(&png)) != p.crc32;
            if let Some(img) = edited.remove(&k) {
                reencoded.push(name);
                return pages::encode(&img, p.format, p.with_length).map(Some);
            }
            Ok(Some(match (p.format, changed, &p.original) {
                (PageFormat::Png, _, _) | (PageFormat::Unknown, _, _) => {
                    if changed {
                        reencoded.push(name);
                    }
                    png
                }
                (_, false, Some(original)) => dir.read(original)?,
                (format, _, _) => {
                    reencoded.push(name.clone());
                    pages::encode(&decode_png(&png, &name)?, format, p.with_length)?
                }
            }))
        })
        .collect()
}
