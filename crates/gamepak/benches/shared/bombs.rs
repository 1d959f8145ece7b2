//! Small files whose one item claims, or inflates to, at least `size` bytes: one per
//! format and decoder, built from the repository's examples and writers.

use std::borrow::Cow;
use std::io::Write;

use gamepak::codec::{crc::crc32, gm_qoi, png};
use gamepak::gbin::{self, model::Body};
use gamepak::native::{self, model::Role};
use gamepak::swag::{self, model::Section};
use gamepak::tng::{container, header};
use gamepak::Format;
use gamepak::{gamemaker, tng};

pub struct Bomb {
    /// `format/decoder/what`.
    pub name: &'static str,
    pub format: Format,
    pub bytes: Vec<u8>,
    /// Whether reading the item must meet the allocation limit. A native table that
    /// inflates past the size its count gives is simply not that table.
    pub meets_limit: bool,
}

fn example(path: &str) -> Vec<u8> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    std::fs::read(format!("{root}{path}")).unwrap()
}

/// A zlib stream of `size` bytes of `fill`, compressed as it is written: at the best
/// level, 2 GiB take 2 MB, so the file stays small beside what it inflates to.
fn zlib_bomb(size: u64, fill: u8) -> Vec<u8> {
    let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let step = vec![fill; 1 << 20];
    let mut left = size;
    while left > 0 {
        let n = left.min(step.len() as u64) as usize;
        enc.write_all(&step[..n]).unwrap();
        left -= n as u64;
    }
    enc.finish().unwrap()
}

/// The smallest square-ish image of at least `size` RGBA bytes that fits u16 sides.
fn sides(size: u64) -> (u32, u32) {
    let w = 16384u64;
    let h = size.div_ceil(4 * w).max(1);
    assert!(
        h <= u64::from(u16::MAX),
        "no u16-sided image holds {size} bytes"
    );
    (w as u32, h as u32)
}

/// A PNG whose header claims `w` by `h` RGBA pixels, with a few bytes of data.
fn png_claiming(w: u32, h: u32) -> Vec<u8> {
    let small = png::encode(&png::Rgba::new(1, 1)).unwrap();
    let mut out = small.clone();
    out[16..20].copy_from_slice(&w.to_be_bytes());
    out[20..24].copy_from_slice(&h.to_be_bytes());
    let crc = crc32(&out[12..29]);
    out[29..33].copy_from_slice(&crc.to_be_bytes());
    out
}

fn gamemaker_pages(pages: Vec<Vec<u8>>) -> Vec<u8> {
    gamemaker::sample::game_with_pages(gamepak::bytes::Endian::Little, pages, 0, 0)
}

fn gamemaker(size: u64) -> Vec<Bomb> {
    let (w, h) = sides(size);
    let mut qoi = gm_qoi::encode(&png::Rgba::new(1, 1)).unwrap();
    qoi[4..6].copy_from_slice(&(w as u16).to_le_bytes());
    qoi[6..8].copy_from_slice(&(h as u16).to_le_bytes());
    let mut bz2 = gm_qoi::encode_bz2(&png::Rgba::new(1, 1), true).unwrap();
    bz2[4..8].copy_from_slice(&qoi[4..8]);
    let bomb = |name, bytes, meets_limit| Bomb {
        name,
        format: Format::GameMaker,
        bytes,
        meets_limit,
    };
    // A page past the limit is verified and extracted as it streams, so a page that
    // claims more than its data holds is found short rather than too large; only a
    // BZip2-QOI page must hold its QOI whole.
    vec![
        bomb(
            "gamemaker/png/page",
            gamemaker_pages(vec![png_claiming(w, h)]),
            false,
        ),
        bomb("gamemaker/qoi/page", gamemaker_pages(vec![qoi]), false),
        bomb("gamemaker/bzip2/page", gamemaker_pages(vec![bz2]), false),
        bomb(
            "gamemaker/bzip2/stream",
            gamemaker_bzip2_stream(size, (size + size / 4).min(640 << 20)),
            true,
        ),
        bomb(
            "gamemaker/qoi/huge-page",
            gamemaker_pages(vec![solid_qoi(sides(size / 2))]),
            false,
        ),
    ]
}

/// A sound QOI page of `w` by `h` opaque black pixels, all in runs: a page larger than
/// the limit that is not a bomb, checked and extracted as it streams.
fn solid_qoi((w, h): (u32, u32)) -> Vec<u8> {
    const LONGEST: u64 = 0x1fff + 33;
    let mut ops = Vec::new();
    let mut left = u64::from(w) * u64::from(h);
    while left > 0 {
        let run = left.min(LONGEST);
        if run <= 32 {
            ops.push(0x40 | (run - 1) as u8);
        } else {
            ops.extend([0x60 | ((run - 33) >> 8) as u8, (run - 33) as u8]);
        }
        left -= run;
    }
    let mut out = b"fioq".to_vec();
    out.extend((w as u16).to_le_bytes());
    out.extend((h as u16).to_le_bytes());
    out.extend((ops.len() as u32).to_le_bytes());
    out.extend(ops);
    out
}

/// A BZip2-QOI page whose header claims `size` bytes of pixels and whose stream holds
/// `holds` bytes of QOI ops (up to a quarter more than `size`, which such an image's
/// QOI may take): with the limit below `holds`, the stream itself is refused.
pub fn gamemaker_bzip2_stream(size: u64, holds: u64) -> Vec<u8> {
    let (w, h) = sides(size);
    let mut out = b"2zoq".to_vec();
    out.extend((w as u16).to_le_bytes());
    out.extend((h as u16).to_le_bytes());
    let mut enc = bzip2::write::BzEncoder::new(out, bzip2::Compression::fast());
    let step = vec![0x40; 1 << 20];
    let mut left = holds;
    while left > 0 {
        let n = left.min(step.len() as u64) as usize;
        enc.write_all(&step[..n]).unwrap();
        left -= n as u64;
    }
    gamemaker_pages(vec![enc.finish().unwrap()])
}

