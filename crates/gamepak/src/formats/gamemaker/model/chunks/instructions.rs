//! CODE's blobs as typed instructions, and how the walk lays them out.
//!
//! Read, a blob stays the bytes the file holds: a listing never decodes code, and
//! an untouched game writes back byte for byte. Once the code is edited, every
//! blob is a list of [`Instr`]s whose variables and functions name their symbol
//! (a VARI or FUNC entry) rather than holding links: the walk that writes CODE
//! encodes them and links every occurrence chain over the blobs as it lays them
//! out, and VARI's and FUNC's counts and first addresses follow from the same
//! instructions (see [`Instructions::occurrences`]). A chain runs across blobs, so
//! the code is typed whole or not at all.

use crate::bytes::Endian;
use crate::formats::gamemaker::binary::words::{get_u32, put_u32};
use crate::formats::gamemaker::bytecode::instruction::{encode, Instr};
use crate::formats::gamemaker::bytecode::opcodes::op;
use crate::formats::gamemaker::model::wire::StrId;

/// The code's blobs as instructions, and the symbols their chains name.
#[derive(Debug, Clone, Default)]
pub struct Instructions {
    /// Each blob's instructions, in CODE's order of blobs. An instruction's `at`
    /// and a branch's target are offsets in its blob: an edit that moves
    /// instructions moves them too.
    pub blobs: Vec<Vec<Instr>>,
    /// What each chain an instruction is on names, by the chain's index.
    pub symbols: Vec<Symbol>,
    /// The reference kind of a script, which the last link of a chain ending in a
    /// typed reference (`break.i -11`) holds above the name.
    pub script_kind: u32,
}

/// A VARI or FUNC entry, as the code's chains name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// FUNC (true) or VARI.
    pub call: bool,
    /// The entry's index in its chunk.
    pub entry: usize,
    /// The entry's name, which the chain's last link holds.
    pub name: StrId,
    /// Whether the entry's first address points at the operand (FUNC from 2.3),
    /// not at the instruction.
    pub first_at_operand: bool,
}

/// The most a link (or a chain's end) holds: its operand's low 27 bits.
pub const LINK_BITS: u32 = 0x07ff_ffff;

impl Instructions {
    /// Blob `k`'s size in bytes.
    pub fn size(&self, k: usize) -> u64 {
        self.blobs
            .get(k)
            .map_or(0, |b| b.iter().map(Instr::size).sum())
    }

    /// Every symbol's uses, in code order: each one's blob and the offset of its
    /// instruction there.
    pub fn occurrences(&self) -> Vec<Vec<(u32, u32)>> {
        let mut out = vec![Vec::new(); self.symbols.len()];
        for (k, blob) in self.blobs.iter().enumerate() {
            for i in blob {
                if let Some(uses) = i.chain().and_then(|c| out.get_mut(c)) {
                    uses.push((k as u32, i.at));
                }
            }
        }
        out
    }

    /// Each blob's bytes, as the file holds them with `header` bytes before each
    /// blob (a bytecode 13/14 entry's name and length): instructions encoded and
    /// every chain linked, each link the distance to the next use and the last
    /// the name's STRG index. An error names the blob and offset, or the symbol.
    pub fn lay_out(
        &self,
        header: u64,
        endian: Endian,
        old_opcodes: bool,
    ) -> Result<Vec<Vec<u8>>, String> {
        let mut blobs = Vec::with_capacity(self.blobs.len());
        // For each chain, its uses: the place of the instruction in the run of
        // blobs, its blob, its offset there, and whether it is a typed reference.
        let mut chains: Vec<Vec<(u64, usize, u32, bool)>> = vec![Vec::new(); self.symbols.len()];
        let mut run = 0u64;
        for (k, list) in self.blobs.iter().enumerate() {
            run += header;
            let mut bytes = Vec::with_capacity(list.iter().map(|i| i.size() as usize).sum());
            for i in list {
                let at = bytes.len() as u32;
                if i.at != at {
                    return Err(format!(
                        "blob {k}: an instruction says it is at {:#x}, but the ones before it end at {at:#x}",
                        i.at
                    ));
                }
                encode(i, endian, old_opcodes, &mut bytes)
                    .map_err(|why| format!("blob {k} at {at:#x}: {why}"))?;
                if let Some(c) = i.chain() {
                    let uses = chains.get_mut(c).ok_or_else(|| {
                        format!("blob {k} at {at:#x}: chain {c} names no VARI or FUNC entry")
                    })?;
                    uses.push((run + u64::from(at), k, at, i.op == op::BREAK));
                }
            }
            run += bytes.len() as u64;
            blobs.push(bytes);
        }
        for (symbol, uses) in self.symbols.iter().zip(&chains) {
            for (n, &(place, k, at, reference)) in uses.iter().enumerate() {
                let link = match uses.get(n + 1) {
                    Some(next) => next.0 - place,
                    None if reference => u64::from(self.script_kind << 24 | symbol.name.0),
                    None => symbol.name.0.into(),
                };
                if link > u64::from(LINK_BITS) {
                    return Err(format!(
                        "blob {k} at {at:#x}: a link of {link} does not fit the 27 bits a chain has"
                    ));
                }
                let bytes = &mut blobs[k];
                let operand = u64::from(at) + 4;
                let word = get_u32(bytes, operand, endian) | link as u32;
                put_u32(bytes, operand, word, endian);
            }
        }
        Ok(blobs)
    }
}
