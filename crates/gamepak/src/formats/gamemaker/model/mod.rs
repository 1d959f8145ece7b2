//! The typed model of a GameMaker file: every chunk read into records of named
//! fields, with references by id (a string by its STRG index, a frame's texture by
//! its TPAG index), and written back with every pointer, count, size, padding and
//! alignment computed the way GameMaker lays them out.
//!
//! Each record declares its layout once ([`wire::Record::walk`]), which both reads
//! and writes it. Reading follows GameMaker's one-pass layout with a cursor and checks
//! every pointer against it, so a chunk that reads is one the writer gives back byte
//! for byte. A chunk's layout release is found by trying (see [`version`]). A chunk
//! no model reads, or one that does not read in GameMaker's layout, is kept as
//! stored, with the reason.
//!
//! STRG is read first and TPAG second, so that references to their strings and items
//! resolve in every other chunk; the rest are read in file order.

pub mod chunks;
mod game;
pub mod json;
pub mod kinds;
pub mod names;
pub mod release_evidence;
pub mod sample;
pub mod synthetic;
pub mod version;
pub mod wire;
mod wire_read;
mod wire_write;

pub use chunks::MARKERS;
#[cfg(test)]
pub(crate) use game::counted;
pub use game::{read, read_form, write, Game, Lenient, Part};
