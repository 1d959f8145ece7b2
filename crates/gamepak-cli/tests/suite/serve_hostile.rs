//! `gamepak serve` survives anything a file holds. Each render runs in a worker
//! process of its own, with a deadline and an address-space budget: a render
//! that fails, overruns or crashes answers an error for that entry, and the
//! server and every other entry stay up.

use std::path::{Path, PathBuf};

use crate::run::{code, gamepak, stderr};
use crate::serving::{escaped, example, Server};

/// A real game whose one code entry is 5,000 ifs deep and adds a value to
/// itself 40 times through `dup`: it passes `check`, and decompiles to nothing.
fn hostile_game(dir: &Path) -> Option<PathBuf> {
    let game =
        crate::common::fixtures("serve_hostile")?.join("gamemaker/EMax95_GameSpaceRocks.win");
    let folder = dir.join("game");
    let game_path = game.to_str().unwrap();
    let extracted = gamepak(&["extract", game_path, "-o", folder.to_str().unwrap()]);
    assert_eq!(code(&extracted), 0, "{}", stderr(&extracted));
    let entry = folder.join("code/000-gml_Object_object0_PreCreate_0");
    let mut asm = String::from(
        "; gml_Object_object0_PreCreate_0 (arguments 0, locals 1) starts at L0000\nL0000:\n",
    );
    for k in 0..5000 {
        asm += &format!("pushi.e 1\nconv.i.b\nbf E{k}\n");
    }
    asm += "pushi.e 1\n";
    asm += &"dup.i 0\nadd.i.i\n".repeat(40);
    asm += "pop.v.i self.x\n";
    for k in (0..5000).rev() {
        asm += &format!("E{k}:\n");
    }
    std::fs::write(entry.with_extension("asm"), asm).unwrap();
    std::fs::remove_file(entry.with_extension("gml")).unwrap();
    let out = dir.join("hostile.win");
    let packed = gamepak(&[
        "pack",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code(&packed), 0, "{}", stderr(&packed));
    Some(out)
}

fn render(s: &Server, id: usize, entry: &str) -> (u16, String) {
    let (status, body) =
        s.get_with_token(&format!("/api/files/{id}/render?entry={}", escaped(entry)));
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// The hostile entry renders its disassembly with a note, in bounded time, and a
/// good entry of another file renders after it.
#[test]
fn a_hostile_entry_renders_and_the_next_render_works() {
    let dir = tempfile::tempdir().unwrap();
    let Some(game) = hostile_game(dir.path()) else {
        return;
    };
    let good = example("gbin/demo.gbin");
    let s = Server::start(&[&game, &good], dir.path());
    let started = std::time::Instant::now();
    let (status, body) = render(&s, 0, "code/000-gml_Object_object0_PreCreate_0.asm");
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    assert_eq!(status, 200, "{body}");
    let (status, body) = render(&s, 1, "images/0_hero/000.png");
    assert_eq!(status, 200, "{body}");
}

/// A render past its deadline, or past its memory, is an error for that entry;
/// the server answers the next request.
#[test]
fn a_render_out_of_time_or_memory_is_an_error_and_the_server_stays() {
    let dir = tempfile::tempdir().unwrap();
    let good = example("gbin/demo.gbin");
    for (limit, value, says) in [
        ("--render-timeout-ms", "0", "took longer than"),
        ("--render-memory-mib", "16", "the render"),
    ] {
        let mut command = Server::command(&[&good], dir.path());
        command.args([limit, value]);
        let s = Server::spawn(command);
        let (status, body) = render(&s, 0, "images/0_hero/000.png");
        assert_eq!(status, 422, "{limit}: {body}");
        assert!(body.contains(says), "{limit}: {body}");
        let (status, _) = s.get_with_token("/api/files/0/entries");
        assert_eq!(status, 200, "{limit}: the server is gone");
    }
}
