//! A set of a fragment's blocks, in the order the walk found them, that answers
//! whether it holds a block in constant time: an arm or a loop body can hold
//! thousands of blocks, and the walk asks of each edge whether it leaves them.

use std::collections::HashSet;
use std::ops::Deref;

#[derive(Debug, Clone, Default)]
pub struct Region {
    order: Vec<usize>,
    members: HashSet<usize>,
}

impl Region {
    /// The region of `first` alone.
    pub fn of(first: usize) -> Region {
        let mut region = Region::default();
        region.insert(first);
        region
    }

    /// Adds `b`, and says whether it was new.
    pub fn insert(&mut self, b: usize) -> bool {
        let new = self.members.insert(b);
        if new {
            self.order.push(b);
        }
        new
    }

    pub fn contains(&self, b: &usize) -> bool {
        self.members.contains(b)
    }
}

impl Deref for Region {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.order
    }
}
