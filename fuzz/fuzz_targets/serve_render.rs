//! `gamepak serve`'s render of an entry, on any file gamepak recognises: the file is
//! opened once as a document, as the server opens it, its entries listed, then each
//! extracted alone (`--only` naming it) into memory, as the server does when the
//! browser asks for it. Up to four entries, spread over the list.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((_, handler)) = gamepak::recognise(data, "fuzz") else {
        return;
    };
    // Under a cap the fuzzer's own memory limit leaves room for, as `--max-alloc`
    // sets it.
    let opts = gamepak::Options {
        limits: gamepak::limits::Limits::for_max_alloc(32 << 20),
        ..Default::default()
    };
    let document = handler.open(data, &opts);
    let Ok(gamepak::Partial { value: entries, .. }) = document.list() else {
        return;
    };
    let n = entries.len();
    let mut picked: Vec<usize> = (0..4).map(|k| k * n / 4).collect();
    picked.dedup();
    for i in picked.into_iter().filter(|&i| i < n) {
        let _ = document.render(&entries[i].path);
    }
});
