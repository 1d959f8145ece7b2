//! Every real GameMaker game in the fixtures: read, and written back byte for byte.

use crate::common;

use gamepak::formats::gamemaker::{audo, container, game, txtr};
use gamepak::FourCC;
use gamepak::{ExtractOptions, Format, Handler};

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

fn games() -> Vec<(String, Vec<u8>)> {
    common::gamemaker_games("gamemaker_fixtures")
}

#[test]
fn texture_and_audio_chunks_rebuild_byte_for_byte() {
    for (name, data) in games() {
        let form = container::read(&data).unwrap();
        let align = form.alignment();
        let last = form.chunks.last().unwrap().name;
        let t = txtr::read(&form).unwrap().unwrap();
        let chunk = form.chunk(FourCC::TXTR).unwrap();
        let blobs: Vec<Option<Vec<u8>>> =
            t.pages.iter().map(|p| p.blob.map(|b| b.to_vec())).collect();
        let a = if last == FourCC::TXTR { 1 } else { align };
        let body = txtr::write(&t, &blobs, chunk.body_offset(), a, form.endian);
        assert!(
            body == chunk.body,
            "{name}: TXTR differs ({} vs {} bytes, entry {})",
            body.len(),
            chunk.body.len(),
            t.entry_size
        );
        let clips = audo::read(&form).unwrap();
        let chunk = form.chunk(FourCC::AUDO).unwrap();
        let a = if last == FourCC::AUDO { 1 } else { align };
        let bytes: Vec<&[u8]> = clips.iter().map(|c| c.bytes).collect();
        let body = audo::write(&bytes, chunk.body_offset(), a, form.endian);
        assert!(
            body == chunk.body,
            "{name}: AUDO differs ({} vs {} bytes)",
            body.len(),
            chunk.body.len()
        );
    }
}

#[test]
fn every_game_reads_and_checks_clean() {
    for (name, data) in games() {
        let report = handler().check(&data, &Default::default());
        assert!(report.is_clean(), "{name}:\n{}", report.lines());
        let info = handler().info(&data, &Default::default()).unwrap().value;
        assert!(info["GameMaker version"].is_string(), "{name}");
    }
}

#[test]
fn every_game_rebuilds_byte_for_byte_through_extract_and_pack() {
    for (name, data) in games() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        let summary = handler()
            .extract(&data, &out, &ExtractOptions::default(), &Default::default())
            .unwrap();
        assert!(summary.notes.is_empty(), "{name}: {:?}", summary.notes);
        let packed = gamepak::pack(&out, &Default::default()).unwrap();
        assert!(packed.bytes == data, "{name}: pack differs");
        assert!(packed.unused.is_empty(), "{name}: {:?}", packed.unused);
        assert!(
            packed.reencoded.is_empty(),
            "{name}: {:?}",
            packed.reencoded
        );
    }
}

#[test]
fn extracted_counts_match_info() {
    for (name, data) in games() {
        let g = game::read(&data).unwrap();
        let info = handler().info(&data, &Default::default()).unwrap().value;
        let count = |k: &str| info["counts"][k].as_u64().unwrap_or(0) as usize;
        let entries = handler().list(&data, &Default::default()).unwrap().value;
        let kind = |k: &str| entries.iter().filter(|e| e.kind.name() == k).count();
        assert_eq!(count("texture pages"), g.pages().len(), "{name}");
        let frames: usize = g
            .sprites
            .iter()
            .map(|s| s.items.iter().filter(|&&p| p != 0).count())
            .sum();
        assert_eq!(kind("sprite"), frames, "{name}");
        assert_eq!(
            count("sprite frames"),
            g.sprites.iter().map(|s| s.items.len()).sum::<usize>(),
            "{name}"
        );
        assert_eq!(kind("sound"), count("embedded audio"), "{name}");
        assert_eq!(g.strings.len(), count("strings"), "{name}");
    }
}

#[test]
fn every_code_blob_disassembles_with_every_name_resolved() {
    use gamepak::formats::gamemaker::code;
    for (name, data) in games() {
        let g = game::read(&data).unwrap();
        let names = code::names(&g.form, g.gen8.bytecode);
        assert!(names.problems.is_empty(), "{name}: {:?}", names.problems);
        let strings: Vec<String> = g
            .strings
            .iter()
            .map(|s| String::from_utf8_lossy(s.bytes).into_owned())
            .collect();
        let blobs = code::blobs(&g.code);
        assert!(!blobs.is_empty() || g.code.is_empty(), "{name}");
        for entries in blobs {
            let e = entries[0];
            let text = code::disassemble(&g.form, e.blob, e.length, &entries, &names, &strings);
            assert!(
                !text.contains(".word"),
                "{name}: {}: unknown opcode",
                e.name
            );
            for line in text
                .lines()
                .filter(|l| l.contains("call.") || l.contains("pop.v"))
            {
                assert!(!line.contains('?'), "{name}: {}: unnamed: {line}", e.name);
            }
        }
    }
}

