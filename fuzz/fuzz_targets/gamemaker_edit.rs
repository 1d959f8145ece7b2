//! GameMaker code edits on any file that reads into the model: every blob assembled
//! from its own disassembly, the first with a call to a built-in function and
//! stores to a global and a local variable it never used, then put into the model with every chain linked again,
//! and a first string grown. Whatever is refused is refused with an error; what is
//! written must read again, with the texts it was given.
#![no_main]

use gamepak::fuzzing::{assembly::Assembly, code_entries, disassemble, edit::Editor, file_view};
use gamepak::gamemaker as model;
use gamepak::gamemaker::chunks::strings::Strings;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (Ok(g), Ok(mut m)) = (file_view::read(data), model::read(data)) else {
        return;
    };
    let names = disassemble::names(&g);
    let editor = Editor::with_names(&g, disassemble::names(&g));
    let strings = g.texts();
    let mut blobs = Vec::new();
    for (k, entries) in code_entries::blobs(&g.code).iter().enumerate() {
        let e = entries[0];
        let mut text =
            disassemble::disassemble(&g.code_space, e.blob, e.length, entries, &names, &strings);
        if k == 0 {
            text.push_str(
                "    call.i get_timer(argc=0)\n    pop.v.v global.fuzzer_variable\n    \
                 pushi.e 1\n    pop.v.i local.fuzzer_local\n",
            );
        }
        let Ok(code) = Assembly::parse(&text) else {
            return;
        };
        match editor.assemble(k, &code, "fuzz") {
            Ok((b, _)) => blobs.push(b),
            Err(_) => return,
        }
    }
    if editor.linker().relink(&mut m, blobs, Vec::new()).is_err() {
        return;
    }
    let Some(texts) = m.get_mut::<Strings>() else {
        return;
    };
    if let Some(first) = texts.list.first_mut() {
        first.to_mut().push_str(" grown by the fuzzer");
    }
    let expected = texts.list.clone();
    if let Ok(file) = m.write() {
        let again = file_view::read(&file).expect("a file the model wrote reads");
        assert_eq!(again.texts(), expected);
    }
});
