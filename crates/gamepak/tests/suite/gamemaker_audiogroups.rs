//! GameMaker audio groups: `audiogroupN.dat` read, checked, extracted and packed on
//! its own and beside its game, on the real game whose sounds live in one.

use crate::common;

use std::path::{Path, PathBuf};

use gamepak::bytes::Endian;
use gamepak::gamemaker::chunks::sounds::{Sound, Sounds};
use gamepak::gamemaker::{self, audio_group, form};
use gamepak::{detect, Format, FourCC, Handler, Options, Severity};

fn handler() -> &'static dyn Handler {
    Format::GameMaker.handler().unwrap()
}

/// The fixture game's folder, holding data.win and audiogroup1.dat.
fn game_dir(test: &str) -> Option<PathBuf> {
    Some(common::fixture_dir(test, "gamemaker-audiogroups")?.join("OwiliwO_Infinite-Menagerie"))
}

fn beside(path: &Path) -> Options {
    Options {
        input: Some(path.to_path_buf()),
        ..Options::default()
    }
}

fn extract(data: &[u8], out: &Path, opts: &Options) -> gamepak::ExtractSummary {
    handler()
        .open(data, opts)
        .extract(out, &Default::default())
        .unwrap()
}

/// The fixture game extracted with its groups.
struct Extracted {
    dir: PathBuf,
    input: PathBuf,
    data: Vec<u8>,
    out: tempfile::TempDir,
    summary: gamepak::ExtractSummary,
}

fn extracted_game(test: &str) -> Option<Extracted> {
    let dir = game_dir(test)?;
    let input = dir.join("data.win");
    let data = std::fs::read(&input).unwrap();
    let out = tempfile::tempdir().unwrap();
    let summary = extract(&data, out.path(), &beside(&input));
    Some(Extracted {
        dir,
        input,
        data,
        out,
        summary,
    })
}

#[test]
fn a_group_file_alone_is_identified_listed_checked_and_rebuilt() {
    let Some(dir) = game_dir("audio group alone") else {
        return;
    };
    let data = std::fs::read(dir.join("audiogroup1.dat")).unwrap();
    let d = detect(&data);
    assert_eq!(d.format, Some(Format::GameMaker));
    assert!(
        d.evidence.iter().any(|e| e.contains("audio group")),
        "{d:?}"
    );
    let info = handler()
        .open(&data, &Options::default())
        .info()
        .unwrap()
        .value;
    assert_eq!(info["clips"], 5);
    let list = handler()
        .open(&data, &Options::default())
        .list()
        .unwrap()
        .value;
    assert_eq!(list.len(), 5);
    assert!(list
        .iter()
        .all(|e| e.path.starts_with("audio/") && e.encoding == "wav"));
    assert!(handler()
        .open(&data, &Options::default())
        .check()
        .is_clean());
    let out = tempfile::tempdir().unwrap();
    let summary = extract(&data, out.path(), &Options::default());
    common::assert_counts_what_is_there(&summary, out.path());
    let packed = gamepak::pack(out.path(), &Options::default()).unwrap();
    assert!(packed.bytes == data && packed.unused.is_empty());
}

