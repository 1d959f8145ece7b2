//! Thin wrappers over codec crates: checksums, deflate, PNG and WAV.

pub mod crc;
pub mod png;
pub mod wav;
