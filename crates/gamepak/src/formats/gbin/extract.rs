//! Writing a package's assets to a folder.

use std::path::Path;

use super::model::Gbin;
use crate::{Error, ExtractOptions, ExtractSummary, Result};

pub fn extract(_doc: &Gbin<'_>, out: &Path, _opts: &ExtractOptions) -> Result<ExtractSummary> {
    Err(Error::at(
        out.display().to_string(),
        "GBIN extraction is not implemented yet",
    ))
}