#[test]
fn a_game_takes_its_groups_out_and_back_with_its_sounds_named() {
    let Some(Extracted {
        dir,
        input,
        data,
        out,
        summary,
    }) = extracted_game("audio groups beside the game")
    else {
        return;
    };
    let group = std::fs::read(dir.join("audiogroup1.dat")).unwrap();
    let report = handler().open(&data, &beside(&input)).check();
    assert!(report.problems.is_empty(), "{:?}", report.problems);

    assert_eq!(summary.companions.len(), 1, "{summary:?}");
    assert_eq!(summary.companions[0].file, "audiogroup1.dat");
    assert_eq!(summary.companions[0].folder, "audiogroups/audiogroup1");
    let folder = out.path().join("audiogroups/audiogroup1");
    // Each clip is named by the sound that plays it (SOND: group 1, clip 3).
    assert!(folder.join("audio/003-snd_item_buy.wav").is_file());
    // A sound's JSON names its group by index in AGRP and its clip by index in that
    // group's file.
    let json = |file: &str| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(out.path().join(file)).unwrap()).unwrap()
    };
    let buy = json("sounds/001-snd_item_buy.json");
    assert_eq!(
        (&buy["group"], &buy["clip"]),
        (&1.into(), &3.into()),
        "{buy}"
    );
    // AGRP's records follow one another: the second's name is not the first's path.
    let groups = json("audio_groups.json");
    let names: Vec<&str> = groups["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["audiogroup_default", "audiogroup_sound"],
        "{groups}"
    );
    let packed = gamepak::pack(out.path(), &Options::default()).unwrap();
    assert!(packed.bytes == data, "the game rebuilds byte for byte");
    assert_eq!(packed.companions.len(), 1);
    assert_eq!(packed.companions[0].0, "audiogroup1.dat");
    assert!(packed.companions[0].1 == group, "its group too");
    assert!(packed.unused.is_empty(), "{:?}", packed.unused);
    // The group's folder packs on its own as well.
    assert!(gamepak::pack(&folder, &Options::default()).unwrap().bytes == group);
}

#[test]
fn a_replaced_clip_lays_the_group_out_again_and_it_checks_clean() {
    let Some(Extracted { data, out, .. }) = extracted_game("audio group edit") else {
        return;
    };
    let clips = out.path().join("audiogroups/audiogroup1/audio");
    let longer = std::fs::read(clips.join("003-snd_item_buy.wav")).unwrap();
    std::fs::write(clips.join("000-snd_choose_keyboard.wav"), &longer).unwrap();
    let packed = gamepak::pack(out.path(), &Options::default()).unwrap();
    assert!(packed.bytes == data, "the game itself is unchanged");

    let written = tempfile::tempdir().unwrap();
    let game = written.path().join("data.win");
    std::fs::write(&game, &packed.bytes).unwrap();
    let (name, group) = &packed.companions[0];
    std::fs::write(written.path().join(name), group).unwrap();
    let report = handler().open(group, &Options::default()).check();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let report = handler().open(&packed.bytes, &beside(&game)).check();
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let g = audio_group::read(group).unwrap();
    assert!(g.clips[0].bytes == longer.as_slice());
}

#[test]
fn check_names_a_sound_whose_clip_its_group_does_not_hold() {
    let Some(dir) = game_dir("audio group too short") else {
        return;
    };
    let data = std::fs::read(dir.join("data.win")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("data.win");
    std::fs::write(&game, &data).unwrap();
    // Without its group file, the sounds that play from it are noted.
    let report = handler().open(&data, &beside(&game)).check();
    assert!(report.is_clean());
    assert_eq!(report.count(Severity::Note), 5, "{:?}", report.problems);
    // A group of two clips cannot play clips 2 to 4: a group file from another
    // build, so a warning on each sound.
    let short = audio_group::write(Endian::Little, &[b"RIFF", b"RIFF"]).unwrap();
    std::fs::write(tmp.path().join("audiogroup1.dat"), short).unwrap();
    let report = handler().open(&data, &beside(&game)).check();
    let warnings: Vec<String> = report
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Warning)
        .map(|p| p.to_string())
        .collect();
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert!(
        warnings.iter().any(|e| e.contains("FORM/SOND/entry[1]")
            && e.contains("plays clip 3 of audiogroup1.dat, which holds 2 clips")),
        "{warnings:?}"
    );
}

