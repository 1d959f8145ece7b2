//! BGND, FONT, EMBI, TGIN, TXTR and AUDO in the model, made in code in each layout
//! that differs (tile sets, the font fields each release added, texture group lists,
//! page entries of every size with blobs whose length is measured or stated, clips
//! with their padding), written and read back the same.

use crate::common;

use std::borrow::Cow;

use gamepak::fourcc::FourCC;
use gamepak::gamemaker::chunks::audio::Audio;
use gamepak::gamemaker::chunks::backgrounds::{Background, Backgrounds, TileSet};
use gamepak::gamemaker::chunks::embedded_images::{EmbeddedImage, EmbeddedImages};
use gamepak::gamemaker::chunks::fonts::{Font, Fonts, Glyph, Kerning};
use gamepak::gamemaker::chunks::texture_groups::{TextureGroup, TextureGroups};
use gamepak::gamemaker::chunks::texture_items::{TextureItem, TextureItems};
use gamepak::gamemaker::chunks::textures::{Page, Textures};
use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::names::Id;
use gamepak::gamemaker::sample::sample;
use gamepak::gamemaker::Version;
use gamepak::gamemaker::{StrId, TpagId};

/// The smallest blob a PNG reader measures: signature, IHDR and IEND.
fn png() -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
    for (kind, data) in [
        (&b"IHDR"[..], &[0u8, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0][..]),
        (b"IEND", &[]),
    ] {
        b.extend((data.len() as u32).to_be_bytes());
        b.extend(kind);
        b.extend(data);
        b.extend([0; 4]);
    }
    b
}

/// A QOI blob as GameMaker stores it: magic, size, data length, data.
fn qoi() -> Vec<u8> {
    let mut b = b"fioq".to_vec();
    b.extend([1, 0, 1, 0]);
    b.extend(5u32.to_le_bytes());
    b.extend([1, 2, 3, 4, 5]);
    b
}

fn parts(v: Version) -> Vec<(FourCC, Body<'static>)> {
    let s = |i| Some(StrId(i));
    let gms2 = v >= Version::GMS2;
    let tiles = gms2.then(|| TileSet {
        version: 2,
        tile_size: [16, 16],
        separation: if v >= Version::V2024_14_1 {
            [1, 1]
        } else {
            [0, 0]
        },
        border: [2, 2],
        columns: 4,
        frames_per_tile: 2,
        tile_count: 3,
        frame_length: 66666,
        tile_ids: (0..6).collect(),
        ..Default::default()
    });
    let background = Background {
        name: s(1),
        texture: Some(TpagId(0)),
        tiles,
        ..Default::default()
    };
    let backgrounds = |aligned| Backgrounds {
        aligned,
        backgrounds: vec![Some(background.clone()), None, Some(background.clone())],
    };
    let glyph = |c: u16| Glyph {
        character: c,
        rect: [c, 0, 8, 12],
        shift: 9,
        kerning: (0..c % 3)
            .map(|k| Kerning {
                other: 65 + k,
                amount: -1,
            })
            .collect(),
        ..Default::default()
    };
    let font = Font {
        name: s(2),
        display_name: s(3),
        size: 12,
        range_start: 32,
        range_end: 127,
        texture: Some(TpagId(1)),
        scale: [1.0, 1.0],
        ascender_offset: if v >= Version::V2_2_1 { 2 } else { 0 },
        ascender: if v >= Version::V2022_2 { 10 } else { 0 },
        sdf_spread: if v >= Version::V2023_2 { 8 } else { 0 },
        line_height: if v >= Version::V2023_6 { 14 } else { 0 },
        glyphs: vec![Some(glyph(65)), Some(glyph(66)), None, Some(glyph(67))],
        ..Default::default()
    };
    let table = if v >= Version::V2024_14 {
        Vec::new()
    } else {
        (0..512).map(|i| (i % 7) as u8).collect()
    };
    let fonts = Fonts {
        fonts: vec![Some(font), None],
        table,
    };
    let page = |blob: Vec<u8>| Page {
        scaled: 1,
        generated_mips: if v >= Version::V2_0_6 { 1 } else { 0 },
        size: if v >= Version::V2022_9 {
            [1, 1, 0]
        } else {
            [0; 3]
        },
        blob: Some(Cow::Owned(blob)),
    };
    let external = Page {
        blob: None,
        ..page(Vec::new())
    };
    let textures = Textures {
        pages: vec![Some(page(png())), Some(external), Some(page(qoi()))],
    };
    let items = TextureItems {
        items: vec![
            Some(TextureItem {
                source: [0, 0, 1, 1],
                bounds: [1, 1],
                ..Default::default()
            });
            2
        ],
    };
    let clips = Audio {
        clips: vec![
            Some(Cow::Owned(b"RIFF1".to_vec())),
            None,
            Some(Cow::Owned(b"OggS".to_vec())),
            Some(Cow::Owned(vec![7; 3])),
        ],
    };
    let mut out = vec![
        (FourCC::BGND, Body::Backgrounds(backgrounds(gms2))),
        (FourCC::FONT, Body::Fonts(fonts)),
        (FourCC::TPAG, Body::TextureItems(items)),
        (FourCC::TXTR, Body::Textures(textures)),
    ];
    if gms2 {
        let images = EmbeddedImages {
            version: 1,
            images: vec![EmbeddedImage {
                name: s(4),
                texture: Some(TpagId(1)),
            }],
        };
        out.insert(2, (FourCC::EMBI, Body::EmbeddedImages(images)));
    }
    if v >= Version::V2_2_1 {
        let group = TextureGroup {
            name: s(5),
            directory: if v >= Version::V2022_9 { s(6) } else { None },
            extension: if v >= Version::V2022_9 { s(7) } else { None },
            load_type: if v >= Version::V2022_9 { 1 } else { 0 },
            pages: vec![0, 2],
            sprites: vec![Id::new(0)],
            spine_sprites: if v >= Version::V2023_1 {
                Vec::new()
            } else {
                vec![Id::new(1)]
            },
            fonts: vec![Id::new(0)],
            tilesets: vec![Id::new(0), Id::new(1)],
        };
        let groups = TextureGroups {
            version: 1,
            groups: vec![Some(group), None],
        };
        out.insert(2, (FourCC::TGIN, Body::TextureGroups(groups)));
    }
    // AUDO comes last, as in every real game: no padding follows its last clip.
    out.push((FourCC::AUDO, Body::Audio(clips)));
    out
}

