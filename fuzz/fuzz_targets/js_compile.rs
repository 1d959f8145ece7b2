//! TypeScript and tsconfig text as a native build reads them: any text compiles to
//! JavaScript or is refused with its place, never a panic or a stack overflow, and
//! what compiles minifies. The first byte picks the target edition and whether
//! class fields are defined.
#![no_main]

use gamepak::js::{self, Source, Target};
use libfuzzer_sys::fuzz_target;

const TARGETS: [Target; 4] = [Target::Es3, Target::Es5, Target::Es2015, Target::EsNext];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let target = TARGETS[usize::from(pick) % TARGETS.len()];
    let source = Source {
        shown: "Fuzz.ts".into(),
        text: text.into(),
    };
    if let Ok(script) = js::compile(&[source], target, pick & 0x10 != 0) {
        js::minify(&script, "compiled", target)
            .unwrap_or_else(|e| panic!("compiled script does not minify: {e}"));
    }
});
