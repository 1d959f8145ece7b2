//! SOND, the sounds: name, flags, type and file names, effects, volume and pitch,
//! then a u32 that is the audio group (bytecode 14 and later, for a sound whose
//! "regular" flag is set) or the preload flag, the clip's index in AUDO, and from
//! 2024.6 the clip's length in seconds.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// SOND: the sounds, each naming how it plays and where its audio is.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sounds {
    /// The sounds by index (a sound id); `None` for a null slot.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub sounds: Vec<Option<Sound>>,
}

/// A sound: its settings and where its audio is.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sound {
    /// The name code refers to the sound by (`snd_jump`).
    pub name: Option<StrId>,
    /// Flags: 0x1 embedded in the file (not streamed), 0x2 compressed, 0x64 played
    /// by the regular audio system, the one with audio groups.
    pub flags: u32,
    /// The file type, with its dot: `.wav`, `.ogg` or `.mp3`.
    pub kind: Option<StrId>,
    /// The original file name; a streamed sound is played from this file beside the
    /// game.
    pub file: Option<StrId>,
    /// Effects of the sound system before GameMaker Studio (chorus, echo, flanger,
    /// reverb, gargle); how the word encodes them is not known, so it is kept as read.
    pub effects: u32,
    /// The volume it plays at, 0 (silent) to 1 (full).
    pub volume: f32,
    /// The default pitch it plays at.
    pub pitch: f32,
    /// The audio group, or the preload flag where there is no group.
    pub group: i32,
    /// The clip's index in AUDO (or in its group's file), -1 for none.
    pub clip: i32,
    /// The clip's length in seconds (2024.6 and later).
    pub length: f32,
}

impl<'a> Record<'a> for Sounds {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.sounds)
    }
}

impl<'a> Record<'a> for Sound {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.u32(&mut self.flags)?;
        w.string(&mut self.kind)?;
        w.string(&mut self.file)?;
        w.u32(&mut self.effects)?;
        w.f32(&mut self.volume)?;
        w.f32(&mut self.pitch)?;
        w.i32(&mut self.group)?;
        w.i32(&mut self.clip)?;
        if w.since(Version::V2024_6) {
            w.f32(&mut self.length)?;
        }
        Ok(())
    }
}

impl Named for Sound {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}
