//! An asset descriptor met while reading, and the value that stands for "none".

use crate::location::Location;

/// An asset descriptor met while reading.
#[derive(Debug, Clone)]
pub struct AssetRef {
    /// Where the descriptor is.
    pub path: Location,
    /// Absolute offset of the asset in the file.
    pub offset: u64,
    /// Bytes the asset occupies in the file.
    pub length: u64,
    /// The file it is extracted to, for assets in a standard format.
    pub file: Option<String>,
    /// The extension of a standard format, or "zlib".
    pub encoding: &'static str,
    /// The index of the section whose descriptor names it.
    pub section: usize,
}

/// A field of `w` bytes with every bit set: the "none" value of offsets and indices.
pub(super) fn all_ones(w: u8) -> u32 {
    (((1u64) << (8 * w)) - 1) as u32
}
