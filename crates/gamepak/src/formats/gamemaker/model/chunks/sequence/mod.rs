//! The sequence record, which SEQN lists (after a version word), ROOM holds and a
//! sprite can embed (after a version word of its own): name, playback, speed and its
//! type, length, origin, volume, from 2024.13 width and height, then inline the
//! broadcast messages, the tracks, the function ids (key and name pairs) and the
//! moments.

pub mod keyframes;
pub mod track;

use serde::{Deserialize, Serialize};

use self::keyframes::{Broadcast, Keyframe, Moment};
use self::track::Track;
use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// SEQN's body (2.3 and later): a version word and the sequences.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sequences {
    /// The chunk's format version (1 in the files GameMaker writes).
    pub version: u32,
    /// The sequences in resource order; `None` is a null slot of the list.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub sequences: Vec<Option<Sequence>>,
}

/// A sequence: tracks of keyframes that animate assets over time.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sequence {
    /// The sequence's name, by which code refers to it.
    pub name: Option<StrId>,
    /// 0 once, 1 loop, 2 ping-pong.
    pub playback: u32,
    /// Playback speed, in the unit [`Sequence::speed_type`] gives.
    pub speed: f32,
    /// 0 frames per second, 1 frames per game frame.
    pub speed_type: u32,
    /// Length in frames.
    pub length: f32,
    /// The point (x, y), in pixels, the sequence is placed, scaled and rotated about.
    pub origin: [i32; 2],
    /// Volume of the sequence's audio, 0 to 1.
    pub volume: f32,
    /// The sequence's width and height.
    /// 2024.13 and later.
    pub size: [f32; 2],
    /// Keyframes that broadcast messages as playback reaches them.
    pub broadcast_messages: Vec<Keyframe<Broadcast>>,
    /// The top-level tracks; each can have tracks of its own.
    pub tracks: Vec<Track>,
    /// The functions the sequence refers to by number.
    pub function_ids: Vec<FunctionId>,
    /// Moment keyframes: what runs when playback reaches each key.
    pub moments: Vec<Keyframe<Moment>>,
}

/// A function a sequence refers to by number.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FunctionId {
    /// The number the sequence knows the function by.
    pub key: i32,
    /// The function's name.
    pub name: Option<StrId>,
}

/// A sequence a sprite embeds: a version word, then the sequence.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Embedded {
    /// The embedded sequence's format version (1 in the files GameMaker writes).
    pub version: u32,
    /// The sequence.
    pub sequence: Sequence,
}

impl<'a> Record<'a> for Sequences {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.pointer_list("entry", &mut self.sequences)
    }
}

impl Named for Sequence {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Sequence {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.u32(&mut self.playback)?;
        w.f32(&mut self.speed)?;
        w.u32(&mut self.speed_type)?;
        w.f32(&mut self.length)?;
        for v in &mut self.origin {
            w.i32(v)?;
        }
        w.f32(&mut self.volume)?;
        if w.since(Version::V2024_13) {
            for v in &mut self.size {
                w.f32(v)?;
            }
        }
        w.list("broadcast", &mut self.broadcast_messages, 20)?;
        w.list("track", &mut self.tracks, 40)?;
        w.list("function", &mut self.function_ids, 8)?;
        w.list("moment", &mut self.moments, 20)
    }
}

impl<'a> Record<'a> for FunctionId {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.key)?;
        w.string(&mut self.name)
    }
}

impl<'a> Record<'a> for Embedded {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.record(&mut self.sequence)
    }
}
