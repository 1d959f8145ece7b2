//! One line of a scan's report: a file, what it is, and what the verbs found.

use serde::{Deserialize, Serialize};

use crate::report::Problem;

/// What was found at a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A regular file.
    File,
    /// A file inside an archive, named `archive.zip!/inner/path`.
    ArchiveEntry,
    /// A symbolic link: reported, not followed.
    Symlink,
    /// A named pipe: never opened.
    Fifo,
    /// A socket: never opened.
    Socket,
    /// A block or character device: never opened.
    Device,
    /// A folder the walk could not enter or a path it could not read.
    Unreadable,
}

/// What the scan made of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A file of a format gamepak reads, with no error.
    Ok,
    /// A file of a format gamepak reads that breaks it.
    Damaged,
    /// A file of no format gamepak reads.
    NotOurs,
    /// Not a regular file: a link, a pipe, a socket or a device.
    Special,
    /// Could not be read, or was refused (an archive past the limits).
    Failed,
}

/// `check`'s verdict, in short.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checked {
    /// Errors found.
    pub errors: usize,
    /// Warnings found.
    pub warnings: usize,
    /// The first problems, each with its place.
    pub first: Vec<Problem>,
}

/// What extracting a damaged file would still recover.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Salvage {
    /// Entries that can be read and extracted.
    pub entries: usize,
    /// Problems that kept the rest out.
    pub lost: usize,
}

/// Seconds since the epoch a file was last changed, as a record gives it.
pub fn modified(meta: &std::fs::Metadata) -> Option<i64> {
    let t = meta.modified().ok()?;
    Some(match t.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    })
}

/// What `--resume` knows a file by: its path, size and modification time.
pub type Key = (String, Option<u64>, Option<i64>);

/// One file of a scan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The path as the walk reached it, from one of the paths given.
    pub path: String,
    /// The path below the one given that it was found under.
    pub relative: String,
    /// What the path is.
    pub kind: Kind,
    /// What the scan made of it.
    pub status: Status,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Its size in bytes.
    pub size: Option<u64>,
    /// Seconds since the Unix epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtime: Option<i64>,
    /// BLAKE3 of the contents, in hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blake3: Option<String>,
    /// The format's name, or `null` for a file of none of ours.
    pub format: Option<String>,
    /// Why a file is of none of our formats, or why it could not be scanned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// How sure identification is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certainty: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The version its header names, where it names one.
    pub version: Option<String>,
    /// GameMaker: the releases that may have written the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// GameMaker: the family of the oldest of those releases.
    pub family: Option<String>,
    /// `info`'s facts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub info: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `check`'s verdict.
    pub check: Option<Checked>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// For a damaged file: what extract would still recover.
    pub salvage: Option<Salvage>,
    /// Where a symbolic link points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Time taken, in milliseconds.
    pub millis: u64,
}

impl Record {
    /// A record of `path` (found under `relative`) with nothing found yet.
    pub fn new(path: String, relative: String, kind: Kind) -> Record {
        Record {
            path,
            relative,
            kind,
            status: Status::Failed,
            size: None,
            mtime: None,
            blake3: None,
            format: None,
            reason: None,
            certainty: None,
            version: None,
            release: None,
            family: None,
            info: None,
            check: None,
            salvage: None,
            target: None,
            millis: 0,
        }
    }

    /// What `--resume` knows the file by.
    pub fn key(&self) -> Key {
        (self.path.clone(), self.size, self.mtime)
    }
}
