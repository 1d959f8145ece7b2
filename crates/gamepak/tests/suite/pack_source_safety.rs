//! Pack and build read only inside their folder: a link to a file or a folder
//! elsewhere is refused with the path and where it leads, a link that stays inside
//! is followed, files nothing read are reported, and a frame of a size its format
//! cannot store is refused.
#![cfg(unix)]

use crate::common;

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use gamepak::codec::png::{self, Rgba};
use gamepak::gamemaker::chunks::texture_items::TextureItems;
use gamepak::limits::Limits;
use gamepak::{ExtractOptions, Format, FourCC, PackOutcome};

fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

/// A file of each format, a file its pack reads, and a folder it reads from.
struct Case {
    format: Format,
    data: Vec<u8>,
    file: &'static str,
    sub: &'static str,
}

fn cases() -> Vec<Case> {
    let example = |p: &str| std::fs::read(examples().join(p)).unwrap();
    vec![
        Case {
            format: Format::GameMaker,
            data: gamepak::gamemaker::sample::game(2, 2, 300),
            file: "general.json",
            sub: "audio",
        },
        Case {
            format: Format::Gbin,
            data: example("gbin/demo.gbin"),
            file: "files/readme.txt",
            sub: "images/0_hero",
        },
        Case {
            format: Format::Native,
            data: example("native/demo.game.bin"),
            file: "script.js",
            sub: "sounds",
        },
        Case {
            format: Format::Swag,
            data: example("swag/demo.swag"),
            file: "code/000-Game.swasm",
            sub: "sheets",
        },
        Case {
            format: Format::Tng,
            data: example("tng/demo.tng"),
            file: "sections/00-strings.json",
            sub: "assets/07-atlases",
        },
    ]
}

/// The case's file extracted into a fresh folder.
fn extracted(case: &Case) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    case.format
        .handler()
        .unwrap()
        .open(&case.data, &Default::default())
        .extract(tmp.path(), &ExtractOptions::default())
        .unwrap();
    tmp
}

/// Moves `name` out of `dir` into `outside` and leaves a link to it in its place;
/// gives where the link leads.
fn link_out(dir: &Path, name: &str, outside: &Path) -> PathBuf {
    let target = outside.join(name.replace('/', "_"));
    std::fs::rename(dir.join(name), &target).unwrap();
    symlink(&target, dir.join(name)).unwrap();
    target.canonicalize().unwrap()
}

/// Asserts that `result` refused `name` inside `dir` for leading to `target`.
fn refused(result: gamepak::Result<PackOutcome>, dir: &Path, name: &str, target: &Path) {
    let Err(e) = result else {
        panic!("{}: {name} was read", dir.display());
    };
    assert!(!e.is_io(), "{e}");
    let text = e.to_string();
    let root = dir.canonicalize().unwrap();
    let want = format!(
        "{}: resolves to {}, outside the folder {}",
        dir.join(name).display(),
        target.display(),
        root.display()
    );
    assert!(text.starts_with(&want), "{text}\nwanted {want}");
}

#[test]
fn a_link_to_a_file_outside_is_refused() {
    for case in cases() {
        for name in [case.file, "gamepak.toml"] {
            let tmp = extracted(&case);
            let outside = tempfile::tempdir().unwrap();
            let target = link_out(tmp.path(), name, outside.path());
            refused(
                gamepak::pack(tmp.path(), &Default::default()),
                tmp.path(),
                name,
                &target,
            );
        }
    }
}

#[test]
fn a_linked_folder_outside_is_refused() {
    for case in cases() {
        let tmp = extracted(&case);
        let outside = tempfile::tempdir().unwrap();
        let target = link_out(tmp.path(), case.sub, outside.path());
        let Err(e) = gamepak::pack(tmp.path(), &Default::default()) else {
            panic!("{}: {} was read", case.format, case.sub);
        };
        assert!(!e.is_io(), "{e}");
        let text = e.to_string();
        assert!(
            text.contains(&format!("resolves to {}/", target.display())),
            "{text}"
        );
        assert!(
            text.contains(&tmp.path().join(case.sub).display().to_string()),
            "{text}"
        );
        assert!(text.contains("outside the folder"), "{text}");
    }
}

