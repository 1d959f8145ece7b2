//! A file `gamepak serve` serves, truncated by another program after serve opened
//! it: rendering an entry answers that the file changed while it was read, and the
//! server goes on (before, the read killed it with SIGBUS).
#![cfg(unix)]

use crate::serving::Server;

#[test]
fn serve_answers_a_render_of_a_truncated_file_with_the_change_and_lives_on() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("data.win");
    let bytes = gamepak::gamemaker::sample::game(4, 2, 256 * 1024);
    std::fs::write(&game, &bytes).unwrap();
    let s = Server::start(&[&game], tmp.path());
    let (status, body) = s.get_with_token("/api/files/0/entries");
    assert_eq!(status, 200);
    let entries: Vec<serde_json::Value> = serde_json::from_slice(&body).unwrap();
    let last = entries.last().unwrap()["path"]
        .as_str()
        .unwrap()
        .to_string();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&game)
        .unwrap()
        .set_len(bytes.len() as u64 / 2)
        .unwrap();
    let (status, body) = s.get_with_token(&format!("/api/files/0/render?entry={last}"));
    let said = String::from_utf8_lossy(&body);
    assert_eq!(status, 422, "{said}");
    assert!(said.contains("changed while it was read"), "{said}");
    assert_eq!(s.get_with_token("/api/files").0, 200, "the server lives on");
}
