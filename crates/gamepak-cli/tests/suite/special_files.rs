//! pack and build read only regular files: a FIFO, a socket or a device in any kind
//! of source (an extracted folder of each format, a native, SWAG or TirNanoG source
//! folder, a file a .gap script names) is refused at once with exit 2, naming the
//! path and what it is. Before, a FIFO made the command wait for a writer for ever,
//! so every run here is watched and fails the test if it takes more than 20 s.
#![cfg(unix)]

use crate::run::{example, s};

use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one run may take before it is taken to hang.
const WATCHDOG: Duration = Duration::from_secs(20);

struct Run {
    code: i32,
    stderr: String,
}

/// Runs gamepak, killing it (and failing the test) if it outlives the watchdog.
fn gamepak(args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > WATCHDOG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("gamepak {args:?} still ran after {WATCHDOG:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    Run {
        code: status.code().expect("exited, not killed"),
        stderr,
    }
}

/// The kinds of file that are not regular, and how each is named in messages.
#[derive(Clone, Copy, Debug)]
enum Special {
    Fifo,
    Socket,
    Device,
}

const SPECIALS: [Special; 3] = [Special::Fifo, Special::Socket, Special::Device];

impl Special {
    fn said(self) -> &'static str {
        match self {
            Special::Fifo => "is a FIFO (named pipe)",
            Special::Socket => "is a socket",
            Special::Device => "is a character device",
        }
    }

    /// Makes one at `path` (replacing a file there); what must live as long as it is
    /// used. `None` when this system will not let us (a device needs root).
    fn make(self, path: &Path) -> Option<Option<UnixListener>> {
        let _ = std::fs::remove_file(path);
        let made = |cmd: &mut Command| cmd.status().is_ok_and(|s| s.success());
        match self {
            Special::Fifo => made(Command::new("mkfifo").arg(path)).then_some(None),
            Special::Socket => Some(Some(UnixListener::bind(path).unwrap())),
            // The null device's numbers: reading it would end at once, so only the
            // refusal tells that it was not read.
            Special::Device => {
                let ok = made(Command::new("mknod").arg(path).args(["c", "1", "3"]));
                if !ok {
                    eprintln!("SKIPPED a device node: mknod needs root here");
                }
                ok.then_some(None)
            }
        }
    }
}

/// Runs `args` with `victim` (a file the run reads) replaced by each kind of special
/// file in turn, and checks each run is refused at once, naming it.
fn refused_for_each(victim: &Path, args: &[&str]) {
    let original = std::fs::read(victim).unwrap();
    for special in SPECIALS {
        let Some(_alive) = special.make(victim) else {
            continue;
        };
        let run = gamepak(args);
        assert_eq!(run.code, 2, "{special:?}: {}", run.stderr);
        let name = victim.file_name().unwrap().to_str().unwrap();
        assert!(
            run.stderr.contains(name) && run.stderr.contains(special.said()),
            "{special:?}: the message names neither the file nor what it is: {}",
            run.stderr
        );
        std::fs::remove_file(victim).unwrap();
    }
    std::fs::write(victim, original).unwrap();
}

/// Copies a folder of examples (files and sub-folders) into `to`.
pub(crate) fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// Every file under `dir`, in name order.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The first file with one of `extensions` under `dir`, in name order.
fn first_file(dir: &Path, extensions: &[&str]) -> PathBuf {
    files_under(dir)
        .into_iter()
        .find(|p| {
            p.extension()
                .is_some_and(|x| extensions.iter().any(|e| x == *e))
        })
        .unwrap_or_else(|| panic!("no {extensions:?} file under {}", dir.display()))
}

