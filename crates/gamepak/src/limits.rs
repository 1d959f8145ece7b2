//! Caps on what a file can make us allocate or inflate.
//!
//! Every count or length read from a file is first checked against the bytes that
//! remain; these limits bound what cannot be checked that way, such as the size a
//! compressed stream claims to inflate to, or the pixels an image header declares.
//!
//! The bound is configuration each call carries: [`Options::limits`](crate::Options)
//! (the command line's `--max-alloc`, or `GAMEPAK_MAX_ALLOC`), handed down to every
//! reader and decoder. Its cap bounds two things:
//!
//! - **One item.** An item bigger than the cap on its own (an image whose header
//!   claims 65535x65535, a stream that keeps inflating) is refused
//!   ([`Limits::check_size`], and streams read by [`crate::codec::capped`]).
//! - **The run.** Decoded items whose size is known before they are made (pictures,
//!   pages, the frames cut from a page at once) are drawn from one [`Budget`] the
//!   limits share with every clone of them, and given back when the item is dropped
//!   ([`Limits::reserve`]). Workers decoding in parallel thus hold no more than the
//!   cap between them, not a cap each.
//!
//! # When a reservation does not fit
//!
//! A reservation that fits the cap but not what remains of the budget follows three
//! rules, chosen so that no run can deadlock and the outcome of a run that decodes
//! one item at a time never depends on timing:
//!
//! 1. An item bigger than the cap alone is refused, with the message
//!    [`Limits::check_size`] gives.
//! 2. A thread holding no reservation **waits** until enough is given back, unless
//!    the item cannot fit beside what is [kept](Reservation::keep) for the run (a
//!    decoded atlas every frame is cut from): then it is refused. It waits only while
//!    some reservation that is not kept is out, and that one is held by a thread
//!    that will give it back (rule 3 and the discipline below), so the wait ends:
//!    once every such reservation is back, the item fits or is refused.
//! 3. A thread already holding a reservation **never waits**: what it asks for more
//!    is refused when it does not fit beside everything drawn now. A thread that
//!    waited while holding could wait on itself, or on another thread waiting on it.
//!
//! The discipline the library keeps, which the argument relies on: a reservation is
//! held by the thread that took it ([`Reservation`] cannot be sent to another), and
//! no code holding one waits for other threads' work (a rayon join, scope or parallel
//! iterator, a `OnceLock` another thread fills). A task that holds several items at
//! once reserves them as one (a page's frames cut together, a frame and its canvas),
//! so code that runs in parallel never reserves twice on one thread, and rule 3 only
//! refuses in code that runs alone, where what is drawn does not depend on timing.
//! Calls made at once with clones of one `Limits` share its budget; give each call
//! [`Limits::for_max_alloc`] for budgets of their own.

use std::cell::Cell;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use crate::error::{Error, ErrorKind, Result};

/// The default cap on one inflated or decoded item: 512 MiB, as image-rs uses.
pub const DEFAULT_MAX_ALLOC: u64 = 512 << 20;

/// The environment variable that sets the cap when `--max-alloc` is not given.
pub const MAX_ALLOC_ENV: &str = "GAMEPAK_MAX_ALLOC";

/// The limits a call's readers and decoders apply, passed down to each of them.
/// Clones share one [`Budget`].
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest single inflated or decoded item, in bytes, and the most the items a
    /// run holds at once may take between them.
    pub max_alloc: u64,
    /// Largest number of entries in one table.
    pub max_entries: u64,
    budget: Arc<Budget>,
}

impl Default for Limits {
    /// [`DEFAULT_MAX_ALLOC`].
    fn default() -> Limits {
        Limits::for_max_alloc(DEFAULT_MAX_ALLOC)
    }
}

impl Limits {
    /// Limits that let no single item grow past `bytes`, nor the items held at once
    /// take more, with a budget of their own.
    pub fn for_max_alloc(bytes: u64) -> Limits {
        Limits {
            max_alloc: bytes,
            max_entries: 1 << 24,
            budget: Arc::default(),
        }
    }

