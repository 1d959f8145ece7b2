//! The .gap script language of the game-asset-packer (`gap` 0.0.5), compiled to GBIN.
//!
//! # The language
//! One command per line: `command,key=value,key=value`. Command and key names are
//! case-insensitive; names, FourCCs and paths are not. `#` starts a comment anywhere,
//! even inside quotes. The reference takes paths from the current folder; we take
//! them from the script's (see below).
//! Commands: `export`, `imagegroup`, `loadimage`, `image`, `imagearray`,
//! `imagesequence`/`imageseq`, `imageframe`, `tileset`, `tile`, `tilearray`,
//! `colourmap`, `file`, `loadtilemap`, `tilemap`, `soundsample`. Each behaves as the
//! reference packer's, quirks included (see the lexer, image_ops and tilemap modules):
//! `imagearray` without `pf` is ARGB8888, `image` takes its source's format, grey and
//! indexed PNGs load as A8, horizontal flips skip the last pixel of each row,
//! `tilearray` steps rows by the tile width, `tile,hflip=0` still flips.
//!
//! # Our extensions
//! The reference documents string tables and sound samples but never stores them.
//! gamepak adds:
//! - `strings,lang=ENGB[,src=FILE]` starts a STRT string table for a language (with
//!   `src`, one string per line of a UTF-8 file), and `string,text="..."` appends one.
//! - `sound,src=FILE,srcformat=S16,srcrate=22050[,format=S8][,rate=11025]` stores a
//!   raw little-endian sample in SWAV + WAVD, converted and resampled.
//!   `soundsample` keeps the reference behaviour: checked, not stored.
//!
//! # Our decisions
//! - Every error names the script and line: `tiles.gap:4: unknown command 'strings'`.
//!   Nothing is written unless the whole script runs.
//! - Where the reference writes nothing for an export (no `type=` or `format=`, or
//!   `cpp_vector`/`cpp_stdarray`), gamepak refuses the script, so a missing output is
//!   never silent.
//! - `compat` writes the reference's bytes exactly (`CRC-` placeholder) and treats our
//!   extension commands as unknown, as the reference does; otherwise the header
//!   carries a real CRC-32 and the extensions work.
//! - A script reads and writes only inside its own folder tree: the folder holding
//!   it (as named, not where a link to the script leads) and everything below.
//!   Paths are judged by where they lead after `..`, absolute paths and symbolic
//!   links, and one leading elsewhere refuses the script at its line, naming the path
//!   and where it leads. Refused, never rewritten: a script that means
//!   `../x.gbin` would be surprised by `x.gbin`. `allow_outside` (`--allow-outside`)
//!   lifts this, only for scripts one trusts.
//! - So that the folder a script may reach does not depend on where it is run from,
//!   its paths are taken from its own folder, not the current one. The reference's
//!   fixtures were made by running it in the script's folder, so they build the same.
//! - A script reaching into a sibling folder (`q20_rotate30.gap` reads
//!   `../02_images/sprite_rgba.png`) is refused too. Nothing tells a project's shared
//!   folder from a home folder; whoever trusts such a script passes `allow_outside`,
//!   or moves the script up to the folder that holds both.
//! - `output_dir` (`-o`) is the folder exports go into, under the names the script
//!   gives, and they must stay inside it. The reference's `-o` was a plain prefix
//!   (`-o out` wrote `outq18.gbin`); a prefix cannot be held to a folder, and a folder
//!   gives what the reference gives for `-o out/`.
//! - Arbitrary-angle rotation repeats the reference's float maths, including what its
//!   x86-64 build does with negative blend weights at the image's edges.

mod commands;
mod confine;
mod encode;
mod export;
mod image_ops;
mod lexer;
mod palette;
mod run;
mod settings;
mod sound;
mod state;
mod tilemap;
mod tmx;

pub use run::{run, Output};
pub use settings::{GapOptions, GapSettings};
