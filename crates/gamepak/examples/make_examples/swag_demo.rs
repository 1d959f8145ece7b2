//! The SWAG demo's source folder: a hand-written swag.toml, with the sheets, clips,
//! font, scene and code it names.

use std::path::Path;

use gamepak::codec::png::encode_compact as encode;
use gamepak::io::write_atomic;

use super::{strip, tiny_ttf, tone};

const DOCUMENT: &str = r#"# The SWAG demo: every section version 10 defines (STAT has no layout yet).
# `gamepak build examples/swag/src -o demo.swag` turns this folder into a file.
byte_order = "little"
version = 10
platforms = ["Windows", "Mac OS X", "Linux"]

[[section]]
tag = "CNFG"
title = "gamepak SWAG demo"
width = 320
height = 180
fullscreen = 0
vertical_sync = 1
cursor_visible = 0
anti_aliasing = 2
target_framerate = 60
initial_state = "Title"

[[section]]
tag = "SDRM"
type = "alpha"
key_sha1 = "3c2f0e1d5b7a9c8e6f4d2b0a1c3e5f7a9b8d6c4e"

[[section]]
tag = "TXTR"

[[section.textures]]
key = "hero"
width = 16
height = 16
frames = [
    { sheet = 0, x = 0, y = 0 },
    { sheet = 0, x = 16, y = 0 },
    { sheet = 0, x = 32, y = 0 },
    { sheet = 0, x = 48, y = 0 },
]
origin = [8.0, 16.0]
smooth = 0
bbox = [2.0, 2.0, 14.0, 16.0]
collision = 2
lazy = 0

[[section.textures]]
key = "tile"
width = 8
height = 8
frames = [{ sheet = 1, x = 0, y = 0 }, { sheet = 1, x = 8, y = 0 }]
origin = [0.0, 0.0]
smooth = 1
bbox = [0.0, 0.0, 8.0, 8.0]
collision = 0
lazy = 1

[[section]]
tag = "SOND"
sounds = [
    { key = "jump", source = { memory = 0 } },
    { key = "coin", source = { memory = 1 } },
    { key = "theme", source = { stream = "music/theme.ogg" } },
]

[[section]]
tag = "FONT"

[[section.fonts]]
key = "body"
face = { referenced = "DejaVu Sans" }
anti_aliasing = 1
size = 12
style = []
outline = { color = [0, 0, 0, 255], thickness = 1 }

[[section.fonts]]
key = "title"
face = { compiled = { file = "fonts/000-title.ttf" } }
anti_aliasing = 1
size = 24
style = ["bold"]
drop_shadow = { color = [0, 0, 0, 128], spread = 2, offset = [1, 2] }

[[section]]
tag = "CODE"
objects = [
    "code/000-Game.swasm",
    "code/001-Actor.swasm",
    "code/002-Hero.swasm",
    "code/003-Title.swasm",
]

[[section]]
tag = "SCNE"
scenes = [{ name = "level1", data = { file = "scenes/000-level1.json" } }]

[[section]]
tag = "TXST"
sheets = ["sheets/000.png", "sheets/001.png"]

[[section]]
tag = "AUDO"
clips = ["audio/000.ogg", "audio/001.wav"]
"#;

const GAME: &str = r#"; Globals every state can read.
global "Game"
field "score" 0
field "gravity" 9.81
field "levels" ["level1"]
"#;

const ACTOR: &str = r#"; Something that moves.
class "Actor"
field "x" 0.0
field "y" 0.0
field "speed" 1.5

method "move" 2
    load_self
    load_self
    load_field "x"
    load_local 0
    add
    store_field "x"
    return_nil
end
"#;

const HERO: &str = r#"; The player, drawn with the hero texture.
entity "Hero"
field "texture" "hero"
field "lives" 3
field "inventory" [nil, object, "sword", [1, 2]]

method "update" 1
    load_local 0
    push 0
    gt
    jump_unless 6
    push "jump"
    call "play_sound" 1
    return_nil
end
"#;

const TITLE: &str = r#"; The title screen.
state "Title"
field "caption" "Press start"

method "on_key" 1
    load_local 0
    push "start"
    eq
    jump_unless 5
    change_state "Play"
    return_nil
end
"#;

pub fn write(dir: &Path) -> Result<(), Box<dyn std::error::Error>> {
    write_atomic(dir.join("swag.toml"), DOCUMENT.as_bytes())?;
    write_atomic(dir.join("sheets/000.png"), &encode(&strip(16, 16, 4))?)?;
    write_atomic(dir.join("sheets/001.png"), &encode(&strip(8, 8, 2))?)?;
    let jump = gamepak::codec::wav::read_clip(&tone(660.0, 0.2)?, "jump")?;
    write_atomic(
        dir.join("audio/000.ogg"),
        &gamepak::codec::vorbis::encode(&jump.channels, jump.rate, 1)?,
    )?;
    write_atomic(dir.join("audio/001.wav"), &tone(1320.0, 0.1)?)?;
    write_atomic(
        dir.join("fonts/000-title.ttf"),
        &tiny_ttf::font("gamepak demo"),
    )?;
    write_atomic(
        dir.join("scenes/000-level1.json"),
        br#"{"tiles": "tile", "size": [40, 23], "spawn": {"Hero": [16, 120]}}"#,
    )?;
    for (name, text) in [
        ("000-Game", GAME),
        ("001-Actor", ACTOR),
        ("002-Hero", HERO),
        ("003-Title", TITLE),
    ] {
        write_atomic(dir.join(format!("code/{name}.swasm")), text.as_bytes())?;
    }
    Ok(())
}
