//! Models made in code, for chunks no real file at hand holds: a GEN8 of the release
//! asked for, the chunks that mark that release (kept as stored, each an empty list), the chunks given, and STRG.

use super::chunks::general::{General, Gms2};
use super::chunks::strings::Strings;
use super::chunks::Body;
use super::version::Version;
use super::wire::StrId;
use crate::bytes::Endian;
use crate::formats::gamemaker::{model::Game, model::Part, model::MARKERS};
use crate::fourcc::FourCC;

/// A file of GameMaker `version`'s layout (bytecode 17, or 16 before 2.3) holding
/// `parts` and the strings `strings`, which string ids index.
pub fn sample(
    version: Version,
    strings: Vec<String>,
    parts: Vec<(FourCC, Body<'static>)>,
) -> Game<'static> {
    let gms2 = version >= Version::GMS2;
    let bytecode = if version >= Version::V2_3 { 17 } else { 16 };
    let general = General {
        debugger_disabled: 1,
        bytecode,
        name: (!strings.is_empty()).then_some(StrId(0)),
        ide_version: if gms2 { [2, 0, 0, 0] } else { [1, 0, 0, 9999] },
        window: [640, 480],
        gms2: gms2.then(Gms2::default),
        ..General::default()
    };
    let part = |name: FourCC, body| Part {
        name,
        raw: name.0,
        body,
        version,
    };
    let mut chunks = vec![part(FourCC::GEN8, Body::General(general))];
    chunks.extend(
        MARKERS
            .iter()
            .filter(|&&(name, since)| version >= since && !parts.iter().any(|(n, _)| *n == name))
            .map(|&(name, _)| {
                // An empty list: a count of 0.
                let empty = Body::Stored {
                    bytes: &[0; 4],
                    at: None,
                    why: None,
                };
                part(name, empty)
            }),
    );
    chunks.extend(parts.into_iter().map(|(name, body)| part(name, body)));
    let list = Strings {
        list: strings.into_iter().map(std::borrow::Cow::Owned).collect(),
        aligned: true,
    };
    // STRG comes last, or just before AUDO, as GameMaker puts them.
    let at = match chunks.last() {
        Some(p) if p.name == FourCC::AUDO => chunks.len() - 1,
        _ => chunks.len(),
    };
    chunks.insert(at, part(FourCC::STRG, Body::Strings(list)));
    Game::new(
        Endian::Little,
        if gms2 { 16 } else { 4 },
        bytecode,
        chunks,
        &[],
    )
}
