//! A sequence track: its model name (the text that says its kind, such as
//! `GMSpriteFramesTrack`), its name, built-in name, flags, whether it is a creation
//! track, the counts of its tags, owned resources and sub-tracks, then the tags, the
//! owned resources (each the text `GMAnimCurve` and an animation curve), the
//! sub-tracks inline, and the keyframes of its kind. A group or clip mask track
//! has no keyframes: its sub-tracks are what it holds.

use serde::{Deserialize, Serialize};

use super::keyframes::{
    AudioKey, Interpolated, Keyframes, ObjectKey, ParticleKey, SequenceKey, SpriteKey, TextKey,
};
use crate::error::Result;
use crate::formats::gamemaker::model::chunks::animation_curves::AnimationCurve;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// A track of a sequence: what it animates, its sub-tracks and its keyframes.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Track {
    /// The track's model name, which gives its kind (`GMSpriteFramesTrack`,
    /// `GMRealTrack`, ...) and so [`Track::keyframes`].
    pub model: Option<StrId>,
    /// The track's name: the property or asset it animates, or a name given in the
    /// editor.
    pub name: Option<StrId>,
    /// The built-in property the track animates, 0 for none: 5 gain, 6 pitch, 7 falloff,
    /// 8 rotation, 9 additive blend, 10 image blend, 12 mask, 13 subject, 14 position,
    /// 15 scale, 16 origin, 17 image speed, 18 image index, 20 frame size, 21 character
    /// spacing, 22 line spacing, 23 paragraph spacing.
    pub builtin_name: i32,
    /// Trait flags: bit 0 makes the sub-tracks ignore the track's origin.
    pub flags: i32,
    /// Whether GameMaker marks the track as a creation track; what the runner does with
    /// it is not established.
    pub creation_track: bool,
    /// Tag numbers GameMaker stores with the track.
    pub tags: Vec<i32>,
    /// Animation curves embedded in the track.
    pub owned: Vec<OwnedCurve>,
    /// Sub-tracks, such as the position and scale tracks of an asset track.
    pub tracks: Vec<Track>,
    /// The keyframes, of the kind [`Track::model`] names.
    pub keyframes: TrackKeyframes,
}

/// An animation curve a track owns, after the text that names its kind.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OwnedCurve {
    /// The text naming the resource's kind: `GMAnimCurve`.
    pub kind: Option<StrId>,
    /// The curve.
    pub curve: AnimationCurve,
}

/// A track's keyframes, by the kind its model name gives.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrackKeyframes {
    /// Before the model name is read.
    #[default]
    None,
    /// `GMAudioTrack`: sounds played.
    Audio(Keyframes<AudioKey>),
    /// `GMInstanceTrack`: instances of objects made while the sequence plays.
    Instance(Keyframes<ObjectKey>),
    /// `GMGraphicTrack`: sprites drawn.
    Graphic(Keyframes<SpriteKey>),
    /// `GMSequenceTrack`: sequences played inside this one.
    Sequence(Keyframes<SequenceKey>),
    /// `GMSpriteFramesTrack`: the frame (image index) shown at each key.
    SpriteFrames(Keyframes<i32>),
    /// `GMBoolTrack`: a true or false property at each key.
    Bool(Keyframes<bool>),
    /// `GMStringTrack`: a text property at each key.
    String(Keyframes<Option<StrId>>),
    /// `GMColourTrack`: a colour property, interpolated between keys or not.
    Colour(Interpolated<u32>),
    /// `GMRealTrack`: a numeric property such as rotation, interpolated between keys or
    /// not.
    Real(Interpolated<f32>),
    /// `GMAudioEffectTrack`: an audio effect's parameter, interpolated between keys or
    /// not.
    AudioEffect(Interpolated<f32>),
    /// `GMGroupTrack`: a folder of tracks, with no keyframes of its own.
    Group,
    /// `GMClipMaskTrack`: a clip mask, whose sub-tracks give its mask and subject; no
    /// keyframes of its own.
    ClipMask,
    /// `GMTextTrack`: text drawn.
    Text(Keyframes<TextKey>),
    /// `GMParticleTrack`: particle systems run.
    Particle(Keyframes<ParticleKey>),
}

