//! The file each audio group's clips are in, beside the game: the name AGRP gives,
//! where it is one plain file name, else `audiogroupN.dat`.

use crate::formats::gamemaker::{
    model,
    model::chunks::audio_groups::{AudioGroup as AudioGroupRecord, AudioGroups},
};

/// The file name of group `n` beside its game when AGRP does not name it.
fn numbered(n: u32) -> String {
    format!("audiogroup{n}.dat")
}

/// Whether `name` may be a group file's name: one plain file name, so that neither
/// AGRP nor a manifest can make gamepak read or write anything but a file beside
/// the game.
pub(crate) fn is_file_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0', ':'])
}

/// The file each audio group's clips are in, beside the game.
#[derive(Debug, Default)]
pub struct FileNames(pub(crate) Vec<Option<String>>);

impl FileNames {
    /// The names AGRP gives, where each is a plain file name.
    pub fn of(game: &model::Game<'_>) -> Self {
        let texts = game.texts();
        let named = |g: &Option<AudioGroupRecord>| {
            let path = g.as_ref()?.path?;
            let text = texts.get(path.0 as usize)?;
            is_file_name(text).then(|| text.to_string())
        };
        FileNames(
            game.get::<AudioGroups>()
                .map_or_else(Vec::new, |a| a.groups.iter().map(named).collect()),
        )
    }

    /// Group `n`'s file name: AGRP's, else `audiogroupN.dat`.
    pub fn get(&self, n: u32) -> String {
        self.0
            .get(n as usize)
            .cloned()
            .flatten()
            .unwrap_or_else(|| numbered(n))
    }
}
