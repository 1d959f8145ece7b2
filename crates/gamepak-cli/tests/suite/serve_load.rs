//! `gamepak serve` under load, asked in raw HTTP: a burst of render requests on the
//! largest real file is answered (200, or 503 with Retry-After past the bound) in
//! bounded memory and threads, identical requests at once are rendered once, and
//! connections that send no whole header, or sit idle, are closed.

#![cfg(target_os = "linux")]

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

use crate::serving::{escaped, example, Server};

/// Requests in a burst, all sent at once.
const BURST: usize = 400;
/// The server's peak resident memory may not pass this.
const MAX_PEAK_MIB: u64 = 300;
/// Nor its threads this: the runtime's two, the pool's at most four, the main
/// thread and Ctrl-C's watcher, with room to spare.
const MAX_THREADS: u64 = 16;
/// How long a test waits for any one answer.
const ANSWER_WAIT: Duration = Duration::from_secs(120);
/// The header timeout the tests that wait for it give the server.
const SHORT_TIMEOUT: Duration = Duration::from_millis(500);

/// A server on `file`, printing a line for each render (`--verbose`) into the
/// returned list.
fn verbose_server(file: &Path, cwd: &Path) -> (Server, Arc<Mutex<Vec<String>>>) {
    let mut command = Server::command(&[file], cwd);
    command.arg("--verbose").stderr(Stdio::piped());
    let mut server = Server::spawn(command);
    let lines = Arc::new(Mutex::new(Vec::new()));
    let stderr = server.stderr().expect("piped");
    let kept = lines.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            kept.lock().unwrap().push(line);
        }
    });
    (server, lines)
}

/// One answer, read whole.
struct Answer {
    status: u16,
    head: String,
    body: Vec<u8>,
}

/// `GET target` with the token, on a connection of its own, closed after.
fn get(port: u16, token: &str, target: &str) -> Answer {
    let sep = if target.contains('?') { '&' } else { '?' };
    let request = format!(
        "GET {target}{sep}token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    );
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
    s.set_read_timeout(Some(ANSWER_WAIT)).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).expect("a whole answer in time");
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("an HTTP answer, not {:?}", String::from_utf8_lossy(&answer)));
    let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("a status in {head:?}"));
    Answer {
        status,
        head,
        body: answer[split + 4..].to_vec(),
    }
}

/// A field of `/proc/<pid>/status`, as a number (kB for memory).
fn proc_status(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/{pid}/status"))
}

/// Sends every target in `targets` at once, each on its own connection from a
/// thread of its own, and gives the answers in order. Meanwhile the server's
/// thread count is watched: the most seen is returned too.
fn burst(s: &Server, targets: &[String]) -> (Vec<Answer>, u64) {
    let start = Arc::new(Barrier::new(targets.len()));
    let (port, token, pid) = (s.port, s.token.clone(), s.pid());
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut most = 0;
            while !done.load(Ordering::Relaxed) {
                most = most.max(proc_status(pid, "Threads"));
                std::thread::sleep(Duration::from_millis(5));
            }
            most
        })
    };
    let senders: Vec<_> = targets
        .iter()
        .map(|target| {
            let (start, token, target) = (start.clone(), token.clone(), target.clone());
            std::thread::Builder::new()
                .stack_size(256 << 10)
                .spawn(move || {
                    start.wait();
                    get(port, &token, &target)
                })
                .expect("a thread to send from")
        })
        .collect();
    let answers = senders.into_iter().map(|t| t.join().unwrap()).collect();
    done.store(true, Ordering::Relaxed);
    (answers, watcher.join().unwrap())
}

/// The largest GameMaker file of the fixtures.
fn largest_fixture(test: &str) -> Option<PathBuf> {
    let dir = common::fixture_dir(test, "gamemaker")?;
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .max_by_key(|p| p.metadata().unwrap().len())
}

fn entries(s: &Server) -> Vec<serde_json::Value> {
    serde_json::from_slice(&s.get_with_token("/api/files/0/entries").1).unwrap()
}

fn render_file(entry: &str) -> String {
    let e = escaped(entry);
    format!("/api/files/0/render/file?entry={e}&name={e}")
}

