//! Synthetic GameMaker files made by our own writers, for benchmarks and fuzz seeds:
//! a GEN8, one TPAG item per page, and large texture and audio blobs.

use super::container::{self, stored_name};
use super::{audo, txtr};
use crate::bytes::{Endian, Writer};

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
    let pages = blobs.len();
    // GEN8 of a GameMaker Studio 2 game at bytecode 17 with no rooms: 132 bytes of
    // fields, then 64 of the GMS2 block, so the model reads it as GameMaker lays it.
    let mut gen8 = vec![0u8; 196];
    gen8[1] = 17;
    let major = if endian == Endian::Big { 47 } else { 44 };
    gen8[major] = 2;
    let mut tpag = Writer::new(endian);
    let tpag_at = 8 + 8 + gen8.len() as u64 + 8;
    tpag.u32(pages as u32);
    for i in 0..pages {
        tpag.u32((tpag_at + 4 + 4 * pages as u64 + 22 * i as u64) as u32);
    }
    for i in 0..pages {
        [0u16, 0, 64, 64, 0, 0, 64, 64, 64, 64, i as u16]
            .iter()
            .for_each(|v| tpag.u16(*v));
    }
    while !(tpag_at + tpag.len() as u64).is_multiple_of(16) {
        tpag.u8(0);
    }
    let txtr_at = tpag_at + tpag.len() as u64 + 8;
    let model = txtr::Txtr {
        entry_size: 12,
        pages: (0..pages)
            .map(|_| txtr::Page {
                fields: vec![0, 0],
                blob: None,
                blob_offset: 0,
                format: txtr::PageFormat::Png,
            })
            .collect(),
    };
    let blobs: Vec<Option<Vec<u8>>> = blobs.into_iter().map(Some).collect();
    let txtr_body = txtr::write(&model, &blobs, txtr_at, 16, endian);
    drop(blobs);
    let audo_at = txtr_at + txtr_body.len() as u64 + 8;
    let clip: Vec<u8> = [b"OggS".as_slice(), &vec![0xaa; clip_size.saturating_sub(4)]].concat();
    let refs: Vec<&[u8]> = (0..clips).map(|_| clip.as_slice()).collect();
    let audo_body = audo::write(&refs, audo_at, 1, endian);
    let chunks: Vec<([u8; 4], &[u8])> = vec![
        (stored_name(b"GEN8", endian), &gen8),
        (stored_name(b"TPAG", endian), tpag.as_slice()),
        (stored_name(b"TXTR", endian), &txtr_body),
        (stored_name(b"AUDO", endian), &audo_body),
    ];
    container::write(endian, &chunks).expect("a synthetic file fits in u32")
}
