//! The TirNanoG demo game's sources: `tng.json`, one JSON file per section, and the
//! atlases, music, sounds, speech, movie and font they name. Every section type the
//! spec defines appears (0-11 and 16-35; 12-15 are reserved).

use std::path::Path;

use serde_json::{json, Value};

use crate::{strip, tone};
use gamepak::codec::png::{encode_compact as encode, Rgba};
use gamepak::io::write_atomic;

const SIDE: usize = 16;
const LAYERS: usize = 11;

pub fn write(dir: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let sections = sections();
    let index = json!({
        "header": {
            "game_id": "gamepak-demo",
            "revision": 0,
            "game_type": 0,
            "tile_width": 32,
            "tile_height": 32,
            "map_size": 4,
            "atlas_size": 7,
            "audio_frequency": 0,
            "fps": 30,
            "action_handlers": 9,
            "map_layers": LAYERS,
            "transports": 3,
            "max_command": 43,
            "sprite_delta_y": 0,
            "sprites_per_layer": 20,
            "unique_id": "000000000c0ffee1",
        },
        "sections": sections
            .iter()
            .enumerate()
            .map(|(i, (t, kind, _))| json!({"type": t, "file": format!("sections/{i:02}-{kind}.json")}))
            .collect::<Vec<_>>(),
    });
    write_json(&dir.join("tng.json"), &index)?;
    for (i, (_, kind, body)) in sections.iter().enumerate() {
        write_json(&dir.join(format!("sections/{i:02}-{kind}.json")), body)?;
    }
    write_atomic(dir.join("atlases/world.png"), &encode(&world_atlas())?)?;
    write_atomic(dir.join("atlases/ui.png"), &encode(&strip(16, 16, 4))?)?;
    write_atomic(dir.join("backgrounds/sky.png"), &encode(&strip(32, 18, 2))?)?;
    write_atomic(dir.join("music/theme.ogg"), &ogg(&[220.0, 330.0], 0.5)?)?;
    write_atomic(dir.join("sounds/jump.ogg"), &ogg(&[660.0], 0.2)?)?;
    write_atomic(dir.join("speech/en-hello.ogg"), &ogg(&[440.0], 0.3)?)?;
    write_atomic(dir.join("speech/de-hello.ogg"), &ogg(&[392.0], 0.3)?)?;
    write_atomic(dir.join("movies/intro.ogv"), &theora_headers())?;
    write_atomic(dir.join("fonts/demo.sfn"), &ssfn2("gamepak demo"))?;
    Ok(())
}

fn write_json(path: &Path, v: &Value) -> Result<(), Box<dyn std::error::Error>> {
    let mut b = serde_json::to_vec_pretty(v)?;
    b.push(b'\n');
    write_atomic(path, &b)?;
    Ok(())
}

/// Grass, water and a tree as tiles, and a hero in two poses, on a 128x128 atlas.
fn world_atlas() -> Rgba {
    let mut img = Rgba::new(128, 128);
    let mut fill = |x0: u32, y0: u32, w: u32, h: u32, c: [u8; 4]| {
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                // A dark corner pixel shows which way a frame was turned.
                let mark = x == x0 && y == y0;
                img.put(x, y, if mark { [0, 0, 0, 255] } else { c });
            }
        }
    };
    fill(0, 0, 32, 32, [60, 170, 70, 255]);
    fill(32, 0, 32, 32, [50, 90, 200, 255]);
    fill(64, 0, 24, 32, [30, 110, 40, 255]);
    fill(0, 32, 16, 24, [200, 160, 120, 255]);
    fill(16, 32, 16, 24, [180, 140, 100, 255]);
    fill(32, 32, 24, 24, [240, 220, 200, 255]);
    img
}

/// An Ogg Vorbis clip with one channel per tone.
fn ogg(hz: &[f32], seconds: f32) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let channels: Vec<Vec<f32>> = hz
        .iter()
        .map(|&f| {
            let clip = gamepak::codec::wav::read_clip(&tone(f, seconds)?, "tone")?;
            Ok::<_, Box<dyn std::error::Error>>(clip.channels[0].clone())
        })
        .collect::<Result<_, _>>()?;
    Ok(gamepak::codec::vorbis::encode(&channels, 44100, 7)?)
}

