//! A sequence track: its model name (the text that says its kind, such as
//! `GMSpriteFramesTrack`), its name, built-in name, flags, whether it is a creation
//! track, the counts of its tags, owned resources and sub-tracks, then the tags, the
//! owned resources (each the text `GMAnimCurve` and an animation curve), the
//! sub-tracks inline, and the keyframes of its kind.

use serde::{Deserialize, Serialize};

use super::keyframes::{
    AudioKey, Interpolated, Keyframes, ObjectKey, ParticleKey, SequenceKey, SpriteKey, TextKey,
};
use crate::error::Result;
use crate::formats::gamemaker::model::chunks::animation_curves::AnimationCurve;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Track {
    pub model: Option<StrId>,
    pub name: Option<StrId>,
    pub builtin_name: i32,
    pub flags: i32,
    pub creation_track: bool,
    pub tags: Vec<i32>,
    pub owned: Vec<OwnedCurve>,
    pub tracks: Vec<Track>,
    pub keyframes: TrackKeyframes,
}

/// An animation curve a track owns, after the text that names its kind.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OwnedCurve {
    pub kind: Option<StrId>,
    pub curve: AnimationCurve,
}

/// A track's keyframes, by the kind its model name gives.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrackKeyframes {
    /// Before the model name is read.
    #[default]
    None,
    Audio(Keyframes<AudioKey>),
    Instance(Keyframes<ObjectKey>),
    Graphic(Keyframes<SpriteKey>),
    Sequence(Keyframes<SequenceKey>),
    SpriteFrames(Keyframes<i32>),
    Bool(Keyframes<bool>),
    String(Keyframes<Option<StrId>>),
    Colour(Interpolated),
    Real(Interpolated),
    Text(Keyframes<TextKey>),
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
            TrackKeyframes::None => Ok(()),
            TrackKeyframes::Audio(k) => w.record(k),
            TrackKeyframes::Instance(k) => w.record(k),
            TrackKeyframes::Graphic(k) => w.record(k),
            TrackKeyframes::Sequence(k) => w.record(k),
            TrackKeyframes::SpriteFrames(k) => w.record(k),
            TrackKeyframes::Bool(k) => w.record(k),
            TrackKeyframes::String(k) => w.record(k),
            TrackKeyframes::Colour(k) | TrackKeyframes::Real(k) => w.record(k),
            TrackKeyframes::Text(k) => w.record(k),
            TrackKeyframes::Particle(k) => w.record(k),
        }
    }
}
