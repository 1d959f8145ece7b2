//! The SWAG code text form and opcode tables: any text either fails with an error or
//! assembles to an object whose disassembly assembles to the same object.
#![no_main]

use gamepak::swag::asm::{assemble, disassemble};
use gamepak::swag::OpcodeTable;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = OpcodeTable::parse(text, "fuzz");
    let table = OpcodeTable::default_table();
    if let Ok(o) = assemble(text, table, "fuzz") {
        let again = assemble(&disassemble(&o, table), table, "again").expect("reassembles");
        assert_eq!(format!("{again:?}"), format!("{o:?}"));
    }
});
