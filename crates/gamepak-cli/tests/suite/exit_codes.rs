//! pack's exit codes in every format, as the README defines them: a folder holding
//! a file that cannot be read or parsed at all exits 2; one holding a change its
//! format cannot store, or a reference that does not resolve, exits 1. Either way
//! nothing is written.

use std::path::Path;
use std::process::{Command, Output};

fn gamepak(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn extracted(file: &Path, into: &Path) -> String {
    let folder = into.display().to_string();
    let o = gamepak(&["extract", &file.display().to_string(), "-o", &folder]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    folder
}

/// Packs `folder` after `edit`, expecting exit `code` and a message naming `file`.
fn packs_to(folder: &str, code: i32, file: &str, edit: impl FnOnce(&Path)) {
    edit(Path::new(folder));
    let out = Path::new(folder).with_extension("out");
    let o = gamepak(&["pack", folder, "-o", &out.display().to_string()]);
    let said = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(code), "{folder}: {said}");
    assert!(said.contains(file), "{folder}: {said}");
    assert!(
        !out.exists(),
        "{folder}: a refused pack wrote {}",
        out.display()
    );
}

/// A PNG of 99x77 red pixels: a size no frame of the examples has.
fn odd_png() -> Vec<u8> {
    let mut img = gamepak::codec::png::Rgba::new(99, 77);
    for y in 0..77 {
        for x in 0..99 {
            img.put(x, y, [255, 0, 0, 255]);
        }
    }
    gamepak::codec::png::encode(&img).unwrap()
}

#[test]
fn pack_exits_2_for_what_does_not_parse_and_1_for_what_the_format_cannot_store() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let frames = [
        ("gbin/demo.gbin", "tilesets/1/000.png"),
        ("swag/demo.swag", "textures/000-hero/000.png"),
        ("tng/demo.tng", "sprites/10-character-sprites/000/0-00.png"),
        ("native/demo.game.bin", "sprites/000.png"),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (k, (example, frame)) in frames.iter().enumerate() {
        let input = examples.join(example);
        let folder = extracted(&input, &dir.path().join(format!("junk{k}")));
        packs_to(&folder, 2, frame, |f| {
            std::fs::write(f.join(frame), b"junk").unwrap()
        });
        let folder = extracted(&input, &dir.path().join(format!("odd{k}")));
        if example.starts_with("native") {
            // A native frame may take any size: a table value out of range stands
            // for what the format cannot store.
            packs_to(&folder, 1, "sprites.json: [0].duration_ms", |f| {
                let table = f.join("sprites.json");
                let text = std::fs::read_to_string(&table).unwrap();
                let text = text.replacen("\"duration_ms\": 0", "\"duration_ms\": -5", 1);
                std::fs::write(table, text).unwrap();
            });
        } else {
            packs_to(&folder, 1, frame, |f| {
                std::fs::write(f.join(frame), odd_png()).unwrap()
            });
        }
    }
    let Some(games) = crate::common::fixture_dir("exit codes", "gamemaker") else {
        return;
    };
    let game = games.join("Machonan_asteroid_game.win");
    let folder = extracted(&game, &dir.path().join("gm-syntax"));
    packs_to(&folder, 2, "general.json", |f| {
        std::fs::write(f.join("general.json"), b"{\"name\": ").unwrap()
    });
    let folder = extracted(&game, &dir.path().join("gm-name"));
    packs_to(
        &folder,
        1,
        "no sprite is named \"sprite_shp\"; did you mean \"sprite_ship\"?",
        |f| {
            let object = f.join("objects/000-object_ship.json");
            let text = std::fs::read_to_string(&object).unwrap();
            std::fs::write(&object, text.replace("\"sprite_ship\"", "\"sprite_shp\"")).unwrap();
        },
    );
}
