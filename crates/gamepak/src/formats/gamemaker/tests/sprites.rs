//! Sprites edited as pictures in the extracted folder, on real games of every era
//! (GameMaker: Studio 1, 2.0, 2.3, 2022, 2023, 2024): frames added, resized and
//! removed, and whole sprites added, packed into games that check clean and give
//! the same pictures back when extracted again.

use crate::common;

use std::path::{Path, PathBuf};

use common::folder::{extract, extracted_games, packed_clean, read_json, write_json};
use gamepak::codec::png::{self, Rgba};
use gamepak::formats::gamemaker::pictures::masks;
use gamepak::limits::Limits;
use serde_json::Value;

const ERAS: [&str; 6] = [
    "KappaTrooper.win",
    "AKKIO_Raarwmageddon.win",
    "gir4ff3_space-nugs.win",
    "P-Hansen_paramecium.win",
    "MistaCarson_Fall2024MiniJam.win",
    "VVoytec_Simple-Auto-Battler.unx",
];

pub(super) fn picture(path: &Path) -> Rgba {
    png::decode(&std::fs::read(path).unwrap(), "", &Limits::default())
        .unwrap()
        .into_parts()
        .0
}

pub(super) fn save(path: &Path, img: &Rgba) {
    std::fs::write(path, png::encode(img).unwrap()).unwrap();
}

/// A picture no game holds: a coloured block with a hole, transparent around it.
pub(super) fn drawn(w: u32, h: u32, seed: u8) -> Rgba {
    let mut img = Rgba::new(w, h);
    for y in 1..h.saturating_sub(1) {
        for x in 2..w.saturating_sub(1) {
            if (x + y) % 7 != 0 {
                img.put(x, y, [seed, 255 - seed, (x * 9) as u8, 255]);
            }
        }
    }
    img
}

/// Whether two pictures show the same: colour counts only where a pixel is seen.
pub(super) fn same_picture(a: &Rgba, b: &Rgba) -> bool {
    let seen = |p: [u8; 4]| if p[3] == 0 { [0; 4] } else { p };
    (a.width, a.height) == (b.width, b.height)
        && (0..a.height).all(|y| (0..a.width).all(|x| seen(a.get(x, y)) == seen(b.get(x, y))))
}

/// A new sprite folder `spr_added` in `out`, with its origin and frame pictures.
pub(super) fn add_sprite(out: &Path, origin: [i32; 2], pictures: &[Rgba]) {
    let folder = out.join("sprites/999-spr_added");
    std::fs::create_dir_all(&folder).unwrap();
    write_json(
        &folder.join("sprite.json"),
        &serde_json::json!({"name": "spr_added", "origin": origin}),
    );
    for (k, img) in pictures.iter().enumerate() {
        save(&folder.join(format!("{k:03}.png")), img);
    }
}

/// The folder of `spr_added` (see [`add_sprite`]) in the game extracted again into
/// `again`, holding `pictures` as its frames.
pub(super) fn assert_added_sprite(name: &str, again: &Path, pictures: &[Rgba]) -> PathBuf {
    let (found, n) = sprite_folders(again)
        .into_iter()
        .find(|(p, _)| p.to_string_lossy().ends_with("-spr_added"))
        .unwrap_or_else(|| panic!("{name}: no spr_added"));
    assert_eq!(n, pictures.len(), "{name}");
    for (k, img) in pictures.iter().enumerate() {
        let got = picture(&found.join(format!("{k:03}.png")));
        assert!(same_picture(&got, img), "{name}: frame {k}");
    }
    found
}

/// The sprite folders of an extracted game, sorted, with how many frame pictures
/// each holds.
pub(super) fn sprite_folders(out: &Path) -> Vec<(PathBuf, usize)> {
    let Ok(dir) = std::fs::read_dir(out.join("sprites")) else {
        return Vec::new();
    };
    let mut list: Vec<_> = dir
        .map(|e| e.unwrap().path())
        .map(|p| {
            let n = (0..)
                .take_while(|k| p.join(format!("{k:03}.png")).is_file())
                .count();
            (p, n)
        })
        .collect();
    list.sort();
    list
}

fn frames(sprite: &Value) -> usize {
    sprite["frames"].as_array().unwrap().len()
}