    /// Refuses an item whose size is known before it is made (an image's pixels, a
    /// stated uncompressed length, a map's tiles) when it would pass the limit.
    /// `what` says what it is, e.g. "a 9000x9000 image decodes to"; the size follows.
    pub fn check_size(
        &self,
        path: &str,
        offset: Option<u64>,
        what: &str,
        bytes: u64,
    ) -> Result<()> {
        if bytes > self.max_alloc {
            return Err(exceeded(
                path,
                offset,
                &format!("{what} {}", show_size(bytes)),
                self.max_alloc,
            ));
        }
        Ok(())
    }

    /// Refuses an image of `w` by `h` RGBA pixels that would pass the limit; `offset`
    /// is where its header states the size, when it is in the input.
    pub fn check_pixels(&self, path: &str, offset: Option<u64>, w: u64, h: u64) -> Result<()> {
        self.check_size(path, offset, &image_decodes_to(w, h), rgba_bytes(w, h))
    }

    /// Draws `bytes` from the run's budget for an item about to be made, refused as
    /// [`Limits::check_size`] refuses it, or when it does not fit what the run holds
    /// (see the module's rules: this may wait). The bytes are given back when the
    /// reservation is dropped, so hold it as long as the item.
    pub fn reserve(
        &self,
        path: &str,
        offset: Option<u64>,
        what: &str,
        bytes: u64,
    ) -> Result<Reservation> {
        self.check_size(path, offset, what, bytes)?;
        let holding = HOLDING.get() > 0;
        let mut drawn = self.budget.lock();
        loop {
            if drawn.in_use.saturating_add(bytes) <= self.max_alloc {
                drawn.in_use += bytes;
                HOLDING.set(HOLDING.get() + 1);
                return Ok(Reservation {
                    draw: Draw {
                        budget: self.budget.clone(),
                        bytes,
                        kept: false,
                    },
                    _this_thread: PhantomData,
                });
            }
            let beside = if holding { drawn.in_use } else { drawn.kept };
            if beside.saturating_add(bytes) > self.max_alloc {
                let what = format!(
                    "{what} {} beside {} held",
                    show_size(bytes),
                    show_size(beside)
                );
                return Err(exceeded(path, offset, &what, self.max_alloc));
            }
            drawn = self
                .budget
                .given_back
                .wait(drawn)
                .unwrap_or_else(|p| p.into_inner());
        }
    }

    /// [`Limits::reserve`] for an image of `w` by `h` RGBA pixels.
    pub fn reserve_pixels(
        &self,
        path: &str,
        offset: Option<u64>,
        w: u64,
        h: u64,
    ) -> Result<Reservation> {
        self.reserve(path, offset, &image_decodes_to(w, h), rgba_bytes(w, h))
    }
}

/// What `w` by `h` RGBA pixels take.
pub fn rgba_bytes(w: u64, h: u64) -> u64 {
    w.saturating_mul(h).saturating_mul(4)
}

fn image_decodes_to(w: u64, h: u64) -> String {
    format!("a {w}x{h} image decodes to")
}

thread_local! {
    /// How many reservations this thread holds (rule 3).
    static HOLDING: Cell<usize> = const { Cell::new(0) };
}

/// What a run's decoded items hold between them: the bytes drawn, and of those the
/// bytes kept for the run. Shared by a [`Limits`] and its clones.
#[derive(Debug, Default)]
pub struct Budget {
    drawn: Mutex<Drawn>,
    given_back: Condvar,
}

#[derive(Debug, Default)]
struct Drawn {
    in_use: u64,
    kept: u64,
}