/// `input` extracted into `dir/folder`, then packed with each of its files named
/// `extensions` replaced in turn: every run is refused; so is one with a FIFO added
/// where nothing would read it; and the untouched folder packs.
fn pack_refuses_special_files(input: &Path, extensions: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("folder");
    let out = tmp.path().join("packed");
    let run = gamepak(&["extract", s(input), "-o", s(&folder)]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let args = ["pack", s(&folder), "-o", s(&out)];
    refused_for_each(&first_file(&folder, extensions), &args);
    refused_for_each(&folder.join("gamepak.toml"), &args);
    let stray = folder.join("stray");
    std::fs::write(&stray, b"").unwrap();
    refused_for_each(&stray, &args);
    std::fs::remove_file(&stray).unwrap();
    assert!(!out.exists(), "a refused pack wrote its output");
    let run = gamepak(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn pack_of_a_gbin_folder_refuses_special_files() {
    pack_refuses_special_files(&example("gbin/demo.gbin"), &["png"]);
}

#[test]
fn pack_of_a_gamemaker_folder_refuses_special_files() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("data.win");
    std::fs::write(&game, gamepak::gamemaker::sample::game(2, 2, 4096)).unwrap();
    pack_refuses_special_files(&game, &["png"]);
}

#[test]
fn pack_of_a_native_folder_refuses_special_files() {
    pack_refuses_special_files(&example("native/demo.game.bin"), &["png"]);
}

#[test]
fn pack_of_swag_and_tng_folders_refuses_special_files() {
    pack_refuses_special_files(&example("swag/demo.swag"), &["png"]);
    pack_refuses_special_files(&example("tng/demo.tng"), &["png"]);
}

/// A source folder of the examples copied, then built with its files of
/// `extensions`, its `document`, and a stray file replaced in turn.
fn build_refuses_special_files(example_folder: &str, document: &str, extensions: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("src");
    copy_tree(&example(example_folder), &src);
    let out = tmp.path().join("built");
    let args = ["build", s(&src), "-o", s(&out)];
    refused_for_each(&first_file(&src, extensions), &args);
    refused_for_each(&src.join(document), &args);
    let stray = src.join("stray");
    std::fs::write(&stray, b"").unwrap();
    refused_for_each(&stray, &args);
    std::fs::remove_file(&stray).unwrap();
    assert!(!out.exists(), "a refused build wrote its output");
    let run = gamepak(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn build_of_a_native_content_folder_refuses_special_files() {
    build_refuses_special_files("native/content", "Configuration.json", &["png", "wav"]);
}

#[test]
fn build_of_swag_and_tng_source_folders_refuses_special_files() {
    build_refuses_special_files("swag/src", "swag.toml", &["png"]);
    build_refuses_special_files("tng/src", "tng.json", &["png"]);
}

#[test]
fn native_build_refuses_a_special_file_given_as_its_script() {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("src");
    copy_tree(&example("native/content"), &src);
    let script = tmp.path().join("game.js");
    std::fs::write(&script, "Music.Set(Content.Theme)").unwrap();
    let out = tmp.path().join("game.bin");
    refused_for_each(
        &script,
        &["build", s(&src), "--script", s(&script), "-o", s(&out)],
    );
}

#[test]
fn a_gap_script_naming_a_special_file_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("gap");
    copy_tree(&example("gbin/gap"), &src);
    let script = src.join("demo.gap");
    let out = tmp.path().join("out");
    let args = ["build", s(&script), "-o", s(&out)];
    // `file,src=`, `loadimage,src=`, `colourmap,src=`, and the script itself.
    for name in ["intro.txt", "hero.png", "palette.gpl", "demo.gap"] {
        refused_for_each(&src.join(name), &args);
    }
    assert!(!out.exists(), "a refused build wrote its exports");
    let run = gamepak(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_file_with_several_hard_links_in_a_source_is_read() {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("src");
    copy_tree(&example("native/content"), &src);
    std::fs::remove_file(src.join("Coin.sprite.png")).unwrap();
    std::fs::hard_link(src.join("Hero.sprite.png"), src.join("Coin.sprite.png")).unwrap();
    let run = gamepak(&["build", s(&src), "-o", s(&tmp.path().join("game.bin"))]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}