#[test]
fn a_link_that_stays_inside_is_followed() {
    for case in cases() {
        let tmp = extracted(&case);
        let dir = tmp.path();
        std::fs::create_dir(dir.join("kept")).unwrap();
        std::fs::rename(dir.join(case.file), dir.join("kept/real")).unwrap();
        symlink(dir.join("kept/real"), dir.join(case.file)).unwrap();
        let packed = gamepak::pack(dir, &Default::default()).unwrap();
        assert!(packed.bytes == case.data, "{}", case.format);
        assert_eq!(packed.unused, [], "{}", case.format);
    }
}

#[test]
fn names_in_the_manifest_cannot_climb_out() {
    let case = &cases()[0];
    let tmp = extracted(case);
    let manifest = tmp.path().join("gamepak.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let climbing = text.replace(case.file, "../../../../../../../../etc/hostname");
    assert_ne!(text, climbing);
    std::fs::write(&manifest, climbing).unwrap();
    // Sanitised as extraction sanitises names: looked for inside, and not there.
    let e = gamepak::pack(tmp.path(), &Default::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(&tmp.path().join("etc/hostname").display().to_string()),
        "{e}"
    );
}

#[test]
fn an_added_file_is_reported() {
    for case in cases() {
        let tmp = extracted(&case);
        std::fs::create_dir_all(tmp.path().join("sprites/x")).unwrap();
        std::fs::write(tmp.path().join("sprites/x/050.png"), b"new").unwrap();
        let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
        assert!(packed.bytes == case.data, "{}", case.format);
        let files: Vec<&str> = packed.unused.iter().map(|u| u.file.as_str()).collect();
        assert_eq!(files, ["sprites/x/050.png"], "{}", case.format);
        assert!(packed.unused[0].to_string().contains("was not used: "));
    }
}

#[test]
fn a_link_leaving_the_folder_is_reported_when_nothing_reads_it() {
    let case = &cases()[1];
    let tmp = extracted(case);
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret"), b"key").unwrap();
    symlink(outside.path(), tmp.path().join("elsewhere")).unwrap();
    let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert_eq!(packed.unused.len(), 1, "{:?}", packed.unused);
    assert_eq!(packed.unused[0].file, "elsewhere");
    assert!(packed.unused[0].reason.contains("outside the folder"));
}

fn solid(w: u32, h: u32) -> Vec<u8> {
    let mut img = Rgba::new(w, h);
    for y in 0..h {
        for x in 0..w {
            img.put(x, y, [200, 10, 10, 255]);
        }
    }
    png::encode(&img).unwrap()
}

/// Writes a 3x3 frame over `name` and gives pack's error.
fn three_by_three(case: &Case, name: &str) -> String {
    let tmp = extracted(case);
    std::fs::write(tmp.path().join(name), solid(3, 3)).unwrap();
    gamepak::pack(tmp.path(), &Default::default())
        .unwrap_err()
        .to_string()
}

#[test]
fn a_gamemaker_frame_of_another_size_than_its_sprite_s_others_is_refused() {
    let Some(dir) =
        common::fixture_dir("a_gamemaker_frame_of_another_size_is_refused", "gamemaker")
    else {
        return;
    };
    let data = std::fs::read(dir.join("KappaTrooper.win")).unwrap();
    let handler = Format::GameMaker.handler().unwrap();
    let game = gamepak::gamemaker::Game::read(&data).unwrap();
    let items = &game.get::<TextureItems>().unwrap().items;
    let entries = handler
        .open(&data, &Default::default())
        .list()
        .unwrap()
        .value;
    let frame = entries
        .iter()
        .find(|e| e.kind == gamepak::assets::Kind::Sprite)
        .unwrap();
    let item = (0..items.len())
        .find(|&i| game.place_in(FourCC::TPAG, i) == Some(frame.offset))
        .and_then(|i| items[i].as_ref())
        .unwrap();
    let [bw, bh] = item.bounds;
    assert_ne!((bw, bh), (3, 3));
    let case = Case {
        format: Format::GameMaker,
        data,
        file: "",
        sub: "",
    };
    let e = three_by_three(&case, &frame.path);
    assert!(e.starts_with(&frame.path), "{e}");
    assert!(
        e.contains(&format!(
            "3x3 pixels, but the sprite's other frames are {bw}x{bh}"
        )),
        "{e}"
    );
}

#[test]
fn a_frame_its_sheet_or_tile_size_fixes_is_refused() {
    for (k, name, want) in [
        (
            1,
            "tilesets/1/000.png",
            "tile is 3x3; its tileset's tiles are",
        ),
        (
            3,
            "textures/000-hero/000.png",
            "3x3 pixels, but the texture's frames are",
        ),
        (
            4,
            "sprites/10-character-sprites/000/1-00.png",
            "3x3 pixels, but the frames of its animation are",
        ),
    ] {
        let e = three_by_three(&cases()[k], name);
        assert!(e.contains(name) && e.contains(want), "{e}");
    }
}

#[test]
fn an_image_that_holds_its_own_size_may_change_it() {
    for (k, name) in [(1, "images/0_hero/000.png"), (2, "sprites/000.png")] {
        let case = &cases()[k];
        let tmp = extracted(case);
        std::fs::write(tmp.path().join(name), solid(3, 3)).unwrap();
        let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
        assert!(!packed.reencoded.is_empty(), "{name}");
        let again = tempfile::tempdir().unwrap();
        case.format
            .handler()
            .unwrap()
            .open(&packed.bytes, &Default::default())
            .extract(again.path(), &ExtractOptions::default())
            .unwrap();
        let back = std::fs::read(again.path().join(name)).unwrap();
        let img = png::decode(&back, name, &Limits::default()).unwrap();
        assert_eq!((img.width, img.height), (3, 3), "{name}");
    }
}

#[test]
fn an_edited_tng_frame_view_is_reported() {
    let case = &cases()[4];
    let tmp = extracted(case);
    let name = "sprites/10-character-sprites/000/1-00.png";
    let path = tmp.path().join(name);
    let mut img = png::decode(&std::fs::read(&path).unwrap(), name, &Limits::default()).unwrap();
    img.put(0, 0, [1, 2, 3, 4]);
    std::fs::write(&path, png::encode(&img).unwrap()).unwrap();
    let packed = gamepak::pack(tmp.path(), &Default::default()).unwrap();
    assert_eq!(packed.unused.len(), 1, "{:?}", packed.unused);
    assert_eq!(packed.unused[0].file, name);
    assert!(packed.unused[0].reason.contains("edit the atlas"));
}

/// A copy of an example source folder.
fn copied(sub: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let from = examples().join(sub);
    for f in common::files_ending(&from, "") {
        let to = tmp.path().join(f.strip_prefix(&from).unwrap());
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&f, to).unwrap();
    }
    tmp
}

