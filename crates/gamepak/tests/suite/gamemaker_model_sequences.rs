//! SEQN and ACRV in the model: sequences with a track of every kind (nested, with
//! owned curves), broadcast messages, function ids and moments, and animation curves
//! before and after 2.3.1's bezier handles, made in code, written and read back the
//! same: real and colour keys with a curve by id and one embedded, a group track
//! and a clip mask track, and 2024.14's text keys.

use crate::common;

use gamepak::fourcc::FourCC;
use gamepak::gamemaker::chunks::animation_curves::{
    AnimationCurve, AnimationCurves, Channel, Point,
};
use gamepak::gamemaker::chunks::sequence::keyframes::{
    AudioKey, Broadcast, ChannelValue, Curved, Interpolated, Keyframe, Keyframes, Moment, TextKey,
};
use gamepak::gamemaker::chunks::sequence::track::{OwnedCurve, Track, TrackKeyframes};
use gamepak::gamemaker::chunks::sequence::{FunctionId, Sequence, Sequences};
use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::names::Id;
use gamepak::gamemaker::sample::sample;
use gamepak::gamemaker::StrId;
use gamepak::gamemaker::Version;

const MODELS: [&str; 11] = [
    "GMAudioTrack",
    "GMInstanceTrack",
    "GMGraphicTrack",
    "GMSequenceTrack",
    "GMSpriteFramesTrack",
    "GMBoolTrack",
    "GMStringTrack",
    "GMColourTrack",
    "GMRealTrack",
    "GMTextTrack",
    "GMParticleTrack",
];

fn s(i: usize) -> Option<StrId> {
    Some(StrId(i as u32))
}

fn key<T: Clone + Default>(value: T) -> Keyframe<T> {
    Keyframe {
        key: 2.0,
        length: 1.0,
        stretch: true,
        channels: vec![
            ChannelValue {
                id: 0,
                value: value.clone(),
            },
            ChannelValue { id: 1, value },
        ],
        ..Default::default()
    }
}

fn keys<T: Clone + Default>(value: T) -> Keyframes<T> {
    Keyframes {
        keyframes: vec![key(value)],
    }
}

fn curve(v: Version) -> AnimationCurve {
    let bezier = if v >= Version::V2_3_1 {
        [0.1, 0.2, 0.3, 0.4]
    } else {
        [0.0; 4]
    };
    AnimationCurve {
        name: s(12),
        graph_type: 1,
        channels: vec![Channel {
            name: s(13),
            curve_type: 2,
            iterations: 16,
            points: vec![
                Point {
                    x: 0.0,
                    y: 1.0,
                    bezier,
                },
                Point {
                    x: 1.0,
                    y: 0.0,
                    bezier,
                },
            ],
        }],
    }
}

/// The model names past [`MODELS`], after the other strings: tracks with no
/// keyframes of their own, and audio effects.
const GROUP: usize = 20;
const CLIP_MASK: usize = 21;
const AUDIO_EFFECT: usize = 22;

/// A value following an animation curve by id, and one following its own.
fn curved<T: Clone + Default>(value: T, v: Version) -> Keyframe<Curved<T>> {
    let embedded = AnimationCurve {
        name: None,
        ..curve(v)
    };
    Keyframe {
        channels: vec![
            ChannelValue {
                id: 0,
                value: Curved {
                    value: value.clone(),
                    curve: Id::new(0),
                    embedded: None,
                },
            },
            ChannelValue {
                id: 1,
                value: Curved {
                    value,
                    curve: Id::NONE,
                    embedded: Some(embedded),
                },
            },
        ],
        ..key(Curved::default())
    }
}

fn track(model: usize, v: Version) -> Track {
    let keyframes = match MODELS[model] {
        "GMAudioTrack" => TrackKeyframes::Audio(keys(AudioKey {
            sound: Id::new(0),
            reserved: 0,
            mode: 1,
        })),
        "GMInstanceTrack" => TrackKeyframes::Instance(keys(Id::new(0))),
        "GMGraphicTrack" => TrackKeyframes::Graphic(keys(Id::new(0))),
        "GMSequenceTrack" => TrackKeyframes::Sequence(keys(Id::new(0))),
        "GMSpriteFramesTrack" => TrackKeyframes::SpriteFrames(keys(3)),
        "GMBoolTrack" => TrackKeyframes::Bool(keys(true)),
        "GMStringTrack" => TrackKeyframes::String(keys(s(14))),
        "GMColourTrack" => TrackKeyframes::Colour(Interpolated {
            interpolation: 1,
            keyframes: vec![curved(0xff00_00ff, v)],
        }),
        "GMRealTrack" => TrackKeyframes::Real(Interpolated {
            interpolation: 0,
            keyframes: vec![curved(0.5, v)],
        }),
        "GMTextTrack" => TrackKeyframes::Text(keys(TextKey {
            text: s(14),
            wrap: true,
            alignment: 0x0102,
            font: Id::new(0),
            ..text_key_of(v)
        })),
        _ => TrackKeyframes::Particle(keys(Id::new(0))),
    };
    Track {
        model: s(model),
        name: s(11),
        flags: 1,
        tags: vec![3, 4],
        owned: vec![OwnedCurve {
            kind: s(15),
            curve: curve(v),
        }],
        keyframes,
        ..Default::default()
    }
}