/// An Ogg stream holding a Theora identification header for a 32x32 movie at 30 fps:
/// the demo's movie has no frames, as gamepak has no Theora encoder.
fn theora_headers() -> Vec<u8> {
    let mut id = b"\x80theora".to_vec();
    id.extend([3, 2, 1]); // version
    id.extend([0, 2, 0, 2]); // 2x2 macroblocks
    id.extend([0, 0, 32, 0, 0, 32, 0, 0]); // picture 32x32 at 0,0
    id.extend([0, 0, 0, 30, 0, 0, 0, 1]); // 30/1 fps
    id.extend([0, 0, 1, 0, 0, 1]); // square pixels
    id.extend([0, 0, 0, 0, 0]); // colour space, bitrate
    id.extend([0xc0, 0x00, 0x00]); // quality 48, keyframe shift 0, 4:2:0
    ogg_page(0x7e0, 0, 2, 0, &id)
}

/// One Ogg page holding one packet.
fn ogg_page(serial: u32, sequence: u32, flags: u8, granule: u64, packet: &[u8]) -> Vec<u8> {
    let mut p = b"OggS\0".to_vec();
    p.push(flags);
    p.extend(granule.to_le_bytes());
    p.extend(serial.to_le_bytes());
    p.extend(sequence.to_le_bytes());
    p.extend([0; 4]);
    let mut lacing = vec![255u8; packet.len() / 255];
    lacing.push((packet.len() % 255) as u8);
    p.push(lacing.len() as u8);
    p.extend(lacing);
    p.extend(packet);
    let crc = ogg_crc(&p);
    p[22..26].copy_from_slice(&crc.to_le_bytes());
    p
}

/// Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting at zero.
fn ogg_crc(data: &[u8]) -> u32 {
    data.iter().fold(0u32, |mut crc, &b| {
        crc ^= u32::from(b) << 24;
        for _ in 0..8 {
            crc = if crc & 0x8000_0000 != 0 {
                crc << 1 ^ 0x04c1_1db7
            } else {
                crc << 1
            };
        }
        crc
    })
}

/// A Scalable Screen Font 2 file with its header and names and no glyphs.
fn ssfn2(name: &str) -> Vec<u8> {
    let mut names = Vec::new();
    for s in [name, name, "Regular", "1.0", "gamepak", "CC0"] {
        names.extend(s.as_bytes());
        names.push(0);
    }
    let body = 32 + names.len() as u32;
    let size = body + 4;
    let mut f = b"SFN2".to_vec();
    f.extend(size.to_le_bytes());
    f.extend([0, 0, 8, 16, 12, 14]); // family, features, width, height, baseline, underline
    f.extend((body as u16).to_le_bytes()); // fragments (none)
    f.extend(body.to_le_bytes()); // characters (none)
    f.extend([0; 12]); // ligatures, kerning, colour map
    f.extend(names);
    f.extend(b"2NFS");
    f
}

fn asset(file: &str) -> Value {
    json!({ "file": file })
}

fn script(lines: &[&str]) -> Value {
    json!({ "script": lines })
}

