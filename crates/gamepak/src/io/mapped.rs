//! Input files mapped into memory, watched for changes made while they are read.
//!
//! A mapped file that another process truncates takes its pages with it: reading
//! one raises SIGBUS, which kills the process (exit 135) before it can clean up.
//! A private copy would avoid that at the price of reading every input whole, which
//! `info` and `list` of a big file never do, and of holding it all in memory for as
//! long as `serve` serves it. So the map stays, and SIGBUS is caught instead: a
//! process-wide handler (installed once, when the first map is made, so every
//! program built on the library has it) looks the faulting address up among the
//! live maps. Inside one, it maps zero pages over the rest of that map, so the read
//! goes on, on zeros, and marks the map changed; anywhere else, the handler that was
//! there before ours (Rust's own, which tells a stack overflow apart, or the
//! default) gets the fault.
//!
//! A change that raises no fault (bytes rewritten in place, a file grown) shows in
//! its size or modification time, which [`Mapped::unchanged`] compares with those
//! at opening. Whoever uses what was read calls it before the result counts:
//! extract before moving its folder into place, serve before answering.
//!
//! The handler may do only what is safe in a signal handler: the live maps are kept
//! in a fixed table of atomics that it reads without locking or allocating, and a
//! map registers in it before its first read and leaves it before it is unmapped.
//! When the table is full, [`Mapped::new`] declines and the caller reads the file
//! instead.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::error::Error;

/// A memory map of an input file, watched for changes made while it is read.
pub struct Mapped {
    /// Where the map is registered. Fields drop in order, so the slot is left
    /// before `map` is unmapped: a fault on its addresses after that would belong
    /// to whatever is mapped there next.
    slot: faults::Slot,
    map: memmap2::Mmap,
    /// Kept open to ask it, later, whether it changed.
    file: File,
    path: PathBuf,
    opened: Stamp,
}

/// What tells a file changed without reading it: its size and modification time.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }
}

impl Mapped {
    /// Maps `file` (opened from `path`, with `meta` its metadata); the file back
    /// when it cannot be mapped or watched, and must be read instead.
    pub fn new(file: File, path: &Path, meta: &std::fs::Metadata) -> Result<Mapped, File> {
        let Some(slot) = faults::watching().then(faults::Slot::claim).flatten() else {
            return Err(file);
        };
        // SAFETY: a read-only map of a file that may change under it: a truncation
        // is caught (see the module's comment) and a rewrite is found by `unchanged`.
        let Ok(map) = (unsafe { memmap2::Mmap::map(&file) }) else {
            return Err(file);
        };
        slot.watch(map.as_ptr() as usize, map.len());
        Ok(Mapped {
            slot,
            map,
            file,
            path: path.to_path_buf(),
            opened: Stamp::of(meta),
        })
    }

    /// Says that the map will be read here and there, as a table is, not
    /// through: the kernel then reads no more than each touched page, instead of
    /// reading ahead, so listing a game does not make most of its file resident.
    pub fn read_sparsely(&self) {
        // Only advice: a kernel that ignores it reads ahead as before.
        let _ = self.map.advise(memmap2::Advice::Random);
    }

    /// Ok unless the file changed since it was opened: it shrank under a read, or
    /// its size or modification time moved. What was read from it since then is
    /// not to be trusted, and the error says so (an I/O error: exit 2).
    pub fn unchanged(&self) -> crate::Result<()> {
        let now = self.file.metadata().map(|m| Stamp::of(&m));
        if self.slot.faulted() || now.map_or(true, |now| now != self.opened) {
            return Err(Error::io(
                &self.path,
                std::io::Error::other(
                    "changed while it was read (another program wrote or truncated it): \
                     nothing was written; run again once it is left alone",
                ),
            ));
        }
        Ok(())
    }
}

impl std::ops::Deref for Mapped {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.map
    }
}

#[cfg(unix)]
mod faults {
    //! The table of live maps and the SIGBUS handler that reads it.

    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::OnceLock;

    /// How many maps can be watched at once; more are read instead of mapped.
    const SLOTS: usize = 256;

    /// A slot's state is a count: its low two bits say what it is (free, being
    /// filled, live), and every claim and release moves it on, so the handler can
    /// tell that a slot changed hands while it read the slot's range.
    const FREE: usize = 0;
    const FILLING: usize = 1;
    const LIVE: usize = 2;
    const PHASE: usize = 3;

    struct Entry {
        state: AtomicUsize,
        start: AtomicUsize,
        end: AtomicUsize,
        faulted: AtomicBool,
    }

