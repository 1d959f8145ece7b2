//! `--opcodes`, for the verbs that read SWAG bytecode: the table a game's engine
//! numbers its instructions by, when it is not the default one.

use std::path::PathBuf;

/// The SWAG opcode table to read bytecode with.
#[derive(clap::Args, Clone, Default)]
pub struct OpcodeTable {
    /// Read SWAG bytecode with this opcode table instead of the default (a TOML file
    /// of [[opcode]] entries: code, name, operands).
    #[arg(long, value_name = "FILE", help_heading = "SWAG")]
    pub opcodes: Option<PathBuf>,
}
