//! The file as the verbs see it: the container and the model, and the views taken
//! from the model's records and placed in the file (pages, texture items, frames,
//! clips, sounds, code entries). Nothing here reads a chunk's bytes: the model did.

pub mod clips;
pub mod code_entries;
pub mod code_space;
pub mod file_view;
pub mod frames;
pub mod general_info;
pub mod page_blobs;
pub mod page_items;
pub mod sound_clips;
