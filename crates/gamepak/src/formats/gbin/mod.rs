//! GBIN, the game asset package written by the game-asset-packer (`gap`) from `.gap`
//! scripts.
//!
//! # Layout
//! A 32-byte header (`GBIN`, u8 header size 32, u8 flags, two ASCII version digits,
//! CRC-32 field, 12-byte name, 8 reserved bytes), then chunks back to back: a FourCC,
//! a u32 payload size, the payload. Bit 0 of the flags selects big-endian; bit 1 says
//! a `CODE` file is present. Chunks are not padded outside their size: the reference
//! packer's TMIX can be 2 mod 4 long, so the next chunk starts unaligned.
//!
//! Two layouts exist, told apart by the chunks present:
//! - **seed** (the spec): one CMAP chunk per colour map (name, count, BGRA colours),
//!   one TMAP chunk per tile map with indices and blocks inline, FILE, SIMG, STRT, SWAV.
//! - **reference** (what `gap` 0.0.5 writes): COLR holds every colour and one CMAP
//!   table points into it; TMIX and TMBL hold every map's indices and blocks and one
//!   TMAP table points into them; FDAT + FDIR hold files.
//!
//! # Our decisions
//! - The reader is lossless: each table keeps bytes after its last whole entry, blobs
//!   borrow from the input, unknown chunks stay opaque. `write(read(b)) == b`.
//! - IMAG entries are 12 bytes in version "01" files and 16 bytes otherwise.
//! - FDIR sizes are little-endian even in big-endian packages, as the reference
//!   packer writes them byte by byte. Everything else multi-byte follows the package's
//!   byte order, as the packer's own big-endian path would write it: pixel values,
//!   tile values, TMIX indices and 16-bit samples included.
//! - The `CRC-` placeholder that the reference packer writes is a note, not an error;
//!   a real CRC is standard CRC-32 over every byte after the header.
//! - `build --compat gap` copies every quirk of the reference packer (see `gap`);
//!   without it, the CRC is real.
//! - A reference CMAP offset is a byte offset into COLR that the packer cuts to 16
//!   bits, and the packer lays maps back to back. So past 64 KiB of colours, an offset
//!   that is the laid-out start cut to 16 bits stands for that start: `list` and
//!   `extract` use the colours there, `check` notes the cut, and a map laid out again
//!   gets its start cut the same way.
//! - `extract` counts every file it writes, residues and `gamepak.toml` included.

mod asset_codec;
mod check;
mod detect;
mod extract;
pub mod gap;
mod handler;
mod info;
mod items;
mod manifest;
pub mod model;
mod pack;
pub mod pixel;
mod read;
mod records;
pub mod synth;
mod views;
mod write;

pub use detect::probe;
pub use gap::GapSettings;
pub use handler::GbinHandler;
pub use model::Gbin;
pub use read::read;
pub use write::{write, CrcMode};
