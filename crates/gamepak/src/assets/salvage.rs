//! Salvage: extracting a damaged or truncated file as far as it goes.
//!
//! A format reads such a file tolerantly, keeping what it could locate and giving a
//! [`Damage`]: the input's length, and each part it could not read, located. The
//! extraction then writes every entry that still renders, and lists in
//! `problems.json` every part and entry it could not take out, with where its bytes
//! are and why. `pack` refuses a folder holding `problems.json`: what it lacks cannot
//! be made up, so the file it would write is not the original.

use serde::{Deserialize, Serialize};

use crate::codec::{png, vorbis, wav};
use crate::error::{Error, Result};
use crate::io::SourceDir;
use crate::limits::Limits;
use crate::report::{Problem, Severity};

/// The file a salvaged folder lists its losses in, and by which pack knows it.
pub const PROBLEMS_NAME: &str = "problems.json";

/// Something a damaged file holds that extraction could not take out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lost {
    /// The entry's path in the folder, or where in the file's structure the damage
    /// is (`GBIN/IMGD`) when no one entry stands for it.
    pub entry: String,
    /// The absolute byte offset of the damaged or missing bytes, when known.
    pub offset: Option<u64>,
    /// Why it could not be taken out.
    pub message: String,
}

impl Lost {
    /// A part the reader could not read, as its error locates it.
    pub fn from_error(e: &Error) -> Lost {
        Lost {
            entry: e.path.clone(),
            offset: e.offset,
            message: e.kind.to_string(),
        }
    }
}

/// What a tolerant read found missing or unreadable in a file.
#[derive(Debug, Default, Clone)]
pub struct Damage {
    /// The input's length.
    pub input_size: u64,
    /// Where the bytes stop being what the file stored: the input's end for a file
    /// cut short, or the start of a part a format cannot take in part. An entry
    /// whose bytes reach past it is lost.
    pub intact_to: u64,
    /// The parts that could not be read.
    pub lost: Vec<Lost>,
}

impl Damage {
    /// No damage yet, in an input of `data`'s length.
    pub fn new(data: &[u8]) -> Damage {
        Damage {
            input_size: data.len() as u64,
            intact_to: data.len() as u64,
            lost: Vec::new(),
        }
    }

    /// Records a part that could not be read, where `e` locates it.
    pub fn lose(&mut self, e: &Error) {
        self.lost.push(Lost::from_error(e));
    }

    /// What could not be read, as located errors for `info`, `list` and `check`.
    pub fn problems(&self) -> Vec<Problem> {
        self.lost
            .iter()
            .map(|l| {
                Problem::new(
                    Severity::Error,
                    l.entry.clone(),
                    l.offset,
                    l.message.clone(),
                )
            })
            .collect()
    }

    /// Whether the read found nothing wrong: the file extracts as usual.
    pub fn is_none(&self) -> bool {
        self.lost.is_empty()
    }
}

/// `problems.json`: what a salvaged folder lacks.
#[derive(Debug, Serialize, Deserialize)]
pub struct Problems {
    /// Bytes the damaged input held.
    pub input_size: u64,
    /// Every part and entry that could not be taken out, by offset.
    pub lost: Vec<Lost>,
}

/// Whether a file a salvage is about to write is whole: a picture or sound from a
/// damaged file may be cut short or garbled while its place looks sound, and a
/// salvage writes only what decodes. Other files are taken as they are.
pub fn still_decodes(path: &str, bytes: &[u8], limits: &Limits) -> Result<()> {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "png" => png::verify(bytes, path, limits).map(drop),
        "wav" => wav::verify(bytes, path),
        "ogg" => vorbis::verify_pages(bytes, path),
        _ => Ok(()),
    }
}

/// Refuses to pack a folder salvaged from a damaged file, pointing at its
/// `problems.json`.
pub fn refuse_salvaged(dir: &SourceDir) -> Result<()> {
    let Some(text) = dir.read_if_file(PROBLEMS_NAME)? else {
        return Ok(());
    };
    let count = serde_json::from_slice::<Problems>(&text)
        .map(|p| format!("{} entries could not be taken out", p.lost.len()))
        .unwrap_or_else(|_| "it lists what could not be taken out".into());
    Err(Error::at(
        dir.shown(PROBLEMS_NAME),
        format!(
            "this folder was salvaged from a damaged file ({count}); \
             pack would not rebuild the original"
        ),
    ))
}
