//! GBIN: read, write back, read again; and every handler operation that reads.
#![no_main]

use gamepak::gbin::{read, write, CrcMode};
use gamepak::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(doc) = read(data) {
        let bytes = write(&doc, CrcMode::Keep);
        assert_eq!(bytes, data, "write(read(x)) must give x back");
        let again = read(&bytes).expect("our own output must read");
        assert_eq!(again, doc);
    }
    let h = Format::Gbin.handler().expect("GBIN is supported");
    let opened = h.open(data, &Default::default());
    let _ = opened.info();
    let _ = opened.list();
    let _ = opened.check();
});