impl Budget {
    fn lock(&self) -> MutexGuard<'_, Drawn> {
        self.drawn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Bytes drawn from a budget, given back when dropped.
#[derive(Debug)]
struct Draw {
    budget: Arc<Budget>,
    bytes: u64,
    kept: bool,
}

impl Drop for Draw {
    fn drop(&mut self) {
        let mut drawn = self.budget.lock();
        drawn.in_use -= self.bytes;
        if self.kept {
            drawn.kept -= self.bytes;
        } else {
            HOLDING.set(HOLDING.get() - 1);
        }
        drop(drawn);
        self.budget.given_back.notify_all();
    }
}

/// Bytes an item holds of its run's budget, given back when it is dropped. It stays
/// on the thread that took it (it is neither `Send` nor `Sync`): an item shared
/// across threads is [kept](Reservation::keep).
#[derive(Debug)]
pub struct Reservation {
    draw: Draw,
    _this_thread: PhantomData<*const ()>,
}

impl Reservation {
    /// Keeps the bytes for as long as the run needs the item, on any thread (an atlas
    /// each frame is cut from, decoded once and shared): from now on an item that
    /// cannot fit beside everything kept is refused rather than waited for, since
    /// nothing kept is given back while the run's workers wait.
    pub fn keep(self) -> Kept {
        let mut draw = self.draw;
        draw.budget.lock().kept += draw.bytes;
        HOLDING.set(HOLDING.get() - 1);
        draw.kept = true;
        Kept { _draw: draw }
    }
}

/// Bytes kept for the run (see [`Reservation::keep`]), given back when dropped.
#[derive(Debug)]
pub struct Kept {
    _draw: Draw,
}

/// An item with the bytes it holds of its run's budget, given back when it is
/// dropped: a [`Reservation`], or once shared, [`Kept`].
#[derive(Debug)]
pub struct Held<T, R = Reservation> {
    item: T,
    reservation: R,
}

impl<T> Held<T> {
    /// `item`, made with the bytes `reservation` drew for it.
    pub fn new(item: T, reservation: Reservation) -> Held<T> {
        Held { item, reservation }
    }

    /// The item and its reservation apart, for an item kept among others of its
    /// kind: hold the reservation as long as the item.
    pub fn into_parts(self) -> (T, Reservation) {
        (self.item, self.reservation)
    }

    /// The item, kept for the run so that it can be shared (see [`Reservation::keep`]).
    pub fn keep(self) -> Held<T, Kept> {
        Held {
            item: self.item,
            reservation: self.reservation.keep(),
        }
    }
}

impl<T: PartialEq, R> PartialEq<T> for Held<T, R> {
    fn eq(&self, other: &T) -> bool {
        self.item == *other
    }
}

impl<T, R> Deref for Held<T, R> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.item
    }
}

impl<T, R> DerefMut for Held<T, R> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.item
    }
}

/// The error for an item that would pass the allocation limit: it names the limit
/// and how to raise it. `what` says what grew and how far, e.g. "the stream inflates
/// to more than 1 GiB".
pub fn exceeded(path: &str, offset: Option<u64>, what: &str, limit: u64) -> Error {
    Error::new(
        path,
        offset,
        ErrorKind::Limit(format!(
            "{what}, past the {} limit; raise it with --max-alloc or {MAX_ALLOC_ENV}",
            show_size(limit)
        )),
    )
}

/// What to report when decoding an item failed: a limit's own message, which says how
/// to raise it (the item may be sound), or `failed` (e.g. "the page does not decode")
/// with the reason.
pub fn failure(failed: &str, e: &Error) -> String {
    match &e.kind {
        ErrorKind::Limit(_) => e.kind.to_string(),
        kind => format!("{failed}: {kind}"),
    }
}

/// A byte count as people write it: `512 MiB`, `1.5 GiB`, `300 bytes`.
pub fn show_size(bytes: u64) -> String {
    const UNITS: [(&str, u64); 4] = [
        ("TiB", 1 << 40),
        ("GiB", 1 << 30),
        ("MiB", 1 << 20),
        ("KiB", 1 << 10),
    ];
    for (name, unit) in UNITS {
        if bytes >= unit {
            let whole = bytes / unit;
            let tenth = (bytes % unit) * 10 / unit;
            return if tenth == 0 {
                format!("{whole} {name}")
            } else {
                format!("{whole}.{tenth} {name}")
            };
        }
    }
    format!("{bytes} bytes")
}

