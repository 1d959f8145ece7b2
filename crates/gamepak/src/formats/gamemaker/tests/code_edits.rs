//! Code edits packed into real games: disassemblies changed in place, instructions
//! pointed at other variables and functions, and instructions added and removed, so
//! that CODE changes size and the chunks after it move.

use crate::common;

use gamepak::formats::gamemaker::views::file_view;
use gamepak::FourCC;
use gamepak::{ExtractOptions, Format};

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
        .open(&original, &Default::default())
        .extract(&out, &ExtractOptions::default())
        .unwrap();
    // The disassemblies, the files these tests edit; the GML beside them follows.
    let mut files: Vec<_> = std::fs::read_dir(out.join("code"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "asm"))
        .collect();
    files.sort();
    (original, tmp, out, files)
}

/// Checks a packed game clean and extracts it into `again` beside the first
/// extraction.
fn checked_and_extracted_again(
    name: &str,
    bytes: &[u8],
    tmp: &tempfile::TempDir,
) -> std::path::PathBuf {
    let handler = Format::GameMaker.handler().unwrap();
    let report = handler.open(bytes, &Default::default()).check();
    let warnings = report.count(gamepak::Severity::Warning);
    assert!(
        report.is_clean() && warnings == 0,
        "{name}: {}",
        report.lines()
    );
    let again = tmp.path().join("again");
    handler
        .open(bytes, &Default::default())
        .extract(&again, &ExtractOptions::default())
        .unwrap();
    again
}

/// The instruction lines of a disassembly (no comments, no labels).
fn instruction_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(';') && !l.ends_with(':'))
        .map(String::from)
        .collect()
}

/// Whether a pack report line says a blob kept its size: "…, N bytes (was N)".
fn same_size(line: &str) -> bool {
    let sizes: Vec<&str> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .collect();
    sizes.len() >= 2 && sizes[sizes.len() - 1] == sizes[sizes.len() - 2]
}

#[test]
fn code_edits_to_constants_strings_comparisons_and_branch_targets_are_packed_in_place() {
    let Some(dir) = common::fixture_dir("gamemaker_code_edits", "gamemaker") else {
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
        let packed = gamepak::pack(&out, &Default::default()).unwrap();
        for (k, d) in kinds.iter_mut().zip(done) {
            *k += usize::from(d);
        }
        assert!(
            packed
                .reencoded
                .iter()
                .any(|r| r.contains("assembled") && same_size(r)),
            "{name}: {:?}",
            packed.reencoded
        );
        assert_eq!(packed.bytes.len(), original.len(), "{name}");
        // The blob now reads as edited; every other blob reads as before.
        let again = checked_and_extracted_again(name, &packed.bytes, &tmp);
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
            file_view::read(&original).unwrap(),
            file_view::read(&packed.bytes).unwrap(),
        );
        for (a, b) in after.form.chunks.iter().zip(&before.form.chunks) {
            if a.name != FourCC::CODE {
                assert_eq!(a.body, b.body, "{name}: {}", a.name);
            }
        }

        // Storing into a static variable the code never declared is refused with
        // its line where the release has none (before 2.3).
        if name.starts_with("MistaCarson") {
            continue;
        }
        let pop = edited
            .iter()
            .position(|l| l.trim().starts_with("pop.v."))
            .unwrap();
        let mut bad = edited.clone();
        bad[pop] = "    pop.v.v static.never_declared_here".into();
        std::fs::write(pick, bad.join("\n")).unwrap();
        let e = gamepak::pack(&out, &Default::default())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!("line {}", pop + 1)) && e.contains("has no static variables"),
            "{name}: {e}"
        );
    }
    // Every kind of edit was made in some game.
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
}

