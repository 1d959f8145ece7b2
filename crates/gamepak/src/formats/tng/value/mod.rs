//! Reads any [`schema`](super::schema) description into JSON, and writes JSON back by
//! the same description.
//!
//! Names: string offsets become the string (see [`StringTable::name`](super::strings::StringTable::name)), an offset with
//! every bit set becomes `null`, any other offset stays a number. Text indices stay
//! numbers (`null` when every bit is set). Sprites read `category/index`, colours 8
//! hex digits, map rows a string of tile numbers with -1 for "none", collision masks one hex string per
//! row, and bytecode a list of instruction lines.

mod decode;
mod encode;

pub use decode::{split_strings, Decoder};
pub use encode::Encoder;

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
