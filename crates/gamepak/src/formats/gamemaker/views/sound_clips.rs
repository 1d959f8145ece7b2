//! The sounds that play clips, as the verbs see them (the model reads SOND): which
//! clip each sound plays, and from where. From bytecode 14 the word at +28 is the sound's audio group (0: the game's own AUDO;
//! N: `audiogroupN.dat` beside it) and the word at +32 the clip's index in it.

use std::collections::HashMap;

/// One sound that plays a clip.
#[derive(Debug, Clone)]
pub struct Sound {
    /// Its SOND entry, and where that entry starts.
    pub index: usize,
    pub at: u64,
    pub name: String,
    /// 0 for the game's own AUDO, N for `audiogroupN.dat`.
    pub group: u32,
    /// The clip's index in its group.
    pub clip: u32,
}

/// The audio group a SOND entry's word at +28 names. Before bytecode 14 the word
/// held a preload flag, and every clip was the game's own.
pub fn group(word: Option<u32>, bytecode: u8) -> u32 {
    match word {
        Some(g) if bytecode >= 14 && g != u32::MAX => g,
        _ => 0,
    }
}

/// The name of each clip of `group` (0: the game's own AUDO), by index: the first
/// sound that plays it names it.
pub fn clip_names(sounds: &[Sound], group: u32) -> HashMap<u32, String> {
    let mut out = HashMap::new();
    for s in sounds.iter().filter(|s| s.group == group) {
        out.entry(s.clip).or_insert_with(|| s.name.clone());
    }
    out
}
