//! Files that belong beside a game (GameMaker audio groups) as the command line
//! handles them: found beside the input, written beside the output.

use crate::common;

use std::process::{Command, Output};

fn gamepak(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_game_with_audio_groups_names_them_and_packs_them_beside_its_output_only() {
    let Some(dir) = common::fixture_dir("cli companions", "gamemaker-audiogroups") else {
        return;
    };
    let game = dir.join("OwiliwO_Infinite-Menagerie");
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("game");
    let input = game.join("data.win");
    let extract = |to: &std::path::Path, more: &[&str]| {
        let args = [
            "extract",
            input.to_str().unwrap(),
            "-o",
            to.to_str().unwrap(),
        ];
        gamepak(&[&args[..], more].concat())
    };
    let o = extract(&folder, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(folder
        .join("audiogroups/audiogroup1/gamepak.toml")
        .is_file());
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains("with audiogroup1.dat, found beside it: audiogroups/audiogroup1/"),
        "{said}"
    );
    let o = extract(&tmp.path().join("again"), &["--json"]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    let summary: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    let want =
        serde_json::json!([{"file": "audiogroup1.dat", "folder": "audiogroups/audiogroup1"}]);
    assert_eq!(summary["companions"], want, "{summary}");

    let out = tmp.path().join("out/data.win");
    let o = gamepak(&[
        "pack",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains("audiogroup1.dat: 719128 bytes (beside it)"),
        "{said}"
    );
    for name in ["data.win", "audiogroup1.dat"] {
        let made = std::fs::read(tmp.path().join("out").join(name)).unwrap();
        assert!(made == std::fs::read(game.join(name)).unwrap(), "{name}");
    }

    let o = gamepak(&["pack", folder.to_str().unwrap(), "-o", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("audiogroup1.dat") && said.contains("-o"),
        "{said}"
    );

    // A device has no folder to hold them either.
    #[cfg(unix)]
    {
        let o = gamepak(&["pack", folder.to_str().unwrap(), "-o", "/dev/null"]);
        assert_eq!(o.status.code(), Some(2));
        let said = String::from_utf8_lossy(&o.stderr);
        assert!(said.contains("audiogroup1.dat"), "{said}");
        assert!(!std::path::Path::new("/dev/audiogroup1.dat").exists());
    }
}