#[test]
fn every_resource_view_reads_on_every_game() {
    use gamepak::formats::gamemaker::resources;
    for (name, data) in games() {
        let g = game::read(&data).unwrap();
        for chunk in resources::VIEWS.map(|v| v.chunk) {
            if let Some(v) = resources::view(&g.form, chunk, &g.code) {
                let v = v.unwrap_or_else(|e| panic!("{name}: {chunk}: {e}"));
                if chunk == FourCC::OPTN {
                    // Every game records its version numbers as constants.
                    let names: Vec<&str> = v["constants"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| c["name"].as_str().unwrap())
                        .collect();
                    assert!(
                        names.is_empty() || names.contains(&"@@SleepMargin"),
                        "{name}: {names:?}"
                    );
                    assert_eq!(v["version"], 2, "{name}");
                }
                if matches!(
                    chunk,
                    FourCC::GLOB
                        | FourCC::FEAT
                        | FourCC::EMBI
                        | FourCC::TGIN
                        | FourCC::SEQN
                        | FourCC::OPTN
                        | FourCC::LANG
                        | FourCC::TAGS
                        | FourCC::DAFL
                        | FourCC::ACRV
                        | FourCC::FEDS
                        | FourCC::PSEM
                        | FourCC::PSYS
                        | FourCC::VARI
                        | FourCC::FUNC
                ) {
                    continue;
                }
                // A null slot is a null entry, so that later records keep their index.
                let slots =
                    gamepak::formats::gamemaker::refs::list(&g.form, g.form.chunk(chunk).unwrap())
                        .unwrap();
                let entries = v.as_array().unwrap();
                assert_eq!(entries.len(), slots.len(), "{name}: {chunk}");
                for (p, e) in slots.iter().zip(entries) {
                    assert_eq!(*p == 0, e.is_null(), "{name}: {chunk}");
                }
                if chunk == FourCC::ROOM && g.gen8.bytecode >= 17 {
                    // GameMaker 2: every instance sits on exactly one instance layer.
                    for room in entries.iter().filter(|r| !r.is_null()) {
                        let mut on_layers: Vec<u64> = room["layers"]
                            .as_array()
                            .unwrap_or_else(|| panic!("{name}: {} has no layers", room["name"]))
                            .iter()
                            .filter(|l| l["type"] == "instances")
                            .flat_map(|l| {
                                l["instances"]
                                    .as_array()
                                    .unwrap()
                                    .iter()
                                    .map(|i| i.as_u64().unwrap())
                            })
                            .collect();
                        let mut ids: Vec<u64> = room["instances"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|i| i["id"].as_u64().unwrap())
                            .collect();
                        on_layers.sort();
                        ids.sort();
                        assert_eq!(on_layers, ids, "{name}: {}", room["name"]);
                    }
                }
                if chunk == FourCC::FONT {
                    for f in v.as_array().unwrap() {
                        assert!(
                            !f["glyphs"].as_array().unwrap().is_empty(),
                            "{name}: {}",
                            f["name"]
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn code_assembled_from_every_disassembly_gives_every_game_back() {
    use gamepak::formats::gamemaker::{code, code_edit::Editor, model};
    for (name, data) in games() {
        let g = game::read(&data).unwrap();
        if g.gen8.bytecode < 15 {
            continue;
        }
        let editor = Editor::new(&g);
        let names = code::names(&g.form, g.gen8.bytecode);
        let strings = g.texts();
        let blobs: Vec<_> = code::blobs(&g.code)
            .iter()
            .enumerate()
            .map(|(k, entries)| {
                let e = entries[0];
                let text = code::disassemble(&g.form, e.blob, e.length, entries, &names, &strings);
                editor
                    .assemble(k, &text, "text")
                    .unwrap_or_else(|err| panic!("{name}: blob {k}: {err}"))
            })
            .collect();
        let mut m = model::read(&data).unwrap();
        editor.relink(&mut m, blobs, Vec::new()).unwrap();
        let file = m.write().unwrap();
        assert_eq!(file.len(), data.len(), "{name}");
        if let Some(at) = (0..data.len()).find(|&i| file[i] != data[i]) {
            panic!("{name}: first difference at {at:#x}");
        }
    }
}
