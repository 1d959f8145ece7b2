//! GameMaker's BZip2-QOI texture pages in the real fixture games, found by scanning for
//! `2zoq` rather than through TXTR, so the codec is checked on its own.

use crate::common;

use std::io::Read;

use gamepak::codec::gm_qoi;

/// The fixture games known to hold `2zoq` pages.
const WITH_BZ2_PAGES: [&str; 6] = [
    "MistaCarson_Fall2024MiniJam.win",
    "Nightowl935_Asteroid-Destroyer.unx",
    "P-Hansen_paramecium.win",
    "VVoytec_Simple-Auto-Battler.unx",
    "aaronhudec_CS179J.win",
    "thennothinghappened_gml-simpledraw_game.ios",
];

/// How many bytes of `stream` the bzip2 decoder takes, and what it puts out.
fn bunzip(stream: &[u8]) -> (usize, Vec<u8>) {
    let mut dec = bzip2::bufread::BzDecoder::new(stream);
    let mut out = Vec::new();
    dec.read_to_end(&mut out).unwrap();
    (dec.total_in() as usize, out)
}

#[test]
fn gm_qoi_fixture_pages_decode_and_round_trip() {
    let Some(dir) = common::fixture_dir("gm_qoi_fixtures", "gamemaker") else {
        return;
    };
    let mut pages = 0;
    for name in WITH_BZ2_PAGES {
        let data = std::fs::read(dir.join(name)).unwrap();
        let starts: Vec<usize> = data
            .windows(4)
            .enumerate()
            .filter(|(_, w)| w == b"2zoq")
            .map(|(i, _)| i)
            .collect();
        assert!(!starts.is_empty(), "{name}: no 2zoq page");
        for at in starts {
            let blob = &data[at..];
            let what = format!("{name} at {at:#x}");
            let len = gm_qoi::bz2_blob_len(blob).unwrap_or_else(|| panic!("{what}: no length"));
            let header = gm_qoi::bz2_header_len(blob).unwrap();
            let (consumed, inner) = bunzip(&blob[header..]);
            assert_eq!(
                len,
                header + consumed,
                "{what}: length differs from bzip2's"
            );
            let img = gm_qoi::decode_bz2(
                &blob[..len],
                &what,
                &gamepak::limits::Limits::for_max_alloc(1 << 30),
            )
            .unwrap_or_else(|e| panic!("{what}: {e:?}"));
            assert_eq!(
                gm_qoi::dimensions(blob),
                Some((img.width, img.height)),
                "{what}"
            );
            let qoi = gm_qoi::encode(&img).unwrap();
            assert_eq!(
                gm_qoi::decode(
                    &qoi,
                    &what,
                    &gamepak::limits::Limits::for_max_alloc(1 << 30)
                )
                .unwrap(),
                *img,
                "{what}"
            );
            // GameMaker's own bytes come back: the same ops, no padding after them
            // (2022.3+), and bzip2 level 9 compressing as libbzip2 does.
            assert!(qoi == inner, "{what}: encode differs from GameMaker's QOI");
            let again = gm_qoi::encode_bz2(&img, header == 12).unwrap();
            assert!(
                again == blob[..len],
                "{what}: encode_bz2 differs from the blob"
            );
            pages += 1;
        }
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr().lock(),
        "gm_qoi_fixtures: {pages} pages decode and re-encode to GameMaker's bytes"
    );
}
