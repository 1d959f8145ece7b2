//! Every real GameMaker game in the fixtures: read, and written back byte for byte.

use crate::common;
use crate::formats::gamemaker::views::code_entries;

use gamepak::formats::gamemaker::views::file_view;
use gamepak::{ExtractOptions, Format, Handler};

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

fn games() -> Vec<(String, Vec<u8>)> {
    common::gamemaker_games("gamemaker_fixtures")
}

#[test]
fn every_game_reads_and_checks_clean() {
    for (name, data) in games() {
        let report = handler().open(&data, &Default::default()).check();
        assert!(report.is_clean(), "{name}:\n{}", report.lines());
        let info = handler()
            .open(&data, &Default::default())
            .info()
            .unwrap()
            .value;
        assert!(info["gamemaker_version"].is_string(), "{name}");
    }
}

#[test]
fn every_game_rebuilds_byte_for_byte_through_extract_and_pack() {
    for (name, data) in games() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x");
        let summary = handler()
            .open(&data, &Default::default())
            .extract(&out, &ExtractOptions::default())
            .unwrap();
        assert!(summary.notes.is_empty(), "{name}: {:?}", summary.notes);
        // The folder explains itself, and what explains it changes nothing.
        let guide = std::fs::read_to_string(out.join("README.md")).unwrap();
        for part in ["## What is here", "### An instance", "## What pack refuses"] {
            assert!(guide.contains(part), "{name}: README.md lacks {part}");
        }
        let manifest = std::fs::read_to_string(out.join("gamepak.toml")).unwrap();
        assert!(
            manifest.starts_with("# "),
            "{name}: gamepak.toml has no comment"
        );
        assert!(
            manifest.contains("\n# The game's chunks in file order"),
            "{name}"
        );
        let packed = gamepak::pack(&out, &Default::default()).unwrap();
        assert!(packed.bytes == data, "{name}: pack differs");
        assert!(packed.unused.is_empty(), "{name}: {:?}", packed.unused);
        assert!(packed.warnings.is_empty(), "{name}: {:?}", packed.warnings);
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
        let g = file_view::read(&data).unwrap();
        let info = handler()
            .open(&data, &Default::default())
            .info()
            .unwrap()
            .value;
        let count = |k: &str| info["counts"][k].as_u64().unwrap_or(0) as usize;
        let entries = handler()
            .open(&data, &Default::default())
            .list()
            .unwrap()
            .value;
        let kind = |k: &str| entries.iter().filter(|e| e.kind.name() == k).count();
        assert_eq!(count("texture_pages"), g.pages().len(), "{name}");
        let frames: usize = g
            .sprites
            .iter()
            .map(|s| s.items.iter().filter(|&&p| p != 0).count())
            .sum();
        assert_eq!(kind("sprite"), frames, "{name}");
        assert_eq!(
            count("sprite_frames"),
            g.sprites.iter().map(|s| s.items.len()).sum::<usize>(),
            "{name}"
        );
        assert_eq!(kind("sound"), count("embedded_audio"), "{name}");
        assert_eq!(g.texts().len(), count("strings"), "{name}");
    }
}

#[test]
fn every_code_blob_disassembles_with_every_name_resolved() {
    use gamepak::formats::gamemaker::bytecode::disassemble;
    for (name, data) in games() {
        let g = file_view::read(&data).unwrap();
        let names = disassemble::names(&g);
        assert!(names.problems.is_empty(), "{name}: {:?}", names.problems);
        let strings = g.texts().to_vec();
        let blobs = code_entries::blobs(&g.code);
        assert!(!blobs.is_empty() || g.code.is_empty(), "{name}");
        for entries in blobs {
            let e = entries[0];
            let text = disassemble::disassemble(
                &g.code_space,
                e.blob,
                e.length,
                &entries,
                &names,
                &strings,
            );
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

/// What every game's model holds: the version constants in OPTN, every instance of
/// a GameMaker 2 room on exactly one instance layer, and glyphs in every font.
#[test]
fn every_games_model_holds_its_constants_instance_layers_and_glyphs() {
    use gamepak::formats::gamemaker::model::{
        self,
        chunks::{fonts::Fonts, options, room::layers::LayerData, room::Rooms},
        wire::StrId,
    };
    for (name, data) in games() {
        let m = model::read(&data).unwrap();
        let text = |id: Option<StrId>| &*m.texts()[id.unwrap().0 as usize];
        if let Some(o) = m.get::<options::Options>() {
            // Every game records its version numbers as constants.
            let names: Vec<&str> = o.constants.iter().map(|c| text(c.name)).collect();
            assert!(
                names.is_empty() || names.contains(&"@@SleepMargin"),
                "{name}: {names:?}"
            );
            assert!(
                matches!(o.layout, options::Layout::New { version: 2, .. }),
                "{name}: {:?}",
                o.layout
            );
        }
        if let Some(rooms) = m.get::<Rooms>().filter(|_| m.bytecode >= 17) {
            // GameMaker 2: every instance sits on exactly one instance layer.
            for room in rooms.rooms.iter().flatten() {
                let mut on_layers: Vec<u32> = room
                    .layers
                    .iter()
                    .flatten()
                    .filter_map(|l| match &l.data {
                        LayerData::Instances(ids) => Some(ids.iter().copied()),
                        _ => None,
                    })
                    .flatten()
                    .collect();
                let mut ids: Vec<u32> = room.instances.iter().flatten().map(|i| i.id).collect();
                on_layers.sort();
                ids.sort();
                assert_eq!(on_layers, ids, "{name}: {}", text(room.name));
            }
        }
        for font in m
            .get::<Fonts>()
            .iter()
            .flat_map(|f| f.fonts.iter().flatten())
        {
            assert!(!font.glyphs.is_empty(), "{name}: {}", text(font.name));
        }
    }
}

#[test]
fn code_assembled_from_every_disassembly_gives_every_game_back() {
    use gamepak::formats::gamemaker::bytecode::assembly::Assembly;
    use gamepak::formats::gamemaker::{bytecode::disassemble, bytecode::edit::Editor, model};
    for (name, data) in games() {
        let g = file_view::read(&data).unwrap();
        // Bytecode 14 has its own test; a YYC build holds no code.
        if g.gen8.bytecode < 15 || g.form.chunk(gamepak::FourCC::CODE).is_none() {
            continue;
        }
        let editor = Editor::with_names(&g, disassemble::names(&g));
        let names = disassemble::names(&g);
        let strings = g.texts();
        let blobs: Vec<_> = code_entries::blobs(&g.code)
            .iter()
            .enumerate()
            .map(|(k, entries)| {
                let e = entries[0];
                let text = disassemble::disassemble(
                    &g.code_space,
                    e.blob,
                    e.length,
                    entries,
                    &names,
                    strings,
                );
                let code = Assembly::parse(&text)
                    .unwrap_or_else(|(n, err)| panic!("{name}: blob {k}: line {n}: {err}"));
                let (blob, added) = editor
                    .assemble(k, &code, "text")
                    .unwrap_or_else(|err| panic!("{name}: blob {k}: {err}"));
                assert!(added.is_empty(), "{name}: blob {k} declares new entries");
                blob
            })
            .collect();
        let mut m = model::read(&data).unwrap();
        editor
            .linker()
            .relink(&mut m, blobs, Vec::new())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let file = m.write().unwrap();
        assert_eq!(file.len(), data.len(), "{name}");
        if let Some(at) = (0..data.len()).find(|&i| file[i] != data[i]) {
            panic!("{name}: first difference at {at:#x}");
        }
    }
}
