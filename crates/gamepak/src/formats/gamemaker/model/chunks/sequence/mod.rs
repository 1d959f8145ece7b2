//! The sequence record, which SEQN lists (after a version word), ROOM holds and a
//! sprite can embed (after a version word of its own): name, playback, speed and its
//! type, length, origin, volume, from 2024.13 width and height, then inline the
//! broadcast messages, the tracks, the function ids (key and name pairs) and the
//! moments.

pub mod keyframes;
pub mod track;

use serde::{Deserialize, Serialize};

use self::keyframes::{Broadcast, Keyframe, MomentEvent};
use self::track::Track;
use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sequences {
    pub version: u32,
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub sequences: Vec<Option<Sequence>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sequence {
    pub name: Option<StrId>,
    /// 0 once, 1 loop, 2 ping-pong.
    pub playback: u32,
    pub speed: f32,
    /// 0 frames per second, 1 frames per game frame.
    pub speed_type: u32,
    pub length: f32,
    pub origin: [i32; 2],
    pub volume: f32,
    /// 2024.13 and later.
    pub size: [f32; 2],
    pub broadcast_messages: Vec<Keyframe<Broadcast>>,
    pub tracks: Vec<Track>,
    pub function_ids: Vec<FunctionId>,
    pub moments: Vec<Keyframe<MomentEvent>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FunctionId {
    pub key: i32,
    pub name: Option<StrId>,
}

/// A sequence a sprite embeds: a version word, then the sequence.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Embedded {
    pub version: u32,
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
