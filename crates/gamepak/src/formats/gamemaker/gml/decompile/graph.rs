//! A fragment's blocks as a graph: edges both ways, and who dominates whom. The
//! structurer asks this, never the blocks' addresses, what belongs to a loop or to
//! an arm of an `if`.

use crate::formats::gamemaker::gml::decompile::blocks::Block;
use crate::formats::gamemaker::gml::decompile::fragments::Fragment;

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

/// Immediate dominators, then an Euler walk of the dominator tree so that dominance
/// is a comparison of two spans.
fn dominator_spans(
    succ: &[Vec<usize>],
    pred: &[Vec<usize>],
    entry: usize,
) -> Vec<Option<(u32, u32)>> {
    let n = succ.len();
    let (idom, preorder) = immediate_dominators(succ, pred, entry);
    let mut children = vec![Vec::new(); n];
    for &b in &preorder[1..] {
        children[idom[b]].push(b);
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
        walk.extend(children[b].iter().rev().map(|&c| (c, false)));
    }
    span
}

const NONE: usize = usize::MAX;

/// Each block's immediate dominator, and the blocks `entry` reaches in depth-first
/// preorder, by the algorithm of Lengauer and Tarjan (with path compression).
/// Near-linear where the simpler iterative algorithms are quadratic: a switch of
/// thousands of cases, whose bodies all jump to one end, is a chain of tests
/// thousands long. Every walk is on an explicit stack: a blob's blocks can nest
/// deeper than a thread's stack.
fn immediate_dominators(
    succ: &[Vec<usize>],
    pred: &[Vec<usize>],
    entry: usize,
) -> (Vec<usize>, Vec<usize>) {
    let n = succ.len();
    let mut number = vec![NONE; n];
    let mut preorder = Vec::new();
    let mut parent = vec![NONE; n];
    let mut todo = vec![(entry, NONE)];
    while let Some((b, from)) = todo.pop() {
        if number[b] != NONE {
            continue;
        }
        number[b] = preorder.len();
        preorder.push(b);
        parent[b] = from;
        todo.extend(
            succ[b]
                .iter()
                .rev()
                .filter(|&&s| number[s] == NONE)
                .map(|&s| (s, b)),
        );
    }
    // Semidominators by preorder number; a forest of the blocks done so far.
    let mut semi = number.clone();
    let mut forest = Forest {
        ancestor: vec![NONE; n],
        label: (0..n).collect(),
    };
    let mut idom = vec![NONE; n];
    let mut bucket: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &w in preorder.iter().skip(1).rev() {
        for &v in pred[w].iter().filter(|&&v| number[v] != NONE) {
            let u = forest.eval(v, &semi);
            semi[w] = semi[w].min(semi[u]);
        }
        bucket[preorder[semi[w]]].push(w);
        let p = parent[w];
        forest.ancestor[w] = p;
        for v in std::mem::take(&mut bucket[p]) {
            let u = forest.eval(v, &semi);
            idom[v] = if semi[u] < semi[v] { u } else { p };
        }
    }
    for &w in preorder.iter().skip(1) {
        if idom[w] != preorder[semi[w]] {
            idom[w] = idom[idom[w]];
        }
    }
    idom[entry] = entry;
    (idom, preorder)
}

/// The blocks processed so far, linked to their parents, with paths compressed.
struct Forest {
    ancestor: Vec<usize>,
    /// The block of least semidominator on the compressed path to each.
    label: Vec<usize>,
}

impl Forest {
    /// The block of least semidominator on the path from `v` up to its tree's root.
    fn eval(&mut self, v: usize, semi: &[usize]) -> usize {
        if self.ancestor[v] == NONE {
            return v;
        }
        let mut path = Vec::new();
        let mut x = v;
        while self.ancestor[self.ancestor[x]] != NONE {
            path.push(x);
            x = self.ancestor[x];
        }
        for &x in path.iter().rev() {
            let a = self.ancestor[x];
            if semi[self.label[a]] < semi[self.label[x]] {
                self.label[x] = self.label[a];
            }
            self.ancestor[x] = self.ancestor[a];
        }
        self.label[v]
    }
}
