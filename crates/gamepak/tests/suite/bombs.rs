//! Files whose one item claims or inflates to more than the allocation limit: every
//! verb refuses it with a message naming the limit and how to raise it, and raising
//! the limit changes the outcome. Each call carries its own limit in its options, so
//! calls under different limits run side by side.

#[path = "../../benches/shared/bombs.rs"]
mod made;

use gamepak::limits::Limits;
use gamepak::{ExtractOptions, Format, Options};

/// Options whose allocation limit is `bytes`.
fn limited(bytes: u64) -> Options {
    Options {
        limits: Limits::for_max_alloc(bytes),
        ..Options::default()
    }
}

/// What `check` and `extract` say about a file under `opts`: the report, and the
/// error, or the notes and the entries that failed.
fn check_and_extract(format: Format, bytes: &[u8], opts: &Options) -> String {
    let h = format.handler().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let extracted = match h
        .open(bytes, opts)
        .extract(&tmp.path().join("out"), &ExtractOptions::default())
    {
        Ok(s) => [s.notes, s.failed].concat().join("\n"),
        Err(e) => e.to_string(),
    };
    format!("{}\n{extracted}", h.open(bytes, opts).check().lines())
}

const SMALL: u64 = 1 << 20;

#[test]
fn every_bomb_is_refused_naming_the_limit() {
    let opts = limited(SMALL);
    for b in made::all(8 * SMALL) {
        let said = check_and_extract(b.format, &b.bytes, &opts);
        assert!(!said.contains("out of memory"), "{}: {said}", b.name);
        if b.meets_limit {
            assert!(
                said.contains("1 MiB limit") && said.contains("--max-alloc"),
                "{}: {said}",
                b.name
            );
        }
    }
}

#[test]
fn info_and_list_decode_no_payload() {
    let opts = limited(SMALL);
    for b in made::all(8 * SMALL) {
        let h = b.format.handler().unwrap();
        // The section block is TirNanoG's table of contents: listing needs it.
        if b.name == "tng/zlib/section-block" {
            let e = h.open(&b.bytes, &opts).list().unwrap_err().to_string();
            assert!(e.contains("--max-alloc"), "{e}");
            continue;
        }
        h.open(&b.bytes, &opts)
            .info()
            .unwrap_or_else(|e| panic!("{}: info: {e}", b.name));
        h.open(&b.bytes, &opts)
            .list()
            .unwrap_or_else(|e| panic!("{}: list: {e}", b.name));
    }
}

#[test]
fn a_bzip2_stream_past_the_limit_is_refused_as_a_limit() {
    let page = made::gamemaker_bzip2_stream(4 * SMALL, 5 * SMALL);
    let said = check_and_extract(Format::GameMaker, &page, &limited(4 * SMALL));
    assert!(
        said.contains("BZip2 stream keeps inflating") && said.contains("--max-alloc"),
        "{said}"
    );
    let raised = check_and_extract(Format::GameMaker, &page, &limited(16 * SMALL));
    assert!(!raised.contains("--max-alloc"), "{raised}");
}

#[test]
fn raising_the_limit_lets_a_large_stream_through() {
    let all = made::all(8 * SMALL);
    let scene = all.iter().find(|b| b.name == "swag/zlib/scene").unwrap();
    let refused = check_and_extract(scene.format, &scene.bytes, &limited(SMALL));
    assert!(refused.contains("--max-alloc"), "{refused}");
    let raised = limited(16 * SMALL);
    let h = scene.format.handler().unwrap();
    assert!(!h
        .open(&scene.bytes, &raised)
        .check()
        .lines()
        .contains("--max-alloc"));
    let tmp = tempfile::tempdir().unwrap();
    let s = h
        .open(&scene.bytes, &raised)
        .extract(tmp.path(), &ExtractOptions::default())
        .unwrap();
    assert!(s.bytes >= 8 * SMALL, "{s:?}");
}

#[test]
fn a_tng_document_is_one_item_under_the_limit() {
    let demo = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/tng/demo.tng"
    ))
    .unwrap();
    let read = |limit| gamepak::tng::read::read(&demo, true, &Limits::for_max_alloc(limit)).err();
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
    let all = made::all(8 * SMALL);
    let page = all
        .iter()
        .find(|b| b.name == "gamemaker/qoi/huge-page")
        .unwrap();
    let opts = limited(SMALL);
    let h = page.format.handler().unwrap();
    let lines = h.open(&page.bytes, &opts).check().lines();
    assert!(!lines.contains("error"), "{lines}");
    let tmp = tempfile::tempdir().unwrap();
    h.open(&page.bytes, &opts)
        .extract(tmp.path(), &ExtractOptions::default())
        .unwrap();
    let png = std::fs::read(tmp.path().join("textures/000.png")).unwrap();
    assert_eq!(gamepak::codec::png::dimensions(&png), Some((16384, 64)));
}

