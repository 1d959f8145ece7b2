//! Each blob's disassembly as pack found it in the folder, read once: what both
//! the edited disassemblies and the GML beside them are judged by.

use rayon::prelude::*;

use crate::codec::crc::crc32;
use crate::error::{Error, Result};
use crate::formats::gamemaker::folder::manifest::Manifest;
use crate::io::SourceDir;

/// A listed disassembly as pack found it.
#[derive(Debug)]
pub enum Found {
    /// As extracted (its CRC-32 is extraction's).
    Unchanged,
    /// Edited since: its text.
    Edited(String),
    /// Gone, while its GML is there: the GML stands for it (see
    /// [`crate::formats::gamemaker::pack::code::gml_files`]).
    Gone,
}

/// Reads every listed disassembly once (across cores: a game has hundreds).
pub fn read(dir: &SourceDir, m: &Manifest) -> Result<Vec<Found>> {
    m.code
        .par_iter()
        .map(|c| match dir.read_if_file(&c.file)? {
            Some(text) if crc32(&text) == c.crc32 => Ok(Found::Unchanged),
            Some(text) => String::from_utf8(text)
                .map(Found::Edited)
                .map_err(|_| Error::at(&c.file, "is not UTF-8")),
            None if c.gml.is_some() => Ok(Found::Gone),
            None => dir.read(&c.file).map(|_| Found::Unchanged),
        })
        .collect()
}
