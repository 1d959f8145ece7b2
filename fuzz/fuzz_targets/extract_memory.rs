//! Extraction of any file gamepak recognises, whatever its format, into a memory
//! folder: every entry is decoded as `extract` decodes it, and nothing is written.
#![no_main]

use std::path::Path;
use std::sync::Arc;

use gamepak::io::MemoryFolder;
use gamepak::ExtractOptions;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((_, handler)) = gamepak::recognise(data, "fuzz") else {
        return;
    };
    // A stated size past this is refused, as `--max-alloc` makes it, rather than
    // allocated: the fuzzer's own memory limit is for leaks and unbounded growth.
    let opts = gamepak::Options {
        limits: gamepak::limits::Limits::for_max_alloc(32 << 20),
        ..Default::default()
    };
    let extract = ExtractOptions {
        memory: Some(Arc::new(MemoryFolder::default())),
        ..ExtractOptions::default()
    };
    let _ = handler
        .open(data, &opts)
        .extract(Path::new("memory"), &extract);
});
