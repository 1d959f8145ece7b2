//! ROOM in the model: rooms with every list and every kind of layer, made in code in
//! each release whose layout differs, written and read back the same. The real games
//! cover the layouts they hold (see gamemaker_model.rs); these cover the rest, such
//! as the compressed tile maps of 2024.2 and later, which no real game at hand has.

use crate::common;

use gamepak::fourcc::FourCC;
use gamepak::gamemaker::chunks::room::assets::{
    Assets, ParticleSystemInstance, SequenceInstance, SpriteInstance, TextItem,
};
use gamepak::gamemaker::chunks::room::layers::{
    BackgroundLayer, Effect, Layer, LayerData, LayerEffect, Property, TileLayer,
};
use gamepak::gamemaker::chunks::room::tile_data::TileData;
use gamepak::gamemaker::chunks::room::{Instance, Room, RoomBackground, Rooms, Tile, View};
use gamepak::gamemaker::chunks::sequence::Sequence;
use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::names::Id;
use gamepak::gamemaker::sample::sample;
use gamepak::gamemaker::StrId;
use gamepak::gamemaker::Version;

fn s(i: u32) -> Option<StrId> {
    Some(StrId(i))
}

/// A map with long repeats (past 128), short ones, a verbatim stretch past 127 and
/// two different tiles at the end, so every kind of run and the trailing empty run
/// are written.
fn tile_map() -> TileData {
    let mut tiles = vec![7; 300];
    tiles.extend((0..200).map(|i| i * 3));
    tiles.extend([1, 1, 2, 9]);
    TileData {
        width: 504,
        height: 1,
        tiles: tiles.into_iter().collect(),
    }
}

fn layers(v: Version) -> Vec<Option<Layer>> {
    let effect_fields = v >= Version::V2022_1;
    let layer = |id: u32, data| Layer {
        name: s(1),
        id,
        depth: 100 * id as i32,
        offset: [1.5, 2.0],
        speed: [0.0, 0.25],
        visible: true,
        effect: effect_fields.then(|| LayerEffect {
            enabled: true,
            effect: Effect {
                kind: s(2),
                properties: vec![Property {
                    kind: 1,
                    name: s(3),
                    value: s(4),
                }],
            },
        }),
        data,
    };
    let placed = gamepak::gamemaker::chunks::room::assets::Placed {
        x: 3,
        y: 4,
        scale: [1.0, 2.0],
        colour: 0xffff_ffff,
    };
    let sprite = SpriteInstance {
        name: s(5),
        sprite: Id::new(0),
        placed: placed.clone(),
        rotation: 90.0,
        ..Default::default()
    };
    let newer = v >= Version::V2_3;
    let assets = Assets {
        tiles: vec![
            Some(Tile {
                x: 1,
                asset: 0,
                size: [16, 16],
                ..Default::default()
            }),
            None,
        ],
        sprites: vec![Some(sprite.clone())],
        sequences: if newer {
            vec![Some(SequenceInstance {
                name: s(6),
                sequence: Id::new(0),
                placed: placed.clone(),
                ..Default::default()
            })]
        } else {
            Vec::new()
        },
        nine_slices: if newer && v < Version::V2_3_2 {
            vec![Some(sprite)]
        } else {
            Vec::new()
        },
        particle_systems: if v >= Version::V2023_2 {
            vec![Some(ParticleSystemInstance {
                name: s(7),
                instance_id: if v >= Version::V2024_14 { 8_388_608 } else { 0 },
                system: Id::new(0),
                placed,
                rotation: 1.0,
            })]
        } else {
            Vec::new()
        },
        text_items: if v >= Version::V2024_6 {
            vec![Some(TextItem {
                name: s(8),
                font: Id::new(0),
                text: s(9),
                wrap: true,
                paragraph_spacing: if v >= Version::V2024_14 { 2.0 } else { 0.0 },
                origin_preset: if v >= Version::V2024_14 { 4 } else { 0 },
                ..Default::default()
            })]
        } else {
            Vec::new()
        },
    };
    let effect_layer = if effect_fields {
        LayerData::Effect(None)
    } else {
        LayerData::Effect(Some(Effect {
            kind: s(2),
            properties: Vec::new(),
        }))
    };
    vec![
        Some(layer(
            1,
            LayerData::Background(BackgroundLayer {
                visible: true,
                sprite: Id::new(0),
                tiled: [true, false],
                colour: 0xff00_00ff,
                ..Default::default()
            }),
        )),
        Some(layer(2, LayerData::Instances(vec![100001, 100002]))),
        None,
        Some(layer(
            3,
            LayerData::Tiles(TileLayer {
                tileset: Id::new(0),
                tiles: tile_map(),
            }),
        )),
        Some(layer(4, LayerData::Assets(assets))),
        Some(layer(5, effect_layer)),
        Some(layer(6, LayerData::Path)),
    ]
}

