//! GameMaker: the container, the code disassembler, the page codecs and audio group
//! files; every handler operation that reads (check reads the typed model); and
//! extraction then packing, which must give the input back.
#![no_main]

use gamepak::fuzzing::{code_entries, disassemble, file_view};
use gamepak::gamemaker::{audio_group, form as container};
use gamepak::{ExtractOptions, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(form) = container::read(data) {
        let chunks: Vec<([u8; 4], &[u8])> = form.chunks.iter().map(|c| (c.raw, c.body)).collect();
        let bytes = container::write(form.endian, &chunks).expect("a read FORM writes");
        assert_eq!(bytes, &data[..data.len() - form.trailing]);
    }
    if let Ok(g) = file_view::read(data) {
        let names = disassemble::names(&g);
        for entries in code_entries::blobs(&g.code) {
            let e = entries[0];
            let _ = disassemble::disassemble(&g.code_space, e.blob, e.length, &entries, &names, &[]);
        }
    }
    let h = Format::GameMaker.handler().expect("GameMaker is supported");
    let opened = h.open(data, &Default::default());
    let _ = opened.info();
    let _ = opened.list();
    let report = opened.check();
    if audio_group::is_audio_group(data) && report.is_clean() {
        // Check reads every AUDO entry alone: when none is broken, the group reads.
        assert!(
            audio_group::read(data).is_ok(),
            "a clean group reads: {report:?}"
        );
    }
    let _ = gamepak::codec::gm_qoi::decode(
        data,
        "fuzz",
        &gamepak::limits::Limits::for_max_alloc(1 << 22),
    );
    let _ = gamepak::codec::gm_qoi::decode_bz2(
        data,
        "fuzz",
        &gamepak::limits::Limits::for_max_alloc(1 << 22),
    );
    if data.len() < 8192 {
        let dir = tempfile::tempdir().expect("scratch folder");
        let out = dir.path().join("x");
        if opened.extract(&out, &ExtractOptions::default()).is_ok() {
            if let Ok(p) = gamepak::pack(&out, &Default::default()) {
                if p.reencoded.is_empty() {
                    // A game drops bytes after its FORM; an audio group our writer does
                    // not reproduce is kept whole, as stored.
                    let form = container::read(data).expect("extracted, so it reads");
                    let kept = &data[..data.len() - form.trailing];
                    let whole = audio_group::is_audio_group(data) && p.bytes == data;
                    assert!(
                        whole || p.bytes == kept,
                        "an unedited folder packs to the input"
                    );
                }
            }
        }
    }
});
