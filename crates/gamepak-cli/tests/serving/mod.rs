//! `gamepak serve` started as a process for a test, plain HTTP requests to it,
//! and (in `browser`) a headless Chromium to load its page.

#![allow(dead_code)]

pub mod browser;
pub mod collection;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `gamepak serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// The URL it printed, token and all.
    pub url: String,
    pub port: u16,
    pub token: String,
}

impl Server {
    /// Serves `files` from `cwd`, on any free port.
    pub fn start(files: &[&Path], cwd: &Path) -> Server {
        Server::spawn(Server::command(files, cwd))
    }

    /// The command [`start`](Self::start) runs, to add to before [`spawn`](Self::spawn).
    pub fn command(files: &[&Path], cwd: &Path) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_gamepak"));
        command
            .arg("serve")
            .args(files)
            .current_dir(cwd)
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        command
    }

    /// Runs `command`, a `gamepak serve`, and reads the URL it prints.
    pub fn spawn(mut command: Command) -> Server {
        let mut child = command.spawn().expect("gamepak serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("gamepak serve prints its URL");
        let url = line.trim().to_string();
        let rest = url
            .strip_prefix("http://127.0.0.1:")
            .unwrap_or_else(|| panic!("the first line is the URL on 127.0.0.1, not {url:?}"));
        let (port, query) = rest.split_once('/').expect("a path after the port");
        let token = query
            .strip_prefix("?token=")
            .expect("the token in the URL")
            .to_string();
        Server {
            child,
            port: port.parse().expect("a port"),
            token,
            url,
        }
    }

    /// `GET target` with the Host header `host` (the server's own when `None`) and
    /// nothing else: the status and the body.
    pub fn get(&self, target: &str, host: Option<&str>) -> (u16, Vec<u8>) {
        let own = format!("127.0.0.1:{}", self.port);
        let host_line = match host {
            Some("") => String::new(),
            Some(h) => format!("Host: {h}\r\n"),
            None => format!("Host: {own}\r\n"),
        };
        let request = format!("GET {target} HTTP/1.1\r\n{host_line}Connection: close\r\n\r\n");
        raw(&own, request.as_bytes())
    }

    /// `GET path`, the token added.
    pub fn get_with_token(&self, path: &str) -> (u16, Vec<u8>) {
        let sep = if path.contains('?') { '&' } else { '?' };
        self.get(&format!("{path}{sep}token={}", self.token), None)
    }

    /// `path` on the server, with the token, as a browser would open it.
    pub fn page(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}?token={}", self.port, self.token)
    }
}

impl Server {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Its standard error, when the command piped it; once.
    pub fn stderr(&mut self) -> Option<std::process::ChildStderr> {
        self.child.stderr.take()
    }

    /// Sends Ctrl-C's signal and waits (up to 10 s) for the process to end.
    #[cfg(unix)]
    pub fn interrupt(&mut self) -> std::process::ExitStatus {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: signals a child this test started and still holds.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
        let start = std::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "still running after Ctrl-C"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends `request` as it is and reads the whole answer, headers and all.
pub fn raw_answer(addr: &str, request: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).expect("the server accepts");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(request).unwrap();
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).unwrap();
    answer
}

/// Sends `request` as it is and reads the whole answer: the status and the body.
pub fn raw(addr: &str, request: &[u8]) -> (u16, Vec<u8>) {
    let answer = raw_answer(addr, request);
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("an HTTP answer, not {text:?}"));
    let body = match answer.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(at) => answer[at + 4..].to_vec(),
        None => Vec::new(),
    };
    (status, body)
}

/// The repository's example files, which ship with it.
pub fn example(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(rel)
}

/// `text` as a query value.
pub fn escaped(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
