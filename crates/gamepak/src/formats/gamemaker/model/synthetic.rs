//! Synthetic GameMaker files made by our own writers, for benchmarks and fuzz seeds:
//! a GEN8, one TPAG item per page, and large texture and audio blobs.

use std::borrow::Cow;

use crate::bytes::Endian;
use crate::formats::gamemaker::model::chunks::audio::Audio;
use crate::formats::gamemaker::model::chunks::texture_items::{TextureItem, TextureItems};
use crate::formats::gamemaker::model::chunks::textures::{Page, Textures};
use crate::formats::gamemaker::model::chunks::Body;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::{model, model::Part};
use crate::fourcc::FourCC;

/// A PNG-framed blob of about `size` bytes: a real signature, IHDR and IEND around one
/// large IDAT, which is all the reader looks at.
fn page_blob(size: usize, width: u32) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut chunk = |kind: &[u8; 4], data: &[u8]| {
        b.extend_from_slice(&(data.len() as u32).to_be_bytes());
        b.extend_from_slice(kind);
        b.extend_from_slice(data);
        b.extend_from_slice(
            &crate::codec::crc::crc32(&[kind.as_slice(), data].concat()).to_be_bytes(),
        );
    };
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(b"IHDR", &ihdr);
    chunk(b"IDAT", &vec![0x55; size.saturating_sub(57)]);
    chunk(b"IEND", &[]);
    b
}

/// A file of `pages` texture pages and `clips` sounds, each blob `blob_size` bytes.
pub fn game(pages: usize, clips: usize, blob_size: usize) -> Vec<u8> {
    game_in(Endian::Little, pages, clips, blob_size)
}

/// [`game`] in either byte order (`MROF` when big-endian).
pub fn game_in(endian: Endian, pages: usize, clips: usize, blob_size: usize) -> Vec<u8> {
    let blobs = (0..pages).map(|_| page_blob(blob_size, 2048)).collect();
    game_with_pages(endian, blobs, clips, blob_size)
}

/// A file whose texture pages are `blobs` as given (PNG, QOI or BZip2-QOI), each with
/// one 64x64 TPAG item, and `clips` sounds of `clip_size` bytes.
pub fn game_with_pages(
    endian: Endian,
    blobs: Vec<Vec<u8>>,
    clips: usize,
    clip_size: usize,
) -> Vec<u8> {
    // GEN8 of a GameMaker Studio 2 game at bytecode 17 with no rooms: 132 bytes of
    // fields, then 64 of the GMS2 block, so the model reads it as GameMaker lays it.
    let mut gen8 = vec![0u8; 196];
    gen8[1] = 17;
    let major = if endian == Endian::Big { 47 } else { 44 };
    gen8[major] = 2;
    let items = (0..blobs.len())
        .map(|i| {
            Some(TextureItem {
                source: [0, 0, 64, 64],
                target: [0, 0, 64, 64],
                bounds: [64, 64],
                page: i as u16,
            })
        })
        .collect();
    let pages = blobs
        .into_iter()
        .map(|b| {
            Some(Page {
                blob: Some(Cow::Owned(b)),
                ..Page::default()
            })
        })
        .collect();
    let clip: Vec<u8> = [b"OggS".as_slice(), &vec![0xaa; clip_size.saturating_sub(4)]].concat();
    let clips = (0..clips)
        .map(|_| Some(Cow::Borrowed(clip.as_slice())))
        .collect();
    // Texture entries of 12 bytes (scaled, mipmaps, blob), as from 2.0.6 until 2022.3.
    let version = Version::V2_0_6;
    let chunks = vec![
        Part::new(
            FourCC::GEN8,
            endian,
            Body::Stored {
                bytes: &gen8,
                at: None,
                why: None,
            },
            version,
        ),
        Part::new(
            FourCC::TPAG,
            endian,
            Body::TextureItems(TextureItems { items }),
            version,
        ),
        Part::new(
            FourCC::TXTR,
            endian,
            Body::Textures(Textures { pages }),
            version,
        ),
        Part::new(FourCC::AUDO, endian, Body::Audio(Audio { clips }), version),
    ];
    model::Game::new(endian, 16, 17, chunks, &[])
        .write()
        .expect("a synthetic file fits in u32")
}
