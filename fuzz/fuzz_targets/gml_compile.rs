//! GML compiled: any text that parses compiles to assembly or to errors, never a
//! panic, and what it compiles to assembles. The first byte picks the release
//! compiled for and the choices the game's code would settle. Text that declares
//! macros (`#macro`) has them expanded, cycles and doublings included.
#![no_main]

use gamepak::gamemaker::gml::compile::{compile, Env, Source, Target};
use gamepak::gamemaker::gml::parse::parse;
use gamepak::gamemaker::Version;
use libfuzzer_sys::fuzz_target;

const RELEASES: [Version; 8] = [
    Version::new(1, 0, 0, 0),
    Version::GMS2,
    Version::V2_3,
    Version::V2022_1,
    Version::V2023_8,
    Version::V2024_4,
    Version::V2024_11,
    Version::V2024_14,
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(body) = parse(text) else {
        return;
    };
    let release = RELEASES[usize::from(pick) % RELEASES.len()];
    let mut target = Target::new(17, release);
    target.array_owners = pick & 0x10 != 0;
    target.owner_every_write = pick & 0x20 != 0;
    target.self_through_builtin = pick & 0x40 != 0;
    let env = Env::bare(target);
    let source = Source {
        entry: "gml_Object_a_Create_0",
        body: &body,
        functions: &[],
        places: None,
    };
    if let Ok(compiled) = compile(&env, source) {
        compiled
            .assembly("gml_Object_a_Create_0", 0)
            .unwrap_or_else(|e| panic!("compiled code does not assemble: {e}"));
    }
});
