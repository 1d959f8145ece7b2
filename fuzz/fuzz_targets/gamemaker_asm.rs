//! GameMaker code as text: any line assembles or is refused without a panic, and any
//! instruction words disassemble to text that assembles back to the same words (and
//! read as bytecode 14 without a panic).
#![no_main]

use gamepak::bytes::Endian;
use gamepak::fuzzing::{assemble, code_space::CodeSpace, disassemble};
use gamepak::gamemaker::form as container;
use libfuzzer_sys::fuzz_target;

/// Labels are blob offsets in hex.
fn offset(label: &str) -> Option<u32> {
    u32::from_str_radix(label.strip_prefix('L')?, 16).ok()
}

/// A quoted string is STRG index 0.
fn first_string(_: &str) -> Option<u32> {
    Some(0)
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for (k, line) in text.lines().enumerate() {
            let _ = assemble::assemble(line.trim(), 4 * k as u32, &offset, &first_string, Endian::Little);
        }
    }
    // The bytes as the one blob of a CODE chunk at offset 16.
    let len = data.len() / 4 * 4;
    let mut file = b"FORM".to_vec();
    file.extend(((len + 8) as u32).to_le_bytes());
    file.extend(b"CODE");
    file.extend((len as u32).to_le_bytes());
    file.extend(&data[..len]);
    let form = container::read(&file).expect("a FORM of one chunk reads");
    let space = CodeSpace::of_file(&form, None);
    // Bytecode 14's older opcodes are shown for reading only: they must not panic.
    let old = disassemble::Names {
        old_opcodes: true,
        ..Default::default()
    };
    let _ = disassemble::instructions(&space, 16, len as u32, &old, &[]);
    let (lines, _) =
        disassemble::instructions(&space, 16, len as u32, &disassemble::Names::default(), &[]);
    let mut assembled = Vec::new();
    for line in &lines {
        for text in line.text.split('\n') {
            let at = assembled.len() as u32;
            let bytes = assemble::assemble(text.trim(), at, &offset, &first_string, Endian::Little)
                .unwrap_or_else(|e| panic!("`{}` does not assemble: {e}", text.trim()));
            assembled.extend(bytes);
        }
    }
    assert_eq!(
        assembled,
        &data[..assembled.len()],
        "the text assembles to the blob"
    );
});
