//! SPRT in the model: sprites made in code in each layout (GameMaker Studio 1,
//! the GameMaker Studio 2 header of versions 1 and 3 with nine-slice data, and the
//! 2024.6 masks that cover the bounding box), written and read back the same.

use crate::common;

use gamepak::fourcc::FourCC;
use gamepak::gamemaker::chunks::sequence::{Embedded, Sequence};
use gamepak::gamemaker::chunks::sprites::{NineSlice, Special, Sprite, Sprites};
use gamepak::gamemaker::chunks::texture_items::{TextureItem, TextureItems};
use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::sample::sample;
use gamepak::gamemaker::Version;
use gamepak::gamemaker::{StrId, TpagId};

fn sprite(v: Version, special: Option<Special>) -> Sprite<'static> {
    // A 13x5 sprite whose bounding box is 9x3: masks of 2 bytes a row.
    let (mw, mh) = if v >= Version::V2024_6 {
        (9, 3)
    } else {
        (13, 5)
    };
    Sprite {
        name: Some(StrId(1)),
        width: 13,
        height: 5,
        margins: [2, 10, 3, 1],
        transparent: true,
        origin: [6, 2],
        special,
        frames: vec![Some(TpagId(0)), Some(TpagId(1)), None],
        masks: vec![std::borrow::Cow::Owned(vec![0xa5; (mw as usize).div_ceil(8) * mh]); 3],
        ..Default::default()
    }
}

#[test]
fn sprites_of_every_layout_round_trip() {
    let items = TextureItems {
        items: vec![
            Some(TextureItem {
                source: [0, 0, 13, 5],
                bounds: [13, 5],
                ..Default::default()
            });
            2
        ],
    };
    for v in [
        Version::new(1, 0, 0, 0),
        Version::GMS2,
        Version::V2_3_2,
        Version::V2024_6,
    ] {
        let gms2 = v >= Version::GMS2;
        let header = |version, nine: bool| Special {
            version,
            playback_speed: 15.0,
            nine_slice: nine.then_some(NineSlice {
                bounds: [1, 2, 3, 4],
                enabled: true,
                modes: [0, 1, 2, 0, 1],
            }),
            ..Default::default()
        };
        let mut sprites = vec![Some(sprite(v, None)), None];
        if gms2 {
            sprites.push(Some(sprite(v, Some(header(1, false)))));
            sprites.push(Some(sprite(v, Some(header(3, true)))));
            sprites.push(Some(sprite(v, Some(header(3, false)))));
            if v >= Version::V2_3 {
                let mut embeds = header(2, false);
                embeds.sequence = Some(Embedded {
                    version: 1,
                    sequence: Sequence {
                        name: Some(StrId(1)),
                        length: 4.0,
                        ..Default::default()
                    },
                });
                sprites.push(Some(sprite(v, Some(embeds))));
            }
        }
        let mut m = sample(
            v,
            vec!["game".into(), "spr_player".into()],
            vec![
                (FourCC::SPRT, Body::Sprites(Sprites { sprites })),
                (FourCC::TPAG, Body::TextureItems(items.clone())),
            ],
        );
        common::assert_sample_round_trips(&mut m);
    }
}
