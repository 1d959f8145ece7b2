//! The decompiler's first stages on every real game: each blob's typed instructions
//! sit where the disassembler's lines do, every operand is one the disassembler
//! names, and the blocks cover every instruction once, start at every branch target
//! and every code entry, and lead only to blocks.

use crate::common;
use crate::formats::gamemaker::views::code_entries;

use gamepak::formats::gamemaker::bytecode::instruction::Operand;
use gamepak::formats::gamemaker::gml::decompile::blocks::blocks;
use gamepak::formats::gamemaker::gml::decompile::fragments::fragments;
use gamepak::formats::gamemaker::{bytecode::disassemble, views::file_view};

#[test]
fn every_blob_of_every_game_decodes_into_blocks() {
    let mut blobs_seen = 0;
    let mut orphan_blocks = 0;
    for (name, data) in common::gamemaker_games("gml blocks") {
        let g = file_view::read(&data).unwrap();
        let names = disassemble::names(&g);
        let strings = g.texts();
        for entries in code_entries::blobs(&g.code) {
            let e = entries[0];
            let bytes = &g.form.data[e.blob as usize..e.blob as usize + e.length as usize];
            let instrs = names.decode(bytes, e.blob, g.form.endian);
            let (lines, _) =
                disassemble::instructions(&g.code_space, e.blob, e.length, &names, strings);
            let at: Vec<u64> = instrs.iter().map(|i| e.blob + u64::from(i.at)).collect();
            let line_at: Vec<u64> = lines.iter().map(|l| l.at).collect();
            assert_eq!(at, line_at, "{name}: {}", e.name);
            for i in &instrs {
                assert!(
                    !matches!(i.operand, Operand::Unknown(_)),
                    "{name}: {}: {i:?}",
                    e.name
                );
            }
            // Entries of one start (GameMaker: Studio 1 shares a blob between code
            // entries of the same code) are one function.
            let mut starts: Vec<u32> = entries.iter().map(|e| e.start).collect();
            starts.sort_unstable();
            starts.dedup();
            let found = blocks(&instrs, e.length, &starts);
            let mut covered = 0;
            for (b, block) in found.iter().enumerate() {
                assert_eq!(block.start, covered, "{name}: {}: block {b}", e.name);
                covered = block.end;
                assert!(block.next.iter().all(|&n| n < found.len()), "{name}");
            }
            assert_eq!(covered, instrs.len(), "{name}: {}", e.name);
            let block_starts: Vec<u32> = found.iter().map(|b| b.at).collect();
            for i in &instrs {
                if let Operand::Branch(t) = i.operand {
                    assert!(block_starts.contains(&t), "{name}: {}: L{t:04x}", e.name);
                }
            }
            for s in &starts {
                assert!(
                    block_starts.contains(s),
                    "{name}: {}: entry at L{s:04x}",
                    e.name
                );
            }
            // Every block belongs to one fragment at most, and a child function's
            // fragment never holds its parent's start.
            let parts = fragments(&found, &starts);
            let mut owner = vec![None; found.len()];
            for (f, part) in parts.iter().enumerate() {
                assert!(!part.blocks.is_empty(), "{name}: {}", e.name);
                for &b in &part.blocks {
                    let before = owner[b].replace(f);
                    assert!(
                        before.is_none(),
                        "{name}: {}: block {b} in two fragments",
                        e.name
                    );
                }
            }
            let orphans: Vec<u32> = (0..found.len())
                .filter(|&b| owner[b].is_none() && found[b].end > found[b].start)
                .map(|b| found[b].at)
                .collect();
            orphan_blocks += orphans.len();
            blobs_seen += 1;
        }
    }
    eprintln!("{blobs_seen} blobs decoded into blocks; {orphan_blocks} blocks no entry reaches");
}
