//! The typed model on every real game: every chunk of each file reads into the
//! model, and the model writes the file back byte for byte.

use crate::common;

use gamepak::gamemaker::{self as model, chunks::Body};

#[test]
fn every_game_reads_into_the_model_and_writes_back_the_same_bytes() {
    let games = common::gamemaker_games("every_game_reads_into_the_model");
    for (name, data) in &games {
        let mut m = model::read(data).unwrap_or_else(|e| panic!("{name}: {e}"));
        let stored = m.stored();
        assert!(stored.is_empty(), "{name}: kept as stored: {stored:?}");
        let out = model::write(&mut m).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            out == *data,
            "{name}: the model does not write the file back"
        );
    }
}

/// Every file of the other real sets: earlier builds of one game, and a game with
/// its audio group file (which has AUDO alone).
#[test]
fn earlier_builds_and_audio_groups_read_into_the_model_and_write_back() {
    let mut files = Vec::new();
    for sub in [
        "gamemaker-versions/Chonko",
        "gamemaker-audiogroups/OwiliwO_Infinite-Menagerie",
    ] {
        let Some(dir) = common::fixture_dir("earlier_builds_and_audio_groups", sub) else {
            return;
        };
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            files.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    for (name, data) in &files {
        let mut m = model::read(data).unwrap_or_else(|e| panic!("{name}: {e}"));
        let stored = m.stored();
        assert!(stored.is_empty(), "{name}: kept as stored: {stored:?}");
        assert!(model::write(&mut m).unwrap() == *data, "{name}");
    }
}

#[test]
fn a_sample_of_every_era_round_trips() {
    use gamepak::fourcc::FourCC;
    use gamepak::gamemaker::{
        chunks::sounds::{Sound, Sounds},
        sample::sample,
        StrId, Version,
    };
    for version in [
        Version::new(1, 0, 0, 0),
        Version::GMS2,
        Version::V2_3,
        Version::V2024_6,
        Version::V2024_14,
    ] {
        let sound = Sound {
            name: Some(StrId(1)),
            volume: 1.0,
            length: if version >= Version::V2024_6 {
                2.5
            } else {
                0.0
            },
            clip: -1,
            ..Sound::default()
        };
        let sounds = Sounds {
            sounds: vec![Some(sound), None],
        };
        let mut m = sample(
            version,
            vec!["game".into(), "snd_jump".into()],
            vec![(FourCC::SOND, Body::Sounds(sounds))],
        );
        common::assert_sample_round_trips(&mut m);
    }
}

/// Every chunk of every real game goes to JSON, texts and names shown as words, and
/// comes back the same: nothing added to STRG, every name found again. (Blobs, which
/// the folder keeps as files, are not in the JSON: those chunks are compared without
/// them.)
#[test]
fn every_chunk_goes_to_json_with_its_texts_and_names_and_comes_back_the_same() {
    use gamepak::gamemaker::names::{Interner, Lookup};
    use std::sync::Arc;
    const BLOBS: [&str; 5] = ["TXTR", "AUDO", "CODE", "SHDR", "SPRT"];
    for (name, data) in common::gamemaker_games("every_chunk_goes_to_json") {
        let m = model::read(&data).unwrap();
        let shown = Arc::new(m.shown());
        let lookup = Arc::new(Lookup::new(&m.names()));
        let texts: Vec<String> = m.texts().iter().map(|t| t.to_string()).collect();
        for part in &m.chunks {
            let Some(json) = part.body.to_json(&shown) else {
                continue;
            };
            let file = format!("{}.json", part.name);
            let (back, interner) = Body::from_json(
                part.name,
                &file,
                &json,
                Interner::new(texts.clone()),
                &lookup,
            );
            let back = back.expect("a chunk that shows as JSON reads from it");
            let back = back.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                interner.into_texts().len(),
                texts.len(),
                "{name} {file}: nothing added"
            );
            let shown_again = back.to_json(&shown).unwrap();
            assert!(
                shown_again == json,
                "{name} {file}: the JSON differs when read back"
            );
            if !BLOBS.contains(&part.name.to_string().as_str()) {
                assert_eq!(
                    format!("{:?}", part.body),
                    format!("{back:?}"),
                    "{name} {file}"
                );
            }
        }
    }
}

#[test]
fn a_hand_edited_json_naming_what_does_not_exist_is_refused_with_its_place() {
    use gamepak::fourcc::FourCC;
    use gamepak::gamemaker::chunks::scripts::Scripts;
    use gamepak::gamemaker::json::from_json;
    use gamepak::gamemaker::names::{Interner, Lookup, Names};
    use std::sync::Arc;
    let names: Names = [(FourCC::CODE, vec![Some("gml_Script_a".to_string())])].into();
    let lookup = Arc::new(Lookup::new(&names));
    let json = br#"{"scripts": [null, {"name": "a", "code": "gml_Script_b"}]}"#;
    let (r, _) = from_json::<Scripts>("scripts.json", json, Interner::default(), &lookup);
    let e = r.unwrap_err().to_string();
    assert!(
        e.contains("scripts.json")
            && e.contains("scripts[1].code")
            && e.contains("no code entry is named \"gml_Script_b\""),
        "{e}"
    );
    let json = br#"{"scripts": [{"name": 5, "code": "gml_Script_a"}]}"#;
    let (r, _) = from_json::<Scripts>("scripts.json", json, Interner::default(), &lookup);
    let e = r.unwrap_err().to_string();
    assert!(e.contains("scripts[0].name") && e.contains("line 1"), "{e}");
    let json = br#"{"scripts": [{"name": "a", "code": "gml_Script_a"}]}"#;
    let (r, interner) = from_json::<Scripts>("scripts.json", json, Interner::default(), &lookup);
    assert_eq!(r.unwrap().scripts[0].as_ref().unwrap().code.0, 0);
    assert_eq!(interner.into_texts(), ["a"]);
}

