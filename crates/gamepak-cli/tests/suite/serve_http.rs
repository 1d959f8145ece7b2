//! `gamepak serve` asked in raw HTTP. It refuses what it must: no token or a wrong
//! one, a foreign Host header (DNS rebinding), and paths that try to leave the
//! files given. It listens on loopback alone and writes nothing. And every entry
//! of every format answers, as the page asks for it.

use crate::common;

use crate::serving::{self, escaped, example, Server};

fn server() -> (Server, tempfile::TempDir) {
    let cwd = tempfile::tempdir().unwrap();
    let file = example("gbin/demo.gbin");
    (Server::start(&[&file], cwd.path()), cwd)
}

#[test]
fn the_page_opens_without_the_token_and_nothing_else_does() {
    let (s, _cwd) = server();
    let (status, body) = s.get("/", None);
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&body).contains("<title>gamepak</title>"));
    // Its script and style run by a nonce new with each load, and nothing inline else.
    let addr = format!("127.0.0.1:{}", s.port);
    let load = |_| {
        let request = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        String::from_utf8(serving::raw_answer(&addr, request.as_bytes())).unwrap()
    };
    let (first, second) = (load(1), load(2));
    let policy = |answer: &str| {
        answer
            .lines()
            .find_map(|l| l.strip_prefix("content-security-policy: "))
            .unwrap_or_else(|| panic!("a policy in {answer}"))
            .to_string()
    };
    let nonce = |answer: &str| {
        let p = policy(answer);
        let at = p.find("'nonce-").expect("a nonce") + 7;
        p[at..at + 32].to_string()
    };
    assert!(
        !policy(&first).contains("unsafe-inline"),
        "{}",
        policy(&first)
    );
    assert_ne!(nonce(&first), nonce(&second));
    assert!(first.contains(&format!("<script nonce=\"{}\">", nonce(&first))));
    for path in [
        "/api/files",
        "/api/files/0/info",
        "/api/files/0/bytes?offset=0&length=4",
    ] {
        assert_eq!(s.get(path, None).0, 401, "{path} without a token");
        let sep = if path.contains('?') { '&' } else { '?' };
        let wrong = format!("{path}{sep}token={}", "0".repeat(s.token.len()));
        assert_eq!(s.get(&wrong, None).0, 401, "{path} with a wrong token");
        assert_eq!(s.get_with_token(path).0, 200, "{path} with the token");
    }
    // The token may come as a header instead.
    let request = format!(
        "GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Gamepak-Token: {}\r\nConnection: close\r\n\r\n",
        s.port, s.token
    );
    assert_eq!(
        serving::raw(&format!("127.0.0.1:{}", s.port), request.as_bytes()).0,
        200
    );
}

#[test]
fn a_foreign_host_header_is_refused_even_with_the_token() {
    let (s, _cwd) = server();
    let target = format!("/api/files?token={}", s.token);
    for host in [
        "evil.example",
        "evil.example:80",
        &format!("evil.example:{}", s.port),
        &format!("127.0.0.1:{}", s.port + 1),
        "127.0.0.1",
        "",
    ] {
        assert_eq!(s.get(&target, Some(host)).0, 421, "Host {host:?}");
        assert_eq!(s.get("/", Some(host)).0, 421, "the page, Host {host:?}");
    }
    let localhost = format!("localhost:{}", s.port);
    assert_eq!(s.get(&target, Some(&localhost)).0, 200);
}

#[test]
fn no_request_reaches_a_file_not_given() {
    let (s, _cwd) = server();
    let listed = String::from_utf8(s.get_with_token("/api/files/0/entries").1).unwrap();
    assert!(listed.contains("\"path\""), "{listed}");
    for path in [
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/api/files/0/../../../../etc/passwd",
        "/api/files/1/info",
        "/api/files/-1/info",
        "/api/files/0/render?entry=../../../../etc/passwd",
        "/api/files/0/render?entry=/etc/passwd",
        "/api/files/0/render/file?entry=/etc/passwd&name=/etc/passwd",
        "/api/files/0/render/file?entry=%2Fetc%2Fpasswd",
        "/etc/passwd",
    ] {
        let (status, body) = s.get_with_token(path);
        let body = String::from_utf8_lossy(&body);
        assert!(status == 404 || status == 400, "{path}: {status} {body}");
        assert!(!body.contains("root:"), "{path} gave {body}");
    }
}

