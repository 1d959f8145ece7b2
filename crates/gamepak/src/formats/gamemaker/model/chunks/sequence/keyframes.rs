//! Keyframes: a key (the frame it starts at), a length, stretch and disabled flags,
//! then channels inline, each an id and a value whose layout the track's kind
//! fixes. A track's keyframes start on a 4-byte boundary; colour and real tracks
//! have an interpolation mode before theirs.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::{
    Font, Id, Object, ParticleSystem, Sequence, Sound, Sprite,
};
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// A keyframe: a value per channel, from a frame and for a length.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Keyframe<T> {
    /// The frame the keyframe starts at.
    pub key: f32,
    /// How many frames it lasts.
    pub length: f32,
    /// GameMaker's stretch flag for the keyframe; what the runner does with it is not
    /// established.
    pub stretch: bool,
    /// Whether the keyframe is switched off, so playback passes over it.
    pub disabled: bool,
    /// Its values, one per channel: one for a 1-D property such as rotation, two for
    /// position or scale.
    pub channels: Vec<ChannelValue<T>>,
}

/// A keyframe's value on one channel.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ChannelValue<T> {
    /// The channel's number, counting from 0.
    pub id: i32,
    /// The value.
    pub value: T,
}

/// A track's keyframes: on a 4-byte boundary, a count and the keyframes.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Keyframes<T> {
    /// The keyframes, in the order GameMaker lists them.
    pub keyframes: Vec<Keyframe<T>>,
}

/// A colour or real track's keyframes: an interpolation mode first.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Interpolated {
    /// 0 none, 1 linear.
    pub interpolation: u32,
    /// The keyframes, each channel a real.
    pub keyframes: Vec<Keyframe<f32>>,
}

/// A broadcast keyframe's messages.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Broadcast {
    /// The messages sent; an object's Broadcast Message event receives them.
    pub messages: Vec<Option<StrId>>,
}

/// A moment's event: the count GameMaker stores, and the event's name when it is
/// more than 0.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct MomentEvent {
    /// The count GameMaker stores before the event's name.
    pub count: i32,
    /// The event's name, present when [`MomentEvent::count`] is more than 0.
    pub event: Option<StrId>,
}

/// An audio track's keyframe value: a sound and how it plays.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AudioKey {
    /// The sound played.
    pub sound: Id<Sound>,
    /// 0 plays it once, 1 loops it.
    pub mode: i32,
}

/// A text track's keyframe value.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TextKey {
    /// The text shown.
    pub text: Option<StrId>,
    /// Whether lines wrap.
    pub wrap: bool,
    /// Vertical alignment in bits 8 to 15, horizontal in 0 to 7.
    pub alignment: i32,
    /// The font the text is drawn in.
    pub font: Id<Font>,
}

impl<'a, T: Record<'a>> Record<'a> for Keyframe<T> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.f32(&mut self.key)?;
        w.f32(&mut self.length)?;
        w.bool(&mut self.stretch)?;
        w.bool(&mut self.disabled)?;
        w.list("channel", &mut self.channels, 8)
    }
}

impl<'a, T: Record<'a>> Record<'a> for ChannelValue<T> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.id)?;
        w.record(&mut self.value)
    }
}

impl<'a, T: Record<'a>> Record<'a> for Keyframes<T> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pad(4)?;
        w.list("keyframe", &mut self.keyframes, 20)
    }
}

impl<'a> Record<'a> for Interpolated {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pad(4)?;
        w.u32(&mut self.interpolation)?;
        w.list("keyframe", &mut self.keyframes, 20)
    }
}

impl<'a> Record<'a> for f32 {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.f32(self)
    }
}

impl<'a> Record<'a> for bool {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.bool(self)
    }
}

impl<'a> Record<'a> for Broadcast {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.list("message", &mut self.messages, 4)
    }
}

impl<'a> Record<'a> for MomentEvent {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.count)?;
        if self.count > 0 {
            w.string(&mut self.event)?;
        }
        Ok(())
    }
}

impl<'a> Record<'a> for AudioKey {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.record(&mut self.sound)?;
        w.i32(&mut self.mode)
    }
}

impl<'a> Record<'a> for TextKey {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.text)?;
        w.bool(&mut self.wrap)?;
        w.i32(&mut self.alignment)?;
        w.record(&mut self.font)
    }
}

/// Keyframe values that are a resource id.
pub type SpriteKey = Id<Sprite>;
/// An instance track's keyframe value: the object whose instance the sequence makes.
pub type ObjectKey = Id<Object>;
/// A sequence track's keyframe value: the sequence played inside this one.
pub type SequenceKey = Id<Sequence>;
/// A particle track's keyframe value: the particle system run.
pub type ParticleKey = Id<ParticleSystem>;