/// Two extractions at once, each under the limit its own options carry: the one under
/// 1 MiB refuses the scene that inflates to 8 MiB while the one under 16 MiB writes it.
#[test]
fn calls_at_once_keep_their_own_limits() {
    let all = made::all(8 * SMALL);
    let scene = all.iter().find(|b| b.name == "swag/zlib/scene").unwrap();
    let h = scene.format.handler().unwrap();
    let both = std::sync::Barrier::new(2);
    let extract = |limit: u64| {
        let tmp = tempfile::tempdir().unwrap();
        let opts = limited(limit);
        both.wait();
        let out = tmp.path().join("out");
        h.open(&scene.bytes, &opts)
            .extract(&out, &ExtractOptions::default())
            .map(|s| s.bytes)
    };
    let (small, large) = std::thread::scope(|s| {
        let small = s.spawn(|| extract(SMALL));
        let large = s.spawn(|| extract(16 * SMALL));
        (small.join().unwrap(), large.join().unwrap())
    });
    let refused = small.unwrap_err().to_string();
    assert!(
        refused.contains("1 MiB limit") && refused.contains("--max-alloc"),
        "{refused}"
    );
    assert!(large.unwrap() >= 8 * SMALL);
}

/// What a run keeps for all its workers (a native game's atlas, decoded once for every
/// frame cut from it) counts against what each decodes beside it: under a cap the
/// atlas fits, but not with the largest frame beside it, that frame is refused naming
/// the limit, where a cap on each item alone would have let it through.
#[test]
fn what_a_run_keeps_counts_against_what_it_decodes_beside_it() {
    use gamepak::codec::png;
    use gamepak::native::{self, model::Role};
    let demo = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/native/demo.game.bin"
    ))
    .unwrap();
    let pixels = |(w, h): (u32, u32)| gamepak::limits::rgba_bytes(w.into(), h.into());
    let doc = native::read(&demo, &Limits::default()).unwrap();
    let atlas = pixels(png::dimensions(doc.chunk(Role::Atlas).unwrap().1).unwrap());
    let h = Format::Native.handler().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let extract = |name: &str, limit: u64| {
        let out = tmp.path().join(name);
        let done = h
            .open(&demo, &limited(limit))
            .extract(&out, &ExtractOptions::default());
        done.map(|_| out)
    };
    let out = extract("whole", 16 * SMALL).unwrap();
    let frames = std::fs::read_dir(out.join("sprites")).unwrap();
    let largest = frames
        .map(|f| pixels(png::dimensions(&std::fs::read(f.unwrap().path()).unwrap()).unwrap()))
        .max()
        .unwrap();
    assert!(largest <= atlas);
    let e = extract("tight", atlas + largest - 1)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&format!(
            " beside {} held",
            gamepak::limits::show_size(atlas)
        )) && e.contains("--max-alloc"),
        "{e}"
    );
    extract("room", atlas + largest).unwrap();
}

#[test]
fn a_gap_sample_resampled_past_the_limit_is_refused_at_its_line() {
    use gamepak::gbin::gap::{run, GapOptions};
    let tmp = tempfile::tempdir().unwrap();
    // 64 KB of 8-bit samples at 1 kHz become 8.4 MB of 16-bit samples at 65.5 kHz.
    std::fs::write(tmp.path().join("low.raw"), vec![0x80u8; 64 << 10]).unwrap();
    let script = tmp.path().join("s.gap");
    std::fs::write(
        &script,
        "export,filename=out.gbin,type=gbin,format=binary\n\
         sound,src=low.raw,srcformat=U8,srcrate=1000,format=S16,rate=65535\n",
    )
    .unwrap();
    let opts = |bytes| GapOptions {
        limits: Limits::for_max_alloc(bytes),
        ..GapOptions::default()
    };
    let e = run(&script, &opts(SMALL)).unwrap_err().to_string();
    assert!(
        e.contains("s.gap:2") && e.contains("resampling from 1000 Hz to 65535 Hz makes"),
        "{e}"
    );
    assert!(run(&script, &opts(16 * SMALL)).is_ok());
}
