//! What the command line guarantees when inputs, outputs or runs go wrong: exit codes
//! for mixed good and bad files, outputs that are never destroyed, extraction that
//! never overwrites a user's folder unless told, and nothing left behind by an
//! interrupted or killed run.

use crate::run::{code, extracted, gamepak, leftovers, s, stderr};

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn demo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/gbin/demo.gbin")
}

#[test]
fn one_unreadable_file_among_good_ones_exits_2_and_is_reported_once() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("missing.win");
    let damaged = tmp.path().join("damaged.gbin");
    let mut bytes = std::fs::read(demo()).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&damaged, &bytes).unwrap();

    let o = gamepak(&["check", s(&demo()), s(&missing)]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(
        stderr(&o).matches("missing.win").count(),
        1,
        "{}",
        stderr(&o)
    );

    let o = gamepak(&["check", s(&demo()), s(&damaged)]);
    assert_eq!(code(&o), 1);
    let o = gamepak(&["check", s(&damaged), s(&missing), s(&demo())]);
    assert_eq!(code(&o), 2, "unreadable wins over broken");
    let o = gamepak(&["identify", s(&demo()), s(&missing)]);
    assert_eq!(code(&o), 2);
    let o = gamepak(&["info", s(&missing)]);
    assert_eq!(code(&o), 2);
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
}

#[test]
fn bad_options_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o = gamepak(&[
        "extract",
        s(&demo()),
        "-o",
        s(&out),
        "--only",
        "images/[z-a]",
    ]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("--only"));
    let o = gamepak(&["info", s(&demo()), "--max-alloc", "lots"]);
    assert_eq!(code(&o), 2);
    let o = Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(["info", s(&demo())])
        .env("GAMEPAK_MAX_ALLOC", "12Q")
        .output()
        .unwrap();
    assert_eq!(code(&o), 2, "the environment is checked as the option is");
}

#[test]
fn extract_refuses_an_occupied_folder_and_force_replaces_it_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = extracted(tmp.path());
    std::fs::write(folder.join("my-notes.txt"), "an edit").unwrap();

    let o = gamepak(&["extract", s(&demo()), "-o", s(&folder)]);
    assert_eq!(code(&o), 2);
    let e = stderr(&o);
    assert!(e.contains("not empty") && e.contains("my-notes.txt"), "{e}");
    assert!(e.contains("--force replaces"), "{e}");
    assert!(
        folder.join("my-notes.txt").exists(),
        "refused means untouched"
    );

    let o = gamepak(&["extract", s(&demo()), "-o", s(&folder), "--force"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        !folder.join("my-notes.txt").exists(),
        "no stray file survives"
    );
    assert!(folder.join("gamepak.toml").exists());
    let beside: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert_eq!(beside.len(), 1, "no staging or old folder left beside it");

    // --force would delete the file being extracted.
    let inside = folder.join("demo.gbin");
    std::fs::copy(demo(), &inside).unwrap();
    let o = gamepak(&["extract", s(&inside), "-o", s(&folder), "--force"]);
    assert_eq!(code(&o), 2);
    assert!(inside.exists());
}