#[test]
fn frames_added_resized_and_removed_are_the_game_s() {
    for (name, _, out) in extracted_games("gamemaker_sprites frames", &ERAS) {
        let folders = sprite_folders(out.path());
        let mut with_frames = folders.iter().filter(|(_, n)| *n > 0);
        let (grown, n) = with_frames.next().unwrap().clone();
        let (resized, m) = with_frames.next().unwrap().clone();
        let shrunk = folders
            .iter()
            .find(|(p, n)| *n > 1 && *p != grown && *p != resized);

        let first = picture(&grown.join("000.png"));
        let added = drawn(first.width, first.height, 40);
        save(&grown.join(format!("{n:03}.png")), &added);
        let size = (first.width + 6, first.height + 4);
        let bigger: Vec<Rgba> = (0..m)
            .map(|k| drawn(size.0, size.1, 90 + k as u8))
            .collect();
        for (k, img) in bigger.iter().enumerate() {
            save(&resized.join(format!("{k:03}.png")), img);
        }
        if let Some((p, n)) = shrunk {
            std::fs::remove_file(p.join(format!("{:03}.png", n - 1))).unwrap();
        }

        let (_, again) = packed_clean(name, out.path());
        let back = |p: &Path| again.path().join(p.strip_prefix(out.path()).unwrap());
        let json = read_json(&back(&grown).join("sprite.json"));
        assert_eq!(frames(&json), n + 1, "{name}: {}", grown.display());
        let got = picture(&back(&grown).join(format!("{n:03}.png")));
        assert!(same_picture(&got, &added), "{name}: the added frame");

        let json = read_json(&back(&resized).join("sprite.json"));
        assert_eq!(
            (json["width"].as_u64(), json["height"].as_u64()),
            (Some(size.0.into()), Some(size.1.into())),
            "{name}"
        );
        for (k, img) in bigger.iter().enumerate() {
            let got = picture(&back(&resized).join(format!("{k:03}.png")));
            assert!(same_picture(&got, img), "{name}: resized frame {k}");
        }
        if let Some((p, n)) = shrunk {
            assert_eq!(
                frames(&read_json(&back(p).join("sprite.json"))),
                n - 1,
                "{name}"
            );
        }
    }
}

#[test]
fn a_new_sprite_folder_is_a_sprite_an_object_can_show() {
    for (name, _, out) in extracted_games("gamemaker_sprites new", &ERAS) {
        let pictures: Vec<Rgba> = (0..3).map(|k| drawn(24, 16, 30 * k)).collect();
        add_sprite(out.path(), [12, 8], &pictures);
        let objects = out.path().join("objects");
        let object = common::folder::first_file(&objects, |_| true).unwrap();
        let mut o = read_json(&object);
        o["sprite"] = "spr_added".into();
        write_json(&object, &o);

        let (_, again) = packed_clean(name, out.path());
        let found = assert_added_sprite(name, again.path(), &pictures);
        let json = read_json(&found.join("sprite.json"));
        assert_eq!(json["origin"], serde_json::json!([12, 8]), "{name}");
        assert_eq!(
            (json["width"].as_u64(), json["height"].as_u64()),
            (Some(24), Some(16)),
            "{name}"
        );
        let object = again.path().join(object.strip_prefix(out.path()).unwrap());
        assert_eq!(read_json(&object)["sprite"], "spr_added", "{name}");
    }
}

#[test]
fn a_sprite_too_big_for_the_free_space_gets_a_page_of_its_own() {
    for (name, data, out) in extracted_games("gamemaker_sprites page", &ERAS[2..4]) {
        let pages_before = std::fs::read_dir(out.path().join("textures"))
            .unwrap()
            .count();
        let largest = (0..pages_before)
            .map(|k| picture(&out.path().join(format!("textures/{k:03}.png"))))
            .map(|p| (p.width, p.height))
            .max()
            .unwrap();
        let folder = out.path().join("sprites/999-spr_big");
        std::fs::create_dir(&folder).unwrap();
        write_json(
            &folder.join("sprite.json"),
            &serde_json::json!({"name": "spr_big"}),
        );
        let big = drawn(largest.0, largest.1, 200);
        save(&folder.join("000.png"), &big);

        let (bytes, again) = packed_clean(name, out.path());
        let pages_after = std::fs::read_dir(again.path().join("textures"))
            .unwrap()
            .count();
        assert_eq!(pages_after, pages_before + 1, "{name}");
        let (found, _) = sprite_folders(again.path())
            .into_iter()
            .find(|(p, _)| p.to_string_lossy().ends_with("-spr_big"))
            .unwrap();
        assert!(
            same_picture(&picture(&found.join("000.png")), &big),
            "{name}"
        );
        assert!(bytes.len() > data.len(), "{name}");
    }
}

