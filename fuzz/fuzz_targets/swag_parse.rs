//! SWAG: read, write back, read again; every code object through its text form; every
//! handler operation that reads; and extraction then packing in a scratch folder.
#![no_main]

use gamepak::swag::asm::{assemble, disassemble};
use gamepak::swag::model::Section;
use gamepak::swag::read::read_prefix;
use gamepak::swag::{write, OpcodeTable};
use gamepak::{ExtractOptions, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let table = OpcodeTable::default_table();
    if let Ok((doc, end)) = read_prefix(data, table) {
        let bytes = write(&doc).expect("a document read can be written");
        assert_eq!(bytes, &data[..end], "write(read(x)) must give x back");
        for s in &doc.sections {
            if let Section::Code(objects) = s {
                for o in objects {
                    let text = disassemble(o, table);
                    let back = assemble(&text, table, "fuzz").expect("disassembly assembles");
                    assert_eq!(format!("{back:?}"), format!("{o:?}"));
                }
            }
        }
    }
    let h = Format::Swag.handler().expect("SWAG is supported");
    let opened = h.open(data, &Default::default());
    let _ = opened.info();
    let _ = opened.list();
    let _ = opened.check();
    if data.len() < 4096 {
        let dir = tempfile::tempdir().expect("scratch folder");
        let out = dir.path().join("x");
        if opened.extract(&out, &ExtractOptions::default()).is_ok() {
            let _ = gamepak::pack(&out, &Default::default());
        }
    }
});
