//! What a `.gap` script run may do, set by the caller rather than the script.

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
