//! Keyframes: a key (the frame it starts at), a length, stretch and disabled flags,
//! then channels inline, each an id and a value whose layout the track's kind
//! fixes. A track's keyframes start on a 4-byte boundary; colour, real and audio
//! effect tracks have an interpolation mode before theirs, and each of their values
//! is followed by the curve it follows: a flag, then either an animation curve's id
//! or -1 and a curve embedded without a name. An audio key holds a zero word
//! between its sound and its mode; a text key gains its wrap mode and origin preset
//! in 2024.14. A moment, like a broadcast, holds a list of texts.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::chunks::animation_curves::AnimationCurve;
use crate::formats::gamemaker::model::names::{
    self, Font, Id, Object, ParticleSystem, Sequence, Sound, Sprite,
};
use crate::formats::gamemaker::model::version::Version;
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

/// A colour, real or audio effect track's keyframes: an interpolation mode first.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Interpolated<T> {
    /// 0 none, 1 linear.
    pub interpolation: u32,
    /// The keyframes, each channel a value and its curve.
    pub keyframes: Vec<Keyframe<Curved<T>>>,
}

/// An interpolated channel's value, and the curve it follows to the next key.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Curved<T> {
    /// The value: a real, or a colour as 0xAABBGGRR.
    pub value: T,
    /// The animation curve followed; -1 for none, and when the curve is embedded.
    pub curve: Id<names::AnimationCurve>,
    /// A curve of the keyframe's own, which GameMaker stores without a name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embedded: Option<AnimationCurve>,
}

/// A broadcast keyframe's messages.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Broadcast {
    /// The messages sent; an object's Broadcast Message event receives them.
    pub messages: Vec<Option<StrId>>,
}

/// A moment keyframe's events: the names of the functions run.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Moment {
    /// The functions' names, as [`super::Sequence::function_ids`] lists them.
    pub events: Vec<Option<StrId>>,
}

/// An audio track's keyframe value: a sound and how it plays.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AudioKey {
    /// The sound played.
    pub sound: Id<Sound>,
    /// The word GameMaker writes between the sound and the mode, 0 in every file
    /// seen.
    pub reserved: u32,
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
    /// How lines wrap: 0 at word ends, 1 splitting words. 2024.14 and later.
    pub wrap_mode: i32,
    /// Where the origin sits: 0 top left to 8 bottom right, 9 custom. 2024.14 and
    /// later.
    pub origin_preset: i32,
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

impl<'a, T: Record<'a>> Record<'a> for Interpolated<T> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pad(4)?;
        w.u32(&mut self.interpolation)?;
        w.list("keyframe", &mut self.keyframes, 20)
    }
}

impl<'a, T: Record<'a>> Record<'a> for Curved<T> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.record(&mut self.value)?;
        let mut embedded = self.embedded.is_some();
        w.bool(&mut embedded)?;
        w.record(&mut self.curve)?;
        if embedded {
            let curve = self.embedded.get_or_insert_with(AnimationCurve::default);
            curve.walk_unnamed(w)?;
        }
        Ok(())
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

impl<'a> Record<'a> for Moment {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.list("event", &mut self.events, 4)
    }
}

impl<'a> Record<'a> for AudioKey {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.record(&mut self.sound)?;
        w.u32(&mut self.reserved)?;
        w.i32(&mut self.mode)
    }
}

impl<'a> Record<'a> for TextKey {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.text)?;
        w.bool(&mut self.wrap)?;
        w.i32(&mut self.alignment)?;
        w.record(&mut self.font)?;
        if w.since(Version::V2024_14) {
            w.i32(&mut self.wrap_mode)?;
            w.i32(&mut self.origin_preset)?;
        }
        Ok(())
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
