//! A `.gpatch` read and applied: any archive is read under a memory limit, and
//! one that reads is applied to the GBIN demo. A name that leaves the folder is
//! refused on reading, and an apply either packs, reports conflicts or errs: it
//! never panics and never writes outside its scratch folder.
#![no_main]

use gamepak::changes::{apply, Input, OnConflict, Patch};
use libfuzzer_sys::fuzz_target;

const BASE: &[u8] = include_bytes!("../../examples/gbin/demo.gbin");

fuzz_target!(|data: &[u8]| {
    let opts = gamepak::Options {
        limits: gamepak::limits::Limits::for_max_alloc(32 << 20),
        ..Default::default()
    };
    let Ok(patch) = Patch::from_bytes(data, "fuzz", &opts.limits) else {
        return;
    };
    let again = patch.to_bytes().expect("a patch read writes");
    assert!(Patch::from_bytes(&again, "again", &opts.limits).is_ok());
    let base = Input {
        name: "demo.gbin",
        bytes: BASE,
        path: None,
        progress: None,
    };
    let _ = apply(base, &[patch], OnConflict::Fail, &opts);
});
