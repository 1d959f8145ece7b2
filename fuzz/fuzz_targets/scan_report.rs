//! Any bytes as a scan's report read back (what `gamepak serve REPORT.jsonl`
//! shows): records in order or an error at a line's offset, each line bounded;
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut records = 0usize;
    let read = gamepak::scan::read_records(data, "report.jsonl", |_| records += 1);
    if let Err(e) = read {
        assert!(e.offset.is_none_or(|at| at <= data.len() as u64), "{e}");
    }
    assert!(records <= data.len());
});
