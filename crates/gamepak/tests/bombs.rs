//! Files whose one item claims or inflates to more than the allocation limit: every
//! verb refuses it with a message naming the limit and how to raise it, and raising
//! the limit changes the outcome. The limit is process-wide, so these tests take
//! turns under one lock.

#[path = "../benches/shared/bombs.rs"]
mod bombs;

use std::sync::Mutex;

use gamepak::limits::{set_max_alloc, DEFAULT_MAX_ALLOC};
use gamepak::{ExtractOptions, Format};

static LIMIT: Mutex<()> = Mutex::new(());

/// Runs `f` with the limit at `bytes`, while no other test here runs. Making the
/// bombs reads the examples, so it takes a turn too.
fn with_limit<T>(bytes: u64, f: impl FnOnce() -> T) -> T {
    let _turn = LIMIT.lock().unwrap_or_else(|e| e.into_inner());
    set_max_alloc(bytes);
    let out = f();
    set_max_alloc(DEFAULT_MAX_ALLOC);
    out
}

/// What `check` and `extract` say about a file: the report, and the error, or the
/// notes and the entries that failed.
fn check_and_extract(format: Format, bytes: &[u8]) -> String {
    let h = format.handler().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let extracted = match h.extract(
        bytes,
        &tmp.path().join("out"),
        &ExtractOptions::default(),
        &Default::default(),
    ) {
        Ok(s) => [s.notes, s.failed].concat().join("\n"),
        Err(e) => e.to_string(),
    };
    format!(
        "{}\n{extracted}",
        h.check(bytes, &Default::default()).lines()
    )
}

const SMALL: u64 = 1 << 20;

#[test]
fn every_bomb_is_refused_naming_the_limit() {
    with_limit(SMALL, || {
        for b in bombs::all(8 * SMALL) {
            let said = check_and_extract(b.format, &b.bytes);
            assert!(!said.contains("out of memory"), "{}: {said}", b.name);
            if b.meets_limit {
                assert!(
                    said.contains("1 MiB limit") && said.contains("--max-alloc"),
                    "{}: {said}",
                    b.name
                );
            }
        }
    });
}

#[test]
fn info_and_list_decode_no_payload() {
    with_limit(SMALL, || {
        for b in bombs::all(8 * SMALL) {
            let h = b.format.handler().unwrap();
            // The section block is TirNanoG's table of contents: listing needs it.
            if b.name == "tng/zlib/section-block" {
                let e = h
                    .list(&b.bytes, &Default::default())
                    .unwrap_err()
                    .to_string();
                assert!(e.contains("--max-alloc"), "{e}");
                continue;
            }
            h.info(&b.bytes, &Default::default())
                .unwrap_or_else(|e| panic!("{}: info: {e}", b.name));
            h.list(&b.bytes, &Default::default())
                .unwrap_or_else(|e| panic!("{}: list: {e}", b.name));
        }
    });
}

#[test]
fn a_bzip2_stream_past_the_limit_is_refused_as_a_limit() {
    let page = with_limit(DEFAULT_MAX_ALLOC, || {
        bombs::gamemaker_bzip2_stream(4 * SMALL, 5 * SMALL)
    });
    let said = with_limit(4 * SMALL, || check_and_extract(Format::GameMaker, &page));
    assert!(
        said.contains("BZip2 stream keeps inflating") && said.contains("--max-alloc"),
        "{said}"
    );
    let raised = with_limit(16 * SMALL, || check_and_extract(Format::GameMaker, &page));
    assert!(!raised.contains("--max-alloc"), "{raised}");
}

#[test]
fn raising_the_limit_lets_a_large_stream_through() {
    let all = with_limit(DEFAULT_MAX_ALLOC, || bombs::all(8 * SMALL));
    let scene = all.iter().find(|b| b.name == "swag/zlib/scene").unwrap();
    let refused = with_limit(SMALL, || check_and_extract(scene.format, &scene.bytes));
    assert!(refused.contains("--max-alloc"), "{refused}");
    with_limit(16 * SMALL, || {
        let h = scene.format.handler().unwrap();
        assert!(!h
            .check(&scene.bytes, &Default::default())
            .lines()
            .contains("--max-alloc"));
        let tmp = tempfile::tempdir().unwrap();
        let s = h
            .extract(
                &scene.bytes,
                tmp.path(),
                &ExtractOptions::default(),
                &Default::default(),
            )
            .unwrap();
        assert!(s.bytes >= 8 * SMALL, "{s:?}");
    });
}

#[test]
fn a_tng_document_is_one_item_under_the_limit() {
    let demo = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/tng/demo.tng"
    ))
    .unwrap();
    let read = |limit| {
        with_limit(limit, || {
            gamepak::formats::tng::read::read(&demo, true).err()
        })
    };
    let e = read(16 << 10).expect("16 KiB of JSON is less than the demo decodes to");
    let e = e.to_string();
    assert!(
        e.contains("the document grows") && e.contains("--max-alloc"),
        "{e}"
    );
    assert!(read(SMALL).is_none());
}

#[test]
fn a_sound_page_past_the_limit_checks_clean_and_extracts() {
    let all = with_limit(DEFAULT_MAX_ALLOC, || bombs::all(8 * SMALL));
    let page = all
        .iter()
        .find(|b| b.name == "gamemaker/qoi/huge-page")
        .unwrap();
    with_limit(SMALL, || {
        let h = page.format.handler().unwrap();
        let lines = h.check(&page.bytes, &Default::default()).lines();
        assert!(!lines.contains("error"), "{lines}");
        let tmp = tempfile::tempdir().unwrap();
        h.extract(
            &page.bytes,
            tmp.path(),
            &ExtractOptions::default(),
            &Default::default(),
        )
        .unwrap();
        let png = std::fs::read(tmp.path().join("textures/000.png")).unwrap();
        assert_eq!(gamepak::codec::png::dimensions(&png), Some((16384, 64)));
    });
}