    #[allow(clippy::declare_interior_mutable_const)] // only to fill the table
    const EMPTY: Entry = Entry {
        state: AtomicUsize::new(FREE),
        start: AtomicUsize::new(0),
        end: AtomicUsize::new(0),
        faulted: AtomicBool::new(false),
    };

    static TABLE: [Entry; SLOTS] = [EMPTY; SLOTS];

    /// The handler found in place when ours was installed, to pass other faults
    /// to; `None` when installing failed.
    static PREVIOUS: OnceLock<Option<libc::sigaction>> = OnceLock::new();
    static PAGE: AtomicUsize = AtomicUsize::new(0);

    /// Installs the handler, once; whether it is in place.
    pub fn watching() -> bool {
        PREVIOUS.get_or_init(install).is_some()
    }

    fn install() -> Option<libc::sigaction> {
        // SAFETY: sysconf and sigaction with valid arguments.
        unsafe {
            let page = libc::sysconf(libc::_SC_PAGESIZE);
            PAGE.store(usize::try_from(page).ok()?, Ordering::Relaxed);
            let mut previous: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGBUS, std::ptr::null(), &mut previous) != 0 {
                return None;
            }
            // PREVIOUS is set once this returns; a fault not ours in between
            // meets the default action.
            let mut ours: libc::sigaction = std::mem::zeroed();
            ours.sa_sigaction = on_sigbus as *const () as usize;
            // On the alternate stack, as Rust's own handler runs, so a stack
            // overflow (SIGBUS on some systems) still reaches it.
            ours.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut ours.sa_mask);
            if libc::sigaction(libc::SIGBUS, &ours, std::ptr::null_mut()) != 0 {
                return None;
            }
            Some(previous)
        }
    }

    /// A claimed entry of the table.
    pub struct Slot(usize);

    impl Slot {
        pub fn claim() -> Option<Slot> {
            TABLE.iter().enumerate().find_map(|(i, e)| {
                let s = e.state.load(Ordering::Relaxed);
                let claimed = s & PHASE == FREE
                    && e.state
                        .compare_exchange(s, s + FILLING, Ordering::Acquire, Ordering::Relaxed)
                        .is_ok();
                // Made only when claimed: a Slot dropped releases its entry.
                claimed.then(|| Slot(i))
            })
        }

        /// Makes the map at `start`, `len` bytes long, live.
        pub fn watch(&self, start: usize, len: usize) {
            let e = &TABLE[self.0];
            e.start.store(start, Ordering::Relaxed);
            e.end.store(start.saturating_add(len), Ordering::Relaxed);
            e.faulted.store(false, Ordering::Relaxed);
            e.state.fetch_add(LIVE - FILLING, Ordering::Release);
        }

        pub fn faulted(&self) -> bool {
            TABLE[self.0].faulted.load(Ordering::Acquire)
        }
    }

    impl Drop for Slot {
        fn drop(&mut self) {
            let e = &TABLE[self.0];
            let s = e.state.load(Ordering::Relaxed);
            // Onto the next count whose phase is FREE.
            e.state.store((s | PHASE) + 1, Ordering::Release);
        }
    }

    /// The live entry whose map holds `addr`, and its end.
    fn live_holding(addr: usize) -> Option<(&'static Entry, usize)> {
        TABLE.iter().find_map(|e| {
            let before = e.state.load(Ordering::Acquire);
            if before & PHASE != LIVE {
                return None;
            }
            let (start, end) = (
                e.start.load(Ordering::Relaxed),
                e.end.load(Ordering::Relaxed),
            );
            let steady = e.state.load(Ordering::Acquire) == before;
            (steady && (start..end).contains(&addr)).then_some((e, end))
        })
    }

    /// A truncated map's missing pages, from the faulting one to the map's end,
    /// become zeros, and the map is marked changed; any other fault goes to the
    /// handler that was there before.
    extern "C" fn on_sigbus(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
        // SAFETY: the kernel passes a valid siginfo for an SA_SIGINFO handler.
        let addr = unsafe { (*info).si_addr() } as usize;
        if let Some((entry, end)) = live_holding(addr) {
            let page = PAGE.load(Ordering::Relaxed);
            let from = addr & !(page - 1);
            let len = end.div_ceil(page) * page - from;
            // SAFETY: the range lies inside a live map of ours (it cannot be
            // unmapped while a read of it is faulting), and fixed anonymous pages
            // replace exactly the pages that no longer have a file behind them.
            let zeros = unsafe {
                libc::mmap(
                    from as *mut libc::c_void,
                    len,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                    -1,
                    0,
                )
            };
            if zeros != libc::MAP_FAILED {
                entry.faulted.store(true, Ordering::Release);
                return;
            }
        }
        pass_on(sig, info, ctx);
    }

    /// Hands a fault that is not ours to the handler found when ours was
    /// installed; with none, the default action is restored, and returning
    /// repeats the faulting access, which now ends the process as it would have.
    fn pass_on(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
        let previous = PREVIOUS.get().copied().flatten();
        let handler = previous.map_or(libc::SIG_DFL, |p| p.sa_sigaction);
        // SAFETY: calling the handler the system would have called, as it expects
        // to be called; or resetting SIGBUS to its default.
        unsafe {
            match previous {
                Some(p) if handler != libc::SIG_DFL && handler != libc::SIG_IGN => {
                    if p.sa_flags & libc::SA_SIGINFO != 0 {
                        let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                            std::mem::transmute(handler);
                        f(sig, info, ctx);
                    } else {
                        let f: extern "C" fn(libc::c_int) = std::mem::transmute(handler);
                        f(sig);
                    }
                }
                _ => {
                    libc::signal(libc::SIGBUS, libc::SIG_DFL);
                }
            }
        }
    }
}

