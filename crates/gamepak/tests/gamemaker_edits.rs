//! Edits packed into real games: one sprite frame repainted and one embedded sound
//! replaced, in a game with PNG pages and in one with BZip2-QOI pages. The result is
//! read again: the new content is where it belongs, and nothing else changed.

mod common;

use gamepak::codec::png::{self, Rgba};
use gamepak::formats::gamemaker::{game, pages, refs};
use gamepak::FourCC;
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
        .extract(
            &original,
            out,
            &ExtractOptions::default(),
            &Default::default(),
        )
        .unwrap();
    let entries = handler.list(&original, &Default::default()).unwrap();

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
    assert_eq!(packed.reencoded.len(), 3, "{name}: {:?}", packed.reencoded);
    let after = game::read(&packed.bytes).unwrap();
    let report = handler.check(&packed.bytes, &Default::default());
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
        if a.name == FourCC::TXTR {
            break;
        }
        if a.name != FourCC::STRG {
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
        let before = game::read(&original).unwrap();
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
            packed
                .reencoded
                .iter()
                .any(|r| r.contains("STRG laid out again in order")),
            "{:?}",
            packed.reencoded
        );
        let report = handler.check(&packed.bytes, &Default::default());
        let warnings = report.count(gamepak::Severity::Warning);
        assert!(
            report.is_clean() && warnings == 0,
            "{name}: {}",
            report.lines()
        );
        let after = game::read(&packed.bytes).unwrap();
        assert_eq!(after.gen8.name, longer, "{name}");
        let text =
            |g: &game::Game<'_>, i: usize| String::from_utf8(g.strings[i].bytes.to_vec()).unwrap();
        assert_eq!(text(&after, s), longer);
        assert_eq!(text(&after, last), strings[last]);
        for i in (0..before.strings.len()).filter(|&i| i != s && i != last) {
            assert_eq!(
                after.strings[i].bytes, before.strings[i].bytes,
                "{name}: string {i}"
            );
        }
        // The table is in order, and between strings there is nothing but padding:
        // no old text is left behind.
        let strg = after.form.chunk(FourCC::STRG).unwrap();
        let mut end = strg.body_offset() + 4 + 4 * after.strings.len() as u64;
        for (i, st) in after.strings.iter().enumerate() {
            assert!(st.offset >= end, "{name}: string {i} out of order");
            let gap = &packed.bytes[end as usize..st.offset as usize];
            assert!(
                gap.iter().all(|&b| b == 0),
                "{name}: text before string {i}"
            );
            end = st.offset + 4 + st.bytes.len() as u64 + 1;
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
        // Every chunk before STRG is where it was, and only string references changed:
        // names of fixed place and the string fields the views read.
        let mut names: std::collections::HashSet<u64> =
            refs::name_references(&before.form, before.gen8.bytecode)
                .into_iter()
                .map(|(_, at)| at)
                .collect();
        names.extend(
            gamepak::formats::gamemaker::resources::noted(&before.form, &before.code).strings,
        );
        let mut repointed = 0;
        for (a, b) in after.form.chunks.iter().zip(&before.form.chunks) {
            if a.name == FourCC::STRG {
                break;
            }
            assert_eq!(a.offset, b.offset, "{name}");
            for (k, (x, y)) in a.body.iter().zip(b.body).enumerate() {
                if x != y {
                    let at = a.body_offset() + k as u64;
                    assert!(
                        (0..4).any(|d| at >= d && names.contains(&(at - d))),
                        "{name}: {} changed at {at:#x}",
                        a.name
                    );
                    repointed += 1;
                }
            }
        }
        assert!(repointed > 0, "{name}");
        // A string field a view reads follows too (FEAT names features by string).
        let feat = |g: &game::Game<'_>| {
            gamepak::formats::gamemaker::resources::view(&g.form, FourCC::FEAT, &g.code)
                .map(|v| v.unwrap().to_string())
                .unwrap_or_default()
        };
        let old_last = String::from_utf8(before.strings[last].bytes.to_vec()).unwrap();
        if feat(&before).contains(&format!("\"{old_last}\"")) {
            assert!(
                feat(&after).contains(&serde_json::to_string(&strings[last]).unwrap()),
                "{name}"
            );
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
        .extract(data, tmp.path(), &opts, &Default::default())
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
        let report = handler.check(&packed.bytes, &Default::default());
        assert!(report.problems.is_empty(), "{name}: {}", report.lines());
        assert_eq!(
            game::read(&packed.bytes).unwrap().texts(),
            strings,
            "{name}"
        );
    }
}

/// Where a chunk holds what reads like a reference to a string in a field gamepak
/// does not know, strings cannot move: one that grows is appended instead, and the
/// file still reads with the new text.
#[test]
fn a_reference_gamepak_cannot_place_keeps_grown_strings_appended() {
    let Some(dir) = common::fixture_dir("gamemaker_edits planted", "gamemaker") else {
        return;
    };
    let mut data = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let g = game::read(&data).unwrap();
    let dafl = g.form.chunk(FourCC::DAFL).unwrap().body_offset() as usize;
    let planted = (g.strings[5].offset as u32 + 4).to_le_bytes();
    data[dafl..dafl + 4].copy_from_slice(&planted);
    let (strings, packed) = with_strings_edited(&data, |s| s[0].push_str(" grown by a test"));
    let handler = Format::GameMaker.handler().unwrap();
    assert!(
        packed
            .reencoded
            .iter()
            .any(|r| r.contains("cannot be laid out again in order") && r.contains("FORM/DAFL")),
        "{:?}",
        packed.reencoded
    );
    assert!(handler.check(&packed.bytes, &Default::default()).is_clean());
    assert_eq!(game::read(&packed.bytes).unwrap().texts(), strings);
}
