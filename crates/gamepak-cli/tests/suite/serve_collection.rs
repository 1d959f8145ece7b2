//! `gamepak serve` of a collection: a scan's report, or a folder scanned as the
//! server starts, is a table of its files, filtered, sorted and paged by the
//! server, each file of ours opening as a file given would (one inside an
//! Android package too). A report that is not one is refused before anything
//! listens, a file gone since the scan is an error for that file alone, and one
//! changed since says so.

use std::collections::BTreeSet;

use crate::run::{code, gamepak, s, stderr};
use crate::serving::{collection, escaped, Server};

fn json(server: &Server, path: &str) -> (u16, serde_json::Value) {
    let (status, body) = server.get_with_token(path);
    let value = serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null);
    (status, value)
}

fn table(server: &Server, query: &str) -> serde_json::Value {
    let all = if query.contains("limit=") {
        ""
    } else {
        "limit=1000&"
    };
    let (status, page) = json(server, &format!("/api/collection?{all}{query}"));
    assert_eq!(status, 200, "{query}: {page}");
    page
}

fn paths(page: &serde_json::Value) -> Vec<String> {
    let rows = page["rows"].as_array().unwrap();
    rows.iter()
        .map(|r| r["path"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_report_is_a_table_of_its_files_and_each_of_ours_opens() {
    let cwd = tempfile::tempdir().unwrap();
    let tree = collection::tree(cwd.path());
    let report = collection::report(cwd.path(), &tree);
    let records = collection::records(&report);
    let server = Server::start(&[&report], cwd.path());

    let all = table(&server, "");
    assert_eq!(all["total"], records.len());
    let mut expected: Vec<String> = records
        .iter()
        .map(|r| r["path"].as_str().unwrap().into())
        .collect();
    expected.sort();
    assert_eq!(paths(&all), expected, "every record, in path order");
    assert_eq!(
        json(&server, "/api/files").1,
        serde_json::json!([]),
        "no file given"
    );

    let mut opened = 0;
    for row in all["rows"].as_array().unwrap() {
        let ours = matches!(row["status"].as_str(), Some("ok" | "damaged"));
        assert_eq!(row["file"].is_u64(), ours, "{row}");
        let Some(id) = row["file"].as_u64() else {
            continue;
        };
        let (status, file) = json(&server, &format!("/api/files/{id}"));
        assert_eq!(status, 200, "{row}: {file}");
        assert_eq!(file["format"], row["format"], "{row}");
        let (status, entries) = json(&server, &format!("/api/files/{id}/entries"));
        assert_eq!(status, 200, "{row}");
        let (_, check) = json(&server, &format!("/api/files/{id}/check"));
        assert_eq!(check["errors"], row["errors"], "{row}");
        // The first entry renders, in a worker, as the page would ask.
        let first = entries[0]["path"].as_str().unwrap();
        let asked = format!("/api/files/{id}/render?entry={}", escaped(first));
        assert_eq!(server.get_with_token(&asked).0, 200, "{row}: {first}");
        opened += 1;
    }
    assert_eq!(
        opened, 6,
        "four games, the damaged file and the package's game"
    );

    let droid = table(&server, "text=GAME.DROID");
    assert_eq!(paths(&droid), ["tree/android/app.apk!/assets/game.droid"]);
    assert_eq!(droid["rows"][0]["format"], "gamemaker");
    let damaged = table(&server, "status=damaged");
    assert_eq!(paths(&damaged), ["tree/damaged/cut.gbin"]);
    assert!(damaged["rows"][0]["errors"].as_u64().unwrap() > 0);
    assert!(
        damaged["rows"][0]["note"].as_str().is_some(),
        "its first problem"
    );
    let none = table(&server, "format=none");
    assert!(paths(&none).contains(&"tree/notes.txt".to_string()));
    assert_eq!(none["matched"], all["summary"]["formats"]["none"]);

    let by_size = table(&server, "sort=size&desc=1");
    let sizes: Vec<u64> = by_size["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["size"].as_u64())
        .collect();
    assert!(
        sizes.windows(2).all(|w| w[0] >= w[1]),
        "largest first: {sizes:?}"
    );
    let second = table(&server, "offset=2&limit=2");
    assert_eq!(paths(&second), expected[2..4]);
    assert_eq!(second["matched"], records.len());
}

#[test]
fn a_folder_is_scanned_as_the_server_starts() {
    let cwd = tempfile::tempdir().unwrap();
    let tree = collection::tree(cwd.path());
    let report = collection::report(cwd.path(), &tree);
    let server = Server::start(&[std::path::Path::new("tree")], cwd.path());
    let page = table(&server, "");
    let scanned: BTreeSet<String> = paths(&page).into_iter().collect();
    let reported: BTreeSet<String> = collection::records(&report)
        .iter()
        .map(|r| r["path"].as_str().unwrap().into())
        .collect();
    assert_eq!(scanned, reported, "the folder's table is its report's");
    assert_eq!(page["source"], serde_json::json!(["tree"]));
}

#[test]
fn a_file_gone_since_the_scan_is_an_error_for_it_alone() {
    let cwd = tempfile::tempdir().unwrap();
    let tree = collection::tree(cwd.path());
    let report = collection::report(cwd.path(), &tree);
    std::fs::remove_file(tree.join("games/demo.tng")).unwrap();
    let server = Server::start(&[&report], cwd.path());
    let page = table(&server, "format=tng");
    let id = page["rows"][0]["file"].as_u64().unwrap();
    let (status, body) = server.get_with_token(&format!("/api/files/{id}/entries"));
    assert_eq!(status, 422, "{}", String::from_utf8_lossy(&body));
    assert!(String::from_utf8_lossy(&body).contains("demo.tng"));
    let gbin = table(&server, "format=gbin&status=ok")["rows"][0]["file"]
        .as_u64()
        .unwrap();
    assert_eq!(
        json(&server, &format!("/api/files/{gbin}/info")).0,
        200,
        "the others open"
    );
    let (_, file) = json(&server, &format!("/api/files/{gbin}"));
    assert!(file.get("changed").is_none(), "{file}");
}

#[test]
fn a_file_changed_since_the_scan_says_so() {
    let cwd = tempfile::tempdir().unwrap();
    let tree = collection::tree(cwd.path());
    let report = collection::report(cwd.path(), &tree);
    let swag = tree.join("games/demo.swag");
    let mut bytes = std::fs::read(&swag).unwrap();
    bytes.extend([0; 16]);
    std::fs::write(&swag, bytes).unwrap();
    let server = Server::start(&[&report], cwd.path());
    let id = table(&server, "format=swag")["rows"][0]["file"]
        .as_u64()
        .unwrap();
    let (status, file) = json(&server, &format!("/api/files/{id}"));
    assert_eq!(status, 200, "{file}");
    let changed = file["changed"].as_str().unwrap_or_else(|| panic!("{file}"));
    assert!(changed.contains("changed since the scan"), "{changed}");
}

#[test]
fn a_report_with_a_line_that_is_no_record_is_refused_before_listening() {
    let cwd = tempfile::tempdir().unwrap();
    let tree = collection::tree(cwd.path());
    let report = collection::report(cwd.path(), &tree);
    let text = std::fs::read_to_string(&report).unwrap();
    let (first, rest) = text.split_once('\n').unwrap();
    std::fs::write(
        &report,
        format!("{first}\n{{\"not\": \"a record\"}}\n{rest}"),
    )
    .unwrap();
    let o = gamepak(&["serve", s(&report)]);
    assert_eq!(
        code(&o),
        1,
        "a report that breaks its format: {}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
    let at = format!("0x{:x}", first.len() + 1);
    assert!(
        stderr(&o).contains(&at),
        "the line's offset {at}: {}",
        stderr(&o)
    );
}
