//! pack's rules for a folder read back, before anything is written: what a game
//! needs that each JSON file alone cannot say. Every problem names its file and
//! the place in it (`rooms/002-rm_level.json: instances[4].id`) and says what to do;
//! pack refuses the folder when there is one, listing them all.
//!
//! A string of `strings.json` that is a built-in's name may not change; one that is
//! the game's own name renames it.
//!
//! What follows from the content is derived rather than trusted: GEN8's
//! `last_object_id` and `last_tile_id`, an instance's place on its room's only
//! instance layer and in the creation order, and a changed clip's length. A value
//! set by hand that pack must change is changed, with a warning.

mod references;
mod rooms;
mod sounds;
mod strings;

use std::collections::HashMap;

pub(super) use sounds::{ClipChanges, GroupClips};
pub(super) use strings::Edited;

use super::manifest::Manifest;
use super::model::Game;
use crate::fourcc::FourCC;

/// Where each resource was read from.
pub(super) struct Files {
    /// Each split chunk's resource files, by slot (`None` for a null slot).
    pub split: HashMap<FourCC, Vec<Option<String>>>,
    /// Each other chunk's JSON file.
    pub whole: HashMap<FourCC, String>,
}

impl Files {
    /// The file resource `i` of chunk `kind` was read from.
    fn of(&self, kind: FourCC, i: usize) -> &str {
        let file = self.split.get(&kind).and_then(|f| f.get(i)?.as_deref());
        file.unwrap_or("?")
    }

    /// The JSON file of a chunk that is not split.
    fn whole(&self, kind: FourCC) -> &str {
        self.whole.get(&kind).map_or("?", String::as_str)
    }
}

/// What the rules found: problems stop the pack; notes say what was derived;
/// warnings, what was derived over a value set by hand.
#[derive(Debug, Default)]
pub(super) struct Findings {
    pub problems: Vec<String>,
    /// Problems past the first [`KEPT`], counted: a folder with a million of them
    /// costs no more than one with ten thousand.
    pub more: usize,
    pub notes: Vec<String>,
    pub warnings: Vec<String>,
}

/// How many problems are kept in words; no one reads further, and `--max-problems`
/// prints fewer.
pub(super) const KEPT: usize = 10_000;

impl Findings {
    /// A problem, worded by `say` unless [`KEPT`] are worded already.
    pub fn problem(&mut self, say: impl FnOnce() -> String) {
        if self.problems.len() < KEPT {
            self.problems.push(say());
        } else {
            self.more += 1;
        }
    }
}

/// Applies every rule to `game`, read from `files` with the strings `edited`:
/// derived fields are set, and what cannot be is found.
pub(super) fn apply(
    game: &mut Game<'_>,
    m: &Manifest,
    files: &Files,
    clips: &GroupClips,
    edited: &[Edited],
) -> Findings {
    let mut found = Findings::default();
    if let Some(s) = &m.strings {
        strings::check(game, &s.file, edited, &mut found);
    }
    references::check(game, files, &mut found);
    rooms::apply(game, m, files, &mut found);
    sounds::apply(game, files, clips, &mut found);
    found
}
