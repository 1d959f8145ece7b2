//! OBJT and TMLN in the model: objects with physics shapes and events of several
//! types, and timelines with moments, made in code in each layout, written and read
//! back the same. No real game at hand has a timeline or a physics shape.

use crate::common;

use gamepak::fourcc::FourCC;
use gamepak::gamemaker::chunks::events::{Action, Event, Events};
use gamepak::gamemaker::chunks::objects::{Object, Objects, Physics};
use gamepak::gamemaker::chunks::timelines::{Moment, Timeline, Timelines};
use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::names::Id;
use gamepak::gamemaker::sample::sample;
use gamepak::gamemaker::StrId;
use gamepak::gamemaker::Version;

fn action(code: i32) -> Option<Action> {
    Some(Action {
        library: 1,
        id: 603,
        kind: 7,
        exe_type: 2,
        code: Id::new(code),
        argument_count: 1,
        who: -1,
        ..Default::default()
    })
}

fn object(v: Version) -> Object {
    let events = |subtypes: &[u32]| {
        Some(Events {
            events: subtypes
                .iter()
                .map(|&s| {
                    Some(Event {
                        subtype: s,
                        actions: vec![action(s as i32), None],
                    })
                })
                .collect(),
        })
    };
    Object {
        name: Some(StrId(1)),
        sprite: Id::new(0),
        visible: true,
        managed: v >= Version::V2022_5,
        depth: -10,
        parent: -100,
        physics: Physics {
            enabled: true,
            shape: 2,
            density: 0.5,
            vertices: vec![[0.0, 0.0], [16.0, 0.0], [8.0, 12.0]],
            ..Default::default()
        },
        events: vec![
            events(&[0]),
            Some(Events::default()),
            events(&[0, 1, 2]),
            None,
            events(&[3]),
        ],
        ..Default::default()
    }
}

#[test]
fn objects_and_timelines_round_trip() {
    let strings: Vec<String> = ["game", "obj_player", "tl_intro"]
        .map(String::from)
        .to_vec();
    for v in [
        Version::new(1, 0, 0, 0),
        Version::GMS2,
        Version::V2022_1,
        Version::V2022_5,
        Version::V2024_13,
    ] {
        let objects = Objects {
            objects: vec![Some(object(v)), None, Some(object(v))],
        };
        let timeline = Timeline {
            name: Some(StrId(2)),
            moments: vec![
                Moment {
                    time: 0,
                    actions: vec![action(0)],
                },
                Moment {
                    time: 30,
                    actions: Vec::new(),
                },
                Moment {
                    time: 60,
                    actions: vec![action(1), action(2)],
                },
            ],
        };
        let timelines = Timelines {
            timelines: vec![Some(timeline), None],
        };
        let mut m = sample(
            v,
            strings.clone(),
            vec![
                (FourCC::OBJT, Body::Objects(objects)),
                (FourCC::TMLN, Body::Timelines(timelines)),
            ],
        );
        common::assert_sample_round_trips(&mut m);
    }
}