#[test]
fn an_entry_downloads_as_extract_writes_it_and_nothing_is_written() {
    let (s, cwd) = server();
    let entries: serde_json::Value =
        serde_json::from_slice(&s.get_with_token("/api/files/0/entries").1).unwrap();
    let first = entries[0]["path"].as_str().unwrap().to_string();
    let (status, files) = s.get_with_token(&format!("/api/files/0/render?entry={first}"));
    assert_eq!(status, 200);
    let files: serde_json::Value = serde_json::from_slice(&files).unwrap();
    let name = files[0]["name"].as_str().unwrap();
    let (status, bytes) = s.get_with_token(&format!(
        "/api/files/0/render/file?entry={first}&name={name}&download=1"
    ));
    assert_eq!(status, 200);

    let out = tempfile::tempdir().unwrap();
    let extracted = out.path().join("x");
    let done = std::process::Command::new(env!("CARGO_BIN_EXE_gamepak"))
        .args(["extract", "--only", &first, "-o"])
        .arg(&extracted)
        .arg(example("gbin/demo.gbin"))
        .output()
        .unwrap();
    assert!(done.status.success(), "{done:?}");
    assert_eq!(bytes, std::fs::read(extracted.join(name)).unwrap());
    // The server's working folder is as empty as it started.
    assert_eq!(std::fs::read_dir(cwd.path()).unwrap().count(), 0);
}

#[test]
fn it_listens_on_loopback_alone() {
    let (s, _cwd) = server();
    // The address this machine would reach the world from; no packet is sent.
    let probe = std::net::UdpSocket::bind("0.0.0.0:0").unwrap();
    let outside = probe
        .connect("192.0.2.1:9")
        .and_then(|()| probe.local_addr())
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified());
    let Some(ip) = outside else {
        println!("SKIPPED the outside address: this machine has none");
        return;
    };
    let reached = std::net::TcpStream::connect_timeout(
        &std::net::SocketAddr::new(ip, s.port),
        std::time::Duration::from_secs(2),
    );
    assert!(reached.is_err(), "reached on {ip}:{}", s.port);
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_it_at_once() {
    let (mut s, _cwd) = server();
    assert_eq!(s.get_with_token("/api/files").0, 200);
    let status = s.interrupt();
    // As every verb ends on Ctrl-C: 128 + SIGINT.
    assert_eq!(status.code(), Some(130), "{status:?}");
    assert!(std::net::TcpStream::connect(("127.0.0.1", s.port)).is_err());
}

/// Asks for every entry of every file `s` serves, as the page would, and checks
/// each answers: info, check, and each entry's rendering (a disassembly's with its
/// GML).
fn renders_every_entry(s: &Server, files: &[std::path::PathBuf]) {
    for (id, file) in files.iter().enumerate() {
        for what in ["info", "check"] {
            let (status, _) = s.get_with_token(&format!("/api/files/{id}/{what}"));
            assert_eq!(status, 200, "{} {what}", file.display());
        }
        let entries: Vec<serde_json::Value> =
            serde_json::from_slice(&s.get_with_token(&format!("/api/files/{id}/entries")).1)
                .unwrap();
        assert!(!entries.is_empty(), "{}", file.display());
        let mut files_out = 0;
        for e in &entries {
            let path = e["path"].as_str().unwrap();
            let (status, body) =
                s.get_with_token(&format!("/api/files/{id}/render?entry={}", escaped(path)));
            let why = String::from_utf8_lossy(&body);
            assert_eq!(status, 200, "{} {path}: {why}", file.display());
            let rendered: Vec<serde_json::Value> = serde_json::from_slice(&body).unwrap();
            files_out += rendered.len();
            // A disassembly comes with its GML, which the page shows first.
            if let Some(stem) = path.strip_suffix(".asm") {
                let gml = format!("{stem}.gml");
                assert!(
                    rendered.iter().any(|f| f["name"] == gml.as_str()),
                    "{} {path}: no {gml} in {rendered:?}",
                    file.display()
                );
            }
        }
        assert!(
            files_out >= entries.len() / 2,
            "{}: {files_out} files for {} entries",
            file.display(),
            entries.len()
        );
    }
}

fn serve_all(files: &[std::path::PathBuf]) -> (Server, tempfile::TempDir) {
    let cwd = tempfile::tempdir().unwrap();
    let refs: Vec<&std::path::Path> = files.iter().map(|p| p.as_path()).collect();
    (Server::start(&refs, cwd.path()), cwd)
}

#[test]
fn every_entry_of_every_example_renders() {
    let files: Vec<_> = [
        "gbin/demo.gbin",
        "native/demo.game.bin",
        "swag/demo.swag",
        "tng/demo.tng",
    ]
    .iter()
    .map(|f| example(f))
    .collect();
    let (s, _cwd) = serve_all(&files);
    renders_every_entry(&s, &files);
}

#[test]
fn every_entry_of_real_files_renders() {
    let (Some(gm), Some(native)) = (
        common::fixture_dir("serve renders real files", "gamemaker"),
        common::fixture_dir("serve renders real files", "native"),
    ) else {
        return;
    };
    let files = vec![
        gm.join("gir4ff3_space-nugs.win"),
        gm.join("VVoytec_Simple-Auto-Battler.unx"),
        native.join("basic.production.game.bin"),
        native.join("aseprite-stub.development.game.bin"),
    ];
    let (s, _cwd) = serve_all(&files);
    renders_every_entry(&s, &files);
}