#[test]
fn graphics_and_audio_chunks_of_every_layout_round_trip() {
    let strings: Vec<String> = (0..8).map(|i| format!("name {i}")).collect();
    for v in [
        Version::new(1, 0, 0, 0),
        Version::GMS2,
        Version::V2_0_6,
        Version::V2_2_1,
        Version::V2022_2,
        Version::V2022_3,
        Version::V2022_9,
        Version::V2023_1,
        Version::LTS_2022_0_3,
        Version::V2023_6,
        Version::V2024_11,
        Version::V2024_14,
        Version::V2024_14_1,
    ] {
        let mut m = sample(v, strings.clone(), parts(v));
        common::assert_sample_round_trips(&mut m);
    }
}

/// LTS 2022.0.3 files hold FEAT and no PSEM, like mainline 2022.8 to 2023.1, but
/// their fonts hold a line height and no SDF spread: the font reads in that layout
/// and `info` names the branch.
#[test]
fn an_lts_font_reads_in_its_own_layout_and_info_names_the_branch() {
    let v = Version::LTS_2022_0_3;
    let strings: Vec<String> = (0..8).map(|i| format!("name {i}")).collect();
    let mut m = sample(v, strings, parts(v));
    let bytes = gamepak::gamemaker::write(&mut m).unwrap();
    let back = gamepak::gamemaker::read(&bytes).unwrap();
    let font = back.chunks.iter().find(|p| p.name == FourCC::FONT).unwrap();
    assert!(matches!(font.body, Body::Fonts(_)), "{:?}", font.body);
    assert!(font.version >= v && font.version < Version::V2023_2);
    let handler = gamepak::Format::GameMaker.handler().unwrap();
    let text = handler
        .open(&bytes, &Default::default())
        .info()
        .unwrap()
        .value
        .to_string();
    assert!(
        text.contains("LTS 2022.0.3 or a later LTS 2022.0 release"),
        "{text}"
    );
    assert!(
        text.contains("FONT reads in LTS 2022.0.3's layout"),
        "{text}"
    );
}
