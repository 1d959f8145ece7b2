//! GameMaker's typed model: any input that reads into the model (chunks it cannot
//! read kept as stored) writes back exactly, because the reader accepts only
//! GameMaker's own layout.
#![no_main]

use gamepak::formats::gamemaker::model;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(mut m) = model::read(data) {
        let bytes = model::write(&mut m).expect("a model read from a file writes");
        assert!(bytes == data, "a model read from a file writes it back");
    }
});