#[test]
fn code_edits_may_point_a_use_at_another_variable_or_function() {
    let Some(dir) = common::fixture_dir("gamemaker_code_edits", "gamemaker") else {
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
                match gamepak::pack(&out, &Default::default()) {
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
        let report = handler.open(&packed.bytes, &Default::default()).check();
        assert!(report.is_clean(), "{name}: {}", report.lines());
        let again = tmp.path().join("again");
        handler
            .open(&packed.bytes, &Default::default())
            .extract(&again, &ExtractOptions::default())
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

/// Asserts that every file of the first extraction but code, stored chunks, the
/// manifest, the views of VARI and FUNC (whose occurrence chains code edits write
/// again), `text.json` (what the code pushes) and the `skipped` ones extracts again
/// to the same bytes.
fn assert_same_assets(
    name: &str,
    out: &std::path::Path,
    again: &std::path::Path,
    skipped: &[&str],
) {
    let mut compared = 0;
    for entry in common::files_ending(out, "") {
        let rel = entry.strip_prefix(out).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let skip = ["code", "raw", "gamepak.toml"].contains(&top.as_ref())
            || ["variables.json", "functions.json", "code.json", "text.json"]
                .iter()
                .chain(skipped)
                .any(|s| rel == std::path::Path::new(s));
        if skip {
            continue;
        }
        let now = std::fs::read(again.join(rel)).unwrap();
        assert!(
            now == std::fs::read(&entry).unwrap(),
            "{name}: {}",
            rel.display()
        );
        compared += 1;
    }
    assert!(compared > 5, "{name}: {compared}");
}

/// Instruction lines with every label replaced by the number of the instruction it
/// marks, so that texts whose offsets moved compare equal.
fn normalized(text: &str) -> Vec<String> {
    let mut labels = std::collections::HashMap::new();
    let mut n = 0;
    for l in text.lines().map(str::trim) {
        if let Some(label) = l.strip_suffix(':') {
            labels.insert(label.to_string(), n);
        } else if !l.is_empty() && !l.starts_with(';') {
            n += 1;
        }
    }
    instruction_lines(text)
        .into_iter()
        .map(|l| match l.rsplit_once(' ') {
            Some((op, target)) if labels.contains_key(target) => {
                format!("{op} @{}", labels[target])
            }
            _ => l,
        })
        .collect()
}

/// The blob to grow: the first with a branch and a plain variable read, else the
/// first with a read, else the first that holds instructions; its file, its text
/// and the read.
fn blob_to_grow(files: &[std::path::PathBuf]) -> (std::path::PathBuf, String, Option<String>) {
    let blobs: Vec<(std::path::PathBuf, String, Option<String>)> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            let read = instruction_lines(&text).into_iter().find(|l| {
                [
                    "push.v self.",
                    "pushglb.v global.",
                    "pushbltn.v builtin.",
                    "push.v global.",
                ]
                .iter()
                .any(|p| l.starts_with(p))
            });
            (f.clone(), text, read)
        })
        .collect();
    let branches = |t: &str| t.contains("\n    b");
    blobs
        .iter()
        .find(|(_, t, r)| r.is_some() && branches(t))
        .or_else(|| blobs.iter().find(|(_, _, r)| r.is_some()))
        .or_else(|| {
            blobs
                .iter()
                .find(|(_, t, _)| !instruction_lines(t).is_empty())
        })
        .cloned()
        .expect("a blob that holds instructions")
}

#[test]
fn code_edits_that_add_instructions_move_the_chunks_after_code() {
    let Some(dir) = common::fixture_dir("gamemaker_code_edits", "gamemaker") else {
        return;
    };
    // Every game: bytecode 15 (GMS 1.4) to 2024.13, sprites with sequences included.
    let games = common::files_ending(&dir, "")
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e != "tsv"));
    for path in games {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (original, tmp, out, files) = extracted_code(&path);
        let (pick, text, read) = blob_to_grow(&files);
        let call = instruction_lines(&text)
            .into_iter()
            .find(|l| l.starts_with("call.i "));
        // Before the first instruction: a constant, a variable read and (where the
        // blob calls one) a function call, each dropped again.
        let mut added = vec!["pushi.e 7".to_string(), "popz.i".into()];
        if let Some(r) = read {
            added.extend([r, "popz.v".into()]);
        }
        if let Some(c) = call {
            // As many arguments as the call takes, so that the stack balances.
            let argc: usize = c
                .rsplit_once("argc=")
                .and_then(|(_, n)| n.trim_end_matches(')').parse().ok())
                .unwrap_or(0);
            for _ in 0..argc {
                added.extend(["pushi.e 0".to_string(), "conv.i.v".into()]);
            }
            added.extend([c, "popz.v".into()]);
        }
        let first = text.lines().position(|l| l.starts_with("    ")).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        for (k, l) in added.iter().enumerate() {
            lines.insert(first + k, format!("    {l}"));
        }
        let edited = lines.join("\n");
        std::fs::write(&pick, &edited).unwrap();
        let packed =
            gamepak::pack(&out, &Default::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let grew = packed
            .reencoded
            .iter()
            .find(|r| r.contains("assembled"))
            .unwrap_or_else(|| panic!("{name}: {:?}", packed.reencoded));
        assert!(!same_size(grew), "{name}: {grew}");
        // The views of VARI and FUNC were made before the edit: still used.
        assert!(packed.unused.is_empty(), "{name}: {:?}", packed.unused);
        assert!(packed.bytes.len() >= original.len(), "{name}");
        // The blob reads as edited, every other as before, and everything else
        // extracts to the same bytes: every reference followed the chunks it names.
        let again = checked_and_extracted_again(&name, &packed.bytes, &tmp);
        for f in &files {
            let rel = f.strip_prefix(&out).unwrap();
            let now = std::fs::read_to_string(again.join(rel)).unwrap();
            let want = std::fs::read_to_string(f).unwrap();
            assert_eq!(
                normalized(&now),
                normalized(&want),
                "{name}: {}",
                rel.display()
            );
        }
        assert_same_assets(&name, &out, &again, &[]);

        // Taking the lines out again gives the game back byte for byte.
        let rel = pick.strip_prefix(&out).unwrap();
        std::fs::write(again.join(rel), &text).unwrap();
        let back = gamepak::pack(&again, &Default::default()).unwrap();
        assert!(back.unused.is_empty(), "{name}: {:?}", back.unused);
        assert!(
            back.bytes == original,
            "{name}: not the original after removing the lines"
        );
    }
}

