//! Thin wrappers over codec crates: checksums, zlib, PNG, WAV and Ogg Vorbis.

pub mod capped;
pub mod crc;
pub mod gm_qoi;
pub mod png;
pub mod resample;
pub mod vorbis;
pub mod wav;
pub mod zlib;
