//! A sprite's collision mask as a person may have painted it: any bytes given as
//! `mask-000.png` are read or refused with an error, never a panic, and a mask that
//! reads is written back as a 1-bit PNG that reads as the same mask, read as a
//! painted mask (bits past a row's end cleared) or as extracted (kept), by the
//! input's last byte.
#![no_main]

use gamepak::fuzzing::masks::{from_png, to_png};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = gamepak::limits::Limits::default();
    let drawn = data.last().is_some_and(|b| b & 1 == 1);
    let Ok((mask, size)) = from_png(data, "mask-000.png", &limits, drawn) else {
        return;
    };
    let png = to_png(&mask, size).expect("a mask that read writes");
    assert_eq!(
        from_png(&png, "again", &limits, drawn).expect("our own PNG reads"),
        (mask, size)
    );
});