#[test]
fn only_and_a_damaged_group_file_leave_the_game_extracted() {
    let Some(dir) = game_dir("audio group only and damage") else {
        return;
    };
    let data = std::fs::read(dir.join("data.win")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("data.win");
    std::fs::write(&game, &data).unwrap();
    std::fs::copy(
        dir.join("audiogroup1.dat"),
        tmp.path().join("audiogroup1.dat"),
    )
    .unwrap();

    // --only that names no group clip leaves the groups out.
    let only = gamepak::ExtractOptions {
        only: Some(
            globset::GlobSet::builder()
                .add(globset::Glob::new("strings.json").unwrap())
                .build()
                .unwrap(),
        ),
        ..Default::default()
    };
    let out = tmp.path().join("only");
    handler()
        .open(&data, &beside(&game))
        .extract(&out, &only)
        .unwrap();
    assert!(!out.join("audiogroups").exists());

    // A group file that does not read is noted; the game is still extracted.
    std::fs::write(
        tmp.path().join("audiogroup1.dat"),
        b"FORM\x0c\0\0\0AUDO\x04\0\0\0\x05\0\0\0",
    )
    .unwrap();
    let out = tmp.path().join("damaged");
    let summary = extract(&data, &out, &beside(&game));
    assert!(
        summary
            .notes
            .iter()
            .any(|n| n.starts_with("audiogroup1.dat: ") && n.contains("not extracted")),
        "{:?}",
        summary.notes
    );
    assert!(out.join("strings.json").is_file());
}

/// The lines of a report's errors.
fn errors(report: &gamepak::Report) -> Vec<String> {
    report
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| p.to_string())
        .collect()
}

/// A WAV, an Ogg and an unknown clip, as our writer lays them out.
fn synthetic_group(endian: Endian) -> Vec<u8> {
    let clips: [&[u8]; 3] = [b"RIFF\x04\0\0\0WAVE", b"OggS\0\x02", b"?"];
    audio_group::write(endian, &clips).unwrap()
}

#[test]
fn a_synthetic_group_in_either_byte_order_is_told_from_a_game_and_rebuilt() {
    for endian in [Endian::Little, Endian::Big] {
        let data = synthetic_group(endian);
        let d = detect(&data);
        assert_eq!(d.format, Some(Format::GameMaker), "{d:?}");
        assert_eq!(d.version.as_deref(), Some("audio group"), "{d:?}");
        let list = handler()
            .open(&data, &Options::default())
            .list()
            .unwrap()
            .value;
        let paths: Vec<&str> = list.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(paths, ["audio/000.wav", "audio/001.ogg", "audio/002.bin"]);
        let report = handler().open(&data, &Options::default()).check();
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let out = tempfile::tempdir().unwrap();
        extract(&data, out.path(), &Options::default());
        assert!(out.path().join("audio/001.ogg").is_file());
        let packed = gamepak::pack(out.path(), &Options::default()).unwrap();
        assert!(packed.bytes == data && packed.companions.is_empty());
    }
}

#[test]
fn check_locates_every_broken_entry_of_a_group() {
    let mut data = synthetic_group(Endian::Little);
    // AUDO's body starts at 0x10: the count, then one pointer per clip.
    let pointer = |k: usize| 0x14 + 4 * k;
    let clip2 = u32::from_le_bytes(data[pointer(2)..pointer(2) + 4].try_into().unwrap());
    data[pointer(1)..pointer(1) + 4].copy_from_slice(&0x7fff_0000u32.to_le_bytes());
    let at = clip2 as usize;
    data[at..at + 4].copy_from_slice(&1000u32.to_le_bytes());
    let report = handler().open(&data, &Options::default()).check();
    let errors = errors(&report);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].contains("FORM/AUDO/entry[1]: points at 0x7fff0000")
            && errors[0].contains(&format!("at {:#x}", pointer(1))),
        "{errors:?}"
    );
    assert!(
        errors[1].contains("FORM/AUDO/entry[2]: 1000 bytes do not fit")
            && errors[1].contains(&format!("at {clip2:#x}")),
        "{errors:?}"
    );
}

#[test]
fn check_notes_what_a_group_holds_besides_audo_and_errs_on_a_second_audo() {
    let clip: &[u8] = b"RIFF";
    let one = gamepak::gamemaker::audio_group::write(Endian::Little, &[clip]).unwrap();
    // The FORM header and AUDO's own come before its body.
    let body = one[16..].to_vec();
    let chunks = [
        (*b"AUDO", body.clone()),
        (*b"AUDO", body),
        (*b"EXTR", vec![0; 4]),
    ];
    let data = form::write(Endian::Little, &chunks).unwrap();
    let report = handler().open(&data, &Options::default()).check();
    let errors = errors(&report);
    assert_eq!(errors.len(), 1, "{:?}", report.problems);
    assert!(errors[0].contains("AUDO appears again"), "{errors:?}");
    assert_eq!(report.count(Severity::Note), 1, "{:?}", report.problems);
}

