//! TirNanoG's text side, what `pack` and `build` parse from a folder: script lines
//! (any text either fails with an error or assembles to bytecode whose disassembly
//! assembles to the same bytes), and section JSON (any JSON value either fails with an
//! error or writes a body that reads back to a value writing the same bytes).
#![no_main]

use gamepak::bytes::{Endian, Reader};
use gamepak::tng::header::Header;
use gamepak::tng::schema;
use gamepak::tng::script::{assemble, disassemble};
use gamepak::tng::strings::{StringTable, StringsBuilder};
use gamepak::tng::value::{split_strings, Decoder, Encoder};
use libfuzzer_sys::fuzz_target;

fn header() -> Header {
    serde_json::from_str(
        r#"{"game_id": "fuzz", "revision": 0, "game_type": 0, "tile_width": 16,
            "tile_height": 16, "map_size": 1, "atlas_size": 8, "audio_frequency": 0,
            "fps": 30, "action_handlers": 9, "map_layers": 2, "transports": 3,
            "max_command": 0, "sprite_delta_y": 0, "sprites_per_layer": 20,
            "unique_id": "0"}"#,
    )
    .expect("a valid header")
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut strings = StringsBuilder::new(["", "a"]);
    if pick % 2 == 0 {
        let lines: Vec<String> = text.lines().map(String::from).collect();
        if let Ok(code) = assemble(&lines, &mut strings, "fuzz") {
            let table =
                StringTable::new(split_strings(strings.bytes(), "", 0).expect("our strings"));
            let text = disassemble(&code, &table, "fuzz", 0).expect("what assembles disassembles");
            let again = assemble(&text, &mut strings, "again").expect("and assembles again");
            assert_eq!(again, code);
        }
        return;
    }
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return;
    };
    let Some(layout) = schema::section(pick / 2 % 36, 141) else {
        return;
    };
    let h = header();
    let load = |_: &str| Ok(b"OggS".to_vec());
    let mut enc = Encoder {
        header: &h,
        strings,
        load: &load,
        assets: Vec::new(),
        max_command: 0,
    };
    let Ok(body) = enc.body(layout.fields, &value, "fuzz") else {
        return;
    };
    let table = StringTable::new(split_strings(enc.strings.bytes(), "", 0).expect("our strings"));
    let assets = enc.assets.clone();
    let mut dec = Decoder::new(&h, &table, &assets, 0, true, &Default::default());
    let mut r = Reader::new(&body, "body").with_endian(Endian::Little);
    let read = dec
        .body(&mut r, layout.fields, &gamepak::Location::root("body"))
        .expect("what we write reads");
    let mut again = Encoder {
        header: &h,
        strings: StringsBuilder::new(table.texts()),
        load: &load,
        assets: Vec::new(),
        max_command: 0,
    };
    let body2 = again
        .body(layout.fields, &serde_json::Value::Object(read), "again")
        .expect("what we read writes");
    assert_eq!(body2, body);
});
