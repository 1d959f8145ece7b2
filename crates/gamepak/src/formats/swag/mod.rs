//! SWAG game data, version 10: an IFF-like file from a 2013 engine, with no public
//! implementation or sample, so this module is the reference.
//!
//! ## Layout
//! `SWAG`, a u16 version (10), a u8 platform flag byte (bit 0 Windows, 1 Mac OS X,
//! 2 Linux, 3 Android, 4 iOS, 5 HTML5, 6 Undefined, 7 Unknown), a u8 section count,
//! then each section as a 4-byte tag and its body. Bodies carry no length: CNFG
//! (title, window size, five one-byte settings, initial state), SDRM (type 0-3 and
//! its hashes), TXTR (textures: key, frame size, frames as sheet/x/y, origin, smooth,
//! bounding box, collision mode, lazy), SOND (key, then a stream file name or an AUDO
//! index), FONT (key, a face name or a compressed TrueType file, anti-aliasing, size,
//! style bits, then the outline and drop-shadow blocks when their bits are set), CODE
//! (objects: type, name, fields as Variants, methods as instructions), SCNE (name and
//! compressed scene data), TXST (PNG sheets) and AUDO (clips).
//!
//! ## Our decisions (where the description is silent)
//! - Byte order comes from the version field: `0A 00` little-endian, `00 0A`
//!   big-endian. Only version 10 is read. We write little-endian unless asked.
//! - Every string is a u32 length and UTF-8 bytes with no terminator; a length past
//!   the end of the file is an error at its offset, as is invalid UTF-8.
//! - AudioID and Sheet ID are 0-based indices into the first AUDO and TXST.
//! - Compressed streams are a u32 length and a zlib stream; gzip and raw deflate are
//!   also read, told by their first bytes. Streams our deflater does not reproduce
//!   are kept as stored while their plain form is unchanged.
//! - Booleans are u8 and keep any value; `check` reports those other than 0 or 1, and
//!   collision modes past 2 and object types past 4. DRM hashes must be 40 lowercase
//!   hex digits. Floats are binary32, FONT Size, Spread and Offset i32, colours RGBA.
//! - Variant: u8 tag, 0 Nil, 1 Integer (i64), 2 Double (f64), 3 String, 4 List (u32
//!   count and that many Variants, nested at most 64 deep), 5 Object (no payload).
//! - A method's length counts instructions, and an instruction is a u8 opcode followed
//!   by as many Variants as the opcode table says. The default table ships as
//!   `opcodes.toml`; another is given with `--opcodes`. An opcode missing from the
//!   table stops reading at its offset.
//! - STAT is undefined in version 10, and an unknown tag cannot be skipped: both stop
//!   the reader with an error at the tag. STAT is never written.
//! - A tag that repeats is read and written in place; `check` reports it, and indices
//!   resolve to the first. Bytes after the last section are reported by `check` and
//!   not kept.
//! - Extraction: sheets as stored (PNG), each texture frame cropped as PNG, clips as
//!   stored, compiled fonts as `.ttf` and scenes inflated, each code object as text
//!   (see [`asm`]), and the rest in `swag.toml`. Packing reads the same folder: an
//!   edited frame is pasted into its sheet, which is then encoded again; an edited
//!   font or scene is deflated again. `build` reads a hand-made folder of that shape.
//!   The count `extract` reports covers every file written: `swag.toml`,
//!   `opcodes.toml` and the manifest too.

pub mod asm;
mod build;
mod check;
mod detect;
mod extract;
mod handler;
mod info;
mod items;
pub mod model;
mod opcodes;
pub mod read;
mod source;
mod write;

pub use build::{build, is_source, SwagOptions};
pub use detect::probe;
pub use handler::SwagHandler;
pub use model::Swag;
pub use opcodes::OpcodeTable;
pub use read::read;
pub use write::write;