#[cfg(not(unix))]
mod faults {
    //! Elsewhere a mapped file cannot be truncated (Windows refuses to), so nothing
    //! faults; changes are found by size and time alone.

    pub fn watching() -> bool {
        true
    }

    pub struct Slot;

    impl Slot {
        pub fn claim() -> Option<Slot> {
            Some(Slot)
        }
        pub fn watch(&self, _start: usize, _len: usize) {}
        pub fn faulted(&self) -> bool {
            false
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::super::Source;
    use std::io::Write;

    const PAGES: usize = 8;

    /// Held by each test: one of them fills the table of maps, which would make the
    /// others' files read instead of mapped.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn alone() -> std::sync::MutexGuard<'static, ()> {
        ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A file of a few pages of 0xAB, opened as a Source.
    fn opened() -> (tempfile::NamedTempFile, Source) {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(&vec![0xAB; PAGES * 4096]).unwrap();
        file.flush().unwrap();
        let source = Source::open(file.path(), &Default::default()).unwrap();
        assert!(matches!(source, Source::Mapped(_)));
        (file, source)
    }

    fn message(source: &Source) -> String {
        source.unchanged().unwrap_err().to_string()
    }

    #[test]
    fn a_file_truncated_under_a_read_reads_as_zeros_and_is_reported_changed() {
        let _alone = alone();
        let (file, source) = opened();
        source.unchanged().unwrap();
        file.as_file().set_len(4096).unwrap();
        // Without the handler this read ends the test process with SIGBUS.
        let sum: u64 = source.iter().map(|&b| u64::from(b)).sum();
        assert_eq!(
            sum,
            4096 * 0xAB,
            "the first page is as it was, the rest zeros"
        );
        assert!(message(&source).contains("changed while it was read"));
        assert!(source.unchanged().unwrap_err().is_request_fault());
    }

    #[test]
    fn a_file_rewritten_in_place_is_reported_changed() {
        let _alone = alone();
        let (file, source) = opened();
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
        file.as_file().set_modified(later).unwrap();
        assert!(message(&source).contains("changed while it was read"));
    }

    #[test]
    fn a_map_left_is_no_longer_watched_and_many_maps_fall_back_to_reading() {
        let _alone = alone();
        let (file, _) = opened();
        // More than the table holds: the rest are read instead, and all are whole.
        let sources: Vec<Source> = (0..300)
            .map(|_| Source::open(file.path(), &Default::default()).unwrap())
            .collect();
        assert!(sources.iter().any(|s| matches!(s, Source::Owned(_))));
        assert!(sources
            .iter()
            .all(|s| s.len() == PAGES * 4096 && s[0] == 0xAB));
        drop(sources);
        // Every slot is free again: a new map is watched and unchanged.
        let (_, source) = opened();
        source.unchanged().unwrap();
    }

    /// Run in a child process of the test binary (the fault ends it).
    const CHILD: &str = "GAMEPAK_UNWATCHED_FAULT";

    #[test]
    fn a_fault_outside_every_watched_map_still_ends_the_process() {
        let _alone = alone();
        if std::env::var_os(CHILD).is_some() {
            let (file, _watched) = opened();
            // SAFETY: the test means to fault on this map, which nothing watches.
            let unwatched = unsafe { memmap2::Mmap::map(file.as_file()) }.unwrap();
            file.as_file().set_len(0).unwrap();
            std::hint::black_box(unwatched[PAGES * 4096 - 1]);
            return;
        }
        let name = "io::mapped::tests::a_fault_outside_every_watched_map_still_ends_the_process";
        let status = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", name, "--test-threads=1"])
            .env(CHILD, "1")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(libc::SIGBUS), "{status:?}");
    }
}
