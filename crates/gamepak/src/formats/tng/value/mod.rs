//! Reads any [`schema`](super::schema) description into JSON, and writes JSON back by
//! the same description.
//!
//! Names: string offsets become the string (see [`StringTable::name`](super::strings::StringTable::name)), an offset with
//! every bit set becomes `null`, any other offset stays a number. Text indices stay
//! numbers (`null` when every bit is set). Sprites read `category/index`, colours 8
//! hex digits, map rows a string of tile numbers with -1 for "none", collision masks one hex string per
//! row, and bytecode a list of instruction lines.

mod asset_ref;
mod decode;
mod encode;

pub use decode::{split_strings, Decoder};
pub use encode::Encoder;

pub use asset_ref::AssetRef;
