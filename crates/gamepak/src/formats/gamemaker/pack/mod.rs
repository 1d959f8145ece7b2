//! A game rebuilt from its folder: the model read back from the JSON, with
//! renamed resources, sprite frames, clips and code put in, the folder's rules
//! applied, and the file written.

pub mod clip_files;
pub mod code;
pub mod from_folder;
pub mod rebuild;
pub mod renames;
pub mod rules;
pub mod sprite_files;
pub mod sprite_frames;

#[cfg(test)]
mod passes;
