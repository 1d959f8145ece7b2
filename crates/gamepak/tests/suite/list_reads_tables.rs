//! `list` and `info` read tables only: the file bytes they make resident follow the
//! entries, never the payloads (pages, clips, masks) between them.
//!
//! Measured in this process, on files dropped from the page cache first: a cached
//! file is mapped a large folio at a time, whatever is read of it.

use crate::common;

use gamepak::io::Source;
use gamepak::Options;

/// Bytes of the file mapped at `start` that are resident in this process.
#[cfg(target_os = "linux")]
fn resident(start: *const u8) -> u64 {
    let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
    let start = format!("{:x}-", start as usize);
    let mut lines = smaps.lines().skip_while(|l| !l.starts_with(&start));
    let rss = lines
        .find(|l| l.starts_with("Rss:"))
        .expect("the map is listed");
    let kb: u64 = rss.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// Drops the file's pages from the page cache, so that what a read touches is
/// all that becomes resident (a cached file is mapped a large folio at a time).
#[cfg(target_os = "linux")]
fn evict(path: &std::path::Path) {
    use std::os::fd::AsRawFd;
    let f = std::fs::File::open(path).unwrap();
    // SAFETY: advice on an open descriptor; it only drops clean cached pages.
    unsafe { libc::posix_fadvise(f.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
}

#[cfg(target_os = "linux")]
#[test]
fn listing_a_game_leaves_its_pages_clips_and_masks_unread() {
    let Some(dir) = common::fixture_dir("list_reads_tables", "gamemaker") else {
        return;
    };
    for name in ["Andreasholmbrg_Chonko.win", "CubicComplex_Shape-Thing.win"] {
        // A copy of its own, which no other test maps meanwhile, on a disk (a
        // memory file system keeps its pages whatever the advice).
        let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
        let path = tmp.path().join(name);
        std::fs::copy(dir.join(name), &path).unwrap();
        std::fs::File::open(&path).unwrap().sync_all().unwrap();
        evict(&path);
        let source = Source::open(&path, &Default::default()).unwrap();
        source.read_sparsely();
        let (_, handler) = gamepak::recognise(&source, name).unwrap();
        let document = handler.open(&source, &Options::default());
        let listed = document.list().unwrap().value;
        document.info().unwrap();
        // Pages and clips: each is read only at its head (a PNG's chunk headers).
        let payloads: Vec<u64> = listed
            .iter()
            .filter(|e| e.path.starts_with("textures/") || e.path.starts_with("audio/"))
            .map(|e| e.stored_size)
            .collect();
        let heads = 8192 * payloads.len() as u64;
        let payloads: u64 = payloads.iter().sum();
        let read = resident(source.as_ptr());
        let file = source.len() as u64;
        eprintln!("{name}: {read} of {file} bytes resident, {payloads} of payloads");
        assert!(
            read <= file - payloads + heads,
            "{name}: {read} of {file} bytes resident after list and info, {payloads} of them payloads"
        );
        // Nor are sprites' masks read (3.2 of Chonko's 4.1 MB): what is left is
        // records, a small share of a game of any size.
        assert!(
            read <= (512 << 10) + file / 8,
            "{name}: {read} of {file} bytes resident after list and info"
        );
    }
}
