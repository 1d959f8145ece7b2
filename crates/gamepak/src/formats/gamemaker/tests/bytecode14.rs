//! A bytecode 14 file written byte by byte: CODE entries with their instructions
//! inline, 12-byte VARI and FUNC entries, and the older opcodes, which the
//! disassembly shows by the later names.

use gamepak::formats::gamemaker::views::file_view;
use gamepak::{ExtractOptions, Format};

fn le(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn chunk(name: &[u8; 4], body: &[u8]) -> Vec<u8> {
    [name.as_slice(), &(body.len() as u32).to_le_bytes(), body].concat()
}

/// GEN8, CODE (one entry at 176, its instructions from 184), VARI, FUNC, then STRG
/// as GameMaker orders them: strings at 316 ("x"), 324 ("y"), 332 ("f") and 340
/// ("gml_Script_s"), their characters 4 bytes further on.
fn file() -> Vec<u8> {
    let mut gen8 = vec![0u8; 144];
    gen8[1] = 14;
    for at in [4, 8, 40, 100] {
        gen8[at..at + 4].copy_from_slice(&344u32.to_le_bytes());
    }
    // The room order fills GEN8's last 12 bytes: a count and three rooms.
    gen8[128..132].copy_from_slice(&3u32.to_le_bytes());
    let mut strg = le(&[4, 316, 324, 332, 340]);
    for s in ["x", "y", "f", "gml_Script_s"] {
        strg.extend((s.len() as u32).to_le_bytes());
        strg.extend(s.as_bytes());
        strg.push(0);
        while !strg.len().is_multiple_of(4) {
            strg.push(0);
        }
    }
    // STRG's body starts at 296 and ends on a 128-byte boundary.
    while !(296 + strg.len()).is_multiple_of(128) {
        strg.push(0);
    }
    // One entry at 176: its name, 52 bytes of instructions from 184.
    let code = le(&[
        1,
        176,
        344,
        52, //
        0xc005_ffff,
        0xa000_0000, // push.v self.x (the last use: STRG index 0)
        0xc00f_0003, // push.e 3
        0x0852_0000, // add.i.v (old 0x08)
        0x4155_ffff,
        0xa000_0001, // pop.v.v self.y (old 0x41)
        0x1152_0000, // cmp.i.v.lt (old 0x11)
        0xb900_0003, // bf +3 words (old 0xb9)
        0xda02_0000,
        0x0000_0002, // call.i f(argc=0) (old 0xda)
        0x9f05_0000, // popz.v (old 0x9f)
        0x9e02_0000, // exit.i (old 0x9e)
        0x0100_0000, // no opcode
    ]);
    let vari = le(&[320, 1, 184, 328, 1, 200]);
    let func = le(&[336, 1, 216]);
    let chunks = [
        chunk(b"GEN8", &gen8),
        chunk(b"CODE", &code),
        chunk(b"VARI", &vari),
        chunk(b"FUNC", &func),
        chunk(b"STRG", &strg),
    ]
    .concat();
    [
        b"FORM".as_slice(),
        &(chunks.len() as u32).to_le_bytes(),
        &chunks,
    ]
    .concat()
}

#[test]
fn bytecode_14_code_disassembles_in_the_later_names() {
    let data = file();
    let g = file_view::read(&data).unwrap();
    assert_eq!(g.gen8.bytecode, 14);
    assert_eq!(g.code.len(), 1);
    assert_eq!((g.code[0].blob, g.code[0].length), (184, 52));
    let handler = Format::GameMaker.handler().unwrap();
    let report = handler.open(&data, &Default::default()).check();
    assert!(
        !report.lines().contains("VARI") && !report.lines().contains("FUNC"),
        "{}",
        report.lines()
    );

    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x");
    handler
        .open(&data, &Default::default())
        .extract(&out, &ExtractOptions::default())
        .unwrap();
    let text = std::fs::read_to_string(out.join("code/000-gml_Script_s.asm")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(str::trim)
        .collect();
    assert_eq!(
        lines,
        [
            "L0000:",
            "push.v self.x",
            "push.e 3",
            "add.i.v",
            "pop.v.v self.y",
            "cmp.i.v.lt",
            "bf L0028",
            "call.i f(argc=0)",
            "L0028:",
            "popz.v",
            "exit.i",
            ".word 0x01000000",
        ]
    );
    assert!(text.contains("bytecode 14"), "{text}");
    // Unedited, the folder packs to the file; an edited disassembly assembles in
    // the older opcodes, its chains linked again.
    assert_eq!(
        gamepak::pack(&out, &Default::default()).unwrap().bytes,
        data
    );
    let file = out.join("code/000-gml_Script_s.asm");
    std::fs::write(&file, text.replace("push.e 3", "push.e 4")).unwrap();
    let edited = gamepak::pack(&out, &Default::default()).unwrap().bytes;
    let mut want = data.clone();
    want[192..196].copy_from_slice(&0xc00f_0004u32.to_le_bytes());
    assert_eq!(edited, want);
    // A comparison, a call and a variable added: each in bytecode 14's numbers.
    let added = "cmp.i.v.lt\n    bf L0028\n    call.i f(argc=0)\n    push.v self.x\n    popz.v\n";
    std::fs::write(
        &file,
        text.replacen("cmp.i.v.lt\n    bf L0028\n    call.i f(argc=0)\n", added, 1),
    )
    .unwrap();
    let edited = gamepak::pack(&out, &Default::default()).unwrap().bytes;
    let g = file_view::read(&edited).unwrap();
    let names = gamepak::formats::gamemaker::bytecode::disassemble::names(&g);
    assert!(names.problems.is_empty(), "{:?}", names.problems);
    assert_eq!(
        names
            .owner
            .keys()
            .filter(|a| names.at(**a) == Some("x"))
            .count(),
        2
    );
    assert_eq!(edited[184 + 52..184 + 56], 0x9f05_0000u32.to_le_bytes());
    assert_eq!(edited[184 + 24..184 + 28], 0x1152_0000u32.to_le_bytes());
    assert_eq!(edited[184 + 28..184 + 32], 0xb900_0006u32.to_le_bytes());

    // Strings may still be added: CODE stays as stored, its names follow STRG.
    std::fs::write(&file, &text).unwrap();
    let json = out.join("strings.json");
    let mut strings: Vec<String> = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    strings.push("added".into());
    std::fs::write(&json, serde_json::to_vec(&strings).unwrap()).unwrap();
    let packed = gamepak::pack(&out, &Default::default()).unwrap();
    let g = file_view::read(&packed.bytes).unwrap();
    assert_eq!(g.texts(), strings);
    assert_eq!(g.code[0].name, "gml_Script_s");
    let report = handler.open(&packed.bytes, &Default::default()).check();
    assert!(
        !report.lines().contains("VARI") && !report.lines().contains("FUNC"),
        "{}",
        report.lines()
    );
    let again = tmp.path().join("again");
    handler
        .open(&packed.bytes, &Default::default())
        .extract(&again, &ExtractOptions::default())
        .unwrap();
    let now = std::fs::read_to_string(again.join("code/000-gml_Script_s.asm")).unwrap();
    assert_eq!(
        now.lines()
            .filter(|l| !l.starts_with(';'))
            .collect::<Vec<_>>(),
        text.lines()
            .filter(|l| !l.starts_with(';'))
            .collect::<Vec<_>>()
    );
}
