//! Thin wrappers over codec crates: checksums, zlib, PNG (and its lossless
//! optimisation), WAV and Ogg Vorbis.

pub mod capped;
pub mod crc;
pub mod gm_qoi;
pub mod png;
pub mod png_crush;
pub mod resample;
pub mod vorbis;
pub mod wav;
pub mod zlib;
