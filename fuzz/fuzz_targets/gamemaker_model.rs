//! GameMaker's typed model: any input whose container is whole and that reads into
//! the model (chunks it cannot read kept as stored) writes back exactly, because the
//! reader accepts only GameMaker's own layout. A damaged container (a chunk running
//! past the FORM) is read as far as it goes, to be listed, not written back.
#![no_main]

use gamepak::gamemaker::{self as model, form as container};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if container::read(data).is_err() {
        return;
    }
    if let Ok(mut m) = model::read(data) {
        let bytes = model::write(&mut m).expect("a model read from a file writes");
        assert!(bytes == data, "a model read from a file writes it back");
    }
});
