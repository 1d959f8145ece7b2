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
mod record;
pub mod report;
mod shard;
mod walk;

pub use record::{Checked, Key, Kind, Record, Salvage, Status};
pub use report::Summary;
pub use shard::Shard;
pub use walk::scan;

use std::collections::HashSet;

/// How deep each file is looked at.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    /// Hash and identify only.
    Identify,
    /// And `info`'s facts.
    Info,
    /// And `check`'s verdict, with what salvage would recover from a damaged file.
    #[default]
    Check,
}

/// How to scan.
#[derive(Default)]
pub struct ScanOptions<'a> {
    /// How deep each file is looked at.
    pub depth: Depth,
    /// Walker threads: 0 for one per core.
    pub jobs: usize,
    /// Only the files whose path falls in this shard.
    pub shard: Option<Shard>,
    /// Files already recorded, by path, size and modification time: skipped.
    pub skip: HashSet<Key>,
    /// Paths never to scan, as the walk reaches them: the report being written.
    pub leave_out: Vec<std::path::PathBuf>,
    /// Told as each file is done: files and bytes so far.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// The run's options: the allocation limit above all.
    pub options: crate::Options,
}
