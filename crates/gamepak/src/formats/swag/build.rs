//! A SWAG file built from a source folder (`swag.toml` and the files it names), and
//! the settings reading and building take.

use std::path::Path;

use super::items;
use super::opcodes::OpcodeTable;
use super::source;
use super::write::write;
use crate::bytes::Endian;
use crate::error::Result;
use crate::handler::PackOutcome;
use crate::io::SourceDir;
use crate::limits::Limits;
use crate::options::Options;

/// How SWAG files are read and built, as [`Options`] settings.
#[derive(Debug, Clone, Default)]
pub struct SwagOptions {
    /// The table bytecode is read and assembled by: the shipped one when `None`,
    /// and for `build` the source folder's own `opcodes.toml` when it has one.
    pub opcodes: Option<OpcodeTable>,
    /// `build`: the byte order to write instead of the one `swag.toml` gives.
    pub endian: Option<Endian>,
}

impl crate::options::FormatSettings for SwagOptions {}

/// The opcode table a read uses: the one the options give, or the shipped one.
pub(super) fn opcode_table(opts: &Options) -> &OpcodeTable {
    match opts.get::<SwagOptions>() {
        std::borrow::Cow::Borrowed(SwagOptions {
            opcodes: Some(table),
            ..
        }) => table,
        _ => OpcodeTable::default_table(),
    }
}

/// Whether a folder is a SWAG source folder: it holds anything named `swag.toml`
/// but a folder, so that one that is not a regular file is refused by reading it,
/// not taken for another kind of source.
pub fn is_source(dir: &Path) -> bool {
    std::fs::metadata(dir.join(items::DOCUMENT)).is_ok_and(|m| !m.is_dir())
}

/// Builds a SWAG file from a folder holding `swag.toml` and the files it names.
pub fn build(dir: &Path, opts: &SwagOptions, limits: &Limits) -> Result<PackOutcome> {
    made(
        &SourceDir::open(dir)?,
        opts.opcodes.as_ref(),
        opts.endian,
        limits,
    )
}

/// The file a source folder describes: `table` and `endian` override the folder's.
pub(super) fn made(
    dir: &SourceDir,
    table: Option<&OpcodeTable>,
    endian: Option<Endian>,
    limits: &Limits,
) -> Result<PackOutcome> {
    let loaded = source::load(dir, table, endian, limits)?;
    Ok(PackOutcome {
        bytes: write(&loaded.doc)?,
        reencoded: loaded.reencoded,
        unused: dir.unused(UNNAMED),
        companions: Vec::new(),
        warnings: Vec::new(),
        code_warnings: Vec::new(),
    })
}

/// Why a file of a source folder was left out, when nothing more is known.
const UNNAMED: &str = "swag.toml does not name it";