/// Map layers as rows of tile numbers: grass with a pond, a tree, the guard and a
/// spawner.
fn layers(water_at: usize) -> Value {
    let mut out = Vec::new();
    for l in 0..LAYERS {
        let rows: Vec<String> = (0..SIDE)
            .map(|y| {
                (0..SIDE)
                    .map(|x| {
                        let t: i32 = match l {
                            0 if (water_at..water_at + 3).contains(&x) && (4..7).contains(&y) => 1,
                            0 => 0,
                            2 if (x, y) == (10, 10) => 2,
                            5 if (x, y) == (8, 3) => 0,
                            6 if (x, y) == (12, 12) => 0,
                            _ => -1,
                        };
                        t.to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out.push(rows);
    }
    json!(out)
}

/// A translation section: the language's texts and its one speech clip.
fn translation(language: &str, texts: &[&str]) -> (u8, &'static str, Value) {
    let body = json!({
        "language": language,
        "texts": {"texts": texts},
        "name": 1,
        "speech": [{"asset": asset(&format!("speech/{language}-hello.ogg")), "name": "hello"}],
    });
    (1, "translations", body)
}

fn frame(atlas: u32, operation: u32, rect: [u32; 4], margin: [u32; 2]) -> Value {
    json!({
        "atlas": atlas, "operation": operation,
        "x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3],
        "left": margin[0], "top": margin[1],
    })
}

fn sprite(animations: Vec<Value>) -> Value {
    let n = animations.len();
    json!({ "asset": { "animations": animations }, "zero": 0, "directions": n })
}

fn anim(w: u32, h: u32, direction: u32, looping: u32, frames: Vec<Value>) -> Value {
    json!({ "width": w, "height": h, "direction": direction, "loop": looping, "frames": frames })
}

fn font(size: u32) -> Value {
    json!({ "style": 0, "size": size, "font": "demo-font" })
}

const NO_SPRITE: &str = "ui/none";

fn event(kind: u32, parameter: u32, lines: &[&str]) -> Value {
    json!({ "event": kind, "parameter": parameter, "script": lines })
}

fn none_sprites(n: usize) -> Value {
    json!(vec![json!({ "sprite": NO_SPRITE }); n])
}

/// Every opcode once, in a script that runs to the end.
const SHOWCASE: &[&str] = &[
    "CNT0",
    "CNT1 3",
    "SUM \"strength\"",
    "CNTO0",
    "CNTO1 3",
    "SUMO \"strength\"",
    "RND 100",
    "MIN 3",
    "MAX 2",
    "ADD",
    "SUB",
    "MUL",
    "DIV",
    "MOD",
    "EQ",
    "NE",
    "GE",
    "GT",
    "LE",
    "LT",
    "NOT",
    "OR",
    "AND",
    "POP 0",
    "POPA \"gold\"",
    "POPO \"hp\"",
    "PUSH 0",
    "PUSHA \"gold\"",
    "PUSHO \"hp\"",
    "PUSH8 7",
    "PUSH16 300",
    "PUSH24 70000",
    "PUSH32 -5",
    "PUSHMAP \"town\" 3 4",
    "PUSHSPR tiles/2",
    "PUSHMUS \"theme\"",
    "PUSHSND \"jump\"",
    "PUSHSPC \"hello\"",
    "PUSHCHR \"crossroads\"",
    "PUSHCUT \"opening\"",
    "PUSHDLG \"greeting\"",
    "PUSHCFT \"smithing\"",
    "PUSHQST \"lost-sword\"",
    "PUSHTXT 2",
    "JZ L_end",
    "SWITCH L_a L_b",
    "L_a:",
    "FNC0 waitnpc",
    "JMP L_end",
    "L_b:",
    "FNC1 delay",
    "FNC2 give",
    "FNC3 reserved0",
    "L_end:",
    "END",
];

fn sections() -> Vec<(u8, &'static str, Value)> {
    let attr = |relation: u32, name: &str, value: u32| json!({"relation": relation, "attribute": name, "value": value});
    let option = |position: u32, sprites: [u32; 3]| {
        json!({
            "position": position,
            "sprites": sprites.iter().map(|s| json!({"sprite": s})).collect::<Vec<_>>(),
            "required_type": 0, "required": "gold", "required_value": 1,
            "required2_type": 2, "required2": null, "required2_value": 0,
            "provided_type": 0, "provided": "hp", "provided_value": 5,
        })
    };
    let slots = |n: usize| json!(vec![json!({"sprite": "characters/0"}); n]);
    let ingredients: Vec<Value> = (0..16)
        .map(|i| {
            if i == 0 {
                json!({"quantity": 2, "object": 1})
            } else {
                json!({"quantity": 0, "object": 65535})
            }
        })
        .collect();
    let map = |title: u32, neighbour: &str, water: usize, music: &str| {
        json!({
            "title": title,
            "neighbours": (0..6)
                .map(|i| json!({"map": if i == 0 { json!(neighbour) } else { Value::Null }}))
                .collect::<Vec<_>>(),
            "daylight_minutes": 24,
            "daylight": "backgrounds/0",
            "music": music,
            "parallaxes": [{"background": 1, "speed_x": -3, "delta_x": 10, "speed_y": 0, "delta_y": 0, "interval": 10, "sprite": "backgrounds/0"}],
            "paths": [{"id": 0, "points": [{"x": 8, "y": 3}, {"x": 8, "y": 9}, {"x": 2, "y": 9}]}],
            "layers": layers(water),
        })
    };
    vec![
        (
            0,
            "strings",
            json!({"strings": ["", "demo-font", "theme", "jump"]}),
        ),
        translation(
            "en",
            &[
                "gamepak demo",
                "English",
                "Hello, traveller!",
                "A rusty sword",
                "Hit points",
                "Gold",
                "Level",
                "Guard",
                "Lost sword",
                "Find the guard's sword.",
                "Smithing",
                "Forge a blade",
                "Yes",
                "No",
                "The story begins",
                "Warrior",
                "Strong and slow",
                "Credits",
                "Town",
                "Forest",
            ],
        ),
        translation(
            "de",
            &[
                "gamepak-Demo",
                "Deutsch",
                "Hallo, Reisender!",
                "Ein rostiges Schwert",
                "Lebenspunkte",
                "Gold",
                "Stufe",
                "Wache",
                "Verlorenes Schwert",
                "Finde das Schwert der Wache.",
                "Schmieden",
                "Schmiede eine Klinge",
                "Ja",
                "Nein",
                "Die Geschichte beginnt",
                "Krieger",
                "Stark und langsam",
                "Mitwirkende",
                "Stadt",
                "Wald",
            ],
        ),
        (
            2,
            "fonts",
            json!({"fonts": [{"asset": asset("fonts/demo.sfn"), "name": "demo-font"}]}),
        ),
        (
            3,
            "music",
            json!({"music": [{"asset": asset("music/theme.ogg"), "name": "theme"}]}),
        ),
        (
            4,
            "sounds",
            json!({"sounds": [{"asset": asset("sounds/jump.ogg"), "name": "jump"}]}),
        ),
        (
            5,
            "movies",
            json!({"movies": [{"asset": asset("movies/intro.ogv"), "name": "intro"}]}),
        ),
        (
            6,
            "atlases",
            json!({"atlases": [
                {"asset": asset("atlases/world.png"), "zero": 0},
                {"asset": asset("atlases/ui.png"), "zero": 0},
            ]}),
        ),
        (
            7,
            "ui-sprites",
            json!({"sprites": [
                sprite(vec![anim(16, 16, 0, 2, (0..4).map(|i| frame(1, 0, [i * 16, 0, 16, 16], [0, 0])).collect())]),
            ]}),
        ),
        (
            8,
            "tile-sprites",
            json!({"sprites": [
                sprite(vec![anim(32, 32, 0, 0, vec![frame(0, 0, [0, 0, 32, 32], [0, 0])])]),
                sprite(vec![anim(32, 32, 0, 0, vec![frame(0, 0, [32, 0, 32, 32], [0, 0])])]),
                sprite(vec![anim(32, 48, 0, 0, vec![frame(0, 2, [64, 0, 24, 32], [4, 16])])]),
            ]}),
        ),
        (
            9,
            "character-sprites",
            json!({"sprites": [
                sprite(vec![
                    anim(24, 24, 0, 2, vec![frame(0, 0, [0, 32, 16, 24], [4, 0]), frame(0, 0, [16, 32, 16, 24], [4, 0])]),
                    anim(24, 24, 2, 2, vec![frame(0, 3, [0, 32, 16, 24], [0, 4]), frame(0, 5, [16, 32, 16, 24], [0, 4])]),
                ]),
            ]}),
        ),
        (
            10,
            "portrait-sprites",
            json!({"sprites": [
                sprite(vec![anim(24, 24, 0, 0, vec![frame(0, 4, [32, 32, 24, 24], [0, 0])])]),
            ]}),
        ),
        (
            11,
            "backgrounds",
            json!({"backgrounds": [{"asset": asset("backgrounds/sky.png"), "name": "sky"}]}),
        ),
        (
            16,
            "ui-elements",
            json!({
                "colors": (0..10).map(|i| json!({"color": format!("ff{:02x}{:02x}{:02x}", 20 * i, 100, 200 - 10 * i)})).collect::<Vec<_>>(),
                "fonts": (0..6).map(|i| json!({"font": font(8 + 2 * i), "padding": 0})).collect::<Vec<_>>(),
                "sounds": [{"sound": "jump"}, {"sound": "jump"}, {"sound": null}],
                "sprites": [{"sprite": "ui/0"}, {"sprite": "ui/none"}],
            }),
        ),
        (
            17,
            "main-menu",
            json!({
                "intro": "opening", "music": "theme", "movie": "intro", "background": "backgrounds/0",
                "parallaxes": (0..3).map(|i| json!({"dx": i, "dy": 0, "time": 100, "sprite": "backgrounds/0"})).collect::<Vec<_>>(),
                "title_image": "ui/0", "flags": 1, "title_color": "ffffffff", "title_shadow": "80000000",
                "title_font": font(24), "website": "https://example.org/demo", "button_padding": 8,
                "button_font": font(12),
                "buttons": (0..5).map(|_| json!({"color": "ffe0e0e0", "left": "ui/0", "background": "ui/0", "right": "ui/0"})).collect::<Vec<_>>(),
                "chart_color": "ff00c000", "chart_background": "40000000",
            }),
        ),
        (
            18,
            "hud",
            json!({
                "navigator": "ui/0", "action_buttons": "ui/0", "itembar_background": "ui/0", "itembar_foreground": "ui/none",
                "itembar": ([6, 32, 32, 8, 8, 2, 4]).iter().map(|v| json!({"value": v})).collect::<Vec<_>>(),
                "statusbar_separate": 0, "statusbar_background": "ui/none", "statusbar_foreground": "ui/none",
                "inventory_icon": "ui/0", "inventory_pressed": "ui/0",
                "inventory_slot": ([32, 32, 4, 4]).iter().map(|v| json!({"value": v})).collect::<Vec<_>>(),
                "items_font": font(8), "slot_background": "ui/0", "slot_selected": "ui/0", "equipment_background": "portraits/0",
                "progress_bars": [{"type": 0, "left": 4, "top": 4, "value": "hp", "max": "level", "sprite": "ui/0", "background": "ui/none"}],
            }),
        ),
        (
            19,
            "equipment-slots",
            json!({"slots": [{"left": 2, "top": 2}, {"left": 2, "top": 20}]}),
        ),
        (
            20,
            "alerts",
            json!({
                "font": font(16), "display_time": 300, "fade_in_end": 50, "fade_out_start": 250,
                "alerts": (0..3).map(|i| json!({"color": "ffffff00", "sound": if i == 0 { json!("jump") } else { Value::Null }, "text": 8 + i})).collect::<Vec<_>>(),
            }),
        ),
        (
            21,
            "credits",
            json!({
                "music": "theme", "background": "backgrounds/0",
                "header_color": "ffffffff", "header_font": font(16), "names_color": "ffc0c0c0", "names_font": font(12),
                "categories": [{"category": "g", "authors": [{"author": "gamepak"}]}, {"category": "m", "authors": [{"author": "gamepak"}, {"author": "a friend"}]}],
            }),
        ),
        (
            22,
            "choosers",
            json!({"choosers": [{
                "asset": {"left": 10, "top": 10, "horizontal_padding": 4, "vertical_padding": 4,
                    "options": [option(0, [0, 0, 65535]), option(13 | 0x80, [0x0a0a, 0x5050, 0])]},
                "name": "crossroads",
            }]}),
        ),
        (
            23,
            "cutscenes",
            json!({"cutscenes": [{
                "asset": {
                    "movie": "intro", "music": "theme", "loop_movie": null, "loop_music": null,
                    "slides": [{"start": 0, "fade_in": 50, "fade_out": 250, "end": 300, "color": "ff000000", "image": "backgrounds/0"}],
                    "speeches": [{"start": 100, "speech": "hello"}],
                    "subtitles": [{"start": 100, "fade_in": 20, "fade_out": 280, "end": 300, "color": "ffffffff", "x": 50, "y": 90, "align": 1, "font": font(14), "text": 14}],
                    "script": ["PUSHMAP \"town\" 8 8", "PUSH8 0", "FNC2 scene", "PUSH16 200", "FNC1 delay", "END"],
                },
                "name": "opening",
            }]}),
        ),
        (
            24,
            "startup-scripts",
            json!({"scripts": [
                {"asset": script(&["PUSHMUS \"theme\"", "FNC1 music", "END"]), "interval": 0},
                {"asset": script(SHOWCASE), "interval": 6000},
            ]}),
        ),
        (
            25,
            "attributes",
            json!({
                "free_total": 10, "free_max": 5,
                "engine": (["light", "weight", "speed", "level-points"]).iter().map(|a| json!({"attribute": a})).collect::<Vec<_>>(),
                "attributes": [
                    {"type": 0, "name": "strength", "title": 15},
                    {"type": 1, "name": "gold", "title": 5, "default": 10, "script": ["PUSHA \"gold\"", "PUSH8 100", "GT", "JZ L_done", "PUSHTXT 5", "FNC1 alert", "L_done:", "END"]},
                    {"type": 4, "name": "level", "title": 6, "script": ["PUSHA \"strength\"", "PUSH8 3", "DIV", "END"]},
                    {"type": 3, "name": "hp", "title": 4, "default": 20, "script": ["END"]},
                ],
            }),
        ),
        (
            26,
            "actions",
            json!({"actions": (0..9).map(|i| json!({
            "asset": script(&["PUSHA \"strength\"", "PUSHO \"hp\"", "SUB", "POPO \"hp\"", "END"]),
            "range": if i == 0 { json!("speed") } else { Value::Null },
        })).collect::<Vec<_>>()}),
        ),
        (
            27,
            "character-options",
            json!({"groups": [{
                "asset": {"name": 15, "palettes": "ui/none", "options": [
                    {"name": 15, "description": 16, "attributes": [attr(0xff, "strength", 8)], "inventory": [{"quantity": 1, "category": 1, "object": 2}], "sprites": [{"sprite": "characters/0"}, {"sprite": "portraits/0"}]},
                ]},
                "name": "class",
            }]}),
        ),
        (
            28,
            "npcs",
            json!({"npcs": [{
                "asset": {
                    "name": 7, "behaviour": 1, "speed": 100, "direction_change": 500, "patrol_path": 0,
                    "attributes": [attr(0xff, "hp", 30)],
                    "inventory": [{"chance": 50, "quantity": 1, "resupply_minutes": 60, "category": 1, "object": 2}],
                    "sprites": [{"sprite": "characters/0"}, {"sprite": "portraits/0"}],
                    "events": [
                        event(0, 0, &["PUSHDLG \"greeting\"", "PUSH16 0", "FNC2 dialog", "END"]),
                        event(18, 0, &["PUSHSND \"jump\"", "FNC1 sound", "END"]),
                    ],
                },
                "name": "guard",
            }]}),
        ),
        (
            29,
            "spawners",
            json!({"spawners": [{
                "asset": {"max_npcs": 3, "respawn": 6000, "kinds": [{
                    "required": "level", "relation": 2, "required_value": 2, "provided": null, "provided_value": 0,
                    "spawn_animation": "ui/0", "npc": "characters/0",
                }]},
                "name": "wolves",
            }]}),
        ),
        (
            30,
            "dialogs",
            json!({"dialogs": [{
                "asset": {"title": 7, "description": 2, "speech": "hello", "portrait": "portraits/65520", "portrait_left": 1,
                    "answers": [
                        {"required": null, "relation": 0, "required_value": 0, "provided": "gold", "provided_value": 1, "speech": null, "text": 12},
                        {"required": "gold", "relation": 2, "required_value": 5, "provided": null, "provided_value": 0, "speech": null, "text": 13},
                    ]},
                "name": "greeting",
            }]}),
        ),
        (
            31,
            "objects",
            json!({"objects": [{
                "asset": {
                    "name": 3, "mask_width": 2, "mask_height": 1, "action_group": 0, "inventory_sprite": "tiles/2",
                    "placement_sound": "jump", "price": 15, "price_unit": 1, "category": 1, "projectile": "ui/none",
                    "projectile_duration": 0, "ammo": "ui/none", "layering": 0, "equipment_mask": 1,
                    "collision": ["0101"], "equipped_sprites": slots(32), "sounds": [{"sound": "jump"}],
                    "slot_sprites": none_sprites(32), "required": [attr(2, "strength", 3)],
                    "modifiers": [{"type": 1, "attribute": "strength", "value": 2}],
                    "sprite_modifiers": [{"option": null, "sprites": slots(40)}],
                    "events": [event(16, 1, &["PUSHSPR tiles/2", "PUSH8 1", "FNC2 give", "END"])],
                },
                "sprite": 2, "zero": 0,
            }]}),
        ),
        (
            32,
            "crafting",
            json!({"crafting": [{
                "asset": {"title": 10, "description": 11, "sound": "jump", "portrait": "portraits/0", "order_irrelevant": 1,
                    "recipes": [{"quantity": 1, "product": 2, "ingredients": ingredients}]},
                "name": "smithing",
            }]}),
        ),
        (
            33,
            "tile-meta",
            json!({"tiles": [
                {"sprite": 0, "transports": [{"speed": 100, "sound": "jump"}, {"speed": 0, "sound": null}, {"speed": 100, "sound": null}]},
                {"sprite": 1, "transports": [{"speed": 0, "sound": null}, {"speed": 80, "sound": "jump"}, {"speed": 100, "sound": null}]},
            ]}),
        ),
        (
            34,
            "quests",
            json!({"quests": [{
                "asset": {"global": 0, "title": 8, "description": 9, "script": ["PUSHSPR tiles/2", "PUSH8 1", "FNC2 take", "PUSHQST \"lost-sword\"", "PUSH8 1", "FNC2 quest", "END"]},
                "name": "lost-sword",
            }]}),
        ),
        (
            35,
            "maps",
            json!({"maps": [
                {"asset": map(18, "forest", 2, "theme"), "name": "town"},
                {"asset": map(19, "town", 9, "theme"), "name": "forest"},
            ]}),
        ),
    ]
}
