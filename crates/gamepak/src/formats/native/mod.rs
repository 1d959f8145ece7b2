//! The native engine's game.bin (SprigganTS): no magic, a u32 chunk count, the chunk
//! sizes, then the chunks, all little-endian.
//!
//! ## Layout
//! Chunk 0 is metadata: u16 flags (0x8000 = production), virtual width and height,
//! sprite frames, background frames, background IDs, sounds, music, dialog. Then the
//! title (UTF-8), the JavaScript, the sprite table (7 u16 columns, column-major, 14
//! bytes a frame), the atlas PNG, the background table (id and duration columns, 4
//! bytes a frame), a PNG per background ID, and for sounds, music and dialog in turn a
//! gain table (f32) followed by a chunk per clip. Production deflates the script and
//! the tables (zlib, RFC 1950).
//!
//! ## Our decisions
//! - Both writers are read: 9 metadata values (current) and 6 (the first writer: no
//!   audio chunks, and a production flag that wrapped to 0).
//! - Each chunk's content is told from its bytes (PNG, zlib, `OggS`, text, binary), so
//!   `check` can say what a misplaced chunk holds: "chunk 2 should be the JavaScript
//!   source but holds the sprite table (42 bytes = 3 frames x 14)". When one chunk is
//!   missing, check names the role whose absence makes the rest fit.
//! - A deflated chunk in a file flagged development is a warning (the first writer did
//!   that); raw PCM in a production file is a note (the real writer never wrote Vorbis).
//! - Clips starting `OggS` are Vorbis; others raw interleaved s16 stereo at 44100 Hz.
//! - Extraction: the atlas, each sprite frame cropped out (empty frames noted in the
//!   manifest), background PNGs as stored, clips as WAV or as stored Ogg, the script
//!   inflated, the tables as JSON. Deflated chunks keep their original stream under
//!   `raw/`: no other deflater reproduces Node's bytes, so an unchanged plain form packs
//!   back to the original stream and a changed one is deflated again.
//! - Pack: an edited frame lays the atlas out again (our packer) and rewrites every
//!   rectangle; counts follow the tables and the listed files. A file whose chunks do
//!   not fit its metadata is extracted as raw chunks and packs back as such.
//! - Build: content in subfolders too, named by its path as the engine's importer
//!   names it (`Enemies/Bat.sprite.png` is `Content.Enemies.Bat`, a nested object).
//!   Sprites cropped to their opaque area with a 1-pixel edge border, identical
//!   frames sharing a place, packed by shelves and by a bottom-left skyline over the
//!   candidate widths, keeping the smallest area (never more than shelves alone). Audio normalised to its peak (kept as the gain), then samples under
//!   0.02 trimmed from both ends, computed in f32 as the real writer does: our PCM
//!   matches the real writer's sample for sample on the fixtures' content folders. Production deflates the script and tables (we do not minify)
//!   and encodes clips as Vorbis unless `--audio pcm`.
//! - A production build crushes the atlas and every background losslessly (oxipng,
//!   `codec::png_crush`), all at once, as the engine's pipeline crushed them: its
//!   backgrounds and atlas come out no larger than the pipeline's on the fixtures.
//!   Development builds store backgrounds as given, for speed. Pack keeps stored PNG
//!   bytes, so a crushed build still extracts and packs back byte for byte.
//! - A WAV of build or pack may be mono or stereo, 8/16/24-bit integers or 32-bit
//!   floats, at any rate: one not at 44100 Hz is resampled whole with rubato's FFT
//!   resampler, and the build says which. Other layouts are refused by name.

mod atlas;
mod audio;
mod build;
mod check;
mod container;
mod content;
mod detect;
mod extract;
mod handler;
mod info;
mod items;
mod manifest;
pub mod model;
mod pack;
mod script;
pub mod tables;
mod ts_files;
mod tsconfig;

pub use build::{build, BuildOptions, ProductionAudio};
pub use container::{read, write};
pub use detect::probe;
pub use handler::NativeHandler;
pub use items::{codec, seconds, Codec};
pub use model::GameBin;
