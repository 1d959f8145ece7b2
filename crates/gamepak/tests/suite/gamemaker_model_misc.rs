//! OPTN, EXTN, TAGS, FEAT and FEDS in the model, made in code in each layout that
//! differs (both OPTN layouts, extensions before and after 2022.6 and 2023.4), with
//! content no real game at hand has, written and read back the same.

use crate::common;

use gamepak::fourcc::FourCC;
use gamepak::gamemaker::chunks::extensions::{
    Extension, ExtensionFile, ExtensionFunction, ExtensionOption, Extensions,
};
use gamepak::gamemaker::chunks::features::Features;
use gamepak::gamemaker::chunks::filter_effects::{FilterEffect, FilterEffects};
use gamepak::gamemaker::chunks::options::{Constant, Layout, Options};
use gamepak::gamemaker::chunks::tags::{AssetTags, Tags};
use gamepak::gamemaker::chunks::texture_items::{TextureItem, TextureItems};
use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::sample::sample;
use gamepak::gamemaker::Version;
use gamepak::gamemaker::{self, StrId, TpagId};

#[test]
fn options_extensions_tags_features_and_effects_round_trip() {
    let s = |i| Some(StrId(i));
    let strings: Vec<String> = (0..6).map(|i| format!("text {i}")).collect();
    for v in [
        Version::new(1, 0, 0, 0),
        Version::GMS2,
        Version::V2022_6,
        Version::V2022_8,
        Version::V2023_4,
    ] {
        let layout = if v >= Version::GMS2 {
            Layout::New {
                version: 2,
                flags: 0x1234,
                window_scale: 1,
                window_colour: 0,
                colour_depth: 0,
                resolution: 0,
                frequency: 60,
                vertex_sync: 1,
                priority: 0,
                load_alpha: 255,
            }
        } else {
            Layout::Old {
                before: (0..24).collect(),
                after: (100..108).collect(),
            }
        };
        let options = Options {
            layout,
            images: [Some(TpagId(0)), None, Some(TpagId(0))],
            constants: vec![Constant {
                name: s(1),
                value: s(2),
            }],
        };
        let function = ExtensionFunction {
            name: s(3),
            id: 7,
            kind: 11,
            return_type: 2,
            external_name: s(3),
            arguments: vec![1, 2, 2],
        };
        let file = ExtensionFile {
            name: s(4),
            kind: 1,
            functions: vec![Some(function), None],
            ..Default::default()
        };
        let extension = Extension {
            folder: s(5),
            name: s(4),
            version: if v >= Version::V2023_4 { s(1) } else { None },
            class_name: s(2),
            files: vec![Some(file)],
            options: if v >= Version::V2022_6 {
                vec![Some(ExtensionOption {
                    name: s(1),
                    value: s(2),
                    kind: 2,
                })]
            } else {
                Vec::new()
            },
        };
        let product_ids = vec![[9; 16]];
        let mut parts = vec![
            (FourCC::OPTN, Body::Options(options)),
            (
                FourCC::EXTN,
                Body::Extensions(Extensions {
                    extensions: vec![Some(extension)],
                    product_ids,
                }),
            ),
            (
                FourCC::TPAG,
                Body::TextureItems(TextureItems {
                    items: vec![Some(TextureItem::default())],
                }),
            ),
        ];
        if v >= Version::V2022_6 {
            let tags = Tags {
                version: 1,
                tags: vec![s(1), s(2)],
                assets: vec![
                    Some(AssetTags {
                        id: 3,
                        tags: vec![s(2)],
                    }),
                    None,
                ],
            };
            parts.push((FourCC::TAGS, Body::Tags(tags)));
            let effects = FilterEffects {
                version: 1,
                effects: vec![Some(FilterEffect {
                    name: s(3),
                    value: s(4),
                })],
            };
            parts.push((FourCC::FEDS, Body::FilterEffects(effects)));
        }
        if v >= Version::V2022_8 {
            parts.push((
                FourCC::FEAT,
                Body::Features(Features {
                    flags: vec![s(5), s(0)],
                }),
            ));
        }
        common::assert_sample_round_trips(&mut sample(v, strings.clone(), parts));
    }
}

