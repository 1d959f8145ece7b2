//! TirNanoG, three ways in, chosen by the first byte: a whole file (every handler
//! operation, write after read, extract then pack); a section block wrapped in a valid
//! header and CRCs, so that the section decoders are reached without the fuzzer having
//! to find deflate streams; and one compressed-asset layout on its inflated bytes, so
//! that each asset decoder is reached directly. Whatever reads must write, and read
//! back the same.
#![no_main]

use gamepak::bytes::{Endian, Reader};
use gamepak::tng::container;
use gamepak::tng::header::Header;
use gamepak::tng::read::read;
use gamepak::tng::schema::{self, Asset, F};
use gamepak::tng::strings::{StringTable, StringsBuilder};
use gamepak::tng::value::{Decoder, Encoder};
use gamepak::tng::write::write;
use gamepak::{ExtractOptions, Format};
use libfuzzer_sys::fuzz_target;

fn header() -> Header {
    Header {
        game_id: "fuzz".into(),
        revision: 0,
        game_type: 0,
        tile_width: 16,
        tile_height: 16,
        map_size: 2,
        atlas_size: 8,
        audio_frequency: 0,
        fps: 30,
        action_handlers: 9,
        map_layers: 2,
        transports: 3,
        max_command: 43,
        sprite_delta_y: 0,
        sprites_per_layer: 20,
        reserved: 0,
        unique_id: "0".into(),
        crc: 0,
        encryption: 0,
    }
}

/// Every compressed-asset layout the sections use.
fn packed_layouts() -> Vec<&'static [F]> {
    fn walk(fields: &'static [F], out: &mut Vec<&'static [F]>) {
        for f in fields {
            match f {
                F::Asset(_, Asset::Packed(inner)) => out.push(inner),
                F::Rest(_, rec) => walk(rec, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for kind in 0..=35 {
        if let Some(b) = schema::section(kind, 141) {
            walk(b.fields, &mut out);
        }
    }
    out
}

fn whole_file(data: &[u8]) {
    if let Ok(r) = read(data, true, &Default::default()) {
        let files = r.files();
        let load = |name: &str| Ok(files.get(name).cloned().unwrap_or_default());
        if let Ok(bytes) = write(&r.doc, &load) {
            let again = read(&bytes, true, &Default::default()).expect("what we write reads");
            assert_eq!(again.doc.sections.len(), r.doc.sections.len());
            let twice = write(&again.doc, &load).expect("and writes again");
            assert_eq!(twice, bytes, "write(read(write(x))) must equal write(x)");
        }
    }
    let h = Format::Tng.handler().expect("TirNanoG is supported");
    let opened = h.open(data, &Default::default());
    let _ = opened.info();
    let _ = opened.list();
    let _ = opened.check();
    if data.len() < 8192 {
        let dir = tempfile::tempdir().expect("scratch folder");
        let out = dir.path().join("x");
        if opened.extract(&out, &ExtractOptions::default()).is_ok() {
            let _ = gamepak::pack(&out, &Default::default());
        }
    }
}

fn one_asset(layout: &'static [F], data: &[u8]) {
    let h = header();
    let strings = StringTable::new(vec![(0, String::new()), (1, "a".into()), (3, "b".into())]);
    let decode = |bytes: &[u8]| {
        let mut dec = Decoder::new(&h, &strings, &[], 0, true, &Default::default());
        let mut r = Reader::new(bytes, "asset").with_endian(Endian::Little);
        dec.body(&mut r, layout, &gamepak::Location::root("asset"))
            .map(serde_json::Value::Object)
    };
    let Ok(first) = decode(data) else { return };
    let mut enc = Encoder {
        header: &h,
        strings: StringsBuilder::new(strings.texts()),
        load: &|_| Ok(Vec::new()),
        assets: Vec::new(),
        max_command: 0,
    };
    let bytes = enc
        .body(layout, &first, "asset")
        .expect("what reads writes");
    let second = decode(&bytes).expect("what we write reads");
    assert_eq!(second, first);
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 3 {
        0 => whole_file(rest),
        1 => {
            let split = rest.len().min(usize::from(mode) * 4);
            let (block, assets) = rest.split_at(rest.len() - split);
            let mut sections = Vec::new();
            // The block as sections: a type byte, a u16 length, the body.
            let mut at = 0;
            while at + 3 <= block.len() {
                let len = usize::from(u16::from_le_bytes([block[at + 1], block[at + 2]]))
                    .min(block.len() - at - 3);
                sections.push((block[at], block[at + 3..at + 3 + len].to_vec()));
                at += 3 + len;
            }
            if let Ok(file) = container::write(&header(), &sections, assets, None) {
                whole_file(&file);
            }
        }
        _ => {
            let layouts = packed_layouts();
            if let Some((&pick, body)) = rest.split_first() {
                one_asset(layouts[usize::from(pick) % layouts.len()], body);
            }
        }
    }
});
