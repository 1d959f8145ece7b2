//! A fragment's blocks as a graph: edges both ways, and who dominates whom. The
//! structurer asks this, never the blocks' addresses, what belongs to a loop or to
//! an arm of an `if`.

use super::blocks::Block;
use super::fragments::Fragment;

/// The control-flow graph of one fragment, over the blob's block indices.
#[derive(Debug)]
pub struct Graph {
    /// Successors of each block inside the fragment.
    pub succ: Vec<Vec<usize>>,
    /// Predecessors of each block inside the fragment.
    pub pred: Vec<Vec<usize>>,
    /// Where each block enters and leaves a walk of the dominator tree; a block
    /// outside the fragment has `None`.
    span: Vec<Option<(u32, u32)>>,
}

impl Graph {
    /// The graph of `fragment`, entered at its first block, with `unreached`: its
    /// blocks that no branch reaches (code written after a `break`, `exit` or
    /// `return`). Each is joined to the block laid out before it, as if control ran
    /// on into it, so that it belongs where it was written: a `for` whose body
    /// always breaks keeps its step.
    pub fn new(blocks: &[Block], fragment: &Fragment, unreached: &[usize]) -> Graph {
        let n = blocks.len();
        let mut inside = vec![false; n];
        for &b in fragment.blocks.iter().chain(unreached) {
            inside[b] = true;
        }
        let mut succ = vec![Vec::new(); n];
        let mut pred = vec![Vec::new(); n];
        let mut edge = |a: usize, b: usize| {
            if inside[b] && !succ[a].contains(&b) {
                succ[a].push(b);
                pred[b].push(a);
            }
        };
        for &b in fragment.blocks.iter().chain(unreached) {
            for &s in &blocks[b].next {
                edge(b, s);
            }
        }
        for &d in unreached {
            if let Some(before) = d.checked_sub(1).filter(|&p| inside[p]) {
                edge(before, d);
            }
        }
        let entry = blocks.iter().position(|b| b.at == fragment.start);
        let span = match entry {
            Some(entry) => dominator_spans(&succ, &pred, entry),
            None => vec![None; n],
        };
        Graph { succ, pred, span }
    }

    /// Whether every path from the entry to `b` passes through `a`.
    pub fn dominates(&self, a: usize, b: usize) -> bool {
        match (self.span[a], self.span[b]) {
            (Some((a_in, a_out)), Some((b_in, b_out))) => a_in <= b_in && b_out <= a_out,
            _ => false,
        }
    }

    /// Whether `b` is reachable from the fragment's entry.
    pub fn reached(&self, b: usize) -> bool {
        self.span[b].is_some()
    }
}

/// Reverse postorder from `entry`, then immediate dominators by the iterative
/// algorithm of Cooper, Harvey and Kennedy, then an Euler walk of the dominator tree
/// so that dominance is a comparison of two spans.
fn dominator_spans(
    succ: &[Vec<usize>],
    pred: &[Vec<usize>],
    entry: usize,
) -> Vec<Option<(u32, u32)>> {
    let n = succ.len();
    let mut order = Vec::new();
    let mut seen = vec![false; n];
    // An explicit stack: a blob's blocks can nest deeper than the thread's stack.
    let mut stack = vec![(entry, 0usize)];
    seen[entry] = true;
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        if let Some(&s) = succ[b].get(*next) {
            *next += 1;
            if !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(b);
            stack.pop();
        }
    }
    order.reverse();
    let mut rank = vec![usize::MAX; n];
    for (r, &b) in order.iter().enumerate() {
        rank[b] = r;
    }
    let mut idom = vec![usize::MAX; n];
    idom[entry] = entry;
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new = usize::MAX;
            for &p in &pred[b] {
                if idom[p] == usize::MAX {
                    continue;
                }
                new = if new == usize::MAX {
                    p
                } else {
                    intersect(&idom, &rank, p, new)
                };
            }
            if new != idom[b] {
                idom[b] = new;
                changed = true;
            }
        }
    }
    let mut children = vec![Vec::new(); n];
    for &b in &order {
        if b != entry && idom[b] != usize::MAX {
            children[idom[b]].push(b);
        }
    }
    let mut span = vec![None; n];
    let mut clock = 0u32;
    let mut walk = vec![(entry, false)];
    while let Some((b, done)) = walk.pop() {
        if done {
            if let Some((start, _)) = span[b] {
                span[b] = Some((start, clock));
            }
            clock += 1;
            continue;
        }
        span[b] = Some((clock, clock));
        clock += 1;
        walk.push((b, true));
        walk.extend(children[b].iter().map(|&c| (c, false)));
    }
    span
}

fn intersect(idom: &[usize], rank: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while rank[a] > rank[b] {
            a = idom[a];
        }
        while rank[b] > rank[a] {
            b = idom[b];
        }
    }
    a
}
