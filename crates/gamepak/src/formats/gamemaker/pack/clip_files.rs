//! A folder's sound clips read back for pack, the game's own (`audio/`) and an audio
//! group's alike: each file the manifest lists, then each sound file added since.

use std::collections::HashSet;

use crate::codec::crc::crc32;
use crate::error::Result;
use crate::formats::gamemaker::folder::manifest::ClipFile;
use crate::formats::gamemaker::pack::rules::ClipChanges;
use crate::io::SourceDir;

/// Each clip's bytes from the folder (below `prefix`), noting those edited since
/// extraction, then each sound file added to `audio/` that the manifest does not
/// list, in name order: a clip added after the last, which a sound names by its
/// index. With them, the length of each clip that changed.
pub(crate) fn read_clips(
    dir: &SourceDir,
    prefix: &str,
    clips: &[ClipFile],
    reencoded: &mut Vec<String>,
) -> Result<(Vec<Vec<u8>>, ClipChanges)> {
    let mut out = Vec::with_capacity(clips.len());
    let mut lengths = Vec::with_capacity(clips.len());
    for c in clips {
        let file = format!("{prefix}{}", c.file);
        let bytes = dir.read(&file)?;
        let changed = crc32(&bytes) != c.crc32;
        lengths.push(changed.then(|| seconds(&bytes)).flatten());
        if changed {
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
                lengths.push(seconds(&bytes));
                out.push(bytes);
            }
        }
    }
    Ok((out, ClipChanges { folder, lengths }))
}

/// A clip's length in seconds, from its WAV or Ogg Vorbis header; `None` for
/// anything else.
fn seconds(clip: &[u8]) -> Option<f64> {
    if crate::codec::vorbis::is_ogg(clip) {
        let summary = crate::codec::vorbis::summary(clip)?;
        return (summary.rate > 0).then(|| summary.seconds());
    }
    let wav = hound::WavReader::new(std::io::Cursor::new(clip)).ok()?;
    let rate = wav.spec().sample_rate;
    (rate > 0).then(|| f64::from(wav.duration()) / f64::from(rate))
}
