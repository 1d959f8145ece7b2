//! Rebuilding a package from an extracted folder.

use std::path::Path;

use crate::{Error, PackOutcome, Result};

pub fn pack(dir: &Path) -> Result<PackOutcome> {
    Err(Error::at(
        dir.display().to_string(),
        "GBIN packing is not implemented yet",
    ))
}
