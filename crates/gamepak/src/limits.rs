//! Caps on what a file can make us allocate or inflate.
//!
//! Every count or length read from a file is first checked against the bytes that
//! remain; these limits bound what cannot be checked that way, such as the size a
//! compressed stream claims to inflate to.

use crate::error::{Error, ErrorKind, Result};

#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest decompressed size of one stream.
    pub max_inflate: u64,
    /// Largest number of entries in one table.
    pub max_entries: u64,
    /// Largest decoded image, in pixels.
    pub max_pixels: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_inflate: 1 << 32,
            max_entries: 1 << 24,
            max_pixels: 1 << 28,
        }
    }
}

impl Limits {
    pub fn check_pixels(&self, path: &str, w: u64, h: u64) -> Result<()> {
        if w.saturating_mul(h) > self.max_pixels {
            return Err(Error::new(
                path,
                None,
                ErrorKind::Limit(format!(
                    "image of {w}x{h} pixels exceeds {} pixels",
                    self.max_pixels
                )),
            ));
        }
        Ok(())
    }
}
