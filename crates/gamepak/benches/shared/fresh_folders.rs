//! Timing work that writes into a new folder each iteration. Outputs are kept until
//! the end: deleting thousands of files just before creating thousands more makes
//! ext4 search for inodes that were not recently freed, which would measure the file
//! system's clean-up rather than the work.

use std::cell::RefCell;
use std::path::Path;

use criterion::{BatchSize, Bencher};

pub struct FreshFolders<'a> {
    under: &'a Path,
    kept: RefCell<Vec<tempfile::TempDir>>,
}

impl<'a> FreshFolders<'a> {
    pub fn under(under: &'a Path) -> Self {
        FreshFolders {
            under,
            kept: RefCell::default(),
        }
    }

    /// Times `work`, handing it a new empty folder each iteration.
    pub fn bench(&self, b: &mut Bencher<'_>, work: impl Fn(&Path)) {
        b.iter_batched(
            || tempfile::tempdir_in(self.under).unwrap(),
            |out| {
                work(out.path());
                self.kept.borrow_mut().push(out)
            },
            BatchSize::PerIteration,
        )
    }
}
