//! Caps on what a file can make us allocate or inflate.
//!
//! Every count or length read from a file is first checked against the bytes that
//! remain; these limits bound what cannot be checked that way, such as the size a
//! compressed stream claims to inflate to, or the pixels an image header declares.
//!
//! The bound is configuration: [`set_max_alloc`] (the command line's `--max-alloc`,
//! or `GAMEPAK_MAX_ALLOC`) sets the largest single item any decoder may produce, and
//! [`Limits::current`] gives the limits every reader and decoder applies. It is held
//! process-wide because decoders run on rayon's worker threads, far from the verb
//! that was configured.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, ErrorKind, Result};

/// The default cap on one inflated or decoded item: 512 MiB, as image-rs uses.
pub const DEFAULT_MAX_ALLOC: u64 = 512 << 20;

/// The environment variable that sets the cap when `--max-alloc` is not given.
pub const MAX_ALLOC_ENV: &str = "GAMEPAK_MAX_ALLOC";

static MAX_ALLOC: AtomicU64 = AtomicU64::new(DEFAULT_MAX_ALLOC);

/// Sets the largest single item (inflated stream, decoded image, decoded map) that
/// any decoder may produce, in bytes.
pub fn set_max_alloc(bytes: u64) {
    MAX_ALLOC.store(bytes, Ordering::Relaxed);
}

/// The cap [`set_max_alloc`] set, or [`DEFAULT_MAX_ALLOC`].
pub fn max_alloc() -> u64 {
    MAX_ALLOC.load(Ordering::Relaxed)
}

/// The limits every reader and decoder applies. There is no `Default`: a decoder
/// takes the limits it is given, and callers take [`Limits::current`], so the cap the
/// user configured is the one that holds.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest single inflated or decoded item, in bytes.
    pub max_alloc: u64,
    /// Largest number of entries in one table.
    pub max_entries: u64,
}

impl Limits {
    /// The limits in force, derived from [`max_alloc`].
    pub fn current() -> Limits {
        Limits::for_max_alloc(max_alloc())
    }

    /// Limits that let no single item grow past `bytes`.
    pub fn for_max_alloc(bytes: u64) -> Limits {
        Limits {
            max_alloc: bytes,
            max_entries: 1 << 24,
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
        let bytes = w.saturating_mul(h).saturating_mul(4);
        self.check_size(path, offset, &format!("a {w}x{h} image decodes to"), bytes)
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
