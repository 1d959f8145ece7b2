//! What a verb needs beyond its input: the limits every reader and decoder applies,
//! and the settings the formats that take any read. Every [`Handler`](crate::Handler)
//! method takes one, so a caller configures a run once and never names a format to
//! do it.

use std::path::{Path, PathBuf};

use crate::bytes::Endian;
use crate::formats::native;
use crate::formats::swag::OpcodeTable;
use crate::limits::Limits;
use crate::Result;

pub use crate::formats::native::ProductionAudio;

/// Settings for one run of any verb.
#[derive(Debug, Clone)]
pub struct Options {
    /// The allocation cap, and the budget the run's decoded items draw from (see
    /// [`crate::limits`]). Clones of these options share the budget: calls made at
    /// once with one each draw from it together.
    pub limits: Limits,
    /// SWAG: the table bytecode is read by; the shipped one when `None`.
    pub opcodes: Option<OpcodeTable>,
    /// What `build` needs.
    pub build: BuildOptions,
    /// Where the input was read from, when it is a file: a format whose files come
    /// with others beside them (a GameMaker game's audio groups) finds them there.
    pub input: Option<PathBuf>,
}

impl Default for Options {
    /// The default allocation cap, the shipped opcode table and a plain build.
    fn default() -> Options {
        Options {
            limits: Limits::default(),
            opcodes: None,
            build: BuildOptions::default(),
            input: None,
        }
    }
}

impl Options {
    /// Reads SWAG bytecode with the opcode table in a TOML file from now on.
    pub fn load_opcodes(&mut self, path: &Path) -> Result<()> {
        self.opcodes = Some(OpcodeTable::load(path)?);
        Ok(())
    }

    /// The SWAG opcode table in force.
    pub(crate) fn opcode_table(&self) -> &OpcodeTable {
        self.opcodes
            .as_ref()
            .unwrap_or_else(|| OpcodeTable::default_table())
    }
}

/// How `build` makes a file, for each kind of source.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// .gap script: write byte for byte what the reference packer writes.
    pub gap_compat: bool,
    /// .gap script: let it read and write outside its folder (trusted scripts only).
    pub gap_allow_outside: bool,
    /// Native content folder: a production build (deflated script and tables).
    pub native_production: bool,
    /// Native content folder: how a production build stores audio.
    pub native_audio: ProductionAudio,
    /// Native content folder: the game script, if not the folder's one `.js` file.
    pub native_script: Option<PathBuf>,
    /// Native content folder: engine JavaScript placed before the Content table.
    pub native_engine: Option<PathBuf>,
    /// SWAG source folder: the byte order to write instead of `swag.toml`'s.
    pub swag_byte_order: Option<Endian>,
}

impl BuildOptions {
    /// The native builder's own options.
    pub(crate) fn native(&self) -> native::BuildOptions {
        native::BuildOptions {
            production: self.native_production,
            audio: self.native_audio,
            script: self.native_script.clone(),
            engine: self.native_engine.clone(),
        }
    }
}
