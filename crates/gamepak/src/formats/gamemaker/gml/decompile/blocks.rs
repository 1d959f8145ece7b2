//! Basic blocks: runs of instructions entered only at their first and left only
//! at their last, and the edges between them. A block starts at the blob's start,
//! at every branch target, after every instruction that ends one (a branch, `ret`,
//! `exit`, `pushenv`, `popenv`) and at every code entry a child function starts at.
//! Edges come from what each block's last instruction does, not from the order the
//! blocks are laid out in.

use crate::formats::gamemaker::bytecode::instruction::{Instr, Operand};
use crate::formats::gamemaker::bytecode::opcodes::op;

/// A block: its instructions, `instrs[start..end]` of the blob's, and where control
/// goes after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Offset of its first instruction in the blob.
    pub at: u32,
    /// Index of its first instruction.
    pub start: usize,
    /// Index just past its last instruction.
    pub end: usize,
    /// The blocks control can go to next, by index: a conditional branch's target
    /// first, then the block after it.
    pub next: Vec<usize>,
}

/// The blocks of a blob of `length` bytes whose instructions are `instrs` and
/// whose code entries start at `entries` (offsets in the blob). A branch may
/// target the blob's end, which is then a block of no instructions.
pub fn blocks(instrs: &[Instr], length: u32, entries: &[u32]) -> Vec<Block> {
    let mut starts: Vec<u32> = vec![0];
    starts.extend(entries.iter().copied().filter(|&e| e < length));
    for (k, i) in instrs.iter().enumerate() {
        if let Operand::Branch(target) = i.operand {
            starts.push(target.min(length));
        }
        if ends_block(i) {
            starts.push(instrs.get(k + 1).map_or(length, |n| n.at));
        }
    }
    // A target inside an instruction (a damaged blob) starts no block.
    starts.retain(|&s| s == length || instrs.binary_search_by_key(&s, |i| i.at).is_ok());
    starts.sort_unstable();
    starts.dedup();
    let index_of = |at: u32| instrs.partition_point(|i| i.at < at);
    let mut out: Vec<Block> = starts
        .iter()
        .enumerate()
        .map(|(b, &at)| Block {
            at,
            start: index_of(at),
            end: starts.get(b + 1).map_or(instrs.len(), |&n| index_of(n)),
            next: Vec::new(),
        })
        .collect();
    let block_at = |at: u32| starts.binary_search(&at.min(length)).ok();
    for b in 0..out.len() {
        let following = (b + 1 < out.len()).then_some(b + 1);
        let last = out[b].end.checked_sub(1).filter(|&l| l >= out[b].start);
        let next = match last.map(|l| &instrs[l]) {
            None => following.into_iter().collect(),
            Some(i) => match (i.op, &i.operand) {
                (op::B, Operand::Branch(t)) => block_at(*t).into_iter().collect(),
                (op::BT | op::BF | op::PUSHENV | op::POPENV, Operand::Branch(t)) => {
                    block_at(*t).into_iter().chain(following).collect()
                }
                (op::RET | op::EXIT, _) => Vec::new(),
                _ => following.into_iter().collect(),
            },
        };
        out[b].next = next;
    }
    out
}

/// Whether control may leave the block after `i` other than by falling through.
fn ends_block(i: &Instr) -> bool {
    matches!(i.operand, Operand::Branch(_) | Operand::LeaveWith)
        || matches!(i.op, op::RET | op::EXIT)
}