#[test]
fn growing_code_is_refused_where_a_chunk_is_kept_as_stored() {
    let Some(dir) = common::fixture_dir("gamemaker_code_edits", "gamemaker") else {
        return;
    };
    // DAFL holds nothing: a string's address planted there makes it a chunk no model
    // reads, kept as stored, whose pointers nobody can follow.
    let mut data = std::fs::read(dir.join("Okanoa_Dieback.win")).unwrap();
    let g = file_view::read(&data).unwrap();
    let dafl = g.form.chunk(FourCC::DAFL).unwrap().body_offset() as usize;
    // String 5's text starts past its length, where STRG's fifth pointer points.
    let strg = g.form.chunk(FourCC::STRG).unwrap().body_offset() as usize;
    let pointer = &data[strg + 4 + 4 * 5..strg + 8 + 4 * 5];
    let planted = (u32::from_le_bytes(pointer.try_into().unwrap()) + 4).to_le_bytes();
    data[dafl..dafl + 4].copy_from_slice(&planted);
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("planted.win");
    std::fs::write(&file, &data).unwrap();
    let (_, _tmp, out, files) = extracted_code(&file);
    let (pick, text, _) = blob_to_grow(&files);
    // More than CODE's padding, so that the chunks after it must move.
    let added = "\n    pushi.e 7\n    popz.i".repeat(16);
    std::fs::write(&pick, text.replacen("\n    ", &format!("{added}\n    "), 1)).unwrap();
    let Err(e) = gamepak::pack(&out, &Default::default()) else {
        panic!("packed");
    };
    let e = e.to_string();
    assert!(
        e.contains("DAFL.bin")
            && e.contains("kept as stored")
            && e.contains("moves")
            && e.contains("keep every chunk and string in place"),
        "{e}"
    );
    // An edit that keeps every size still packs.
    std::fs::write(&pick, text.replacen("pushi.e ", "pushi.e 1", 1)).unwrap();
    let packed = gamepak::pack(&out, &Default::default()).unwrap();
    assert_eq!(packed.bytes.len(), data.len());
}

