//! How a scan runs: how deep it looks, on how many threads, which shard, and
//! what it skips.

use std::collections::HashSet;

use super::record::Key;
use super::shard::Shard;

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
