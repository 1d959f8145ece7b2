//! The native engine's game.bin: no magic, a u32 chunk count, the chunk sizes, then
//! the chunks. So far gamepak identifies these files by their self-consistent chunk
//! table; reading the chunks comes next.

mod detect;

pub use detect::probe;
