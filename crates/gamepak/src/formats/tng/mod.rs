//! TirNanoG .tng: the game files of an Adventure/Action RPG maker. No public sample or
//! implementation exists, so this module is the reference; it follows
//! `tirnanog-tng.txt` to the letter where it speaks and our notes where it does not.
//!
//! ## Layout
//! A 64-byte header (`#!/usr/bin/tngp\n`, a 16-byte game id, revision, game type with
//! tile size bits 8-9 in its upper nibble, tile and map geometry, engine settings,
//! the highest command function scripts call, a u64 unique id, the CRC of the whole
//! file at 56 and an encryption word at 60). At 64 a u32 n, then n bytes: a deflated
//! block and a CRC. The block inflates to a section table (8-byte entries: u32 offset
//! in the block, 3-byte length, 1-byte type; the first offset gives the table's size)
//! and the section bodies. After the block come the assets that descriptors (u64
//! offset from the block's end, u32 length, u32 name) point at, maps last.
//!
//! Every body and every compressed asset is described once, as a list of fields, in
//! [`schema`]; [`value`] reads any description into JSON and writes it back, so the
//! reader and the writer cannot disagree. Scripts are disassembled and assembled by
//! [`script`]; maps are RLE-packed (`rle.rs`).
//!
//! ## Our decisions (where the spec is silent or contradicts itself)
//! - Section types are counted in document order: 0 strings ... 34 quests, 35 maps
//!   (one sentence says maps are 34; a type-34 section that is not quests but reads
//!   as maps is taken as maps when no type 35 exists, with a warning). 12-15 are
//!   reserved and, like unknown types, kept as raw bytes.
//! - Little-endian, IEEE floats. 3-byte fields are unsigned; every bit set means "not
//!   set" and reads as `null`.
//! - CRCs are CRC-32 (zlib's). The file CRC covers the file with its own 4 bytes as
//!   zero. The block is a zlib stream and the CRC after it is of the uncompressed
//!   sections; a raw deflate stream, and a CRC of the compressed bytes, are read and
//!   reported.
//! - Assets this spec defines (sprite maps, texts, choosers, cutscenes, scripts,
//!   character options, NPCs, spawners, dialogs, objects, crafting, quests, maps) are
//!   zlib streams; PNG, OGG, OGV and SSFN2 assets are stored as they are. An asset of
//!   length 0 is "missing" and reads as `{"file": null}`.
//! - Encrypted files (non-zero word at 60) are identified and their header shown;
//!   nothing past the header is read, and `check` says "encrypted: contents not
//!   verifiable" and passes.
//! - Map RLE: header byte n, bit 7 set: one u16 repeated (n & 0x7f) + 1 times, else
//!   n + 1 literal u16; packets cross layers; the result must be exactly layers x
//!   size^2 tiles. The spec fixes the packets, not how runs are split: we pack runs
//!   of two or more as repeats, the rest as literals, at most 128 values a packet.
//! - UI elements: the font block is 42 bytes, so the fields after it follow the sizes
//!   (the table's 82 and 92 are off by two); tile meta likewise (24, not 25). Event
//!   handler types 0-18 are accepted for objects and NPCs alike. The object asset is
//!   read as written, with both 32-sprite arrays.
//! - Chooser options keep their 6 position bytes as three u16 `sprites` whatever the
//!   position (for position 13 they hold the rectangle bytes), so nothing is lost.
//! - Names: string offsets read as the string when one starts there (the first of
//!   equal strings), else as the number; on writing, a string the section lacks is
//!   added at its end. Text indices stay numbers. Sprites read `category/index`.
//!   `check` follows names that must name an asset of a kind (music, sound, movie,
//!   speech, font, cutscene and map fields, and the script operands that push such
//!   references) to the descriptors of that kind; a kind the file has no section of
//!   is not checked.
//! - Bytes after the last field of a body or asset are kept as `unused` hex and
//!   reported.
//! - Writing: sections in table order; assets in the order their descriptors are
//!   written, maps last; the string section written last, so names added by edits get
//!   offsets. The header's highest command and number of action handlers are
//!   recomputed, and both CRCs. Files we wrote come back byte for byte. Deflate
//!   streams another writer made (the section block, compressed assets) are kept
//!   under `raw/` on extraction and used again while what they inflate to is
//!   unchanged, so such a file comes back byte for byte too when its assets are in
//!   our order and its header's recomputed fields agree with its content. Map layers
//!   another writer split into other packets are kept the same way (`raw/*.rle`,
//!   named by the map's `layers_stored`) and used again while they unpack to the
//!   layers; an edited map is packed by our RLE.
//! - `info` counts a section's records as the spec names them: the strings; the
//!   16-byte (equipment slots: 4-byte, tile meta: 2 + 5 per transportation method)
//!   entries of descriptor sections; the records after a header in attributes, the
//!   credits' categories, the alerts, the UI elements' sprite records and the
//!   translations' speech descriptors (its text asset is part of the header). The
//!   main menu and the HUD are one record each; reserved and unknown types show no
//!   count.
//! - Extraction: `tng.json` and `sections/*.json` (every body, names resolved, scripts
//!   as text lines, maps as rows of tile numbers), standard assets under `assets/`,
//!   every sprite frame cut from its atlas with its operation applied and placed at
//!   its margins under `sprites/`, and each map as Tiled `.tmx` under `maps/` (views
//!   only: pack reads the JSON and the atlases).

mod budget;
mod check;
pub mod container;
mod detect;
mod extract;
mod handler;
pub mod header;
mod info;
mod items;
pub mod model;
mod named;
mod names;
pub mod read;
mod rle;
pub mod schema;
pub mod script;
mod source;
mod sprites;
pub mod strings;
mod tmx;
pub mod value;
mod views;
pub mod write;

pub use detect::probe;
pub use handler::TngHandler;
pub use model::Document;
pub use source::{build, is_source};
