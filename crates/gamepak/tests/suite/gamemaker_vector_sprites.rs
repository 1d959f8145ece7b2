//! Vector sprites (type 3, GameMaker 2024) on the real game that has them: read
//! into the model, checked, extracted and packed back byte for byte, and packed
//! after an edit of one's JSON.

use crate::common;

use std::path::PathBuf;

use common::folder::{extract, read_json, write_json};
use gamepak::gamemaker::chunks::sprites::vector::Fill;
use gamepak::gamemaker::chunks::sprites::{Sprites, VECTOR};
use gamepak::gamemaker::chunks::Body;
use gamepak::{Format, FourCC, Handler, Options, Severity};

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// The game whose sprites are vector ones, with its audio group files beside it.
fn game(test: &str) -> Option<PathBuf> {
    let dir = common::fixture_dir(test, "gamemaker-audiogroups/soap64real_killstreakbeta")?;
    Some(dir.join("game.unx"))
}

/// What `check` says of `data`, beside `input`'s group files: errors and warnings.
fn problems(data: &[u8], input: &std::path::Path) -> Vec<String> {
    let opts = Options {
        input: Some(input.to_path_buf()),
        ..Options::default()
    };
    handler()
        .open(data, &opts)
        .check()
        .problems
        .iter()
        .filter(|p| p.severity != Severity::Note)
        .map(|p| p.to_string())
        .collect()
}

#[test]
fn gamemaker_vector_sprites_read_check_and_pack_byte_for_byte() {
    let Some(input) = game("vector sprites read and pack") else {
        return;
    };
    let data = std::fs::read(&input).unwrap();
    let m = gamepak::gamemaker::read(&data).unwrap();
    let sprt = m.chunks.iter().find(|p| p.name == FourCC::SPRT).unwrap();
    let Body::Sprites(Sprites { sprites }) = &sprt.body else {
        panic!("SPRT is not read: {:?}", sprt.body);
    };
    let vector: Vec<_> = sprites
        .iter()
        .flatten()
        .filter(|s| s.special.as_ref().is_some_and(|h| h.kind == VECTOR))
        .collect();
    assert_eq!(vector.len(), 31);
    for s in &vector {
        let v = s.vector.as_ref().expect("a type 3 sprite has vector data");
        assert_eq!(v.version, 4);
        assert!(!v.shapes.is_empty() && v.frame_shapes.len() >= v.shapes.len());
        assert!(v.shapes.iter().all(|s| !s.groups.is_empty()));
    }
    assert_eq!(
        vector
            .iter()
            .map(|s| s.vector.as_ref().unwrap().masks.len())
            .sum::<usize>(),
        3
    );
    assert!(sprites
        .iter()
        .flatten()
        .all(|s| s.vector.is_some() == s.special.as_ref().is_some_and(|h| h.kind == VECTOR)));

    let found = problems(&data, &input);
    assert!(
        found
            .iter()
            .all(|p| !p.contains("SPRT") && !p.contains("sprite")),
        "{found:?}"
    );

    let out = extract(&data);
    let packed = gamepak::pack(out.path(), &Options::default()).unwrap();
    assert!(
        packed.bytes == data,
        "extract and pack give the game back byte for byte"
    );
}

#[test]
fn gamemaker_vector_sprite_edited_in_its_json_packs() {
    let Some(input) = game("vector sprite edited") else {
        return;
    };
    let data = std::fs::read(&input).unwrap();
    let before = problems(&data, &input);
    let out = extract(&data);
    let file = out.path().join("sprites/004-sBaneBody/sprite.json");
    let mut json = read_json(&file);
    let group = &mut json["vector"]["shapes"][0]["groups"][0];
    assert_eq!(
        group["fills"][1]["solid"],
        serde_json::json!([255, 255, 255, 255])
    );
    group["fills"][1]["solid"] = serde_json::json!([1, 2, 3, 4]);
    group["subshapes"][0]["points"][0] = serde_json::json!([10.5, 20.25]);
    write_json(&file, &json);

    let packed = gamepak::pack(out.path(), &Options::default()).unwrap();
    assert!(packed.unused.is_empty(), "{:?}", packed.unused);
    assert_eq!(packed.bytes.len(), data.len());
    assert!(packed.bytes != data);
    let m = gamepak::gamemaker::read(&packed.bytes).unwrap();
    let Some(Body::Sprites(s)) = m
        .chunks
        .iter()
        .find(|p| p.name == FourCC::SPRT)
        .map(|p| &p.body)
    else {
        panic!("SPRT is not read");
    };
    let sprite = s.sprites[4].as_ref().unwrap();
    let group = &sprite.vector.as_ref().unwrap().shapes[0].groups[0];
    assert!(
        matches!(group.fills[1], Fill::Solid([1, 2, 3, 4])),
        "{:?}",
        group.fills[1]
    );
    assert_eq!(group.subshapes[0].points[0], [10.5, 20.25]);
    // The packed game checks as the game did, beside the same group files.
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.unx");
    std::fs::write(&game, &packed.bytes).unwrap();
    for (name, bytes) in &packed.companions {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    assert_eq!(problems(&packed.bytes, &game), before);

    // A picture put in a vector sprite's folder is refused, not made a frame.
    std::fs::copy(
        out.path().join("sprites/003-sArt/000.png"),
        out.path().join("sprites/004-sBaneBody/000.png"),
    )
    .unwrap();
    let e = gamepak::pack(out.path(), &Options::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("vector sprite"), "{e}");
}
