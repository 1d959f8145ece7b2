//! Every rule applied to a game read back from its folder, in order.

use super::builtin_names::{self, Edited};
use super::clips_and_sounds::{self, GroupClips};
use super::findings::{Files, Findings};
use super::{references, room_instances};
use crate::formats::gamemaker::folder::manifest::Manifest;
use crate::formats::gamemaker::model::Game;

/// Applies every rule to `game`, read from `files` with the strings `edited`:
/// derived fields are set, and what cannot be is found.
pub(crate) fn apply(
    game: &mut Game<'_>,
    m: &Manifest,
    files: &Files,
    clips: &GroupClips,
    edited: &[Edited],
) -> Findings {
    let mut found = Findings::default();
    if let Some(s) = &m.strings {
        builtin_names::check(game, &s.file, edited, &mut found);
    }
    references::check(game, files, &mut found);
    room_instances::apply(game, m, files, &mut found);
    clips_and_sounds::apply(game, files, clips, &mut found);
    found
}
