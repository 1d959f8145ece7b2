//! What `-o` replaces is decided when the output is written, not when the run
//! starts: a folder or file that appears, fills or is swapped in while a run works is
//! left as it is, and the run fails with exit 2, leaving nothing behind. `pack -o` and
//! `build -o` replace only an empty file or an earlier build of the same format
//! unless told to with --force. And a signal at the moment of the move leaves
//! nothing half-written.
//!
//! The races are made deterministic by the test build's pause before every move into
//! place (`GAMEPAK_TEST_PAUSE_BEFORE_MOVE`, behind the library's `test-hooks`
//! feature): a run waits there until the test has changed the target.

use crate::common;

use crate::run::{code, example, extracted, gamepak, leftovers, s, stderr};

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// A run held just before it moves its output into place.
#[cfg(unix)]
struct Paused {
    child: Child,
    /// Our end of the FIFO the run waits on: while it is open, the run waits.
    gate: std::fs::File,
}

#[cfg(unix)]
impl Paused {
    /// Starts `gamepak args` and returns once it waits before its move into place.
    fn start(args: &[&str], dir: &Path) -> Paused {
        use std::os::unix::fs::OpenOptionsExt;
        let fifo = dir.join(format!("gate-{}", unique()));
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamepak"))
            .args(args)
            .env("GAMEPAK_TEST_PAUSE_BEFORE_MOVE", &fifo)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Opening the writing end succeeds only once the run has opened the reading
        // end, at the pause; until then it fails with ENXIO.
        let gate = loop {
            let opened = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(&fifo);
            match opened {
                Ok(f) => break f,
                Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {}
                Err(e) => panic!("{e}"),
            }
            if let Some(status) = child.try_wait().unwrap() {
                let mut e = String::new();
                std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut e).unwrap();
                panic!("the run ended before its move into place ({status}): {e}");
            }
            std::thread::yield_now();
        };
        std::fs::remove_file(&fifo).unwrap();
        Paused { child, gate }
    }

    /// Lets the run go on, and waits for it to end.
    fn release(self) -> Output {
        drop(self.gate);
        self.child.wait_with_output().unwrap()
    }

    /// Sends `signal` while the run waits, and waits for it to end.
    fn signal(self, signal: libc::c_int) -> Output {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: signals the child this test started and has not yet reaped.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
        let out = self.child.wait_with_output().unwrap();
        drop(self.gate);
        out
    }
}

/// A name part no two gates of one test process share.
#[cfg(unix)]
fn unique() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

#[cfg(unix)]
#[test]
fn two_extractions_into_one_new_folder_one_succeeds_the_other_exits_2() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = example("gbin/demo.gbin");
    let out = tmp.path().join("out");
    let first = Paused::start(&["extract", s(&demo), "-o", s(&out)], tmp.path());
    let second = gamepak(&["extract", s(&demo), "-o", s(&out)]);
    assert_eq!(code(&second), 0, "{}", stderr(&second));

    let first = first.release();
    assert_eq!(code(&first), 2, "{}", stderr(&first));
    let e = stderr(&first);
    assert!(e.contains("appeared while gamepak ran"), "{e}");
    assert!(
        out.join("gamepak.toml").is_file(),
        "the winner's folder stays"
    );
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn a_folder_made_at_o_while_extract_runs_is_left_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = example("gbin/demo.gbin");
    let out = tmp.path().join("out");
    let mine = out.join("mine.txt");
    let extract = |more: &[&str]| {
        let args = [&["extract", s(&demo), "-o", s(&out)][..], more].concat();
        Paused::start(&args, tmp.path())
    };

    // Absent when the run started, created before its move.
    let run = extract(&[]);
    std::fs::create_dir(&out).unwrap();
    std::fs::write(&mine, "mine").unwrap();
    let o = run.release();
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("appeared while"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "mine");
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());

    // Empty when it started, filled before its move.
    std::fs::remove_file(&mine).unwrap();
    let run = extract(&[]);
    std::fs::write(&mine, "mine").unwrap();
    let o = run.release();
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("was filled while"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "mine");
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());

    // --force replaces the folder it was shown, not one swapped in meanwhile.
    let run = extract(&["--force"]);
    let moved = tmp.path().join("moved");
    std::fs::rename(&out, &moved).unwrap();
    std::fs::create_dir(&out).unwrap();
    std::fs::write(&mine, "newer").unwrap();
    let o = run.release();
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("was replaced while"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "newer");
    assert_eq!(
        std::fs::read_to_string(moved.join("mine.txt")).unwrap(),
        "mine"
    );
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());

    // And the folder it was shown, it replaces whole, even if it changed inside.
    let run = extract(&["--force"]);
    std::fs::write(out.join("more.txt"), "more").unwrap();
    let o = run.release();
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(out.join("gamepak.toml").is_file() && !mine.exists());
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn a_file_made_at_o_while_pack_runs_is_left_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = extracted(tmp.path());
    let out = tmp.path().join("new.gbin");
    for force in [&[][..], &["--force"][..]] {
        let args = [&["pack", s(&folder), "-o", s(&out)][..], force].concat();
        let run = Paused::start(&args, tmp.path());
        std::fs::write(&out, "my notes").unwrap();
        let o = run.release();
        assert_eq!(code(&o), 2, "{}", stderr(&o));
        assert!(stderr(&o).contains("appeared while"), "{}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "my notes");
        assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
        std::fs::remove_file(&out).unwrap();
    }
}

