//! Native game.bin: read, write back, read again; every handler operation that reads;
//! and extraction into a scratch folder, which decodes tables, the atlas and clips.
#![no_main]

use gamepak::native::{read, write};
use gamepak::{ExtractOptions, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = read(data, &Default::default()) {
        let bytes = write(&doc);
        assert_eq!(bytes, data, "write(read(x)) must give x back");
        let again = read(&bytes, &Default::default()).expect("our own output must read");
        assert_eq!(again.chunks, doc.chunks);
    }
    let h = Format::Native.handler().expect("native is supported");
    let opened = h.open(data, &Default::default());
    let _ = opened.info();
    let _ = opened.list();
    let _ = opened.check();
    if data.len() < 4096 {
        let dir = tempfile::tempdir().expect("scratch folder");
        let _ = opened.extract(&dir.path().join("x"), &ExtractOptions::default());
    }
});