fn room(v: Version) -> Room {
    let gms2 = v >= Version::GMS2;
    Room {
        name: s(0),
        caption: s(1),
        width: 640,
        height: 480,
        speed: 60,
        background_colour: 0x0040_4040,
        creation_code: Id::new(0),
        backgrounds: vec![Some(RoomBackground {
            enabled: true,
            background: Id::new(0),
            speed: [1, -1],
            ..Default::default()
        })],
        views: vec![
            Some(View {
                enabled: true,
                view: [0, 0, 640, 480],
                port: [0, 0, 640, 480],
                object: Id::new(0),
                ..Default::default()
            }),
            None,
        ],
        instances: vec![Some(Instance {
            x: 32,
            y: 48,
            object: Id::new(0),
            id: 100001,
            scale: [1.0, 1.0],
            image_speed: if v >= Version::V2_2_2_302 { 1.0 } else { 0.0 },
            colour: 0xffff_ffff,
            pre_create_code: Id::new(1),
            ..Default::default()
        })],
        tiles: if gms2 {
            Vec::new()
        } else {
            vec![Some(Tile {
                x: 8,
                y: 8,
                size: [16, 16],
                id: 10000001,
                ..Default::default()
            })]
        },
        creation_order: if v >= Version::V2024_13 {
            vec![100001]
        } else {
            Vec::new()
        },
        bounds: [0, 0, 1024, 768],
        gravity: [0.0, 10.0],
        metres_per_pixel: 0.1,
        layers: if gms2 { layers(v) } else { Vec::new() },
        sequences: if v >= Version::V2_3 {
            vec![
                Some(Sequence {
                    name: s(3),
                    length: 10.0,
                    ..Default::default()
                }),
                None,
            ]
        } else {
            Vec::new()
        },
        ..Default::default()
    }
}

#[test]
fn rooms_of_every_layout_round_trip() {
    let strings: Vec<String> = (0..10).map(|i| format!("text {i}")).collect();
    for v in [
        Version::new(1, 0, 0, 0),
        Version::GMS2,
        Version::V2_2_2_302,
        Version::V2_3,
        Version::V2_3_2,
        Version::V2022_1,
        Version::V2023_2,
        Version::V2024_2,
        Version::V2024_4,
        Version::V2024_6,
        Version::V2024_13,
        Version::V2024_14,
    ] {
        let rooms = Rooms {
            rooms: vec![
                Some(room(v)),
                None,
                Some(Room {
                    name: s(2),
                    ..room(v)
                }),
            ],
        };
        let mut m = sample(v, strings.clone(), vec![(FourCC::ROOM, Body::Rooms(rooms))]);
        common::assert_sample_round_trips(&mut m);
    }
}

/// A map of 1280 by 1020 tiles (a room of 20480 by 16320 pixels in 16-pixel tiles),
/// mostly empty as real maps are: a floor every 17 rows, a few tiles between.
fn big_map(seed: u32) -> TileData {
    let (width, height) = (1280u32, 1020u32);
    let tiles = (0..height)
        .flat_map(|row| {
            (0..width).map(
                move |col| match (row % 17, (col * 7 + row * 13 + seed) % 97) {
                    (16, _) => 3,
                    (_, 0) => 1 + (col % 5),
                    _ => u32::MAX,
                },
            )
        })
        .collect();
    TileData {
        width,
        height,
        tiles,
    }
}

/// A real 2024 game's tile layers grown to a million tiles each: the folder stays
/// within a few times the game, a map row a line, and packs back byte for byte.
#[test]
fn rooms_of_a_million_tiles_extract_compactly_and_pack_back() {
    let Some(dir) = common::fixture_dir("big tile maps", "gamemaker-more") else {
        return;
    };
    let data = std::fs::read(dir.join("BeastLegacy07_ichikage_TempleOfRebirth.win")).unwrap();
    let mut game = gamepak::gamemaker::Game::read(&data).unwrap();
    let rooms = game.get_mut::<Rooms>().unwrap();
    let mut grown = 0;
    for room in rooms.rooms.iter_mut().flatten() {
        for layer in room.layers.iter_mut().flatten() {
            if let LayerData::Tiles(t) = &mut layer.data {
                t.tiles = big_map(grown);
                grown += 1;
            }
        }
        room.width = room.width.max(20480);
        room.height = room.height.max(16320);
    }
    assert!(grown >= 3, "{grown} tile layers");
    let bytes = game.write().unwrap();

    let handler = gamepak::Format::GameMaker.handler().unwrap();
    let out = tempfile::tempdir().unwrap();
    let folder = out.path().join("game");
    handler
        .open(&bytes, &Default::default())
        .extract(&folder, &Default::default())
        .unwrap();
    let size: u64 = walk_sizes(&folder);
    assert!(
        size < 10 * bytes.len() as u64,
        "{size} bytes extracted from a {}-byte game",
        bytes.len()
    );
    let packed = gamepak::pack(&folder, &Default::default()).unwrap();
    assert!(packed.bytes == bytes, "the grown game packs back as it was");
}

/// The bytes of every file under `dir`.
fn walk_sizes(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            let m = e.metadata().unwrap();
            if m.is_dir() {
                walk_sizes(&e.path())
            } else {
                m.len()
            }
        })
        .sum()
}