/// A chunk the model cannot read is kept as stored with the pointers it has: a write
/// that would move what it points at (here, a string grown before ROOM's names) or
/// the chunk itself is refused; an edit that moves nothing is written.
#[test]
fn an_edit_that_would_move_what_a_stored_chunk_points_at_is_refused() {
    use gamepak::fourcc::FourCC;
    use gamepak::gamemaker::chunks::strings::Strings;
    use gamepak::gamemaker::form;
    for (name, data) in common::gamemaker_games("an_edit_that_would_move") {
        let form = form::read(&data).unwrap();
        let room = form.chunk(FourCC::ROOM).unwrap();
        let mut m = model::read(&data).unwrap();
        let part = m
            .chunks
            .iter_mut()
            .find(|p| p.name == FourCC::ROOM)
            .unwrap();
        part.body = Body::Stored {
            bytes: room.body,
            at: Some(room.body_offset()),
            why: None,
        };
        assert!(
            model::write(&mut m).unwrap() == data,
            "{name}: unchanged, it writes back"
        );
        let strings = m.get_mut::<Strings>().unwrap();
        let same_length = strings.list[0].chars().rev().collect::<String>();
        strings.list[0] = same_length.into();
        model::write(&mut m).unwrap_or_else(|e| panic!("{name}: nothing moved, yet {e}"));
        m.get_mut::<Strings>().unwrap().list[0]
            .to_mut()
            .push_str(" and a longer text than it had");
        let e = model::write(&mut m).unwrap_err().to_string();
        assert!(
            e.contains("kept as stored") || e.contains("stored"),
            "{name}: {e}"
        );
    }
}

/// A real game's objects, hand-edited to name a sprite that does not exist, or to
/// give a number where a flag belongs, are refused with the place inside the file.
#[test]
fn a_hand_edited_object_naming_a_missing_sprite_is_refused_with_its_place() {
    use gamepak::fourcc::FourCC;
    use gamepak::gamemaker::names::{Interner, Lookup};
    use std::sync::Arc;
    let Some(dir) = common::fixture_dir("a_hand_edited_object", "gamemaker") else {
        return;
    };
    let data = std::fs::read(dir.join("EMax95_GameSpaceRocks.win")).unwrap();
    let m = model::read(&data).unwrap();
    let shown = Arc::new(m.shown());
    let lookup = Arc::new(Lookup::new(&m.names()));
    let objects = m.chunks.iter().find(|p| p.name == FourCC::OBJT).unwrap();
    let json = String::from_utf8(objects.body.to_json(&shown).unwrap()).unwrap();
    assert!(
        json.contains("\"create\": {") && json.contains("\"pre_create\": {"),
        "{json}"
    );
    let read = |text: String| {
        let interner = Interner::new(m.texts().iter().map(|t| t.to_string()).collect());
        let (body, _) = Body::from_json(
            FourCC::OBJT,
            "objects.json",
            text.as_bytes(),
            interner,
            &lookup,
        );
        body.unwrap().unwrap_err().to_string()
    };
    let e = read(json.replacen(
        "\"sprite\": \"sprite0\"",
        "\"sprite\": \"no_such_sprite\"",
        1,
    ));
    assert!(
        e.starts_with("objects.json")
            && e.contains("objects[0].sprite")
            && e.contains("no sprite is named \"no_such_sprite\""),
        "{e}"
    );
    let e = read(json.replacen("\"visible\": true", "\"visible\": 3", 1));
    assert!(
        e.contains("objects[0].visible") && e.contains("line"),
        "{e}"
    );
}

/// Damaged real files: cut short, the container is refused with an offset where it
/// must be whole (pack), and the model still reads what there is; with a pointer
/// inside ROOM bent, ROOM is kept as stored with a reason that names the place and
/// the offset, the rest still reads, and the file writes back as it was.
#[test]
fn damaged_games_are_refused_or_kept_with_the_place_named() {
    use gamepak::fourcc::FourCC;
    use gamepak::gamemaker::form;
    for (name, data) in common::gamemaker_games("damaged_games") {
        for cut in [data.len() / 2, data.len() - 3] {
            model::read(&data[..cut]).unwrap();
            let e = form::read(&data[..cut]).map(|_| ()).unwrap_err();
            assert!(
                e.offset.is_some() && e.path.starts_with("FORM"),
                "{name} cut at {cut}: {e}"
            );
        }
        let form = form::read(&data).unwrap();
        let room = form.chunk(FourCC::ROOM).unwrap();
        let mut bent = data.clone();
        // The first room's pointer, moved by 4.
        let at = room.body_offset() as usize + 4;
        let p = u32::from_le_bytes(bent[at..at + 4].try_into().unwrap());
        bent[at..at + 4].copy_from_slice(&(p + 4).to_le_bytes());
        let mut m = model::read(&bent).unwrap();
        let why = m.stored().join("; ");
        assert!(
            why.starts_with("ROOM (FORM/ROOM/entry[0]") && why.contains(" at 0x"),
            "{name}: {why}"
        );
        assert!(model::write(&mut m).unwrap() == bent, "{name}");
    }
}