#[test]
fn check_errs_on_a_sound_whose_group_agrp_does_not_list() {
    let Some(dir) = game_dir("audio group not listed") else {
        return;
    };
    let mut data = std::fs::read(dir.join("data.win")).unwrap();
    let at = {
        let game = gamemaker::Game::read(&data).unwrap();
        let named = |s: &Option<Sound>| {
            let name = s.as_ref().and_then(|s| s.name);
            name.map(|n| &*game.texts()[n.0 as usize]) == Some("snd_item_buy")
        };
        let sounds = &game.get::<Sounds>().unwrap().sounds;
        let k = sounds.iter().position(named).unwrap();
        game.place_in(FourCC::SOND, k).unwrap() as usize
    };
    data[at + 28..at + 32].copy_from_slice(&7u32.to_le_bytes());
    // Found without the group files: AGRP alone says there is no group 7.
    let report = handler().open(&data, &Options::default()).check();
    let errors = errors(&report);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("FORM/SOND/entry[1]")
            && errors[0].contains("plays from audio group 7, but AGRP lists 2 groups")
            && errors[0].contains(&format!("at {:#x}", at + 28)),
        "{errors:?}"
    );
}

#[test]
fn pack_refuses_a_group_file_name_that_would_leave_the_output_folder() {
    let Some(Extracted { out, .. }) = extracted_game("audio group name") else {
        return;
    };
    let manifest = out.path().join("gamepak.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let bent = text.replace(r#"file = "audiogroup1.dat""#, r#"file = "../escape.dat""#);
    assert_ne!(text, bent);
    std::fs::write(&manifest, bent).unwrap();
    let e = gamepak::pack(out.path(), &Options::default()).unwrap_err();
    assert!(e.to_string().contains("is not a plain file name"), "{e}");
}

#[test]
fn only_reaches_into_the_groups_and_leaves_a_group_it_trims_unpackable() {
    let Some(dir) = game_dir("audio group only") else {
        return;
    };
    let input = dir.join("data.win");
    let data = std::fs::read(&input).unwrap();
    let out = tempfile::tempdir().unwrap();
    let only = globset::GlobSetBuilder::new()
        .add(globset::Glob::new("**/003-*").unwrap())
        .build()
        .unwrap();
    let opts = gamepak::ExtractOptions {
        only: Some(only),
        ..Default::default()
    };
    let summary = handler()
        .open(&data, &beside(&input))
        .extract(out.path(), &opts)
        .unwrap();
    assert_eq!(summary.companions.len(), 1, "{summary:?}");
    let folder = out.path().join("audiogroups/audiogroup1");
    let clips: Vec<_> = std::fs::read_dir(folder.join("audio")).unwrap().collect();
    assert_eq!(clips.len(), 1);
    assert!(gamepak::pack(&folder, &Options::default()).is_err());
}

/// A 2024.14 game whose AGRP names its group files `sfx.dat` and `music.dat`: both
/// are found beside it, checked, extracted and packed back by those names.
#[test]
fn group_files_named_by_agrp_are_extracted_and_packed_by_their_names() {
    let Some(dir) = common::fixture_dir("named audio groups", "gamemaker-audiogroups") else {
        return;
    };
    let dir = dir.join("soap64real_killstreakbeta");
    let input = dir.join("game.unx");
    let data = std::fs::read(&input).unwrap();
    let report = handler().open(&data, &beside(&input)).check();
    assert!(report.problems.is_empty(), "{}", report.lines());
    let out = tempfile::tempdir().unwrap();
    let summary = extract(&data, out.path(), &beside(&input));
    let files: Vec<&str> = summary.companions.iter().map(|c| c.file.as_str()).collect();
    assert_eq!(files, ["sfx.dat", "music.dat"]);
    let packed = gamepak::pack(out.path(), &Options::default()).unwrap();
    assert!(packed.bytes == data);
    for (name, bytes) in &packed.companions {
        assert!(*bytes == std::fs::read(dir.join(name)).unwrap(), "{name}");
    }
    assert_eq!(packed.companions.len(), 2);
}