#[test]
fn frames_of_different_sizes_are_refused_by_file() {
    let Some((name, _, out)) = extracted_games("gamemaker_sprites sizes", &ERAS[2..3]).pop() else {
        return;
    };
    let (folder, _) = sprite_folders(out.path())
        .into_iter()
        .find(|(_, n)| *n > 0)
        .unwrap();
    let first = picture(&folder.join("000.png"));
    save(
        &folder.join("099.png"),
        &drawn(first.width + 1, first.height, 1),
    );
    let err = gamepak::pack(out.path(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("099.png") && err.contains("one size"),
        "{name}: {err}"
    );
}

/// GameMaker's masks as gamepak makes them for a sprite whose frames changed: on
/// every game, nine in ten rectangle masks and boxes GameMaker set from the pixels
/// are the ones computed from the extracted pictures. The rest came from settings
/// the file does not hold (a mask drawn by hand, a tolerance).
#[test]
fn rectangle_masks_and_automatic_boxes_are_gamemaker_s() {
    let games = common::gamemaker_games("gamemaker_sprites masks");
    let (mut boxes, mut rects, mut box_misses, mut rect_misses) = (0, 0, 0, 0);
    for (name, data) in games {
        let out = extract(&data);
        let boxed = name.contains("VVoytec");
        for (folder, n) in sprite_folders(out.path())
            .into_iter()
            .filter(|(_, n)| *n > 0)
        {
            let json = read_json(&folder.join("sprite.json"));
            let size = (
                json["width"].as_u64().unwrap() as u32,
                json["height"].as_u64().unwrap() as u32,
            );
            let pictures: Vec<Rgba> = (0..n)
                .map(|k| picture(&folder.join(format!("{k:03}.png"))))
                .collect();
            if pictures.iter().any(|p| (p.width, p.height) != size) {
                continue; // a frame stored smaller than its sprite (scaled texture)
            }
            let set: Vec<i32> = json["margins"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap() as i32)
                .collect();
            let set = [set[0], set[1], set[2], set[3]];
            let mode = json["bbox_mode"].as_i64().unwrap() as i32;
            if mode == 0
                && pictures
                    .iter()
                    .any(|p| p.pixels.chunks(4).any(|px| px[3] != 0))
            {
                let made = masks::margins(mode, &pictures, size, set);
                if made == set {
                    boxes += 1;
                } else {
                    eprintln!("{name}: {} box {made:?}, stored {set:?}", folder.display());
                    box_misses += 1;
                }
            }
            let kind = json["separate_masks"].as_u64().unwrap() as u32;
            let stored: Vec<Vec<u8>> = (0..)
                .map(|k| folder.join(masks::file_name(k)))
                .take_while(|f| f.is_file())
                .map(|f| {
                    masks::from_png(&std::fs::read(f).unwrap(), "", &Limits::default(), true)
                        .unwrap()
                        .0
                })
                .collect();
            if kind != 1 && !stored.is_empty() {
                let region = masks::region(boxed, set, size);
                let made = masks::masks(kind, stored.len(), &pictures, set, region);
                if made == stored {
                    rects += 1;
                } else {
                    eprintln!("{name}: {} mask differs", folder.display());
                    rect_misses += 1;
                }
            }
        }
    }
    eprintln!("{boxes} automatic boxes agree, {box_misses} differ; {rects} rectangle masks agree, {rect_misses} differ");
    assert!(boxes >= 9 * box_misses && boxes > 0);
    assert!(rects >= 9 * rect_misses && rects > 0);
}

#[test]
fn a_mask_drawn_in_its_png_is_the_game_s_and_one_of_another_size_is_refused() {
    let games = extracted_games("gamemaker_sprites mask", &ERAS);
    let mut drawn_in = 0;
    for (name, _, out) in &games {
        // Some games keep no mask at all (2024's sprites without precise collisions).
        let Some((folder, _)) = sprite_folders(out.path())
            .into_iter()
            .find(|(p, _)| p.join(masks::file_name(0)).is_file())
        else {
            continue;
        };
        drawn_in += 1;
        let file = folder.join(masks::file_name(0));
        let (mask, (w, h)) =
            masks::from_png(&std::fs::read(&file).unwrap(), "", &Limits::default(), true).unwrap();
        let inverted: Vec<u8> = mask.iter().map(|b| !b).collect();
        let png = masks::to_png(&inverted, (w, h)).unwrap();
        // Bits past a row's end are not pixels: they read back as 0.
        let drawn = masks::from_png(&png, "", &Limits::default(), true)
            .unwrap()
            .0;
        assert_ne!(drawn, mask, "{name}");
        std::fs::write(&file, png).unwrap();
        let (_, again) = packed_clean(name, out.path());
        let back = again.path().join(file.strip_prefix(out.path()).unwrap());
        let (got, size) =
            masks::from_png(&std::fs::read(back).unwrap(), "", &Limits::default(), true).unwrap();
        assert_eq!((got, size), (drawn, (w, h)), "{name}");

        let row = vec![0xff; (w + 1).div_ceil(8) as usize];
        std::fs::write(&file, masks::to_png(&row, (w + 1, 1)).unwrap()).unwrap();
        let err = gamepak::pack(out.path(), &Default::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("mask-000.png") && err.contains(&format!("masks are {w}x{h}")),
            "{name}: {err}"
        );
    }
    assert!(games.is_empty() || drawn_in >= 4, "{drawn_in}");
}

#[test]
fn a_mask_as_extracted_keeps_the_bits_past_its_rows_and_a_drawn_one_clears_them() {
    // Some Studio 1 games (miker525's Bin-Laden-Liquors) set the bits past a
    // row's end; GameMaker writes them 0.
    let png = masks::to_png(&[0xff, 0xa7], (3, 2)).unwrap();
    let read = |drawn| masks::from_png(&png, "", &Limits::default(), drawn).unwrap();
    assert_eq!(read(false), (vec![0xff, 0xa7], (3, 2)));
    assert_eq!(read(true), (vec![0xe0, 0xa0], (3, 2)));
}