#[test]
fn a_burst_of_renders_is_answered_in_bounded_memory_and_threads() {
    let Some(file) = largest_fixture("a burst of renders") else {
        return;
    };
    let cwd = tempfile::tempdir().unwrap();
    let (s, log) = verbose_server(&file, cwd.path());
    let mut listed = entries(&s);
    // The largest entries first: a game's texture pages.
    listed.sort_by_key(|e| std::cmp::Reverse(e["size"].as_u64().unwrap_or(0)));
    let paths: Vec<&str> = listed.iter().map(|e| e["path"].as_str().unwrap()).collect();

    // The same page asked for by every request at once: rendered once, shared.
    let page = paths[0];
    let same: Vec<String> = (0..BURST).map(|_| render_file(page)).collect();
    let (answers, same_threads) = burst(&s, &same);
    let size = answers[0].body.len();
    for a in &answers {
        assert_eq!(a.status, 200, "{}", a.head);
        assert_eq!(a.body.len(), size);
    }
    let renders_of = |entry: &str| {
        let needle = format!(" {entry:?}: ");
        log.lock()
            .unwrap()
            .iter()
            .filter(|l| l.starts_with("rendered ") && l.contains(&needle))
            .count()
    };
    assert_eq!(renders_of(page), 1, "{:?}", log.lock().unwrap());

    // Every entry, the largest most often, all at once: each is answered, or
    // turned away with a time to ask again.
    let largest = paths.len().min(8);
    let mixed: Vec<String> = (0..BURST)
        .map(|k| match k % 2 {
            0 => render_file(paths[k / 2 % largest]),
            _ => format!(
                "/api/files/0/render?entry={}",
                escaped(paths[k / 2 % paths.len()])
            ),
        })
        .collect();
    let (answers, mixed_threads) = burst(&s, &mixed);
    let mut busy = 0;
    for a in &answers {
        match a.status {
            200 => {}
            503 => {
                assert!(a.head.contains("\r\nretry-after: 1"), "{}", a.head);
                busy += 1;
            }
            // An entry extract writes no file of its own name for.
            404 => {}
            other => panic!("{other}: {}", a.head),
        }
    }

    let peak_kib = proc_status(s.pid(), "VmHWM");
    let threads = same_threads.max(mixed_threads);
    println!(
        "{}: {} bytes of page, rendered once for {BURST} requests; {BURST} mixed requests, {busy} turned away; peak memory {} MiB, at most {threads} threads",
        file.display(),
        size,
        peak_kib / 1024
    );
    assert!(
        peak_kib < MAX_PEAK_MIB * 1024,
        "peak memory {} MiB",
        peak_kib / 1024
    );
    assert!(threads <= MAX_THREADS, "{threads} threads");
}

/// How long after `since` the server closes `stream`, reading (and dropping)
/// anything it sends first.
fn closed_after(mut stream: TcpStream, since: Instant) -> Duration {
    stream.set_read_timeout(Some(ANSWER_WAIT)).unwrap();
    let mut sink = [0u8; 4096];
    loop {
        match stream.read(&mut sink) {
            Ok(0) => return since.elapsed(),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return since.elapsed(),
            Err(e) => panic!("still open after {:?}: {e}", since.elapsed()),
        }
    }
}

fn short_timeout_server() -> (Server, tempfile::TempDir) {
    let cwd = tempfile::tempdir().unwrap();
    let mut command = Server::command(&[&example("gbin/demo.gbin")], cwd.path());
    command.args([
        "--header-timeout-ms",
        &SHORT_TIMEOUT.as_millis().to_string(),
    ]);
    (Server::spawn(command), cwd)
}

#[test]
fn a_half_sent_header_is_closed_after_the_header_timeout() {
    let (s, _cwd) = short_timeout_server();
    let started = Instant::now();
    let mut slow = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    slow.write_all(format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n", s.port).as_bytes())
        .unwrap();
    let silent = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    for (what, stream) in [("half a header", slow), ("nothing", silent)] {
        let after = closed_after(stream, started);
        println!("a connection that sent {what} was closed after {after:?}");
        assert!(after >= SHORT_TIMEOUT, "{what}: closed after {after:?}");
        assert!(after < SHORT_TIMEOUT * 10, "{what}: closed after {after:?}");
    }
    // The server still answers.
    assert_eq!(s.get_with_token("/api/files").0, 200);
}

#[test]
fn an_idle_kept_alive_connection_is_closed_after_the_timeout() {
    let (s, _cwd) = short_timeout_server();
    let mut stream = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    let request = format!(
        "GET /api/files?token={} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
        s.token, s.port
    );
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    stream.set_read_timeout(Some(ANSWER_WAIT)).unwrap();
    // Two requests on the one connection: it is kept alive between them.
    for _ in 0..2 {
        stream.write_all(request.as_bytes()).unwrap();
        let mut length = 0;
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse().unwrap();
            }
        }
        let mut body = vec![0u8; length];
        reader.read_exact(&mut body).unwrap();
    }
    let answered = Instant::now();
    let after = closed_after(stream, answered);
    println!("an idle kept-alive connection was closed after {after:?}");
    assert!(after < SHORT_TIMEOUT * 10, "closed after {after:?}");
    // The timer starts when the answer has been sent, a moment before it is read.
    assert!(after >= SHORT_TIMEOUT / 2, "closed after {after:?}");
}

#[test]
fn by_default_a_header_has_ten_seconds() {
    let cwd = tempfile::tempdir().unwrap();
    let s = Server::start(&[&example("gbin/demo.gbin")], cwd.path());
    let started = Instant::now();
    let mut slow = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\n").unwrap();
    let after = closed_after(slow, started);
    println!("with the default timeout, half a header was closed after {after:?}");
    assert!(after >= Duration::from_secs(10), "closed after {after:?}");
    assert!(after < Duration::from_secs(30), "closed after {after:?}");
}
