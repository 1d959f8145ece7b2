//! How a `.gap` script is run: what it may do, set by the caller rather than the
//! script, and where its exports go.

use std::path::PathBuf;

use crate::limits::Limits;

/// How `build` runs a `.gap` script, as [`Options`](crate::Options) settings.
#[derive(Debug, Clone, Default)]
pub struct GapSettings {
    /// Write what the reference packer writes, byte for byte (its `CRC-`
    /// placeholder instead of a real CRC).
    pub compat: bool,
    /// Let the script read and write outside its folder: only for scripts you trust.
    pub allow_outside: bool,
}

impl crate::options::FormatSettings for GapSettings {}

/// How a script is run.
#[derive(Debug, Clone, Default)]
pub struct GapOptions {
    /// Whether the script is written as the reference packer writes it, and may
    /// reach outside its folder.
    pub settings: GapSettings,
    /// The folder exports are written into, under the names the script gives; the
    /// script's own folder when `None`.
    pub output_dir: Option<PathBuf>,
    /// What the pictures the script loads are decoded under.
    pub limits: Limits,
}
