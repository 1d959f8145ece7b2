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
    let _ = h.info(data, &Default::default());
    let _ = h.list(data, &Default::default());
    let _ = h.check(data, &Default::default());
    if data.len() < 4096 {
        let dir = tempfile::tempdir().expect("scratch folder");
        let _ = h.extract(data, &dir.path().join("x"), &ExtractOptions::default(), &Default::default());
    }
});