#[test]
fn shaders_with_every_blob_round_trip() {
    use gamepak::gamemaker::chunks::shaders::{Shader, Shaders};
    use std::borrow::Cow;
    let strings: Vec<String> = (0..4).map(|i| format!("source {i}")).collect();
    for version in [1, 2] {
        let blob = |n: usize| Some(Cow::Owned(vec![n as u8; 8 * n + 8]));
        let mut blobs: [Option<Cow<'static, [u8]>>; 8] = std::array::from_fn(|k| blob(k + 1));
        if version < 2 {
            blobs[6] = None;
            blobs[7] = None;
        }
        blobs[3] = None;
        let shader = Shader {
            name: Some(StrId(1)),
            kind: 0x8000_0001,
            sources: [1, 2, 3, 1, 2, 3].map(|i| Some(StrId(i))),
            attributes: vec![Some(StrId(2)), Some(StrId(3))],
            version,
            blobs,
        };
        let shaders = Shaders {
            shaders: vec![Some(shader.clone()), None, Some(shader)],
        };
        let mut m = sample(
            Version::V2_3,
            strings.clone(),
            vec![(FourCC::SHDR, Body::Shaders(shaders))],
        );
        common::assert_sample_round_trips(&mut m);
        if version == 2 {
            a_length_stated_for_an_absent_blob_keeps_the_chunk_as_stored(&mut m);
        }
    }
}

/// A length stated for a blob with no pointer (here the absent fourth blob) cannot be
/// written back from the model, so the chunk is kept as stored and the file still
/// writes back exactly (found by fuzzing gamemaker_model).
fn a_length_stated_for_an_absent_blob_keeps_the_chunk_as_stored(m: &mut gamemaker::Game<'_>) {
    let mut bytes = m.write().unwrap();
    let first = gamemaker::Game::read(&bytes)
        .unwrap()
        .place_in(FourCC::SHDR, 0);
    // Name, kind, six sources, two blob pointers, two attributes with their count,
    // the version, then each later blob's pointer and length: the fourth's length.
    let at = first.unwrap() as usize + 68;
    assert_eq!(
        bytes[at..at + 4],
        [0; 4],
        "the absent blob states no length"
    );
    bytes[at] = 0x20;
    let mut again = gamemaker::Game::read(&bytes).unwrap();
    let shdr = again
        .chunks
        .iter()
        .find(|p| p.name == FourCC::SHDR)
        .unwrap();
    let Body::Stored { why: Some(why), .. } = &shdr.body else {
        panic!("SHDR read as a model: {:?}", shdr.body)
    };
    assert!(why.message.contains("with no pointer"), "{}", why.message);
    assert_eq!(again.write().unwrap(), bytes);
}

#[test]
fn particle_emitters_and_systems_of_every_layout_round_trip() {
    use gamepak::gamemaker::chunks::particles::{Emitter, Emitters, System, Systems};
    use gamepak::gamemaker::names::Id;
    let strings: Vec<String> = ["game", "emitter", "system"].map(String::from).to_vec();
    for v in [
        Version::V2023_2,
        Version::V2023_4,
        Version::V2023_6,
        Version::V2023_8,
    ] {
        let newer = v >= Version::V2023_8;
        let emitter = Emitter {
            name: Some(StrId(1)),
            enabled: v >= Version::V2023_6,
            mode: 1,
            count: if newer { 3.0f32.to_bits() } else { 3 },
            timing: if newer { [0, 1, 2, 1, 3, 4, 1] } else { [0; 7] },
            region: [1.0, 2.0, 3.0, 4.0, 5.0],
            sprite: Id::new(0),
            flags: if v >= Version::V2023_4 {
                [true, false, true]
            } else {
                [false; 3]
            },
            colours: [1, 2, 3],
            size: if newer {
                [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
            } else {
                [1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0]
            },
            motion: [0.5; 14],
            spawn_on_death: Id::new(0),
            spawn_on_death_count: 2,
            ..Default::default()
        };
        let system = System {
            name: Some(StrId(2)),
            origin: [4, 5],
            draw_order: 1,
            global_space: newer,
            emitters: vec![Id::new(0)],
        };
        let parts = vec![
            (
                FourCC::PSEM,
                Body::Emitters(Emitters {
                    version: 1,
                    emitters: vec![Some(emitter)],
                }),
            ),
            (
                FourCC::PSYS,
                Body::Systems(Systems {
                    version: 1,
                    systems: vec![Some(system), None],
                }),
            ),
        ];
        common::assert_sample_round_trips(&mut sample(v, strings.clone(), parts));
    }
}
