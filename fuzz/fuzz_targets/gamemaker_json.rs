//! The JSON records of an extracted GameMaker folder, as a person may have edited
//! them: any bytes given as any chunk's file, or as one resource file of any chunk
//! split one resource per file, are read or refused with an error, never a panic;
//! what reads shows as JSON again and reads back the same.
#![no_main]

use std::sync::Arc;

use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::names::{Interner, Lookup, Names, Shown};
use gamepak::FourCC;
use libfuzzer_sys::fuzz_target;

const CHUNKS: [FourCC; 34] = [
    FourCC::GEN8,
    FourCC::OPTN,
    FourCC::EXTN,
    FourCC::TAGS,
    FourCC::FEAT,
    FourCC::DAFL,
    FourCC::FEDS,
    FourCC::PSEM,
    FourCC::PSYS,
    FourCC::UILR,
    FourCC::LANG,
    FourCC::SOND,
    FourCC::AGRP,
    FourCC::PATH,
    FourCC::SCPT,
    FourCC::SPRT,
    FourCC::BGND,
    FourCC::FONT,
    FourCC::EMBI,
    FourCC::TGIN,
    FourCC::TXTR,
    FourCC::AUDO,
    FourCC::ROOM,
    FourCC::OBJT,
    FourCC::TMLN,
    FourCC::SEQN,
    FourCC::ACRV,
    FourCC::GLOB,
    FourCC::TPAG,
    FourCC::CODE,
    FourCC::SHDR,
    FourCC::VARI,
    FourCC::FUNC,
    FourCC::STRG,
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, json)) = data.split_first() else {
        return;
    };
    let name = CHUNKS[pick as usize % CHUNKS.len()];
    let names: Names = [(FourCC::SPRT, vec![Some("spr".to_string())])].into();
    let lookup = Arc::new(Lookup::new(&names));
    let texts = vec!["text".to_string()];
    let (body, interner) = if pick >= 128 {
        let file = ("fuzz.json".to_string(), json.to_vec());
        Body::split_from_json(name, None, &[Some(file)], Interner::new(texts), &lookup)
    } else {
        Body::from_json(name, "fuzz.json", json, Interner::new(texts), &lookup)
    };
    let Some(Ok(body)) = body else {
        return;
    };
    let table = interner.into_texts();
    let shown = Arc::new(Shown::new(table.clone(), &names));
    if let Some(again) = body.to_json(&shown) {
        let (back, _) = Body::from_json(name, "again.json", &again, Interner::new(table), &lookup);
        let back = back
            .expect("a chunk shown as JSON has a model")
            .expect("reads back");
        assert_eq!(back.to_json(&shown), Some(again));
        let _ = back.split_to_json(&shown, true, &|_| true);
    }
    let _ = body.split_to_json(&shown, true, &|_| true);
});
