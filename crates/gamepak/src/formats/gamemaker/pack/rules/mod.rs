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

mod apply;
mod builtin_names;
mod clips_and_sounds;
mod findings;
mod references;
mod room_instances;

pub(crate) use apply::apply;
pub(crate) use builtin_names::Edited;
pub(crate) use clips_and_sounds::{ClipChanges, GroupClips};
pub(crate) use findings::{Files, Findings};
