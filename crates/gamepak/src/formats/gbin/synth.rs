//! Packages made in code, for examples, tests, benchmarks and fuzzing seeds.

use crate::FourCC;
use std::borrow::Cow;

use super::model::*;
use super::pixel::{self, PixelFormat};

fn chunk(id: FourCC, body: Body<'static>) -> Chunk<'static> {
    Chunk {
        id,
        offset: 0,
        body,
    }
}

fn header(name: &str) -> Header {
    let mut n = [0u8; 12];
    for (d, s) in n.iter_mut().zip(name.bytes()) {
        *d = s;
    }
    Header {
        size: HEADER_LEN as u8,
        flags: 0,
        version: *b"02",
        crc: [0; 4],
        name: n,
        reserved: RESERVED_REFERENCE,
    }
}

fn name16(s: &str) -> [u8; 16] {
    let mut n = [0u8; 16];
    for (d, b) in n.iter_mut().zip(s.bytes().take(15)) {
        *d = b;
    }
    n
}

/// A gradient with a soft circle, so that every pixel format shows something.
fn picture(w: u32, h: u32, seed: u32) -> Vec<u8> {
    let mut rgba = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let dx = x as i32 * 2 - w as i32;
            let dy = y as i32 * 2 - h as i32;
            let inside = dx * dx + dy * dy <= (w.min(h) as i32).pow(2);
            rgba.extend_from_slice(&[
                (x * 255 / w.max(1)) as u8 ^ seed as u8,
                (y * 255 / h.max(1)) as u8,
                (seed * 40) as u8,
                if inside { 255 } else { 0 },
            ]);
        }
    }
    rgba
}

fn pad4(v: &mut Vec<u8>) {
    v.resize(v.len().next_multiple_of(4), 0);
}