impl TrackKeyframes {
    /// The empty keyframes of the track whose model name is `model`.
    fn of_model(model: &str) -> Option<Self> {
        Some(match model {
            "GMAudioTrack" => TrackKeyframes::Audio(Keyframes::default()),
            "GMInstanceTrack" => TrackKeyframes::Instance(Keyframes::default()),
            "GMGraphicTrack" => TrackKeyframes::Graphic(Keyframes::default()),
            "GMSequenceTrack" => TrackKeyframes::Sequence(Keyframes::default()),
            "GMSpriteFramesTrack" => TrackKeyframes::SpriteFrames(Keyframes::default()),
            "GMBoolTrack" => TrackKeyframes::Bool(Keyframes::default()),
            "GMStringTrack" => TrackKeyframes::String(Keyframes::default()),
            "GMColourTrack" => TrackKeyframes::Colour(Interpolated::default()),
            "GMRealTrack" => TrackKeyframes::Real(Interpolated::default()),
            "GMAudioEffectTrack" => TrackKeyframes::AudioEffect(Interpolated::default()),
            "GMGroupTrack" => TrackKeyframes::Group,
            "GMClipMaskTrack" => TrackKeyframes::ClipMask,
            "GMTextTrack" => TrackKeyframes::Text(Keyframes::default()),
            "GMParticleTrack" => TrackKeyframes::Particle(Keyframes::default()),
            _ => return None,
        })
    }
}

/// How deep tracks may nest: sequences made in GameMaker nest a few levels, and a
/// file that nests deeper would only exhaust the stack.
const MAX_DEPTH: usize = 64;

impl<'a> Record<'a> for Track {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let at = w.offset();
        if w.depth() > MAX_DEPTH {
            return Err(w.invalid(at, format!("tracks nest more than {MAX_DEPTH} deep")));
        }
        w.string(&mut self.model)?;
        if w.reading() {
            let model = self.model.and_then(|m| w.text_of(m)).unwrap_or_default();
            self.keyframes = TrackKeyframes::of_model(&model).ok_or_else(|| {
                w.unlike_gamemaker(
                    at,
                    format!("a track of model {model:?}, which is not modelled"),
                )
            })?;
        }
        w.string(&mut self.name)?;
        w.i32(&mut self.builtin_name)?;
        w.i32(&mut self.flags)?;
        w.bool(&mut self.creation_track)?;
        let mut tags = self.tags.len();
        w.count(&mut tags, 4)?;
        let mut owned = self.owned.len();
        w.count(&mut owned, 16)?;
        let mut tracks = self.tracks.len();
        w.count(&mut tracks, 40)?;
        if w.reading() {
            self.tags = vec![0; tags];
            self.owned.resize_with(owned, OwnedCurve::default);
            self.tracks.resize_with(tracks, Track::default);
        }
        self.tags.iter_mut().try_for_each(|t| w.i32(t))?;
        for o in &mut self.owned {
            w.string(&mut o.kind)?;
            w.record(&mut o.curve)?;
        }
        for (i, t) in self.tracks.iter_mut().enumerate() {
            w.enter("track", Some(i));
            t.walk(w)?;
            w.leave();
        }
        match &mut self.keyframes {
            TrackKeyframes::None | TrackKeyframes::Group | TrackKeyframes::ClipMask => Ok(()),
            TrackKeyframes::Audio(k) => w.record(k),
            TrackKeyframes::Instance(k) => w.record(k),
            TrackKeyframes::Graphic(k) => w.record(k),
            TrackKeyframes::Sequence(k) => w.record(k),
            TrackKeyframes::SpriteFrames(k) => w.record(k),
            TrackKeyframes::Bool(k) => w.record(k),
            TrackKeyframes::String(k) => w.record(k),
            TrackKeyframes::Colour(k) => w.record(k),
            TrackKeyframes::Real(k) | TrackKeyframes::AudioEffect(k) => w.record(k),
            TrackKeyframes::Text(k) => w.record(k),
            TrackKeyframes::Particle(k) => w.record(k),
        }
    }
}
