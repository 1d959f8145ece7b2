//! Sounds against the clips they play: an embedded sound's clip must be one its
//! audio group holds (the game's own `audio/` for group 0, else the group's folder),
//! and from 2024.6, where SOND stores a length, a sound whose clip file changed
//! takes that clip's length, to the hundredth of a second as the IDE gives it.

use std::collections::HashMap;

use crate::formats::gamemaker::audio_group::file_names::FileNames;
use crate::formats::gamemaker::model::chunks::audio_groups::AudioGroups;
use crate::formats::gamemaker::model::chunks::sounds::Sounds;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::Game;
use crate::formats::gamemaker::{pack::rules::Files, pack::rules::Findings};
use crate::fourcc::FourCC;

/// The clips of one set (the game's own, or an audio group's) as the folder holds
/// them, with the length in seconds of each whose file changed since extraction.
#[derive(Debug, Default, Clone)]
pub(crate) struct ClipChanges {
    /// The folder the clips are in, for messages.
    pub folder: String,
    /// One per clip: its length when its file changed (or was added) and could be
    /// measured, else `None`.
    pub lengths: Vec<Option<f64>>,
}

/// The game's own clips, and each audio group folder's by its file name beside the
/// game.
#[derive(Debug, Default)]
pub(crate) struct GroupClips {
    /// AUDO's clips; `None` when the game has no AUDO.
    pub own: Option<ClipChanges>,
    /// Each group file's clips, by its name beside the game.
    pub groups: HashMap<String, ClipChanges>,
}

/// SOND's flags for a sound whose clip is in AUDO or a group file: embedded, or
/// compressed; a sound with neither streams a file of its own.
const IN_AUDO: u32 = 0x1 | 0x2;

pub(crate) fn apply(game: &mut Game<'_>, files: &Files, clips: &GroupClips, found: &mut Findings) {
    let names = FileNames::of(game);
    let groups = game.get::<AudioGroups>().map(|a| a.groups.len());
    let timed = game
        .chunks
        .iter()
        .any(|p| p.name == FourCC::SOND && p.version >= Version::V2024_6);
    let Some(sounds) = game.get_mut::<Sounds>() else {
        return;
    };
    for (i, s) in sounds.sounds.iter_mut().enumerate() {
        let Some(s) = s else { continue };
        let file = files.of(FourCC::SOND, i);
        let group = s.group;
        if let Some(n) =
            groups.filter(|&n| group != 0 && usize::try_from(group).is_ok_and(|g| g >= n))
        {
            found.problem(|| {
                format!(
                    "{file}: group: audio group {group} does not exist: audio_groups.json lists \
                 {n}, numbered from 0"
                )
            });
            continue;
        }
        let set = match group {
            0 => clips.own.as_ref(),
            g => u32::try_from(g)
                .ok()
                .and_then(|g| clips.groups.get(&names.get(g))),
        };
        // A group file not beside the game when it was extracted cannot be judged.
        let (Some(set), true) = (set, s.flags & IN_AUDO != 0) else {
            continue;
        };
        let clip = s.clip;
        let Some(length) = usize::try_from(clip).ok().and_then(|c| set.lengths.get(c)) else {
            if clip != -1 {
                let n = set.lengths.len();
                found.problem(|| {
                    format!(
                        "{file}: clip: clip {clip} does not exist: {} holds {n}, numbered from \
                     0 in name order; add a .wav or .ogg there, or give one it holds",
                        set.folder
                    )
                });
            }
            continue;
        };
        if let (true, Some(seconds)) = (timed, length) {
            let new = ((seconds * 100.0).round() / 100.0) as f32;
            if new != s.length {
                found.notes.push(format!(
                    "{file}: length is now {new} s, its clip's (was {} s)",
                    s.length
                ));
                s.length = new;
            }
        }
    }
}