#[test]
fn edits_that_do_not_assemble_are_refused_with_their_line() {
    let Some(dir) = common::fixture_dir("gamemaker_code_edits", "gamemaker") else {
        return;
    };
    let (original, _tmp, out, files) =
        extracted_code(&dir.join("Cyberebral_Pure-Yahtzee_data.win"));
    let (pick, text, _) = blob_to_grow(&files);
    let first = text.lines().position(|l| l.starts_with("    ")).unwrap();
    for (bad, why) in [
        ("bf Lffffff", "no label `Lffffff`"),
        ("push.q 1", "`q` is not a type"),
        ("frob.i", "`frob` is not an instruction"),
        ("conv.i", "takes 2 types"),
        ("pop.v.v static.no_such_variable", "has no static variables"),
        ("pop.v.v nobody.x", "`nobody` is not an instance"),
        ("pushi.e 70000", "not a 16-bit integer"),
        ("cmp.i.v.zz", "lt, le, eq, ne, ge or gt"),
        (".word 0xZZ", "not a hex word"),
        ("push.d many", "not a number"),
        ("popz.v", "the stack does not balance: the stack is empty"),
        (
            "call.i draw_set_alpah(argc=0)",
            "unknown function `draw_set_alpah`; did you mean `draw_set_alpha`?",
        ),
    ] {
        let mut lines: Vec<&str> = text.lines().collect();
        lines.insert(first, bad);
        std::fs::write(&pick, lines.join("\n")).unwrap();
        let Err(e) = gamepak::pack(&out, &Default::default()) else {
            panic!("`{bad}` packed");
        };
        let e = e.to_string();
        assert!(
            e.contains(&format!("line {}", first + 1)) && e.contains(why),
            "`{bad}`: {e}"
        );
    }
    // The text as extracted packs to the game again.
    std::fs::write(&pick, &text).unwrap();
    assert!(gamepak::pack(&out, &Default::default()).unwrap().bytes == original);
}