#[cfg(feature = "script")]
#[test]
fn build_reads_only_inside_its_folder_and_reports_what_it_left() {
    use gamepak::{native, swag, tng};
    type Build = fn(&Path) -> gamepak::Result<PackOutcome>;
    let builds: [(&str, &str, Build); 3] = [
        ("native/content", "Coin.sprite.png", |d| {
            native::build(d, &native::BuildOptions::default(), &Default::default())
        }),
        ("swag/src", "sheets/000.png", |d| {
            swag::build(d, &swag::SwagOptions::default(), &Default::default())
        }),
        ("tng/src", "tng.json", |d| {
            tng::build(d, &Default::default())
        }),
    ];
    for (sub, file, build) in builds {
        let tmp = copied(sub);
        let made = build(tmp.path()).unwrap();
        assert_eq!(made.unused, [], "{sub}");

        std::fs::write(tmp.path().join("notes.txt"), b"todo").unwrap();
        let made = build(tmp.path()).unwrap();
        let files: Vec<&str> = made.unused.iter().map(|u| u.file.as_str()).collect();
        assert_eq!(files, ["notes.txt"], "{sub}");

        let outside = tempfile::tempdir().unwrap();
        let target = link_out(tmp.path(), file, outside.path());
        refused(build(tmp.path()), tmp.path(), file, &target);
    }
}

#[test]
fn a_script_named_on_the_command_line_inside_the_folder_counts_as_used() {
    use gamepak::native;
    let tmp = copied("native/content");
    // The example's game is TypeScript; this folder's is one script, named.
    for ts in ["tsconfig.json", "Engine.d.ts", "Entry.ts"] {
        std::fs::remove_file(tmp.path().join(ts)).unwrap();
    }
    std::fs::remove_dir_all(tmp.path().join("Game")).unwrap();
    std::fs::write(tmp.path().join("game.js"), "Music.Set(Content.Theme)").unwrap();
    let opts = native::BuildOptions {
        script: Some(tmp.path().join("game.js")),
        ..native::BuildOptions::default()
    };
    assert_eq!(
        native::build(tmp.path(), &opts, &Default::default())
            .unwrap()
            .unused,
        []
    );
}
