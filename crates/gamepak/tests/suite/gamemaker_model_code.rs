//! CODE, VARI and FUNC in the model, made in code: bytecode 14 (blobs inline, short
//! entries), 15 and 17 (blobs first, a child function sharing its parent's blob,
//! code locals) and 2024.8 (no code locals), with first occurrences that address the
//! blobs and one entry that never occurs; written and read back the same.

use crate::common;

use std::borrow::Cow;

use gamepak::fourcc::FourCC;
use gamepak::gamemaker::chunks::code::{Blobs, Code, CodeEntry};
use gamepak::gamemaker::chunks::symbols::{
    CodeLocals, Function, Functions, Local, Uses, Variable, Variables,
};
use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::sample::sample;
use gamepak::gamemaker::Version;
use gamepak::gamemaker::{CodeAddress, StrId};

fn uses(blob: u32, at: u32) -> Uses {
    Uses {
        count: 2,
        first: CodeAddress::In { blob, at },
    }
}

#[test]
fn code_and_its_symbols_round_trip_in_every_layout() {
    let s = |i| Some(StrId(i));
    let strings: Vec<String> = ["game", "gml_Script_a", "gml_Script_b", "x", "f", "local"]
        .map(String::from)
        .to_vec();
    for (bytecode, v) in [
        (14u8, Version::new(1, 0, 0, 0)),
        (15, Version::new(1, 0, 0, 0)),
        (17, Version::V2_3),
        (17, Version::V2024_8),
    ] {
        let modern = bytecode >= 15;
        let entry = |name, blob, offset| {
            Some(CodeEntry {
                name: s(name),
                blob,
                locals: if modern { 1 } else { 0 },
                arguments: if modern { 0x8001 } else { 0 },
                offset,
            })
        };
        let mut entries = vec![entry(1, 0, 0), None, entry(2, 1, 0)];
        if modern {
            // A child function: the first entry's blob, from its second instruction.
            entries.push(entry(4, 0, 8));
        }
        let code = Code {
            blobs: Blobs::Stored(vec![Cow::Owned(vec![1; 16]), Cow::Owned(vec![2; 12])]),
            entries,
        };
        let variable = |name, first| Variable {
            name: s(name),
            instance_type: if modern { -1 } else { 0 },
            id: if modern { 3 } else { 0 },
            uses: first,
        };
        let variables = Variables {
            header: if modern { [1, 1, 1] } else { [0; 3] },
            variables: vec![
                variable(3, uses(0, 4)),
                variable(
                    5,
                    Uses {
                        count: 0,
                        first: CodeAddress::Raw(u32::MAX),
                    },
                ),
            ],
        };
        let functions = Functions {
            functions: vec![Function {
                name: s(4),
                uses: uses(1, 8),
            }],
            code_locals: if modern && v < Version::V2024_8 {
                vec![CodeLocals {
                    code: s(1),
                    locals: vec![Local {
                        index: 0,
                        name: s(5),
                    }],
                }]
            } else {
                Vec::new()
            },
        };
        let mut m = sample(
            v,
            strings.clone(),
            vec![
                (FourCC::CODE, Body::Code(code)),
                (FourCC::VARI, Body::Variables(variables)),
                (FourCC::FUNC, Body::Functions(functions)),
            ],
        );
        m.bytecode = bytecode;
        if let Some(Body::General(g)) = m.chunks.first_mut().map(|p| &mut p.body) {
            g.bytecode = bytecode;
        }
        common::assert_sample_round_trips(&mut m);
    }
}
