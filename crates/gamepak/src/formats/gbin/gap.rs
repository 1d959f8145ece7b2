//! The .gap script language of the reference packer, compiled to GBIN documents.

use std::path::{Path, PathBuf};

use crate::{Error, Result};

/// How a script is run.
#[derive(Debug, Clone, Default)]
pub struct GapOptions {
    /// Write what the reference packer writes, byte for byte (`CRC-` placeholder).
    pub compat: bool,
    /// A plain string prefixed to every export file name, as the packer's `-o`.
    pub output_prefix: Option<String>,
}

/// One file a script's export lines produce.
#[derive(Debug, Clone)]
pub struct Output {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// Runs a script; paths in it are relative to the current folder, as with the packer.
pub fn run(script: &Path, _opts: &GapOptions) -> Result<Vec<Output>> {
    Err(Error::at(
        script.display().to_string(),
        ".gap builds are not implemented yet",
    ))
}
