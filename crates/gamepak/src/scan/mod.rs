//! `scan`: whole collections of files in one report. The given trees are walked
//! in parallel (the `ignore` crate's walker, every filter off, links reported and
//! never followed, so no loop is walked twice); each regular file is hashed,
//! identified and, as deep as asked, described and checked; files inside
//! zip-family archives are scanned one level deep. Each file gives one
//! [`Record`] as soon as it is done, to the caller's sink: the command line
//! appends each as one JSON line, so a killed scan leaves a report whose every
//! line is whole, and `--resume` skips what it holds. `--shard I/N` takes the
//! files whose path hashes to I, so N machines can share a tree.
//!
//! Memory is the working sets of the jobs running: nothing is held per file
//! walked beyond the resume set a caller passes.

mod archives;
mod examine;
mod options;
mod read_report;
mod record;
pub mod report;
mod shard;
mod walk;

pub use archives::entry_bytes as archive_entry;
pub use options::{Depth, ScanOptions};
pub use read_report::{is_report, read_records, read_report};
pub use record::{modified, Checked, Key, Kind, Record, Salvage, Status};
pub use report::Summary;
pub use shard::Shard;
pub use walk::scan;
