//! GameMaker code edits on any file that reads: every blob assembled from its own
//! disassembly, the first with two instructions more and a string added, and CODE
//! laid out again; then STRG laid out again in order with its first string grown.
//! Whatever is refused is refused with an error; what is written must read again,
//! with the texts it was given.
#![no_main]

use gamepak::formats::gamemaker::{code, code_edit::Editor, code_layout, game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(g) = game::read(data) else {
        return;
    };
    let added = ["added by the fuzzer".to_string()];
    let editor = Editor::new(&g).with_added_strings(&added);
    let names = code::names(&g.form, g.gen8.bytecode);
    let strings = g.texts();
    let mut blobs = Vec::new();
    for (k, entries) in code::blobs(&g.code).iter().enumerate() {
        let e = entries[0];
        let mut text = code::disassemble(&g.form, e.blob, e.length, entries, &names, &strings);
        if k == 0 {
            text.push_str("    push.s \"added by the fuzzer\"\n    popz.v\n");
        }
        match editor.assemble(k, &text, "fuzz") {
            Ok(b) => blobs.push(b),
            Err(_) => return,
        }
    }
    let strings = code_layout::Strings::Added(added.to_vec());
    if let Ok(file) = code_layout::rebuild(&g, &editor, &blobs, &strings) {
        game::read(&file).expect("a rebuilt file reads");
    }
    let mut texts = g.texts();
    texts.extend(added.iter().cloned());
    texts[0].push_str(" grown by the fuzzer");
    let strings = code_layout::Strings::InOrder(texts.clone());
    if let Ok(file) = code_layout::rebuild(&g, &editor, &blobs, &strings) {
        let again = game::read(&file).expect("a file with its strings in order reads");
        assert_eq!(again.texts(), texts);
    }
});