fn native(size: u64) -> Vec<Bomb> {
    let data = example("native/demo.game.bin");
    let with = |role: Role, chunk: Vec<u8>| {
        let mut doc = native::read(&data, &Default::default()).unwrap();
        let (i, _) = doc.chunk(role).expect("the demo has every role");
        doc.chunks[i] = Cow::Owned(chunk);
        native::write(&doc)
    };
    let (w, h) = sides(size);
    vec![
        Bomb {
            name: "native/zlib/script",
            format: Format::Native,
            bytes: with(Role::Script, zlib_bomb(size, b' ')),
            meets_limit: true,
        },
        Bomb {
            name: "native/zlib/sprite-table",
            format: Format::Native,
            bytes: with(Role::SpriteTable, zlib_bomb(size, 0)),
            meets_limit: false,
        },
        Bomb {
            name: "native/png/atlas",
            format: Format::Native,
            bytes: with(Role::Atlas, png_claiming(w, h)),
            meets_limit: true,
        },
    ]
}

/// The TNG demo with its header changed by `edit`, its CRC made right again.
fn tng_with_header(data: &[u8], edit: impl Fn(&mut header::Header)) -> Vec<u8> {
    let mut h = header::Header::read(data).unwrap();
    edit(&mut h);
    let mut out = data.to_vec();
    out[..header::HEADER_LEN].copy_from_slice(&h.write().unwrap());
    let crc = container::file_crc(&out);
    out[header::CRC_AT..header::CRC_AT + 4].copy_from_slice(&crc.to_le_bytes());
    out
}

fn tng(size: u64) -> Vec<Bomb> {
    let demo = example("tng/demo.tng");
    // The section block replaced by a bomb; no assets follow.
    let stream = zlib_bomb(size, 0);
    let mut block = demo[..container::BLOCK_AT - 4].to_vec();
    block.extend((stream.len() as u32 + 4).to_le_bytes());
    block.extend(&stream);
    block.extend(0u32.to_le_bytes());
    let block = tng_with_header(&block, |_| {});
    // Maps of 2^k x 2^k tiles in each of the demo's layers: the smallest k that
    // claims `size` bytes of text.
    let layers = u64::from(header::Header::read(&demo).unwrap().map_layers);
    let k = (0..16u8)
        .find(|&k| (1u64 << (2 * k)) * layers * 6 >= size)
        .unwrap();
    let map = tng_with_header(&demo, |h| h.map_size = k);
    // The atlas, a stored PNG, claiming an image of `size` bytes.
    let read = tng::read::read(&demo, false, &Default::default()).unwrap();
    let atlas = read.assets.iter().find(|a| a.encoding == "png").unwrap();
    let (w, h) = sides(size);
    let claim = png_claiming(w, h);
    let mut png = demo.clone();
    let at = atlas.offset as usize;
    png[at..at + 33].copy_from_slice(&claim[..33]);
    let png = tng_with_header(&png, |_| {});
    let bomb = |name, bytes| Bomb {
        name,
        format: Format::Tng,
        bytes,
        meets_limit: true,
    };
    vec![
        bomb("tng/zlib/section-block", block),
        bomb("tng/rle/map", map),
        bomb("tng/png/atlas", png),
    ]
}

fn swag(size: u64) -> Vec<Bomb> {
    let demo = example("swag/demo.swag");
    let table = swag::OpcodeTable::default_table();
    let edit = |f: &dyn Fn(&mut Section<'_>)| {
        let mut doc = swag::read(&demo, table).unwrap();
        doc.sections.iter_mut().for_each(f);
        swag::write(&doc).unwrap()
    };
    let stream = zlib_bomb(size, 0);
    let (w, h) = sides(size);
    let claim = png_claiming(w, h);
    vec![
        Bomb {
            name: "swag/zlib/scene",
            format: Format::Swag,
            bytes: edit(&|s| {
                if let Section::Scenes(v) = s {
                    v[0].data = swag::model::Blob::owned(stream.clone());
                }
            }),
            meets_limit: true,
        },
        Bomb {
            name: "swag/png/sheet",
            format: Format::Swag,
            bytes: edit(&|s| {
                if let Section::Sheets(v) = s {
                    v[0] = swag::model::Blob::owned(claim.clone());
                }
            }),
            meets_limit: true,
        },
    ]
}

fn gbin(size: u64) -> Vec<Bomb> {
    let mut doc = gbin::synth::demo();
    // Each tile costs 56 bytes on extraction (its value, JSON and TMX text).
    let side = ((size / 56) as f64).sqrt().ceil().min(65535.0) as u16;
    for c in &mut doc.chunks {
        if let Body::Tilemaps(t) = &mut c.body {
            t.entries[0].width = side;
            t.entries[0].height = side;
        }
    }
    vec![Bomb {
        name: "gbin/tiles/tilemap",
        format: Format::Gbin,
        bytes: gbin::write(&doc, gbin::CrcMode::Compute),
        meets_limit: true,
    }]
}

/// Every bomb, each claiming or inflating to at least `size` bytes.
pub fn all(size: u64) -> Vec<Bomb> {
    [
        gamemaker(size),
        native(size),
        tng(size),
        swag(size),
        gbin(size),
    ]
    .into_iter()
    .flatten()
    .collect()
}
