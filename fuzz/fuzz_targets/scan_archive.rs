//! Any bytes as an archive `gamepak scan` opens (`x.zip`): its files are scanned
//! one level deep or it is refused with the reason, under the memory limit, and
//! the scan ends; never a panic, never an entry outside the archive's name.
#![no_main]

use gamepak::scan::{scan, Depth, ScanOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let dir = std::env::temp_dir().join(format!("gamepak-fuzz-scan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let file = dir.join("x.zip");
    std::fs::write(&file, data).expect("the archive written");
    let opts = ScanOptions {
        depth: Depth::Check,
        jobs: 1,
        options: gamepak::Options {
            limits: gamepak::limits::Limits::for_max_alloc(32 << 20),
            ..Default::default()
        },
        ..Default::default()
    };
    scan(&[file], &opts, &|batch| {
        for r in batch {
            assert!(r.path.starts_with(&*dir.to_string_lossy()));
        }
    });
});