/// Parses a size as `--max-alloc` takes it: a number of bytes, optionally followed by
/// K, M, G or T (powers of 1024; `KiB`, `KB`, `k` and the like are read the same).
pub fn parse_size(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    let number: u64 = digits
        .parse()
        .map_err(|_| format!("{text:?} is not a size: expected a number such as 512M or 2G"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        other => return Err(format!("{other:?} is not a size unit: use K, M, G or T")),
    };
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("{text:?} is too large"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_show() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("3X").is_err());
        assert_eq!(show_size(DEFAULT_MAX_ALLOC), "512 MiB");
        assert_eq!(show_size(3 << 29), "1.5 GiB");
        assert_eq!(show_size(10), "10 bytes");
    }

    /// Threads drawing from one budget never hold more than the cap between them:
    /// those that do not fit wait their turn, and all of them get through.
    #[test]
    fn workers_share_one_budget_and_wait_their_turn() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let limits = Limits::for_max_alloc(100);
        let (held, most) = (AtomicU64::new(0), AtomicU64::new(0));
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..50 {
                        let r = limits.reserve("t", None, "an item of", 60).unwrap();
                        let now = held.fetch_add(60, Ordering::SeqCst) + 60;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::yield_now();
                        held.fetch_sub(60, Ordering::SeqCst);
                        drop(r);
                    }
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 60);
        assert_eq!(limits.budget.lock().in_use, 0);
    }

    /// A thread holding a reservation is refused what does not fit beside it rather
    /// than left waiting on itself, with a message that names the limit.
    #[test]
    fn a_thread_holding_one_is_refused_rather_than_waiting() {
        let limits = Limits::for_max_alloc(100);
        let first = limits.reserve("t", None, "an item of", 60).unwrap();
        let e = limits
            .reserve_pixels("img", None, 4, 4)
            .map(drop)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a 4x4 image decodes to 64 bytes beside 60 bytes held")
                && e.contains("100 bytes limit")
                && e.contains("--max-alloc"),
            "{e}"
        );
        drop(first);
        assert!(limits.reserve_pixels("img", None, 4, 4).is_ok());
    }

    /// What is kept for the run is never waited for: an item that cannot fit beside
    /// it is refused, on any thread; once it is given back, the item fits.
    #[test]
    fn what_is_kept_is_refused_beside_not_waited_for() {
        let limits = Limits::for_max_alloc(100);
        let kept = limits.reserve("t", None, "an atlas of", 60).unwrap().keep();
        let elsewhere = std::thread::scope(|s| {
            s.spawn(|| limits.reserve("t", None, "a frame of", 50).map(drop))
                .join()
                .unwrap()
        });
        let e = elsewhere.unwrap_err().to_string();
        assert!(
            e.contains("a frame of 50 bytes beside 60 bytes held"),
            "{e}"
        );
        assert!(limits.reserve("t", None, "a frame of", 40).is_ok());
        drop(kept);
        assert!(limits.reserve("t", None, "a frame of", 100).is_ok());
    }

    /// An item past the cap on its own is refused as `check_size` refuses it; clones
    /// share their budget, limits made apart do not.
    #[test]
    fn budgets_are_shared_by_clones_only() {
        let limits = Limits::for_max_alloc(100);
        let e = limits.reserve("t", None, "an item of", 101).map(drop);
        let checked = limits.check_size("t", None, "an item of", 101);
        assert_eq!(e.unwrap_err().to_string(), checked.unwrap_err().to_string());
        let held = limits.reserve("t", None, "an item of", 100).unwrap();
        let clone = limits.clone();
        let other = Limits::for_max_alloc(100);
        std::thread::scope(|s| {
            let e = s.spawn(|| clone.reserve("t", None, "an item of", 1).map(drop));
            // The clone's budget is full: it waits, so only look at the other's.
            let fits = s.spawn(|| other.reserve("t", None, "an item of", 100).map(drop));
            assert!(fits.join().unwrap().is_ok());
            drop(held);
            assert!(e.join().unwrap().is_ok());
        });
    }

    #[test]
    fn pixel_limit_names_the_option() {
        let limits = Limits::for_max_alloc(1 << 20);
        assert!(limits.check_pixels("img", None, 512, 512).is_ok());
        let e = limits
            .check_pixels("img", None, 1024, 1024)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("1 MiB limit") && e.contains("--max-alloc"),
            "{e}"
        );
    }
}