#[test]
fn pack_replaces_only_an_empty_file_or_an_earlier_pack_without_force() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = extracted(tmp.path());
    let want = std::fs::read(example("gbin/demo.gbin")).unwrap();
    let out = tmp.path().join("out.gbin");
    let pack = |to: &Path, more: &[&str]| {
        gamepak(&[&["pack", s(&folder), "-o", s(to)][..], more].concat())
    };

    std::fs::write(&out, "").unwrap();
    for round in ["onto an empty file", "onto the earlier pack"] {
        let o = pack(&out, &[]);
        assert_eq!(code(&o), 0, "{round}: {}", stderr(&o));
    }
    assert_eq!(std::fs::read(&out).unwrap(), want);

    let notes = tmp.path().join("notes.txt");
    std::fs::write(&notes, "mine").unwrap();
    let picture = tmp.path().join("picture.png");
    std::fs::write(&picture, b"\x89PNG\r\n\x1a\nmine").unwrap();
    let other = tmp.path().join("other.swag");
    std::fs::copy(example("swag/demo.swag"), &other).unwrap();
    for (path, what) in [
        (&notes, "is not a file gamepak reads"),
        (&picture, "looks like a PNG image"),
        (&other, "is a SWAG game data"),
    ] {
        let before = std::fs::read(path).unwrap();
        let o = pack(path, &[]);
        assert_eq!(code(&o), 2, "{}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains(what) && e.contains("--force"), "{e}");
        assert_eq!(
            std::fs::read(path).unwrap(),
            before,
            "refused means untouched"
        );
        let o = pack(path, &["--force"]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert_eq!(std::fs::read(path).unwrap(), want);
    }
    assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
}

#[test]
fn build_replaces_only_an_empty_file_or_an_earlier_build_without_force() {
    let tmp = tempfile::tempdir().unwrap();
    let source = example("swag/src");
    let out = tmp.path().join("game.swag");
    let build =
        |more: &[&str]| gamepak(&[&["build", s(&source), "-o", s(&out)][..], more].concat());
    for round in ["a new file", "the earlier build"] {
        let o = build(&[]);
        assert_eq!(code(&o), 0, "{round}: {}", stderr(&o));
    }
    let built = std::fs::read(&out).unwrap();

    std::fs::copy(example("gbin/demo.gbin"), &out).unwrap();
    let o = build(&[]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("is a GBIN game asset package") && e.contains("--force"),
        "{e}"
    );
    let o = build(&["--force"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), built);
}

#[test]
fn a_scripts_exports_are_replaced_on_every_build() {
    let tmp = tempfile::tempdir().unwrap();
    let script = example("gbin/gap/demo.gap");
    let out = tmp.path().join("exports");
    for round in ["first", "second"] {
        let o = gamepak(&["build", s(&script), "-o", s(&out)]);
        assert_eq!(code(&o), 0, "{round}: {}", stderr(&o));
    }
}

/// Files beside a GameMaker game's output follow the rule the output follows, and
/// a refused one leaves the output itself unwritten too.
#[test]
fn audio_groups_beside_the_output_replace_only_what_the_output_may() {
    let Some(dir) = common::fixture_dir("output races companions", "gamemaker-audiogroups") else {
        return;
    };
    let input = dir.join("OwiliwO_Infinite-Menagerie/data.win");
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("game");
    let o = gamepak(&["extract", s(&input), "-o", s(&folder)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = tmp.path().join("data.win");
    let beside = tmp.path().join("audiogroup1.dat");
    std::fs::write(&beside, "mine").unwrap();
    let o = gamepak(&["pack", s(&folder), "-o", s(&out)]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("audiogroup1.dat"), "{}", stderr(&o));
    assert!(
        !out.exists(),
        "nothing is written when one output is refused"
    );
    assert_eq!(std::fs::read_to_string(&beside).unwrap(), "mine");

    let o = gamepak(&["pack", s(&folder), "-o", s(&out), "--force"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = gamepak(&["pack", s(&folder), "-o", s(&out)]);
    assert_eq!(
        code(&o),
        0,
        "an earlier pack and its audio groups: {}",
        stderr(&o)
    );
}

/// SIGINT and SIGTERM at the moment of the move remove the staged output and leave
/// the target as it was; after SIGKILL the next run sweeps the leftover.
#[cfg(unix)]
#[test]
fn a_signal_at_the_move_leaves_the_target_as_it_was_and_nothing_beside_it() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = extracted(tmp.path());
    let demo = example("gbin/demo.gbin");
    let out = tmp.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("mine.txt"), "mine").unwrap();
    let packed = tmp.path().join("packed.gbin");
    std::fs::write(&packed, "").unwrap();

    let extract = ["extract", s(&demo), "-o", s(&out), "--force"];
    let pack = ["pack", s(&folder), "-o", s(&packed)];
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGKILL] {
        for (args, name) in [(&extract[..], ".out."), (&pack[..], ".packed.gbin.")] {
            let o = Paused::start(args, tmp.path()).signal(signal);
            let left = leftovers(tmp.path());
            if signal == libc::SIGKILL {
                assert_eq!(o.status.code(), None);
                let theirs = left.iter().filter(|n| n.starts_with(name)).count();
                assert_eq!(theirs, 1, "SIGKILL cannot clean up: {left:?}");
            } else {
                assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
                assert_eq!(left, Vec::<String>::new(), "{args:?}");
            }
            assert_eq!(
                std::fs::read_to_string(out.join("mine.txt")).unwrap(),
                "mine"
            );
            assert_eq!(std::fs::read(&packed).unwrap(), b"");
        }
    }
    let o = gamepak(&["pack", s(&folder), "-o", s(&packed)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = gamepak(&["extract", s(&demo), "-o", s(&out), "--force"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        leftovers(tmp.path()),
        Vec::<String>::new(),
        "the next runs sweep what the killed ones left"
    );
}