/// A text key's fields of 2024.14, set where the layout holds them.
fn text_key_of(v: Version) -> TextKey {
    let newer = v >= Version::V2024_14;
    TextKey {
        wrap_mode: i32::from(newer),
        origin_preset: if newer { 9 } else { 0 },
        ..Default::default()
    }
}

/// A track of no keyframes of its own (`keyframes`), or of audio effect keys.
fn other_track(model: usize, keyframes: TrackKeyframes, tracks: Vec<Track>) -> Track {
    Track {
        model: s(model),
        name: s(11),
        tracks,
        keyframes,
        ..Default::default()
    }
}

fn sequence(v: Version) -> Sequence {
    let mut all: Vec<Track> = (0..MODELS.len()).map(|m| track(m, v)).collect();
    let effect = TrackKeyframes::AudioEffect(Interpolated {
        interpolation: 1,
        keyframes: vec![curved(0.25, v)],
    });
    all.push(other_track(AUDIO_EFFECT, effect, Vec::new()));
    let mask = vec![track(2, v), track(2, v)];
    all.push(other_track(CLIP_MASK, TrackKeyframes::ClipMask, mask));
    let group = other_track(GROUP, TrackKeyframes::Group, all);
    Sequence {
        name: s(16),
        playback: 1,
        speed: 30.0,
        speed_type: 1,
        length: 60.0,
        origin: [8, 8],
        volume: 1.0,
        size: if v >= Version::V2024_13 {
            [320.0, 240.0]
        } else {
            [0.0; 2]
        },
        broadcast_messages: vec![key(Broadcast {
            messages: vec![s(17), s(18)],
        })],
        tracks: vec![group, track(4, v)],
        function_ids: vec![FunctionId {
            key: 1,
            name: s(19),
        }],
        moments: vec![
            key(Moment {
                events: vec![s(19), s(18)],
            }),
            key(Moment::default()),
        ],
    }
}

#[test]
fn sequences_and_curves_of_every_layout_round_trip() {
    let mut strings: Vec<String> = MODELS.map(String::from).to_vec();
    strings.extend(
        [
            "track",
            "curve",
            "x",
            "text",
            "GMAnimCurve",
            "seq",
            "msg_a",
            "msg_b",
            "on_moment",
            "GMGroupTrack",
            "GMClipMaskTrack",
            "GMAudioEffectTrack",
        ]
        .map(String::from),
    );
    for v in [
        Version::V2_3,
        Version::V2_3_1,
        Version::V2022_1,
        Version::V2024_13,
        Version::V2024_14,
    ] {
        let sequences = Sequences {
            version: 1,
            sequences: vec![Some(sequence(v)), None],
        };
        let curves = AnimationCurves {
            version: 1,
            curves: vec![Some(curve(v)), None],
        };
        let mut m = sample(
            v,
            strings.clone(),
            vec![
                (FourCC::SEQN, Body::Sequences(sequences)),
                (FourCC::ACRV, Body::AnimationCurves(curves)),
            ],
        );
        common::assert_sample_round_trips(&mut m);
    }
}

/// Tracks nested past any depth GameMaker writes are refused when read (the chunk is
/// kept as stored, with the reason), so a hostile file cannot exhaust the stack.
#[test]
fn tracks_nested_too_deep_keep_the_chunk_stored() {
    let mut strings: Vec<String> = MODELS.map(String::from).to_vec();
    strings.extend(["track", "curve", "x", "text", "GMAnimCurve", "seq"].map(String::from));
    let mut track = Track {
        model: s(5),
        name: s(11),
        keyframes: TrackKeyframes::Bool(Keyframes::default()),
        ..Default::default()
    };
    for _ in 0..100 {
        track = Track {
            tracks: vec![track.clone()],
            ..track.clone()
        };
    }
    let sequence = Sequence {
        name: s(16),
        tracks: vec![track],
        ..Default::default()
    };
    let sequences = Sequences {
        version: 1,
        sequences: vec![Some(sequence)],
    };
    let mut m = sample(
        Version::V2_3,
        strings,
        vec![(FourCC::SEQN, Body::Sequences(sequences))],
    );
    let bytes = m.write().unwrap();
    let mut back = gamepak::gamemaker::read(&bytes).unwrap();
    let why = back.stored().join("; ");
    assert!(
        why.contains("SEQN") && why.contains("nest more than 64"),
        "{why}"
    );
    assert!(back.write().unwrap() == bytes);
}
