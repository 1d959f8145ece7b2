//! Extraction to a folder and packing back: identical bytes for every reference file,
//! and edits re-encoded in the entry's pixel format.

use crate::common;

use gamepak::gbin::{self, model::Body, pixel::PixelFormat};
use gamepak::{ExtractOptions, Format, Handler};

fn handler() -> &'static dyn Handler {
    Format::Gbin.handler().unwrap()
}

#[test]
fn every_reference_file_checks_clean_and_round_trips() {
    let Some(dir) =
        common::fixture_dir("every_reference_file_checks_clean_and_round_trips", "gbin")
    else {
        return;
    };
    let files = common::gbin_files(&dir);
    assert!(files.len() >= 14);
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let report = handler().open(&data, &Default::default()).check();
        assert!(report.is_clean(), "{}: {:?}", f.display(), report.problems);
        let packed = extract_and_pack(&data);
        assert!(packed.bytes == data, "{} did not round-trip", f.display());
        assert!(packed.reencoded.is_empty(), "{:?}", packed.reencoded);
    }
}

fn png(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> Vec<u8> {
    let mut img = gamepak::codec::png::Rgba::new(w, h);
    for y in 0..h {
        for x in 0..w {
            img.put(x, y, f(x, y));
        }
    }
    gamepak::codec::png::encode(&img).unwrap()
}

#[test]
fn edited_images_are_re_encoded_in_their_pixel_format() {
    let Some(dir) =
        common::fixture_dir("edited_images_are_re_encoded_in_their_pixel_format", "gbin")
    else {
        return;
    };
    let data = std::fs::read(dir.join("02_images/images.gbin")).unwrap();
    let out = tempfile::tempdir().unwrap();
    extract(&data, out.path());
    // Image 2 of "sprites" is 2x2 RGB565; image 0 is the 8x4 ARGB8888 source.
    let red = [0xf8, 0, 0, 0xff];
    std::fs::write(
        out.path().join("images/0_sprites/002.png"),
        png(2, 2, |_, _| red),
    )
    .unwrap();
    std::fs::write(
        out.path().join("images/0_sprites/000.png"),
        png(10, 6, |x, y| [x as u8, y as u8, 7, 255]),
    )
    .unwrap();
    let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
    assert!(packed.reencoded.contains(&"IMGD".to_string()));
    assert!(handler()
        .open(&packed.bytes, &Default::default())
        .check()
        .is_clean());
    let before = gbin::read(&data).unwrap();
    let after = gbin::read(&packed.bytes).unwrap();
    let images = |d: &gbin::Gbin| match &d.chunk(gamepak::FourCC::IMAG).unwrap().body {
        Body::Images(_, t) => t.entries.clone(),
        _ => unreachable!(),
    };
    let imgd = |d: &gbin::Gbin| match &d.chunk(gamepak::FourCC::IMGD).unwrap().body {
        Body::ImageData(b) => b.to_vec(),
        _ => unreachable!(),
    };
    let (ib, ia) = (images(&before), images(&after));
    assert_eq!((ia[0].width, ia[0].height), (10, 6));
    let a2 = &ia[2];
    assert_eq!(a2.pixel_format, PixelFormat::Rgb565.code());
    let px = &imgd(&after)[a2.offset as usize..a2.offset as usize + 8];
    assert!(px.chunks(2).all(|p| p == 0xf800u16.to_le_bytes()), "{px:?}");
    // Every other image keeps its pixels, at its new offset.
    for i in 3..ib.len() {
        let pf = PixelFormat::from_code(ib[i].pixel_format).unwrap();
        let len = pf.data_len(ib[i].width as u32, ib[i].height as u32) as usize;
        let old = &imgd(&before)[ib[i].offset as usize..][..len];
        let new = &imgd(&after)[ia[i].offset as usize..][..len];
        assert_eq!(old, new, "image {i}");
    }
}

#[test]
fn names_inside_the_file_stay_inside_the_output_folder() {
    let mut name = [0u8; 16];
    name[..10].copy_from_slice(b"../../evil");
    let data = seed_package(vec![
        (
            gamepak::FourCC::FDAT,
            Body::FileData(b"boom".to_vec().into()),
        ),
        (
            gamepak::FourCC::FDIR,
            Body::FileDirectory(gbin::model::Table::new(vec![gbin::model::FileEntry {
                file_type: *b"DATA",
                size: 4,
                offset: 0,
                name,
            }])),
        ),
    ]);
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("a/b");
    handler()
        .open(&data, &Default::default())
        .extract(&out, &ExtractOptions::default())
        .unwrap();
    assert_eq!(std::fs::read(out.join("files/evil")).unwrap(), b"boom");
    assert!(!root.path().join("evil").exists());
    assert_eq!(
        gamepak::pack(&out, &Default::default()).unwrap().bytes,
        data
    );
}

#[test]
fn the_summary_counts_every_file_written() {
    let data = gbin::write(&gbin::synth::demo(), gbin::CrcMode::Compute);
    let out = tempfile::tempdir().unwrap();
    let summary = extract(&data, out.path());
    // Tile maps write a JSON and a TMX file each.
    assert!(out.path().join("gamepak.toml").is_file());
    assert!(common::files_ending(out.path(), ".tmx").len() == 1);
    common::assert_counts_what_is_there(&summary, out.path());
}

/// Colours of the second map, B, G, R, A: what its palette must hold.
const SECOND_MAP: [[u8; 4]; 3] = [[1, 2, 3, 0xff], [4, 5, 6, 0xff], [7, 8, 9, 0x80]];

/// The demo with a second colour map laid after 20000 colours (80000 bytes) of the
/// first, as the reference packer lays them: its start is stored cut to 16 bits.
fn wrapped_colour_map() -> Vec<u8> {
    let mut doc = gbin::synth::demo();
    let first: Vec<u8> = (0..20_000u32)
        .flat_map(|i| [i as u8, (i >> 8) as u8, 0x40, 0xff])
        .collect();
    let colr = [first, SECOND_MAP.concat()].concat();
    let entries = vec![
        gbin::model::ColourMapEntry {
            count: 20_000,
            offset: 0,
        },
        gbin::model::ColourMapEntry {
            count: SECOND_MAP.len() as u16,
            offset: 80_000u32 as u16,
        },
    ];
    for c in &mut doc.chunks {
        match &mut c.body {
            Body::Colours(b) => *b = colr.clone().into(),
            Body::ColourMaps(t) => t.entries = entries.clone(),
            _ => {}
        }
    }
    gbin::write(&doc, gbin::CrcMode::Compute)
}

#[test]
fn check_notes_a_colour_map_offset_cut_to_16_bits() {
    let data = wrapped_colour_map();
    let report = handler().open(&data, &Default::default()).check();
    assert!(report.is_clean(), "{}", report.lines());
    let cmap = gbin::read(&data)
        .unwrap()
        .chunk(gamepak::FourCC::CMAP)
        .unwrap()
        .offset;
    let notes: Vec<_> = report
        .problems
        .iter()
        .filter(|p| p.path == "GBIN/CMAP/entry[1]")
        .collect();
    assert_eq!(notes.len(), 1, "{}", report.lines());
    let note = notes[0];
    assert_eq!(note.severity, gamepak::Severity::Note);
    // The chunk header, then entry 0.
    assert_eq!(note.offset, Some(cmap + 8 + 4));
    assert!(
        note.message.contains("0x3880")
            && note.message.contains("COLR+0x13880")
            && note.message.contains("start at colour 20000"),
        "{}",
        note.message
    );
    assert!(!report.lines().contains("entry[0]"), "{}", report.lines());
}

#[test]
fn a_colour_map_past_64_kib_extracts_its_own_colours_and_packs_back() {
    let data = wrapped_colour_map();
    let out = tempfile::tempdir().unwrap();
    let summary = extract(&data, out.path());
    common::assert_counts_what_is_there(&summary, out.path());
    let gpl = std::fs::read_to_string(out.path().join("palettes/001.gpl")).unwrap();
    let colours: Vec<[u8; 4]> = gpl
        .lines()
        .filter_map(|l| {
            let (rgb, alpha) = l.split_once("\talpha=")?;
            let v: Vec<u8> = rgb.split_whitespace().map(|n| n.parse().unwrap()).collect();
            Some([v[2], v[1], v[0], alpha.parse().unwrap()])
        })
        .collect();
    assert_eq!(colours, SECOND_MAP);
    let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
    assert!(packed.bytes == data, "did not round-trip");
    assert!(packed.reencoded.is_empty(), "{:?}", packed.reencoded);
}

/// A seed-layout tile map stores its own id beside its chunk's: the manifest keeps
/// them apart, so the folder packs back.
#[test]
fn a_seed_layout_tile_map_packs_back() {
    let data = seed_package(vec![seed_tilemap()]);
    assert!(extract_and_pack(&data).bytes == data);
}

/// A seed-layout TMAP chunk whose map has an id of its own.
fn seed_tilemap() -> (gamepak::FourCC, Body<'static>) {
    use gbin::model::{TilemapHead, TilemapInline};
    let head = TilemapHead {
        id: 7,
        width: 2,
        height: 1,
        index_count: 1,
        block_count: 1,
        block_size: 1,
        tile_size: 8,
        reserved: [0; 6],
    };
    (
        gamepak::FourCC::TMAP,
        Body::TilemapInline(TilemapInline {
            head,
            indices: vec![0, 0, 0, 0].into(),
            blocks: vec![1, 0, 2, 0].into(),
        }),
    )
}

/// The manifest of a package of each layout, as text: its form is what pack reads
/// back from folders extracted before, so it must not change.
#[test]
fn manifests_keep_their_form() {
    use gbin::model::*;
    let seed = seed_package(vec![
        (
            gamepak::FourCC::IMGD,
            Body::ImageData(vec![0, 0, 5, 0].into()),
        ),
        (
            gamepak::FourCC::SIMG,
            Body::SourceImages(Table {
                entries: vec![SourceImage {
                    width: 2,
                    height: 3,
                    offset: 4,
                    pixel_format: 1,
                    reserved: [0; 3],
                }],
                tail: vec![9].into(),
            }),
        ),
        seed_tilemap(),
        (
            gamepak::FourCC::CMAP,
            Body::ColourMapInline(ColourMapInline {
                head: ColourMapHead {
                    name: *b"grey\0\0\0\0\0\0\0\0\0\0\0\0",
                    count: 1,
                    reserved: 0,
                },
                colours: vec![8, 8, 8, 255, 1, 2].into(),
            }),
        ),
        (
            gamepak::FourCC::FILE,
            Body::File(FileInline {
                head: FileHead {
                    file_type: *b"TEXT",
                    compression: 0,
                    padding: 2,
                    filler: 0,
                },
                name: b"a.txt\0\0\0".to_vec().into(),
                name_len: 5,
                data: b"hi\0\0".to_vec().into(),
            }),
        ),
        (
            gamepak::FourCC::STRT,
            Body::Strings(StringTable {
                language: *b"enUS",
                reserved: 0,
                entries: vec![(1, 2)],
                data: vec![7, b'h', b'i', 0].into(),
            }),
        ),
        (
            gamepak::FourCC(*b"XTRA"),
            Body::Opaque(vec![1, 2, 3].into()),
        ),
    ]);
    let reference = gbin::write(&gbin::synth::demo(), gbin::CrcMode::Compute);
    for (name, data) in [("seed_manifest", seed), ("demo_manifest", reference)] {
        let out = tempfile::tempdir().unwrap();
        extract(&data, out.path());
        let text = std::fs::read_to_string(out.path().join("gamepak.toml")).unwrap();
        insta::assert_snapshot!(name, text);
        let packed = gamepak::pack(out.path(), &Default::default()).unwrap();
        assert!(packed.bytes == data, "{name} did not round-trip");
    }
}

/// A seed-layout package of these chunks and an ENDC, with the placeholder CRC.
fn seed_package(chunks: Vec<(gamepak::FourCC, Body<'static>)>) -> Vec<u8> {
    let end = (gamepak::FourCC::ENDC, Body::End(Vec::new().into()));
    let doc = gbin::Gbin {
        header: gbin::model::Header {
            size: 32,
            flags: 0,
            version: *b"02",
            crc: *b"CRC-",
            name: [0; 12],
            reserved: [0; 8],
        },
        chunks: chunks
            .into_iter()
            .chain([end])
            .map(|(id, body)| gbin::model::Chunk {
                id,
                offset: 0,
                body,
            })
            .collect(),
        trailing: Default::default(),
    };
    gbin::write(&doc, gbin::CrcMode::Keep)
}

/// Extracts `data` whole into `out`.
fn extract(data: &[u8], out: &std::path::Path) -> gamepak::ExtractSummary {
    let opts = ExtractOptions::default();
    handler()
        .open(data, &Default::default())
        .extract(out, &opts)
        .unwrap()
}

/// What packing a fresh extraction of `data` gives.
fn extract_and_pack(data: &[u8]) -> gamepak::PackOutcome {
    let out = tempfile::tempdir().unwrap();
    extract(data, out.path());
    gamepak::pack(out.path(), &Default::default()).unwrap()
}
