//! Edits packed into real games: one sprite frame repainted and one embedded sound
//! replaced, in a game with PNG pages and in one with BZip2-QOI pages. The result is
//! read again: the new content is where it belongs, and nothing else changed.

mod common;

use gamepak::codec::png::{self, Rgba};
use gamepak::formats::gamemaker::{game, pages};
use gamepak::{ExtractOptions, Format};

fn page(g: &game::Game<'_>, k: usize) -> Rgba {
    let p = &g.pages()[k];
    pages::decode(p.blob.unwrap(), p.format, "page").unwrap()
}

fn edit_and_reread(name: &str) {
    let Some(dir) = common::fixture_dir("gamemaker_edits", "gamemaker") else {
        return;
    };
    let original = std::fs::read(dir.join(name)).unwrap();
    let before = game::read(&original).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path();
    let handler = Format::GameMaker.handler().unwrap();
    handler
        .extract(&original, out, &ExtractOptions::default())
        .unwrap();
    let entries = handler.list(&original).unwrap();

    let frame = entries.iter().find(|e| e.kind == "sprite").unwrap();
    let it = *before.item(frame.offset as u32).unwrap();
    let [bw, bh] = it.bounding.map(u32::from);
    let mut red = Rgba::new(bw, bh);
    for y in 0..bh {
        for x in 0..bw {
            red.put(x, y, [255, 0, 0, 255]);
        }
    }
    std::fs::write(out.join(&frame.path), png::encode(&red).unwrap()).unwrap();

    let clip = entries.iter().find(|e| e.kind == "sound").unwrap();
    let sound = gamepak::codec::wav::encode(
        &[1, 2, 3, 4, 5, 6, 7, 8],
        gamepak::codec::wav::Pcm::S16,
        22050,
        1,
    )
    .unwrap();
    std::fs::write(out.join(&clip.path), &sound).unwrap();

    // The game's name, reversed: the same length, so it takes the string's own slot.
    let strings_path = out.join("strings.json");
    let mut strings: Vec<String> =
        serde_json::from_slice(&std::fs::read(&strings_path).unwrap()).unwrap();
    let s = strings.iter().position(|t| *t == before.gen8.name).unwrap();
    let reversed: String = before.gen8.name.chars().rev().collect();
    strings[s] = reversed.clone();
    std::fs::write(&strings_path, serde_json::to_vec(&strings).unwrap()).unwrap();

    let packed = gamepak::pack(out).unwrap();
    assert_eq!(packed.reencoded.len(), 3, "{name}: {:?}", packed.reencoded);
    let after = game::read(&packed.bytes).unwrap();
    let report = handler.check(&packed.bytes);
    assert!(report.is_clean(), "{name}: {}", report.lines());

    // The frame's rectangle on its page is red; every other pixel is as it was.
    let k = it.page as usize;
    let (old, new) = (page(&before, k), page(&after, k));
    let [sx, sy, sw, sh] = it.source.map(u32::from);
    for y in 0..old.height {
        for x in 0..old.width {
            let inside = (sx..sx + sw).contains(&x) && (sy..sy + sh).contains(&y);
            let want = if inside {
                [255, 0, 0, 255]
            } else {
                old.get(x, y)
            };
            assert_eq!(new.get(x, y), want, "{name}: page {k} at ({x}, {y})");
        }
    }
    for other in (0..before.pages().len()).filter(|&o| o != k) {
        assert_eq!(
            after.pages()[other].blob,
            before.pages()[other].blob,
            "{name}"
        );
    }

    // The sound is the new one; the other clips are unchanged.
    let n = before
        .clips
        .iter()
        .position(|c| c.offset == clip.offset)
        .unwrap();
    assert_eq!(after.clips[n].bytes, sound.as_slice(), "{name}");
    for (i, (a, b)) in after.clips.iter().zip(&before.clips).enumerate() {
        if i != n {
            assert_eq!(a.bytes, b.bytes, "{name}: clip {i}");
        }
    }

    // GEN8's name reference now reads the new text; every other string is as it was.
    assert_eq!(after.gen8.name, reversed, "{name}");
    for (i, (a, b)) in after.strings.iter().zip(&before.strings).enumerate() {
        if i != s {
            assert_eq!(a.bytes, b.bytes, "{name}: string {i}");
        }
    }

    // Every chunk before TXTR but STRG is byte for byte what it was, where it was.
    for (a, b) in after.form.chunks.iter().zip(&before.form.chunks) {
        assert_eq!((&a.name, a.offset), (&b.name, b.offset), "{name}");
        if a.name == "TXTR" {
            break;
        }
        if a.name != "STRG" {
            assert_eq!(a.body, b.body, "{name}: {}", a.name);
        }
    }
}

#[test]
fn frame_and_sound_edits_in_a_png_game() {
    edit_and_reread("Cyberebral_Pure-Yahtzee_data.win");
}

#[test]
fn frame_and_sound_edits_in_a_bzip2_qoi_game() {
    edit_and_reread("MistaCarson_Fall2024MiniJam.win");
}

#[test]
fn a_string_that_grows_is_refused_with_the_reason() {
    let Some(dir) = common::fixture_dir("gamemaker_edits", "gamemaker") else {
        return;
    };
    let original = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let handler = Format::GameMaker.handler().unwrap();
    handler
        .extract(&original, tmp.path(), &ExtractOptions::default())
        .unwrap();
    let path = tmp.path().join("strings.json");
    let mut strings: Vec<String> = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    strings[1].push_str(" and more");
    std::fs::write(&path, serde_json::to_vec(&strings).unwrap()).unwrap();
    let e = gamepak::pack(tmp.path()).unwrap_err().to_string();
    assert!(e.contains("string 1 grows"), "{e}");
}
