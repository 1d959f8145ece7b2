//! The GML decompiler on any code: text assembles and decompiles, or is refused,
//! and any words decompile as a blob, or the decompiler says where and why it
//! stopped; never a panic, and what it prints names nothing internal.
#![no_main]

use std::borrow::Cow;
use std::collections::HashMap;

use gamepak::bytes::Endian;
use gamepak::fuzzing::array_writes::mark_reference_writes;
use gamepak::fuzzing::from_assembly::decompile_assembly;
use gamepak::fuzzing::context::{Context, RefKinds};
use gamepak::fuzzing::game_code::{decompile_blob, name_script_arguments, EntryAt};
use gamepak::fuzzing::instruction::decode;
use gamepak::gamemaker::gml::print::{print, Style};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(entries) = decompile_assembly(text) {
            for e in entries {
                if let Ok(body) = e.body {
                    let _ = print(&body, Style::default());
                }
            }
        }
    }
    // The bytes as one blob of instruction words, whose first word also places a
    // second entry, as a function declared inside a script starts.
    let len = data.len() / 4 * 4;
    let mut instrs = decode(&data[..len], Endian::Little, false, |_| None);
    // The last byte picks the release's readings: typed references' numbering,
    // and whether array writes naming no owner are `[@ ]`.
    let release = data.last().copied().unwrap_or(0);
    if release & 1 == 1 {
        mark_reference_writes(&mut instrs, &[]);
    }
    let second = data.get(..4).map_or(0, |w| {
        u32::from_le_bytes([w[0], w[1], w[2], w[3]]) % (len as u32 + 1)
    }) / 4
        * 4;
    let strings: Vec<Cow<str>> = vec![Cow::Borrowed("text")];
    let ctx = Context {
        strings: &strings,
        chains: &[],
        assets: HashMap::new(),
        locals: HashMap::new(),
        arguments: HashMap::new(),
        refs: if release & 2 == 2 {
            RefKinds::Since2024_4
        } else {
            RefKinds::Before2024_4
        },
        typed_booleans: release & 4 == 4,
        tested_booleans: release & 8 == 8,
        explicit_self: release & 16 == 16,
        typed_references: release & 32 == 32,
    };
    let entries = [
        EntryAt {
            name: "gml_Script_a",
            start: 0,
        },
        EntryAt {
            name: "gml_Script_b",
            start: second,
        },
    ];
    let mut bodies = decompile_blob(&ctx, &instrs, len as u32, &entries);
    name_script_arguments(
        &ctx,
        entries
            .iter()
            .zip(bodies.iter_mut())
            .filter_map(|(e, b)| Some((e.name, b.as_mut().ok()?))),
    );
    for body in bodies.into_iter().flatten() {
        let _ = print(&body, Style::default());
    }
});