/// A small package holding every kind of chunk of the reference layout, plus a
/// string table and a sound sample.
pub fn demo() -> Gbin<'static> {
    let formats = [
        PixelFormat::Argb8888,
        PixelFormat::Rgb888,
        PixelFormat::Rgb565,
        PixelFormat::Argb1555,
        PixelFormat::Argb4444,
        PixelFormat::L8,
        PixelFormat::Al44,
        PixelFormat::Al88,
        PixelFormat::A8,
    ];
    let mut imgd = Vec::new();
    let mut images = Vec::new();
    for (i, pf) in formats.iter().enumerate() {
        let (w, h) = (16, 12);
        images.push(Image {
            width: w,
            height: h,
            x_origin: w / 2,
            y_origin: h / 2,
            line_offset: 0,
            pixel_format: pf.code(),
            palette: 0,
            offset: imgd.len() as u32,
        });
        imgd.extend(pixel::encode(*pf, &picture(w as u32, h as u32, i as u32)));
        pad4(&mut imgd);
    }
    let tiles_at = imgd.len() as u32;
    for t in 0..4 {
        imgd.extend(pixel::encode(PixelFormat::Rgb565, &picture(8, 8, 10 + t)));
    }
    let groups = vec![
        Group {
            base: 0,
            count: 5,
            first: 0,
            name: name16("hero"),
        },
        Group {
            base: 100,
            count: 4,
            first: 5,
            name: name16("greys"),
        },
    ];
    let frames = (0..5)
        .map(|i| Frame {
            group: 0,
            image: i,
            time: 6,
            x: 0,
            y: -1,
            reserved: 0,
        })
        .collect();
    let sequences = vec![Sequence {
        mode: 2,
        reserved: 0,
        frame_count: 5,
        first_frame: 0,
    }];
    let tilesets = vec![Tileset {
        tile_width: 8,
        tile_height: 8,
        pixel_format: PixelFormat::Rgb565.code(),
        palette: 0,
        tile_count: 4,
        id: 1,
        offset: tiles_at,
    }];
    // A 12x6 map in 4x4 blocks: 3x2 blocks, tile values 0-3, one byte each.
    let (mw, mh, bs) = (12u16, 6u16, 4u8);
    let mut tmix = Vec::new();
    let mut tmbl = Vec::new();
    for b in 0..6u16 {
        tmix.extend_from_slice(&b.to_le_bytes());
        for c in 0..16u16 {
            tmbl.push(((b + c) % 4) as u8);
        }
    }
    let colours: Vec<u8> = [[0u8, 0, 0], [255, 255, 255], [200, 40, 40], [40, 200, 40]]
        .iter()
        .flat_map(|&[r, g, b]| [b, g, r, 255])
        .collect();
    let files: [(&str, &[u8], &[u8; 4]); 2] = [
        ("readme.txt", b"A gamepak demo package.\n", b"TXT\0"),
        ("level1.json", b"{\"start\": [2, 3]}\n", b"JSON"),
    ];
    let mut fdat = Vec::new();
    let mut fdir = Vec::new();
    for (name, data, ty) in files {
        fdir.push(FileEntry {
            file_type: *ty,
            size: data.len() as u32,
            offset: fdat.len() as u32,
            name: name16(name),
        });
        fdat.extend_from_slice(data);
        pad4(&mut fdat);
    }
    let strings = ["Start", "Options", "Quit", "Grüße"];
    let mut sdata = Vec::new();
    let mut sentries = Vec::new();
    for s in strings {
        sentries.push((sdata.len() as u16, s.len() as u16));
        sdata.extend_from_slice(s.as_bytes());
    }
    pad4(&mut sdata);
    let samples: Vec<u8> = (0..2205u32)
        .flat_map(|i| {
            let v = ((i as f32 * 0.0628).sin() * 12000.0) as i16;
            v.to_le_bytes()
        })
        .collect();
    Gbin {
        header: header("demo"),
        chunks: vec![
            chunk(FourCC::IMGD, Body::ImageData(Cow::Owned(imgd))),
            chunk(
                FourCC::IMAG,
                Body::Images(ImagVersion::V2, Table::new(images)),
            ),
            chunk(FourCC::IGRP, Body::Groups(Table::new(groups))),
            chunk(FourCC::IFRM, Body::Frames(Table::new(frames))),
            chunk(FourCC::ISEQ, Body::Sequences(Table::new(sequences))),
            chunk(FourCC::TSET, Body::Tilesets(Table::new(tilesets))),
            chunk(FourCC::TMIX, Body::TileIndices(Cow::Owned(tmix))),
            chunk(FourCC::TMBL, Body::TileBlocks(Cow::Owned(tmbl))),
            chunk(
                FourCC::TMAP,
                Body::Tilemaps(Table::new(vec![TilemapEntry {
                    id: 1,
                    width: mw,
                    height: mh,
                    index_count: 6,
                    index_offset: 0,
                    block_count: 6,
                    block_offset: 0,
                    block_size: bs,
                    tile_size: 1,
                    reserved: 0,
                }])),
            ),
            chunk(FourCC::COLR, Body::Colours(Cow::Owned(colours))),
            chunk(
                FourCC::CMAP,
                Body::ColourMaps(Table::new(vec![ColourMapEntry {
                    count: 4,
                    offset: 0,
                }])),
            ),
            chunk(FourCC::FDAT, Body::FileData(Cow::Owned(fdat))),
            chunk(FourCC::FDIR, Body::FileDirectory(Table::new(fdir))),
            chunk(
                FourCC::STRT,
                Body::Strings(StringTable {
                    language: *b"ENGB",
                    reserved: 0,
                    entries: sentries,
                    data: Cow::Owned(sdata),
                }),
            ),
            chunk(
                FourCC::SWAV,
                Body::Sounds(Table::new(vec![SoundSample {
                    rate: 22050,
                    format: 2,
                    compression: 0,
                    sample_count: 2205,
                    offset: 0,
                }])),
            ),
            chunk(FourCC::WAVD, Body::WaveData(Cow::Owned(samples))),
            chunk(FourCC::ENDC, Body::End(Cow::Borrowed(&[]))),
        ],
        trailing: Cow::Borrowed(&[]),
    }
}

/// A package of `images` ARGB8888 images of `image_bytes` bytes each (rounded to
/// whole 16-pixel rows), in groups of 256, for measuring listing and extraction.
pub fn package(images: usize, image_bytes: usize) -> Gbin<'static> {
    let width = 16u16;
    let height = (image_bytes / (width as usize * 4)).clamp(1, u16::MAX as usize) as u16;
    let len = width as usize * height as usize * 4;
    let pixels = pixel::encode(
        PixelFormat::Argb8888,
        &picture(width as u32, height as u32, 3),
    );
    let mut imgd = Vec::with_capacity(len * images);
    let mut entries = Vec::with_capacity(images);
    for _ in 0..images {
        entries.push(Image {
            width,
            height,
            x_origin: 0,
            y_origin: 0,
            line_offset: 0,
            pixel_format: PixelFormat::Argb8888.code(),
            palette: 0,
            offset: imgd.len() as u32,
        });
        imgd.extend_from_slice(&pixels);
    }
    let groups = (0..images.div_ceil(256))
        .map(|g| Group {
            base: 0,
            count: (images - g * 256).min(256) as u16,
            first: (g * 256) as u32,
            name: name16(&format!("g{g}")),
        })
        .collect();
    Gbin {
        header: header("bench"),
        chunks: vec![
            chunk(FourCC::IMGD, Body::ImageData(Cow::Owned(imgd))),
            chunk(
                FourCC::IMAG,
                Body::Images(ImagVersion::V2, Table::new(entries)),
            ),
            chunk(FourCC::IGRP, Body::Groups(Table::new(groups))),
            chunk(FourCC::ENDC, Body::End(Cow::Borrowed(&[]))),
        ],
        trailing: Cow::Borrowed(&[]),
    }
}
