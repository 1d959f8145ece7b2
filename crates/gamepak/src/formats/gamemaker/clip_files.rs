//! A folder's sound clips read back for pack, the game's own (`audio/`) and an audio
//! group's alike: each file the manifest lists, then each sound file added since.

use std::collections::HashSet;

use super::manifest::ClipFile;
use crate::codec::crc::crc32;
use crate::error::Result;
use crate::io::SourceDir;

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
    if dir.is_dir(&folder) {
        let listed: HashSet<String> = clips
            .iter()
            .map(|c| format!("{prefix}{}", c.file))
            .collect();
        for file in dir.list(&folder)? {
            let sound = file.ends_with(".wav") || file.ends_with(".ogg");
            if !sound || listed.contains(&file) {
                continue;
            }
            if let Some(bytes) = dir.read_if_file(&file)? {
                reencoded.push(format!("{file}: added as clip {}", out.len()));
                out.push(bytes);
            }
        }
    }
    Ok(out)
}
