//! Edits packed into real games: one sprite frame repainted and one embedded sound
//! replaced, in a game with PNG pages and in one with BZip2-QOI pages. The result is
//! read again: the new content is where it belongs, and nothing else changed.

use crate::common;

use gamepak::codec::png::{self, Rgba};
use std::sync::Arc;

use gamepak::formats::gamemaker::model::{self, chunks::Body};
use gamepak::formats::gamemaker::{pictures::page_codecs, views::file_view};
use gamepak::limits::Held;
use gamepak::FourCC;
use gamepak::{ExtractOptions, Format};

fn page(g: &file_view::FileView<'_>, k: usize) -> Held<Rgba> {
    let p = &g.pages()[k];
    page_codecs::decode(p.blob.unwrap(), p.format, "page", &Default::default()).unwrap()
}

fn edit_and_reread(name: &str) {
    let Some(dir) = common::fixture_dir("gamemaker_edits", "gamemaker") else {
        return;
    };
    let original = std::fs::read(dir.join(name)).unwrap();
    let before = file_view::read(&original).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path();
    let handler = Format::GameMaker.handler().unwrap();
    handler
        .open(&original, &Default::default())
        .extract(out, &ExtractOptions::default())
        .unwrap();
    let entries = handler
        .open(&original, &Default::default())
        .list()
        .unwrap()
        .value;

    let frame = entries
        .iter()
        .find(|e| e.kind == gamepak::assets::Kind::Sprite)
        .unwrap();
    let it = *before.item(frame.offset as u32).unwrap();
    let [bw, bh] = it.bounding.map(u32::from);
    let mut red = Rgba::new(bw, bh);
    for y in 0..bh {
        for x in 0..bw {
            red.put(x, y, [255, 0, 0, 255]);
        }
    }
    std::fs::write(out.join(&frame.path), png::encode(&red).unwrap()).unwrap();

    let clip = entries
        .iter()
        .find(|e| e.kind == gamepak::assets::Kind::Sound)
        .unwrap();
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

    let packed = gamepak::pack(out, &Default::default()).unwrap();
    // From 2024.6 SOND stores a sound's length, which follows its changed clip.
    let (lengths, edits): (Vec<&String>, Vec<&String>) = packed
        .reencoded
        .iter()
        .partition(|r| r.contains(": length "));
    assert_eq!(edits.len(), 3, "{name}: {:?}", packed.reencoded);
    let zero = |l: &&String| l.contains(": length is now 0 s, its clip's (was ");
    assert!(lengths.iter().all(zero), "{lengths:?}");
    let after = file_view::read(&packed.bytes).unwrap();
    let report = handler.open(&packed.bytes, &Default::default()).check();
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
    for (i, (a, b)) in after.texts().iter().zip(before.texts()).enumerate() {
        if i != s {
            assert_eq!(a, b, "{name}: string {i}");
        }
    }

    // Every chunk before TXTR but STRG (and SOND, where a length followed its clip)
    // is byte for byte what it was, where it was.
    let timed = !lengths.is_empty();
    for (a, b) in after.form.chunks.iter().zip(&before.form.chunks) {
        assert_eq!((&a.name, a.offset), (&b.name, b.offset), "{name}");
        if a.name == FourCC::TXTR {
            break;
        }
        if a.name != FourCC::STRG && !(timed && a.name == FourCC::SOND) {
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
fn strings_that_grow_keep_their_place_and_every_later_string_and_reference_follows() {
    let Some(dir) = common::fixture_dir("gamemaker_edits", "gamemaker") else {
        return;
    };
    for name in [
        "Okanoa_Dieback.win",
        "Cyberebral_Pure-Yahtzee_data.win",
        "MistaCarson_Fall2024MiniJam.win",
    ] {
        let original = std::fs::read(dir.join(name)).unwrap();
        let before = file_view::read(&original).unwrap();
        let handler = Format::GameMaker.handler().unwrap();
        // The game's name (a name reference in GEN8) and the last string grow.
        let longer = format!("{} - the long edition", before.gen8.name);
        let (strings, packed) = with_strings_edited(&original, |strings| {
            let s = strings.iter().position(|t| *t == before.gen8.name).unwrap();
            strings[s] = longer.clone();
            strings.last_mut().unwrap().push_str(" and more ✓");
        });
        let s = strings.iter().position(|t| *t == longer).unwrap();
        let last = strings.len() - 1;
        assert!(
            packed.reencoded.contains(&format!("strings.json[{s}]")),
            "{:?}",
            packed.reencoded
        );
        let report = handler.open(&packed.bytes, &Default::default()).check();
        let warnings = report.count(gamepak::Severity::Warning);
        assert!(
            report.is_clean() && warnings == 0,
            "{name}: {}",
            report.lines()
        );
        let after = file_view::read(&packed.bytes).unwrap();
        assert_eq!(after.gen8.name, longer, "{name}");
        assert_eq!(after.texts()[s], longer);
        assert_eq!(after.texts()[last], strings[last]);
        for i in (0..before.texts().len()).filter(|&i| i != s && i != last) {
            assert_eq!(after.texts()[i], before.texts()[i], "{name}: string {i}");
        }
        // The table is in order, and between strings there is nothing but padding:
        // no old text is left behind.
        let strg = after.form.chunk(FourCC::STRG).unwrap();
        let word = |at: u64| {
            let at = at as usize;
            u64::from(u32::from_le_bytes(
                packed.bytes[at..at + 4].try_into().unwrap(),
            ))
        };
        let count = word(strg.body_offset());
        let mut end = strg.body_offset() + 4 + 4 * count;
        for i in 0..count {
            let at = word(strg.body_offset() + 4 + 4 * i);
            assert!(at >= end, "{name}: string {i} out of order");
            let gap = &packed.bytes[end as usize..at as usize];
            assert!(
                gap.iter().all(|&b| b == 0),
                "{name}: text before string {i}"
            );
            end = at + 4 + word(at) + 1;
        }
        let tail = &packed.bytes[end as usize..strg.end() as usize];
        assert!(
            tail.iter().all(|&b| b == 0),
            "{name}: text after the strings"
        );
        // Pages and clips moved with TXTR and AUDO but hold the same bytes.
        for (a, b) in after.pages().iter().zip(before.pages()) {
            assert_eq!(a.blob, b.blob, "{name}");
        }
        for (a, b) in after.clips.iter().zip(&before.clips) {
            assert_eq!(a.bytes, b.bytes, "{name}");
        }
        // Every chunk before STRG is where it was, and each record reads as it did
        // with the grown texts in place of the old.
        let old_last = before.texts()[last].clone();
        let quoted = |t: &str| serde_json::to_string(t).unwrap();
        let (was, now) = (
            model::read(&original).unwrap(),
            model::read(&packed.bytes).unwrap(),
        );
        let (shown_was, shown_now) = (Arc::new(was.shown()), Arc::new(now.shown()));
        for (a, b) in after.form.chunks.iter().zip(&before.form.chunks) {
            if a.name == FourCC::STRG {
                break;
            }
            assert_eq!(a.offset, b.offset, "{name}");
        }
        for (a, b) in now.chunks.iter().zip(&was.chunks) {
            if a.name == FourCC::STRG {
                continue;
            }
            let json = |body: &Body<'_>, shown| {
                String::from_utf8(body.to_json(shown).unwrap_or_default()).unwrap()
            };
            let expected = json(&b.body, &shown_was)
                .replace(&quoted(&before.gen8.name), &quoted(&longer))
                .replace(&quoted(&old_last), &quoted(&strings[last]));
            assert!(json(&a.body, &shown_now) == expected, "{name}: {}", a.name);
        }
    }
}

/// Extracts `data`, edits its strings.json with `edit`, and packs the folder: the
/// strings as edited, and what pack made.
fn with_strings_edited(
    data: &[u8],
    edit: impl FnOnce(&mut Vec<String>),
) -> (Vec<String>, gamepak::PackOutcome) {
    let tmp = tempfile::tempdir().unwrap();
    let opts = ExtractOptions::default();
    Format::GameMaker
        .handler()
        .unwrap()
        .open(data, &Default::default())
        .extract(tmp.path(), &opts)
        .unwrap();
    let path = tmp.path().join("strings.json");
    let mut strings: Vec<String> = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    edit(&mut strings);
    std::fs::write(&path, serde_json::to_vec(&strings).unwrap()).unwrap();
    let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    (strings, packed)
}

/// Any string of any game to any length: the first and last grow, the file checks
/// with no problem at all, and reads back with the new texts.
#[test]
fn every_game_takes_longer_strings_and_checks_clean() {
    let handler = Format::GameMaker.handler().unwrap();
    for (name, original) in common::gamemaker_games("gamemaker_edits all games") {
        let (strings, packed) = with_strings_edited(&original, |s| {
            s[0].push_str(" grown by a test");
            s.last_mut().unwrap().push_str(" and more ✓");
        });
        let report = handler.open(&packed.bytes, &Default::default()).check();
        assert!(report.problems.is_empty(), "{name}: {}", report.lines());
        assert_eq!(
            file_view::read(&packed.bytes).unwrap().texts(),
            strings,
            "{name}"
        );
    }
}

/// A chunk gamepak keeps as stored (here DAFL, made unreadable) may point at
/// strings in ways nobody knows: an edit that would move a string is refused, naming
/// the chunk, rather than written with pointers that may be wrong.
#[test]
fn a_chunk_kept_as_stored_refuses_edits_that_move_strings() {
    let Some(dir) = common::fixture_dir("gamemaker_edits planted", "gamemaker") else {
        return;
    };
    let mut data = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let g = file_view::read(&data).unwrap();
    let dafl = g.form.chunk(FourCC::DAFL).unwrap().body_offset() as usize;
    data[dafl..dafl + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let tmp = tempfile::tempdir().unwrap();
    let handler = Format::GameMaker.handler().unwrap();
    handler
        .open(&data, &Default::default())
        .extract(tmp.path(), &ExtractOptions::default())
        .unwrap();
    let unchanged = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert!(unchanged.bytes == data, "unchanged, it packs as it was");
    let path = tmp.path().join("strings.json");
    let mut strings: Vec<String> = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    strings[0].push_str(" grown by a test");
    std::fs::write(&path, serde_json::to_vec(&strings).unwrap()).unwrap();
    let e = gamepak::pack(tmp.path(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("DAFL") && e.contains("kept as stored") && e.contains("strings change"),
        "{e}"
    );
}
