//! Fragments: the code of one function. From 2.3 a script's blob holds its own code
//! and the bodies of the functions it declares, each a code entry starting inside
//! it; the script steps over each body with a branch. A fragment is the blocks
//! reachable from its entry's start without entering another entry's start.

use crate::formats::gamemaker::gml::decompile::blocks::Block;

/// One code entry's blocks, by index into the blob's, in address order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fragment {
    /// Offset of the entry's start in the blob.
    pub start: u32,
    /// Its blocks.
    pub blocks: Vec<usize>,
}

/// The fragment of each entry starting at `starts` (offsets in the blob), in that
/// order. A block no entry reaches belongs to none.
pub fn fragments(blocks: &[Block], starts: &[u32]) -> Vec<Fragment> {
    let entry_block = |at: u32| blocks.iter().position(|b| b.at == at);
    let entry_blocks: Vec<Option<usize>> = starts.iter().map(|&s| entry_block(s)).collect();
    starts
        .iter()
        .zip(&entry_blocks)
        .map(|(&start, &first)| {
            let mut seen = vec![false; blocks.len()];
            let mut todo: Vec<usize> = first.into_iter().collect();
            while let Some(b) = todo.pop() {
                if std::mem::replace(&mut seen[b], true) {
                    continue;
                }
                let others = |n: &usize| Some(*n) != first && entry_blocks.contains(&Some(*n));
                todo.extend(blocks[b].next.iter().filter(|n| !others(n)));
            }
            Fragment {
                start,
                blocks: (0..blocks.len()).filter(|&b| seen[b]).collect(),
            }
        })
        .collect()
}
