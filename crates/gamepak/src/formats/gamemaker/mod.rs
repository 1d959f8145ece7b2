//! GameMaker data.win / game.unx / game.ios: a `FORM` container of chunks, `MROF` when
//! big-endian (chunk names then stored reversed).
//!
//! ## Layout
//! `FORM`, a u32 size, then chunks of a 4-byte name, a u32 size and a body. Pointers
//! are absolute file offsets; a string reference points at a STRG string's first
//! byte, 4 past its length. Most chunks start with a pointer list (u32 count, u32
//! offsets, 0 for a null entry). GEN8 comes first (bytecode version at byte 1, names,
//! version fields, window size, timestamp at 92); TXTR holds texture pages (entries
//! of 8, 12, 16 or 28 bytes whose last field points at a PNG, QOI or BZip2-QOI blob on
//! a 128-byte boundary); TPAG the rectangles frames occupy on those pages (22 bytes
//! each); SPRT and BGND point at TPAG items; AUDO holds clips (u32 length and bytes,
//! 4-aligned) that SOND entries name by index; STRG the strings (length, UTF-8, NUL).
//!
//! ## Our decisions
//! - Lossless at every version: chunk order and bodies are kept as read, and a chunk
//!   we do not read is kept as stored, listed by `info`. Nothing is refused for being
//!   new.
//! - Version differences are read off the structure: TXTR's entry size from the
//!   distance between entries (or, for one entry, from which field points at a
//!   blob); a GameMaker Studio 2 sprite by the -1 after its origin; BZip2-QOI's longer
//!   header by where its bzip2 stream starts. The GameMaker version is inferred from
//!   which chunks exist (TGIN 2.2.1, SEQN 2.3, FEDS 2.3.6, FEAT 2022.8, PSEM 2023.2,
//!   UILR 2024.13; each stayed once added) and TXTR's entry size (2022.3, 2022.9), and
//!   `info` gives the evidence.
//! - Chunk alignment is measured, not assumed: the largest power of two every chunk
//!   but the first starts on.
//! - Extraction writes the project: every chunk's records as JSON through the typed
//!   [`model`] (see [`folder`] for where each goes: a file per named resource, one
//!   per other chunk), pages as PNG (PNG as stored; QOI and BZip2-QOI decoded, the
//!   stored blob kept under `raw/`), each sprite frame and background cut through its
//!   TPAG item into its bounding box, each sprite mask as a 1-bit PNG, clips as stored, strings as JSON, a
//!   disassembly of every instruction blob (bytecode 14-17, names resolved through
//!   the VARI and FUNC occurrence chains; see [`bytecode::disassemble`]) with the blobs as stored under
//!   `raw/`, and shader blobs as files. Only a chunk no model reads is kept as
//!   stored, under `chunks/`.
//! - Pages are re-encoded as GameMaker encodes them: QOI with no trailing padding (as
//!   from 2022.3) and bzip2 at level 9, which gives the fixtures' pages back exactly.
//! - Packing reads the model back from the folder ([`pack::from_folder`]): names resolve
//!   across every file, texts intern into STRG (an edit in `strings.json` keeps its
//!   index, and records naming the old text follow), files added to a resource
//!   folder are added resources and removed ones leave null slots; the model then
//!   writes the file, every pointer, count, size, padding and alignment computed. A
//!   sprite's frames are the pictures in its folder ([`pack::sprite_frames`]): a repaint
//!   goes where its frame is; a frame added, resized or drawn past its stored part
//!   takes free space on a page, found from the TPAG rectangles alone
//!   ([`pictures::page_space`]), or a new page, and its sprite's size, bounding box, masks
//!   ([`pictures::masks`]) and embedded sequence follow. Each page that changed is then
//!   decoded, painted and encoded again in its own format, one at a time
//!   ([`pictures::texture_plan`]). A code disassembly is assembled back line by line ([`bytecode::assemble`], [`bytecode::edit`])
//!   into the model's CODE before it writes ([`pack::code::asm_files`]): instructions may
//!   change, come or go, and VARI's and FUNC's occurrence chains are linked again
//!   over the new blobs, so the model lays out the chunks after CODE. A chunk kept as stored
//!   refuses any edit that would move a chunk or change a string, since where its
//!   pointers point is not known.
//! - The folder is a project that explains itself and keeps itself consistent:
//!   extract writes a `README.md` guide for the game's release ([`folder::guide`]), a
//!   commented `gamepak.toml`, and `text.json`, the shown texts apart from the
//!   names ([`folder::texts`]; a text shared with a name is split when edited). pack reads
//!   a broken record mended so that every problem of the folder is listed at once,
//!   then applies the rules between records ([`pack::rules`]: instance ids unique in
//!   the game, layers against instances, clips against sounds, built-in names kept)
//!   and derives what follows from the content (GEN8's last ids, an instance's only
//!   layer, a changed clip's length, a new sprite's embedded sequence). A resource's
//!   file or folder renamed renames the resource ([`pack::renames`]). An object's parent is
//!   its name or null in JSON; the stored `-100` still reads.
//!
//! ## Where things are
//! One folder per job; see docs/ARCHITECTURE.md for the table. [`binary`] is the
//! file's bytes under the model, [`model`] every chunk as records, [`views`] the file
//! as the verbs see it, [`bytecode`] instructions, [`pictures`] texture pages,
//! [`inspect`] what info, list and check answer, [`folder`] the extracted folder's
//! shape, `extract` and [`pack`] the two directions, [`audio_group`] the group files
//! beside a game, and [`gml`] the language, the decompiler and the compiler.

pub mod audio_group;
pub mod binary;
pub mod bytecode;
mod document;
mod extract;
pub mod folder;
pub mod gml;
pub mod inspect;
pub mod model;
pub mod pack;
pub mod pictures;
pub mod views;

pub use binary::probe::probe;
pub use document::{of_model, GameMakerHandler};

#[cfg(test)]
mod tests;
