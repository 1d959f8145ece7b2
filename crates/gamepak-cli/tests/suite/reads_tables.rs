//! `identify`, `info` and `list` read headers and tables only, as whole processes:
//! after each, on a game dropped from the page cache, no more of the file is in the
//! cache than its records. The library's own test (`list_reads_tables`) counts what
//! its reads touch; this one also catches the command line faulting pages in before
//! the library is asked, each fault bringing a read-ahead window of the file.

use std::os::fd::AsRawFd;
use std::path::Path;

use crate::common;
use crate::run::{code, gamepak, s, stderr};

/// Drops the file's pages from the page cache.
fn evict(path: &Path) {
    let f = std::fs::File::open(path).unwrap();
    // SAFETY: advice on an open descriptor; it only drops clean cached pages.
    unsafe { libc::posix_fadvise(f.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
}

/// Bytes of the file in the page cache, asked without reading it: mapping it faults
/// nothing in, and `mincore` only reports.
fn cached(path: &Path) -> u64 {
    let f = std::fs::File::open(path).unwrap();
    let len = f.metadata().unwrap().len() as usize;
    let page = 4096;
    let mut resident = vec![0u8; len.div_ceil(page)];
    // SAFETY: a private read-only map of an open file, unmapped before returning;
    // `resident` has one byte per page of it, as mincore requires.
    unsafe {
        let at = libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ,
            libc::MAP_SHARED,
            f.as_raw_fd(),
            0,
        );
        assert_ne!(at, libc::MAP_FAILED);
        assert_eq!(libc::mincore(at, len, resident.as_mut_ptr()), 0);
        libc::munmap(at, len);
    }
    resident.iter().filter(|&&b| b & 1 == 1).count() as u64 * page as u64
}

#[test]
fn identify_info_and_list_bring_only_records_into_the_page_cache() {
    let Some(dir) = common::fixture_dir("reads_tables", "gamemaker") else {
        return;
    };
    let name = "Andreasholmbrg_Chonko.win";
    // A copy of its own, on a disk: a memory file system keeps its pages whatever
    // the advice, and no other test reads this copy meanwhile.
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let path = tmp.path().join(name);
    std::fs::copy(dir.join(name), &path).unwrap();
    std::fs::File::open(&path).unwrap().sync_all().unwrap();
    let file = std::fs::metadata(&path).unwrap().len();
    for verb in ["identify", "info", "list"] {
        evict(&path);
        let o = gamepak(&[verb, s(&path)]);
        assert_eq!(code(&o), 0, "{verb}: {}", stderr(&o));
        let read = cached(&path);
        eprintln!("{verb}: {read} of {file} bytes in the page cache");
        // Sprites' masks alone are 3.2 of Chonko's 4.1 MB.
        assert!(
            read <= (512 << 10) + file / 8,
            "{verb}: {read} of {file} bytes in the page cache afterwards"
        );
    }
}
