//! Edits packed into real games: one sprite frame repainted and one embedded sound
//! replaced, in a game with PNG pages and in one with BZip2-QOI pages. The result is
//! read again: the new content is where it belongs, and nothing else changed.

mod common;

use gamepak::codec::png::{self, Rgba};
use gamepak::formats::gamemaker::{game, pages, refs};
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
fn strings_that_grow_move_to_the_end_of_strg_and_their_names_follow() {
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
        let tmp = tempfile::tempdir().unwrap();
        let handler = Format::GameMaker.handler().unwrap();
        handler
            .extract(&original, tmp.path(), &ExtractOptions::default())
            .unwrap();
        let path = tmp.path().join("strings.json");
        let mut strings: Vec<String> =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        // The game's name (a name reference in GEN8) and the last string grow.
        let s = strings.iter().position(|t| *t == before.gen8.name).unwrap();
        let longer = format!("{} - the long edition", before.gen8.name);
        strings[s] = longer.clone();
        let last = strings.len() - 1;
        strings[last].push_str(" and more ✓");
        std::fs::write(&path, serde_json::to_vec(&strings).unwrap()).unwrap();

        let packed = gamepak::pack(tmp.path()).unwrap();
        assert!(
            packed
                .reencoded
                .iter()
                .any(|r| r.contains(&format!("[{s}] grew"))),
            "{:?}",
            packed.reencoded
        );
        let report = handler.check(&packed.bytes);
        assert!(report.is_clean(), "{name}: {}", report.lines());
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
            assert_eq!(
                after.strings[i].offset, before.strings[i].offset,
                "{name}: string {i}"
            );
        }
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
        names.extend(gamepak::formats::gamemaker::resources::string_sites(
            &before.form,
            &before.code,
        ));
        let mut repointed = 0;
        for (a, b) in after.form.chunks.iter().zip(&before.form.chunks) {
            if a.name == "STRG" {
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
            gamepak::formats::gamemaker::resources::view(&g.form, "FEAT", &g.code)
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

/// A game read and extracted into a scratch folder: its bytes, the folder (kept
/// alive by the TempDir), and its code files in order.
fn extracted_code(
    path: &std::path::Path,
) -> (
    Vec<u8>,
    tempfile::TempDir,
    std::path::PathBuf,
    Vec<std::path::PathBuf>,
) {
    let original = std::fs::read(path).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x");
    Format::GameMaker
        .handler()
        .unwrap()
        .extract(&original, &out, &ExtractOptions::default())
        .unwrap();
    let mut files: Vec<_> = std::fs::read_dir(out.join("code"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    (original, tmp, out, files)
}

/// The instruction lines of a disassembly (no comments, no labels).
fn instruction_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(';') && !l.ends_with(':'))
        .map(String::from)
        .collect()
}

#[test]
fn code_edits_to_constants_strings_comparisons_and_branch_targets_are_packed_in_place() {
    let Some(dir) = common::fixture_dir("gamemaker_edits", "gamemaker") else {
        return;
    };
    let mut kinds = [0; 4];
    // Bytecode 15 (GMS 1.4), 16 and 17 (a 2024 game).
    for name in [
        "KappaTrooper.win",
        "AKKIO_Raarwmageddon.win",
        "Cyberebral_Pure-Yahtzee_data.win",
        "MistaCarson_Fall2024MiniJam.win",
    ] {
        let (original, tmp, out, files) = extracted_code(&dir.join(name));
        let handler = Format::GameMaker.handler().unwrap();
        let strings: Vec<String> =
            serde_json::from_slice(&std::fs::read(out.join("strings.json")).unwrap()).unwrap();
        // Edit the first blob holding a small-integer push and a comparison (and a
        // string push, where it has one).
        let holds = |f: &&std::path::PathBuf, with: &[&str]| {
            let t = std::fs::read_to_string(f).unwrap();
            with.iter().all(|w| t.contains(w))
        };
        let pick = files
            .iter()
            .find(|f| holds(f, &["pushi.e ", "cmp.", "push.s \""]))
            .or_else(|| files.iter().find(|f| holds(f, &["pushi.e ", "cmp."])))
            .unwrap_or_else(|| panic!("{name}: no blob to edit"));
        let text = std::fs::read_to_string(pick).unwrap();
        let mut done = [false; 4];
        let other = serde_json::to_string(&strings[0]).unwrap();
        let edited: Vec<String> = text
            .lines()
            .map(|l| {
                let t = l.trim();
                if !done[0] && t.starts_with("pushi.e ") {
                    done[0] = true;
                    return "    pushi.e -1234".to_string();
                }
                if !done[1] && t.starts_with("push.s ") {
                    done[1] = true;
                    return format!("    push.s {other}");
                }
                if !done[3]
                    && (t.starts_with("bf L") || t.starts_with("bt L"))
                    && !t.ends_with("L0000")
                {
                    done[3] = true;
                    let (op, _) = t.split_once(' ').unwrap();
                    return format!("    {op} L0000");
                }
                if !done[2] && t.starts_with("cmp.") {
                    done[2] = true;
                    let (op, kind) = t.rsplit_once('.').unwrap();
                    return format!("    {op}.{}", if kind == "gt" { "lt" } else { "gt" });
                }
                l.to_string()
            })
            .collect();
        std::fs::write(pick, edited.join("\n")).unwrap();
        let packed = gamepak::pack(&out).unwrap();
        for (k, d) in kinds.iter_mut().zip(done) {
            *k += usize::from(d);
        }
        let changed = format!(
            "{} instructions changed",
            done.iter().filter(|d| **d).count()
        );
        assert!(
            packed.reencoded.iter().any(|r| r.contains(&changed)),
            "{name}: {:?}",
            packed.reencoded
        );
        let report = handler.check(&packed.bytes);
        assert!(report.is_clean(), "{name}: {}", report.lines());
        assert_eq!(packed.bytes.len(), original.len(), "{name}");
        // The blob now reads as edited; every other blob reads as before.
        let again = tmp.path().join("again");
        handler
            .extract(&packed.bytes, &again, &ExtractOptions::default())
            .unwrap();
        for f in &files {
            let rel = f.strip_prefix(&out).unwrap();
            let now = std::fs::read_to_string(again.join(rel)).unwrap();
            let want = if f == pick {
                edited.join("\n")
            } else {
                std::fs::read_to_string(f).unwrap()
            };
            assert_eq!(
                instruction_lines(&now),
                instruction_lines(&want),
                "{name}: {}",
                rel.display()
            );
        }
        // Only CODE's bytes changed.
        let (before, after) = (
            game::read(&original).unwrap(),
            game::read(&packed.bytes).unwrap(),
        );
        for (a, b) in after.form.chunks.iter().zip(&before.form.chunks) {
            if a.name != "CODE" {
                assert_eq!(a.body, b.body, "{name}: {}", a.name);
            }
        }

        // Changing what an instruction refers to is refused with its line.
        let pop = edited
            .iter()
            .position(|l| l.trim().starts_with("pop.v."))
            .unwrap();
        let mut bad = edited.clone();
        bad[pop] = format!("{}_renamed", bad[pop]);
        std::fs::write(pick, bad.join("\n")).unwrap();
        let e = gamepak::pack(&out).unwrap_err().to_string();
        assert!(
            e.contains(&format!("line {}", pop + 1)) && e.contains("cannot become"),
            "{name}: {e}"
        );
    }
    // Every kind of edit was made in some game.
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
}

#[test]
fn code_edits_may_point_a_use_at_another_variable_or_function() {
    let Some(dir) = common::fixture_dir("gamemaker_edits", "gamemaker") else {
        return;
    };
    for name in [
        "KappaTrooper.win",
        "Cyberebral_Pure-Yahtzee_data.win",
        "MistaCarson_Fall2024MiniJam.win",
    ] {
        let (_, tmp, out, files) = extracted_code(&dir.join(name));
        let handler = Format::GameMaker.handler().unwrap();
        let texts: Vec<String> = files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect();
        let operand = |l: &str, op: &str| l.trim().strip_prefix(op).map(str::to_string);
        // The first store to a variable and the first call, in whichever blobs hold
        // them; other variables stored to with the same instance, and functions
        // called with as many arguments, are the candidates.
        let first = |op: &str| {
            let k = texts.iter().position(|t| t.contains(op)).unwrap();
            let line = texts[k]
                .lines()
                .position(|l| l.trim().starts_with(op))
                .unwrap();
            (
                k,
                line,
                texts[k].lines().nth(line).unwrap().trim().to_string(),
            )
        };
        // A store whose instance has other variables stored to.
        let stores: Vec<(usize, usize, String)> = texts
            .iter()
            .enumerate()
            .flat_map(|(k, t)| {
                t.lines()
                    .enumerate()
                    .filter(|(_, l)| l.trim().starts_with("pop.v.v "))
                    .map(move |(n, l)| (k, n, l.trim().to_string()))
            })
            .collect();
        let distinct = |prefix: &str| {
            let mut names: Vec<&str> = stores
                .iter()
                .filter_map(|s| s.2.strip_prefix(prefix))
                .collect();
            names.sort();
            names.dedup();
            names.len()
        };
        let (pk, pl, store) = stores
            .iter()
            .find(|s| distinct(&format!("{}.", s.2.rsplit_once('.').map_or("", |x| x.0))) > 1)
            .cloned()
            .unwrap_or_else(|| panic!("{name}: no instance with two variables"));
        let (ck, cl, call) = first("call.i ");
        let (inst, old_var) = store
            .strip_prefix("pop.v.v ")
            .unwrap()
            .split_once('.')
            .unwrap();
        let prefix = format!("pop.v.v {inst}.");
        let old_call = call.strip_prefix("call.i ").unwrap();
        let argc = old_call.split_once("(argc=").unwrap().1;
        let pops: Vec<String> = texts
            .iter()
            .flat_map(|t| t.lines().filter_map(|l| operand(l, &prefix)))
            .collect();
        let calls: Vec<String> = texts
            .iter()
            .flat_map(|t| t.lines().filter_map(|l| operand(l, "call.i ")))
            .collect();
        let mut done = None;
        let mut last = String::new();
        'search: for var in pops.iter().filter(|v| **v != old_var) {
            for f in calls
                .iter()
                .filter(|c| c.ends_with(&format!("(argc={argc}")) && **c != old_call)
            {
                let mut edited = texts.clone();
                let set = |t: &str, line: usize, new: String| {
                    let mut ls: Vec<String> = t.lines().map(String::from).collect();
                    ls[line] = new;
                    ls.join("\n")
                };
                edited[pk] = set(&edited[pk], pl, format!("    {prefix}{var}"));
                edited[ck] = set(&edited[ck], cl, format!("    call.i {f}"));
                for k in [pk, ck] {
                    std::fs::write(&files[k], &edited[k]).unwrap();
                }
                match gamepak::pack(&out) {
                    Ok(p) => {
                        done = Some((p, edited));
                        break 'search;
                    }
                    Err(e) => last = e.to_string(),
                }
            }
        }
        let (packed, edited) =
            done.unwrap_or_else(|| panic!("{name}: no other variable and function to use: {last}"));
        // Check walks every chain: they hold together.
        let report = handler.check(&packed.bytes);
        assert!(report.is_clean(), "{name}: {}", report.lines());
        let again = tmp.path().join("again");
        handler
            .extract(&packed.bytes, &again, &ExtractOptions::default())
            .unwrap();
        for (f, want) in files.iter().zip(&edited) {
            let now = std::fs::read_to_string(again.join(f.strip_prefix(&out).unwrap())).unwrap();
            assert_eq!(
                instruction_lines(&now),
                instruction_lines(want),
                "{name}: {}",
                f.display()
            );
        }
    }
}