#[test]
fn strings_added_at_the_end_of_strings_json_can_be_pushed_by_new_code() {
    let Some(dir) = common::fixture_dir("gamemaker_code_edits", "gamemaker") else {
        return;
    };
    for name in [
        "KappaTrooper.win",
        "Cyberebral_Pure-Yahtzee_data.win",
        "P-Hansen_paramecium.win",
        "VVoytec_Simple-Auto-Battler.unx",
    ] {
        let (_, tmp, out, files) = extracted_code(&dir.join(name));
        let json = out.join("strings.json");
        let mut strings: Vec<String> =
            serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let n = strings.len();
        strings.extend([
            "Hello from gamepak".to_string(),
            "zweite Zeile, ünïcode".into(),
        ]);
        std::fs::write(&json, serde_json::to_vec_pretty(&strings).unwrap()).unwrap();
        let (pick, text, _) = blob_to_grow(&files);
        let line = "    push.s \"zweite Zeile, ünïcode\"\n    popz.v\n    ";
        let edited = text.replacen("\n    ", &format!("\n{line}"), 1);
        std::fs::write(&pick, &edited).unwrap();
        let packed =
            gamepak::pack(&out, &Default::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let said = format!("2 strings added to STRG (indices {n} to {})", n + 1);
        assert!(
            packed.reencoded.contains(&said),
            "{name}: {:?}",
            packed.reencoded
        );
        let again = checked_and_extracted_again(name, &packed.bytes, &tmp);
        // Every string reads as before, the new ones at the end; the code pushes one.
        let now: Vec<String> =
            serde_json::from_slice(&std::fs::read(again.join("strings.json")).unwrap()).unwrap();
        assert_eq!(now, strings, "{name}");
        let rel = pick.strip_prefix(&out).unwrap();
        let code = std::fs::read_to_string(again.join(rel)).unwrap();
        assert_eq!(normalized(&code), normalized(&edited), "{name}");
        assert_same_assets(name, &out, &again, &["strings.json"]);
    }
    // Strings cannot be taken away: code and names count on their indices.
    let (_, _tmp, out, _) = extracted_code(&dir.join("Okanoa_Dieback.win"));
    let json = out.join("strings.json");
    let mut strings: Vec<String> = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    strings.pop();
    std::fs::write(&json, serde_json::to_vec_pretty(&strings).unwrap()).unwrap();
    let Err(e) = gamepak::pack(&out, &Default::default()) else {
        panic!("packed");
    };
    assert!(e.to_string().contains("not removed"), "{e}");
}

/// Games of GameMaker: Studio 1 (bytecode 15, VARI's two counts apart), 2.0, 2.3 and
/// 2024, for code that uses what it never used before.
const NEW_NAMES: [&str; 4] = [
    "KappaTrooper.win",
    "AKKIO_Raarwmageddon.win",
    "Andreasholmbrg_Chonko.win",
    "MistaCarson_Fall2024MiniJam.win",
];

#[test]
fn code_may_call_functions_and_set_variables_it_never_used() {
    let Some(dir) = common::fixture_dir("gamemaker_code_edits new names", "gamemaker") else {
        return;
    };
    let json = |path: std::path::PathBuf| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
    };
    for name in NEW_NAMES {
        let (_, tmp, out, files) = extracted_code(&dir.join(name));
        let vars_before = json(out.join("variables.json"));
        let (pick, text, _) = blob_to_grow(&files);
        let added = [
            "call.i display_get_gui_width(argc=0)",
            "popz.v",
            "pushi.e 5",
            "pop.v.i global.gamepak_new_global",
            "pushi.e 6",
            "pop.v.i self.gamepak_new_self",
            "pushi.e 7",
            "pop.v.i self.gamepak_new_self",
            "pushi.e 8",
            "pop.v.i local.gamepak_new_local",
            "pushi.e 9",
            "pop.v.i local.gamepak_new_local",
            "pushi.e 90",
            "pop.v.i self.gravity_direction",
        ];
        let lines: String = added.iter().map(|l| format!("\n    {l}")).collect();
        std::fs::write(&pick, text.replacen("\n    ", &format!("{lines}\n    "), 1)).unwrap();
        let packed =
            gamepak::pack(&out, &Default::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = checked_and_extracted_again(name, &packed.bytes, &tmp);
        // The code reads back with the new names, in place.
        let now = std::fs::read_to_string(again.join(pick.strip_prefix(&out).unwrap())).unwrap();
        let lines = instruction_lines(&now);
        assert!(
            lines.windows(added.len()).any(|w| w == added),
            "{name}: {}",
            lines[..added.len().min(lines.len())].join(" / ")
        );
        // Each has an entry of its own, with its uses counted.
        let vars = json(again.join("variables.json"));
        let entry = |list: &serde_json::Value, field: &str, n: &str| {
            list[field]
                .as_array()
                .unwrap()
                .iter()
                .find(|v| v["name"] == n)
                .cloned()
                .unwrap_or_else(|| panic!("{name}: no {n}"))
        };
        let global = entry(&vars, "variables", "gamepak_new_global");
        let own = entry(&vars, "variables", "gamepak_new_self");
        assert_eq!(
            (&global["instance_type"], &global["uses"]["count"]),
            (&(-5).into(), &1.into()),
            "{name}"
        );
        assert_eq!(
            (&own["instance_type"], &own["uses"]["count"]),
            (&(-1).into(), &2.into()),
            "{name}"
        );
        // Ids are numbered per instance type where VARI keeps two counts (GameMaker:
        // Studio 1), and across all variables otherwise: none is given twice.
        for new in [&global, &own] {
            let id = new["id"].as_i64().unwrap();
            let same = vars["variables"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|v| v["instance_type"] == new["instance_type"] && v["id"] == id)
                .count();
            assert_eq!(same, 1, "{name}: id {id} twice");
        }
        let counts = |v: &serde_json::Value| [v["header"][0].as_u64(), v["header"][1].as_u64()];
        let [g0, s0] = counts(&vars_before);
        let grown = counts(&vars);
        assert!(
            grown[0] >= g0 && grown[1] >= s0 && grown != [g0, s0],
            "{name}: {grown:?}"
        );
        let funcs = json(again.join("functions.json"));
        let call = entry(&funcs, "functions", "display_get_gui_width");
        assert!(call["uses"]["count"].as_u64() >= Some(1), "{name}");
        // One of GameMaker's own variables is told by its id, and counted nowhere.
        let builtin = entry(&vars, "variables", "gravity_direction");
        assert_eq!(
            (&builtin["instance_type"], &builtin["id"]),
            (&(-1).into(), &(-6).into()),
            "{name}"
        );
        // The local is one more of its code entry's locals, in its code locals where
        // FUNC keeps them, and VARI's most-locals count covers it.
        let local = entry(&vars, "variables", "gamepak_new_local");
        assert_eq!(
            (&local["instance_type"], &local["uses"]["count"]),
            (&(-7).into(), &2.into()),
            "{name}"
        );
        let code = json(again.join("code.json"));
        let heading = now
            .lines()
            .find_map(gamepak::formats::gamemaker::bytecode::disassemble::heading)
            .unwrap();
        let owner = code["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == heading.name)
            .unwrap();
        let before = json(out.join("code.json"))["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == heading.name)
            .unwrap()["locals"]
            .as_u64()
            .unwrap();
        assert_eq!(owner["locals"].as_u64(), Some(before + 1), "{name}");
        assert!(vars["header"][2].as_u64() >= Some(before + 1), "{name}");
        if let Some(lists) = funcs["code_locals"].as_array().filter(|l| !l.is_empty()) {
            let list = lists.iter().find(|l| l["code"] == heading.name).unwrap();
            let listed = list["locals"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["name"] == "gamepak_new_local")
                .unwrap_or_else(|| panic!("{name}: not in its code locals"));
            assert_eq!(listed["index"], local["id"], "{name}");
        }
    }
}

/// A call to a function FUNC does not list names it by its string: the real game
/// that does so disassembles it as a quoted name, packs a new such call, and check
/// refuses one whose string STRG does not hold.
#[test]
fn calls_by_a_function_s_name_read_assemble_and_check_as_calls() {
    let Some(dir) = common::fixture_dir("calls by name", "gamemaker-more") else {
        return;
    };
    let (original, tmp, out, files) = extracted_code(&dir.join("HannulaTero_github.io.win"));
    let file = files
        .iter()
        .find(|f| {
            std::fs::read_to_string(f)
                .unwrap()
                .contains("call.i \"game_end\"(argc=0)")
        })
        .expect("the game's call by name disassembles as one");
    let text = std::fs::read_to_string(file).unwrap();
    let twice = text.replace(
        "    call.i \"game_end\"(argc=0)\n    popz.v\n",
        "    call.i \"game_end\"(argc=0)\n    popz.v\n    call.i \"game_end\"(argc=0)\n    popz.v\n",
    );
    assert_ne!(twice, text);
    std::fs::write(file, twice).unwrap();
    let packed = gamepak::pack(&out, &Default::default()).unwrap().bytes;
    let again = checked_and_extracted_again("HannulaTero", &packed, &tmp);
    let name = file.file_name().unwrap();
    let text = std::fs::read_to_string(again.join("code").join(name)).unwrap();
    assert_eq!(
        text.matches("call.i \"game_end\"(argc=0)").count(),
        2,
        "{text}"
    );
    // The operand of the original call, bent to a string STRG does not hold.
    let g = file_view::read(&original).unwrap();
    let at = original
        .windows(8)
        .position(|w| w == [0, 0, 2, 0xd9, 0xab, 0, 0, 0])
        .expect("the call by name is in the file");
    let mut bent = original.clone();
    bent[at + 4..at + 8].copy_from_slice(&0xffffu32.to_le_bytes());
    let report = Format::GameMaker
        .handler()
        .unwrap()
        .open(&bent, &Default::default())
        .check();
    let lines = report.lines();
    assert!(
        lines.contains("is in no FUNC chain, and names its function by string 65535")
            && lines.contains(&format!("at {:#x}", at + 4)),
        "{lines}"
    );
    assert!(g.texts().len() < 0xffff);
}