#[cfg(unix)]
#[test]
fn extract_never_writes_through_a_symlink_in_the_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = extracted(tmp.path());
    let victim = tmp.path().join("victim.toml");
    std::fs::write(&victim, "precious").unwrap();
    std::fs::remove_file(folder.join("gamepak.toml")).unwrap();
    std::os::unix::fs::symlink(&victim, folder.join("gamepak.toml")).unwrap();
    let o = gamepak(&["extract", s(&demo()), "-o", s(&folder), "--force"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(std::fs::symlink_metadata(folder.join("gamepak.toml"))
        .unwrap()
        .is_file());
}

#[cfg(unix)]
#[test]
fn pack_writes_into_devices_fifos_symlinks_and_standard_output() {
    use std::os::unix::fs::FileTypeExt;
    let tmp = tempfile::tempdir().unwrap();
    let folder = extracted(tmp.path());
    let want = std::fs::read(demo()).unwrap();

    let o = gamepak(&["pack", s(&folder), "-o", "/dev/null"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let m = std::fs::symlink_metadata("/dev/null").unwrap();
    assert!(
        m.file_type().is_char_device(),
        "/dev/null is still a device"
    );

    let o = gamepak(&["pack", s(&folder), "-o", "-"]);
    assert_eq!(code(&o), 0);
    assert_eq!(o.stdout, want, "the file itself on standard output");
    assert!(stderr(&o).contains("bytes"), "the report goes to stderr");

    // Empty, so that pack may replace it without --force.
    let real = tmp.path().join("real.gbin");
    std::fs::write(&real, b"").unwrap();
    let link = tmp.path().join("link.gbin");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = gamepak(&["pack", s(&folder), "-o", s(&link)]);
    assert_eq!(code(&o), 0);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read(&real).unwrap(), want);

    let fifo = tmp.path().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let o = gamepak(&["pack", s(&folder), "-o", s(&fifo)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(reader.join().unwrap(), want);
    let m = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(m.file_type().is_fifo(), "the FIFO is still a FIFO");
}

#[test]
fn pack_refuses_an_output_inside_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = extracted(tmp.path());
    let o = gamepak(&["pack", s(&folder), "-o", s(&folder.join("sub/again.gbin"))]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("lies inside"), "{}", stderr(&o));
    assert!(!folder.join("sub").exists());
}

/// A package big enough that extracting it takes a while, so a signal lands while
/// its staging folder exists.
#[cfg(unix)]
fn big_package(dir: &Path) -> PathBuf {
    use gamepak::gbin::{synth, write, CrcMode};
    let path = dir.join("big.gbin");
    std::fs::write(&path, write(&synth::package(6000, 4096), CrcMode::Compute)).unwrap();
    path
}

/// Starts an extraction of `input` into `out` and sends `signal` once its staging
/// folder appears. Returns false when the run finished before it could be caught.
#[cfg(unix)]
fn interrupt_extraction(input: &Path, out: &Path, signal: libc::c_int) -> bool {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(["extract", s(input), "-o", s(out)])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let dir = out.parent().unwrap();
    let start = Instant::now();
    while leftovers(dir).is_empty() {
        if child.try_wait().unwrap().is_some() || start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return false;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: sends a signal to the child this test started and has not yet reaped.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    child.wait().unwrap();
    true
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_removes_its_temporary_files_and_a_killed_runs_are_swept() {
    let tmp = tempfile::tempdir().unwrap();
    let input = big_package(tmp.path());
    let out_dir = tmp.path().join("outputs");
    std::fs::create_dir(&out_dir).unwrap();
    let out = out_dir.join("extracted");

    for (name, signal) in [("SIGINT", libc::SIGINT), ("SIGTERM", libc::SIGTERM)] {
        if !interrupt_extraction(&input, &out, signal) {
            eprintln!("SKIPPED {name}: the extraction finished before it could be caught");
            continue;
        }
        assert_eq!(leftovers(&out_dir), Vec::<String>::new(), "after {name}");
        if out.exists() {
            // The signal landed after the folder was moved into place: complete.
            eprintln!("SKIPPED {name}: the extraction completed as the signal came");
            std::fs::remove_dir_all(&out).unwrap();
        }
    }

    if interrupt_extraction(&input, &out, libc::SIGKILL) {
        assert_eq!(leftovers(&out_dir).len(), 1, "SIGKILL cannot clean up");
        let o = gamepak(&["extract", s(&demo()), "-o", s(&out)]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert_eq!(
            leftovers(&out_dir),
            Vec::<String>::new(),
            "the next run sweeps"
        );
    }

    // A pack killed while writing leaves `.<name>.gamepak-<pid>-<n>.tmp`; a process id
    // above any pid_max stands for one that is gone.
    let folder = extracted(tmp.path());
    let target = out_dir.join("packed.gbin");
    std::fs::write(
        out_dir.join(".packed.gbin.gamepak-4000000000-3.tmp"),
        b"half",
    )
    .unwrap();
    let o = gamepak(&["pack", s(&folder), "-o", s(&target)]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(leftovers(&out_dir), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn an_endless_input_stops_at_the_allocation_limit() {
    let o = gamepak(&["info", "/dev/zero", "--max-alloc", "1M"]);
    assert_eq!(code(&o), 2);
    let e = stderr(&o);
    assert!(
        e.contains("1 MiB limit") && e.contains("--max-alloc"),
        "{e}"
    );
}
