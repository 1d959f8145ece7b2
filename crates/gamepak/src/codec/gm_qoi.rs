//! GameMaker's texture-page encodings: its QOI variant (`fioq`) and BZip2-compressed
//! QOI (`2zoq`). Everything is little-endian.
//!
//! `fioq` (GameMaker's own variant, from an early QOI draft, not standard QOI):
//! - header, 12 bytes: `fioq`, u16 width, u16 height, u32 length of the op bytes that
//!   follow; before 2022.3 GameMaker ended them with 4 zero bytes, counted in the
//!   length, and from 2022.3 with nothing (every 2022.5+ page in the fixtures);
//! - pixels start from opaque black, and a 64-entry colour index (all zero at first)
//!   keyed by `(r ^ g ^ b ^ a) & 63` takes the current pixel after every op;
//! - ops, the most specific tag first (differences are two's complement):
//!   - `00iiiiii`: the index entry i;
//!   - `010nnnnn`: the previous pixel n + 1 times;
//!   - `011nnnnn nnnnnnnn`: the previous pixel n + 33 times;
//!   - `10rrggbb`: 2-bit differences of r, g and b;
//!   - `110rrrrr ggggbbbb`: a 5-bit difference of r, 4-bit ones of g and b;
//!   - `1110rrrr rgggggbb bbbaaaaa`: 5-bit differences of all four channels;
//!   - `1111rgba`: a mask, then the new value of each channel whose bit is set.
//!
//! `2zoq`: `2zoq`, u16 width, u16 height, from GameMaker 2022.5 a u32 length of the
//! `fioq` image, then a bzip2 stream (level 9) holding that image. Nothing in the blob
//! says which header it has or how long the stream is: see [`bz2_header_len`] and
//! [`bz2_blob_len`].

use std::io::Write;

use super::capped::read_capped;
use super::png::Rgba;
use std::ops::ControlFlow;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::{self, Held, Limits};

const QOI_MAGIC: &[u8; 4] = b"fioq";
const BZ2_MAGIC: &[u8; 4] = b"2zoq";
const HEADER: usize = 12;
/// The zero bytes GameMaker appended to the ops before 2022.3.
const PADDING: usize = 4;
/// The longest run one op holds: `011` with n = 0x1fff.
const MAX_RUN: u32 = 0x1fff + 33;
/// The most bytes one pixel can cost: a colour op setting all four channels.
const MAX_OP: u64 = 5;
/// bzip2's end-of-stream marker (the digits of sqrt(pi)), 48 bits, not byte-aligned.
const BZ2_FOOTER: u64 = 0x1772_4538_5090;
const START: [u8; 4] = [0, 0, 0, 255];

/// Whether `data` starts with `fioq`, the magic of GameMaker's QOI variant.
pub fn is_qoi(data: &[u8]) -> bool {
    data.starts_with(QOI_MAGIC)
}

/// Whether `data` starts with `2zoq`, the magic of BZip2-compressed QOI.
pub fn is_bz2_qoi(data: &[u8]) -> bool {
    data.starts_with(BZ2_MAGIC)
}

/// Width and height from the header, no decoding.
pub fn dimensions(data: &[u8]) -> Option<(u32, u32)> {
    if !is_qoi(data) && !is_bz2_qoi(data) {
        return None;
    }
    let w = u16::from_le_bytes([*data.get(4)?, *data.get(5)?]);
    let h = u16::from_le_bytes([*data.get(6)?, *data.get(7)?]);
    Some((w.into(), h.into()))
}

fn hash(px: [u8; 4]) -> usize {
    usize::from((px[0] ^ px[1] ^ px[2] ^ px[3]) & 63)
}

/// Adds the two's-complement difference held in the low `bits` bits of `v`.
fn add(channel: &mut u8, v: u32, bits: u32) {
    let d = ((v << (32 - bits)) as i32) >> (32 - bits);
    *channel = channel.wrapping_add(d as u8);
}

/// Decodes a QOI image, refusing one over the allocation limit from its header
/// before its ops are judged; its pixels are drawn from the run's budget for as long
/// as the image lives.
pub fn decode(data: &[u8], path: &str, limits: &Limits) -> Result<Held<Rgba>> {
    // Anything but a QOI reserves nothing: its header is refused next.
    let (w, h) = dimensions(data)
        .filter(|_| is_qoi(data))
        .unwrap_or_default();
    let reservation = limits.reserve_pixels(path, Some(4), w.into(), h.into())?;
    ops_header(data, path)?;
    let mut img = Rgba::new(w, h);
    let mut out = img.pixels.chunks_exact_mut(4);
    each_pixel(data, path, |px| {
        if let Some(o) = out.next() {
            o.copy_from_slice(&px);
        }
        ControlFlow::Continue(())
    })?;
    Ok(Held::new(img, reservation))
}

/// Decodes every pixel without keeping any, giving the image's sides: how `check`
/// verifies a page of any size.
pub fn verify(data: &[u8], path: &str) -> Result<(u32, u32)> {
    each_pixel(data, path, |_| ControlFlow::Continue(()))
}

/// Decodes the image a row at a time, handing each row to `row` as RGBA until it
/// breaks: a page larger than the limit can be cut up this way, holding a row.
pub fn each_row(
    data: &[u8],
    path: &str,
    mut row: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Result<(u32, u32)> {
    let (w, _) = dimensions(data).unwrap_or_default();
    let width = w as usize * 4;
    let mut line = Vec::with_capacity(width);
    each_pixel(data, path, |px| {
        line.extend_from_slice(&px);
        if line.len() < width {
            return ControlFlow::Continue(());
        }
        let flow = row(&line);
        line.clear();
        flow
    })
}

/// The image's sides and where its ops end, once the header is judged sound: the
/// stated length fits the data and can cover the pixels.
fn ops_header(data: &[u8], path: &str) -> Result<(u32, u32, usize)> {
    let bad = |at: usize, msg: String| Error::invalid(path, at as u64, msg);
    if !is_qoi(data) || data.len() < HEADER {
        return Err(bad(
            0,
            "not a GameMaker QOI image (no 12-byte fioq header)".into(),
        ));
    }
    let (w, h) = dimensions(data).unwrap_or_default();
    let len = u32::from_le_bytes([data[8], data[9], data[10], data[11]]) as usize;
    let end = HEADER.saturating_add(len);
    if end > data.len() {
        return Err(bad(
            8,
            format!("{len} bytes of ops stated, {} present", data.len() - HEADER),
        ));
    }
    // No op covers more than 4112 pixels a byte (a 2-byte run of 8224), so a short
    // blob claiming a big image is refused before its pixels are allocated.
    let pixels = u64::from(w) * u64::from(h);
    if pixels > len as u64 * u64::from(MAX_RUN / 2) {
        return Err(bad(
            8,
            format!("{len} bytes of ops cannot cover {w}x{h} pixels"),
        ));
    }
    Ok((w, h, end))
}

/// Decodes the image, handing each pixel in order to `put` until it breaks.
fn each_pixel(
    data: &[u8],
    path: &str,
    mut put: impl FnMut([u8; 4]) -> ControlFlow<()>,
) -> Result<(u32, u32)> {
    let bad = |at: usize, msg: String| Error::invalid(path, at as u64, msg);
    let (w, h, end) = ops_header(data, path)?;
    let pixels = u64::from(w) * u64::from(h);
    let ops = &data[..end];
    let mut index = [[0u8; 4]; 64];
    let mut px = START;
    let mut run = 0u32;
    let mut pos = HEADER;
    let byte = |pos: &mut usize, op: usize| -> Result<u32> {
        let b = ops.get(*pos).ok_or_else(|| {
            bad(
                op,
                format!("the op at {op} needs bytes past the data's end at {end}"),
            )
        })?;
        *pos += 1;
        Ok(u32::from(*b))
    };
    for i in 0..pixels {
        if run > 0 {
            run -= 1;
        } else {
            let op = pos;
            if op >= end {
                return Err(bad(op, format!("the ops end after {i} of {pixels} pixels")));
            }
            let b1 = byte(&mut pos, op)?;
            match b1 {
                0x00..=0x3f => px = index[b1 as usize],
                0x40..=0x5f => run = b1 & 0x1f,
                0x60..=0x7f => run = ((b1 & 0x1f) << 8 | byte(&mut pos, op)?) + 32,
                0x80..=0xbf => {
                    add(&mut px[0], b1 >> 4, 2);
                    add(&mut px[1], b1 >> 2, 2);
                    add(&mut px[2], b1, 2);
                }
                0xc0..=0xdf => {
                    let b2 = byte(&mut pos, op)?;
                    add(&mut px[0], b1, 5);
                    add(&mut px[1], b2 >> 4, 4);
                    add(&mut px[2], b2, 4);
                }
                0xe0..=0xef => {
                    let v = b1 << 16 | byte(&mut pos, op)? << 8 | byte(&mut pos, op)?;
                    for (c, shift) in [15, 10, 5, 0].into_iter().enumerate() {
                        add(&mut px[c], v >> shift, 5);
                    }
                }
                _ => {
                    for (c, channel) in px.iter_mut().enumerate() {
                        if b1 & (8 >> c) != 0 {
                            *channel = byte(&mut pos, op)? as u8;
                        }
                    }
                }
            }
            index[hash(px)] = px;
        }
        if put(px).is_break() {
            break;
        }
    }
    Ok((w, h))
}

fn fits(v: i32, bits: u32) -> bool {
    let half = 1 << (bits - 1);
    (-half..half).contains(&v)
}

fn push_run(out: &mut Vec<u8>, run: u32) {
    if run <= 32 {
        out.push(0x40 | (run - 1) as u8);
    } else {
        out.extend_from_slice(&[0x60 | ((run - 33) >> 8) as u8, (run - 33) as u8]);
    }
}

/// `fioq` as GameMaker 2022.3 and later write it. Ops are chosen as GameMaker's
/// encoder does (the index is only consulted and filled on a pixel that differs from
/// the previous one), so a page it wrote comes out byte for byte.
pub fn encode(img: &Rgba) -> Result<Vec<u8>> {
    encode_padded(img, false)
}

/// `padded`: end with the 4 zero bytes GameMaker wrote before 2022.3.
pub fn encode_padded(img: &Rgba, padded: bool) -> Result<Vec<u8>> {
    let fail = |msg: String| Error::at("fioq", msg);
    let (Ok(w), Ok(h)) = (u16::try_from(img.width), u16::try_from(img.height)) else {
        return Err(fail(format!(
            "{}x{} does not fit the u16 width and height",
            img.width, img.height
        )));
    };
    if img.pixels.len() as u64 != u64::from(img.width) * u64::from(img.height) * 4 {
        return Err(fail(format!(
            "{} pixel bytes for a {w}x{h} image",
            img.pixels.len()
        )));
    }
    let mut out = Vec::with_capacity(HEADER + img.pixels.len() / 4 + PADDING);
    out.extend_from_slice(QOI_MAGIC);
    out.extend_from_slice(&w.to_le_bytes());
    out.extend_from_slice(&h.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    let mut index = [[0u8; 4]; 64];
    let mut prev = START;
    let mut run = 0u32;
    for px in img.pixels.chunks_exact(4) {
        let px = [px[0], px[1], px[2], px[3]];
        if px == prev {
            run += 1;
            if run == MAX_RUN {
                push_run(&mut out, run);
                run = 0;
            }
            continue;
        }
        if run > 0 {
            push_run(&mut out, run);
            run = 0;
        }
        let k = hash(px);
        if index[k] == px {
            out.push(k as u8);
        } else {
            index[k] = px;
            let d: [i32; 4] = std::array::from_fn(|c| i32::from(px[c]) - i32::from(prev[c]));
            let [r, g, b, a] = d;
            if !d.iter().all(|&v| fits(v, 5)) {
                let mask = (0..4).fold(0u8, |m, c| m | u8::from(d[c] != 0) << (3 - c));
                out.push(0xf0 | mask);
                out.extend((0..4).filter(|&c| d[c] != 0).map(|c| px[c]));
            } else if a == 0 && [r, g, b].iter().all(|&v| fits(v, 2)) {
                out.push(0x80 | ((r & 3) << 4 | (g & 3) << 2 | (b & 3)) as u8);
            } else if a == 0 && fits(g, 4) && fits(b, 4) {
                out.extend_from_slice(&[0xc0 | (r & 31) as u8, ((g & 15) << 4 | (b & 15)) as u8]);
            } else {
                let v = (r & 31) << 15 | (g & 31) << 10 | (b & 31) << 5 | (a & 31);
                out.extend_from_slice(&[0xe0 | (v >> 16) as u8, (v >> 8) as u8, v as u8]);
            }
        }
        prev = px;
    }
    if run > 0 {
        push_run(&mut out, run);
    }
    if padded {
        out.extend_from_slice(&[0; PADDING]);
    }
    let len = u32::try_from(out.len() - HEADER).map_err(|_| {
        fail(format!(
            "{} bytes of ops overflow the u32 length",
            out.len()
        ))
    })?;
    out[8..12].copy_from_slice(&len.to_le_bytes());
    Ok(out)
}

fn bz2_at(data: &[u8], at: usize) -> bool {
    matches!(data.get(at..at + 4), Some([b'B', b'Z', b'h', b'1'..=b'9']))
}

/// A `2zoq` blob's header length: 12 (2022.5+, with the u32 length) or 8, told by
/// where its bzip2 stream (`BZh1`..`BZh9`) starts. 12 is tried first because the
/// other order can be fooled: a length of 0x00685a42 spells `BZh` at 8, while in
/// the short form the bytes at 12 are a block or end marker, never `BZh`.
pub fn bz2_header_len(data: &[u8]) -> Option<usize> {
    if !is_bz2_qoi(data) {
        return None;
    }
    [12, 8].into_iter().find(|&at| bz2_at(data, at))
}

/// Decodes a BZip2-QOI image: refused over the allocation limit from its header
/// before it is inflated, then held as [`decode`] holds it.
pub fn decode_bz2(data: &[u8], path: &str, limits: &Limits) -> Result<Held<Rgba>> {
    if let Some((w, h)) = dimensions(data).filter(|_| is_bz2_qoi(data)) {
        limits.check_pixels(path, Some(4), w.into(), h.into())?;
    }
    let (qoi, start) = bz2_qoi(data, path, limits)?;
    let img = decode(&qoi, path, limits).map_err(|e| inner_error(e, path, start))?;
    same_sides(data, (img.width, img.height), path)?;
    Ok(img)
}

/// [`verify`] for BZip2-QOI: the QOI is inflated (under the limit), its pixels
/// decoded without being kept.
pub fn verify_bz2(data: &[u8], path: &str, limits: &Limits) -> Result<(u32, u32)> {
    each_row_bz2(data, path, limits, |_| ControlFlow::Continue(()))
}

/// [`each_row`] for BZip2-QOI: the QOI is inflated (under the limit), the pixels
/// handed on a row at a time.
pub fn each_row_bz2(
    data: &[u8],
    path: &str,
    limits: &Limits,
    row: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Result<(u32, u32)> {
    let (qoi, start) = bz2_qoi(data, path, limits)?;
    let sides = each_row(&qoi, path, row).map_err(|e| inner_error(e, path, start))?;
    same_sides(data, sides, path)?;
    Ok(sides)
}

/// The QOI image a `2zoq` blob holds, and where its bzip2 stream starts.
fn bz2_qoi(data: &[u8], path: &str, limits: &Limits) -> Result<(Vec<u8>, usize)> {
    let bad = |at: usize, msg: String| Error::invalid(path, at as u64, msg);
    if !is_bz2_qoi(data) || data.len() < 8 {
        return Err(bad(
            0,
            "not a GameMaker BZip2-QOI image (no 2zoq header)".into(),
        ));
    }
    let (w, h) = dimensions(data).unwrap_or_default();
    let start = bz2_header_len(data)
        .ok_or_else(|| bad(8, "no bzip2 stream (BZh1-9) at offset 12 or 8".into()))?;
    // What this image's QOI can need at most, with a little room for a foreign encoder.
    let need = (HEADER + PADDING + 64) as u64 + u64::from(w) * u64::from(h) * MAX_OP;
    let stated = (start == 12).then(|| u32::from_le_bytes([data[8], data[9], data[10], data[11]]));
    if let Some(n) = stated.map(u64::from) {
        if n > need {
            return Err(bad(
                8,
                format!("a {n}-byte QOI is more than {w}x{h} pixels need"),
            ));
        }
        limits.check_size(path, Some(8), "the header states a QOI of", n)?;
    }
    let cap = need.min(limits.max_alloc);
    let qoi = read_capped(
        bzip2::read::BzDecoder::new(&data[start..]),
        cap,
        stated.map(u64::from),
    )
    .map_err(|e| bad(start, format!("the bzip2 stream does not decompress: {e}")))?
    .ok_or_else(|| {
        if cap < need {
            limits::exceeded(
                path,
                Some(start as u64),
                "the BZip2 stream keeps inflating",
                limits.max_alloc,
            )
        } else {
            bad(
                start,
                format!("the bzip2 stream holds more than {w}x{h} pixels need"),
            )
        }
    })?;
    if let Some(n) = stated.filter(|&n| n as usize != qoi.len()) {
        return Err(bad(
            8,
            format!(
                "the header states {n} bytes of QOI, the stream holds {}",
                qoi.len()
            ),
        ));
    }
    Ok((qoi, start))
}

/// An error in the QOI a bzip2 stream held, placed at the stream.
fn inner_error(e: Error, path: &str, start: usize) -> Error {
    if matches!(e.kind, ErrorKind::Limit(_)) {
        return e;
    }
    let inner = e
        .offset
        .map_or(String::new(), |o| format!(" at byte {o} of it"));
    Error::invalid(
        path,
        start as u64,
        format!("the decompressed QOI{inner}: {}", e.kind),
    )
}

/// Refuses a `2zoq` blob whose header and inner QOI disagree on the image's sides.
fn same_sides(data: &[u8], (iw, ih): (u32, u32), path: &str) -> Result<()> {
    let (w, h) = dimensions(data).unwrap_or_default();
    if (iw, ih) != (w, h) {
        return Err(Error::invalid(
            path,
            4,
            format!("the header says {w}x{h}, the QOI inside {iw}x{ih}"),
        ));
    }
    Ok(())
}

/// `with_length`: write the 2022.5+ header form with the u32 uncompressed length.
/// The QOI inside is the 2022.3+ form; see [`encode_bz2_padded`] for older games.
pub fn encode_bz2(img: &Rgba, with_length: bool) -> Result<Vec<u8>> {
    encode_bz2_padded(img, with_length, false)
}

/// `padded`: the QOI inside ends with the 4 zero bytes of GameMaker before 2022.3,
/// which wrote the short header too (`with_length` false).
pub fn encode_bz2_padded(img: &Rgba, with_length: bool, padded: bool) -> Result<Vec<u8>> {
    let qoi = encode_padded(img, padded)?;
    let mut out = Vec::with_capacity(qoi.len() / 2 + 16);
    out.extend_from_slice(BZ2_MAGIC);
    out.extend_from_slice(&qoi[4..8]);
    if with_length {
        let len = u32::try_from(qoi.len()).map_err(|_| Error::at("2zoq", "QOI over 4 GiB"))?;
        out.extend_from_slice(&len.to_le_bytes());
    }
    // Level 9 is what GameMaker writes (`BZh9`); libbzip2 at 9 gives its bytes back.
    let mut enc = bzip2::write::BzEncoder::new(out, bzip2::Compression::best());
    enc.write_all(&qoi)
        .and_then(|()| enc.finish())
        .map_err(|e| Error::at("2zoq", format!("bzip2 compression failed: {e}")))
}

/// Bytes a 2zoq blob occupies: header + bzip2 stream through its footer, CRC and bit
/// padding. The footer is found by its 48-bit marker at any bit position, since
/// bzip2's blocks end mid-byte. The first match is taken, searching forward, so bytes
/// after the blob do not matter; compressed data matching all 48 bits by chance is a
/// 1 in 2^48 event per bit position.
pub fn bz2_blob_len(data: &[u8]) -> Option<usize> {
    let start = bz2_header_len(data)?;
    let stream = &data[start..];
    let mut acc = 0u64;
    for (i, &b) in stream.iter().enumerate() {
        acc = acc << 8 | u64::from(b);
        // Bit `end` (counted from the stream's first bit, most significant first) is
        // the marker's last when the 48 bits ending there match.
        for shift in (0..8).rev() {
            let end = i * 8 + 7 - shift;
            // The marker must lie after the 4-byte `BZhN` stream header.
            if end + 1 >= 32 + 48 && (acc >> shift) & 0xffff_ffff_ffff == BZ2_FOOTER {
                let len = start + (end + 1 + 32).div_ceil(8);
                return (len <= data.len()).then_some(len);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Limits allowing `pixels` RGBA pixels.
    fn lim(pixels: u64) -> Limits {
        Limits::for_max_alloc(pixels.saturating_mul(4))
    }

    /// Every op: runs short, long and over the longest, index hits, each difference
    /// size, colour ops with partial masks, and alpha changes.
    fn sample() -> Rgba {
        let (w, h) = (97u32, 131u32);
        let mut img = Rgba::new(w, h);
        for y in 0..h {
            for x in 0..w {
                let px = match (x / 7 + y / 9) % 6 {
                    0 => [0, 0, 0, 255],
                    1 => [(x * 7) as u8, (y * 3) as u8, 200, 255],
                    2 => [x as u8, x as u8 + 1, x as u8 + 2, 250 - y as u8],
                    3 => [(x * y) as u8, 17, (x ^ y) as u8, (x * 11) as u8],
                    4 => [
                        (x % 3) as u8,
                        (y % 5) as u8 * 6,
                        9,
                        255 - (x % 2) as u8 * 20,
                    ],
                    _ => [9, 9, 9, 9],
                };
                img.put(x, y, px);
            }
        }
        img
    }

    fn solid(w: u32, h: u32, px: [u8; 4]) -> Rgba {
        let mut img = Rgba::new(w, h);
        img.pixels
            .chunks_exact_mut(4)
            .for_each(|p| p.copy_from_slice(&px));
        img
    }

    #[test]
    fn qoi_round_trips() {
        let mut cases = vec![
            sample(),
            Rgba::new(300, 40),
            Rgba::new(0, 0),
            Rgba::new(1, 1),
        ];
        cases.push(solid(MAX_RUN * 3 + 5, 1, START));
        cases.push(solid(MAX_RUN + 33, 2, [1, 2, 3, 4]));
        for img in cases {
            let q = encode(&img).unwrap();
            assert!(is_qoi(&q) && !is_bz2_qoi(&q));
            assert_eq!(dimensions(&q), Some((img.width, img.height)));
            assert_eq!(decode(&q, "t", &lim(1 << 24)).unwrap(), img);
            assert_eq!(verify(&q, "t").unwrap(), (img.width, img.height));
            let mut rows: Vec<u8> = Vec::new();
            each_row(&q, "t", |r| {
                rows.extend(r);
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(rows, img.pixels);
            let padded = encode_padded(&img, true).unwrap();
            assert_eq!(padded[..8], q[..8]);
            assert_eq!(padded[12..], [&q[12..], &[0; PADDING]].concat());
            assert_eq!(decode(&padded, "t", &lim(1 << 24)).unwrap(), img);
        }
    }

    #[test]
    fn ops_decode_as_laid_out() {
        // Start black, colour op to (10, 20, 30, 40), diff8 (-2, +1, 0), diff16
        // (-16, +7, -8), diff24 (+15, -16, +1, -1), index back to the first colour,
        // then a run of 3.
        let ops = [
            0xff,
            10,
            20,
            30,
            40,
            0x80 | 0b10_01_00,
            0xc0 | 0x10,
            0x78,
            0xe7,
            0xc0,
            0x3f,
            hash([10, 20, 30, 40]) as u8,
            0x42,
            0,
            0,
            0,
            0,
        ];
        let mut q = b"fioq\x08\0\x01\0".to_vec();
        q.extend_from_slice(&(ops.len() as u32).to_le_bytes());
        q.extend_from_slice(&ops);
        let img = decode(&q, "t", &lim(400)).unwrap();
        let want: [[u8; 4]; 8] = [
            [10, 20, 30, 40],
            [8, 21, 30, 40],
            [248, 28, 22, 40],
            [7, 12, 23, 39],
            [10, 20, 30, 40],
            [10, 20, 30, 40],
            [10, 20, 30, 40],
            [10, 20, 30, 40],
        ];
        assert_eq!(img.pixels, want.concat());
    }

    #[test]
    fn bz2_round_trips_in_both_header_forms() {
        let img = sample();
        for (with_length, header) in [(false, 8), (true, 12)] {
            for padded in [false, true] {
                let b = encode_bz2_padded(&img, with_length, padded).unwrap();
                assert!(is_bz2_qoi(&b) && !is_qoi(&b));
                assert_eq!(bz2_header_len(&b), Some(header));
                assert_eq!(dimensions(&b), Some((img.width, img.height)));
                assert_eq!(decode_bz2(&b, "t", &lim(1 << 24)).unwrap(), img);
                let sides = (img.width, img.height);
                assert_eq!(verify_bz2(&b, "t", &lim(1 << 24)).unwrap(), sides);
            }
            assert_eq!(
                encode_bz2(&img, with_length).unwrap(),
                encode_bz2_padded(&img, with_length, false).unwrap()
            );
        }
    }

    #[test]
    fn bz2_blob_len_finds_the_stream_end_despite_what_follows() {
        for img in [sample(), Rgba::new(0, 0), solid(640, 480, [3, 1, 4, 1])] {
            for with_length in [false, true] {
                let b = encode_bz2(&img, with_length).unwrap();
                assert_eq!(bz2_blob_len(&b), Some(b.len()));
                for tail in [&[0u8; 200][..], &[0xff; 9], b"2zoq\x17\x72\x45\x38\x50\x90"] {
                    let mut more = b.clone();
                    more.extend_from_slice(tail);
                    assert_eq!(bz2_blob_len(&more), Some(b.len()));
                    assert_eq!(decode_bz2(&more, "t", &lim(1 << 24)).unwrap(), img);
                }
                assert_eq!(bz2_blob_len(&b[..b.len() - 1]), None);
            }
        }
    }

    #[test]
    fn hostile_inputs_are_errors() {
        let q = encode(&sample()).unwrap();
        for n in 0..q.len() {
            assert!(decode(&q[..n], "t", &lim(1 << 24)).is_err(), "cut at {n}");
            assert!(verify(&q[..n], "t").is_err(), "cut at {n}");
        }
        // The stated length shortened with the data: the ops run out before the pixels.
        for cut in 1..4u32 {
            let mut short = q[..q.len() - cut as usize].to_vec();
            let len = (q.len() - HEADER) as u32 - cut;
            short[8..12].copy_from_slice(&len.to_le_bytes());
            assert!(
                decode(&short, "t", &lim(1 << 24)).is_err(),
                "{cut} bytes short"
            );
        }
        let mut short_len = q.clone();
        short_len[8..12].copy_from_slice(&3u32.to_le_bytes());
        assert!(decode(&short_len, "t", &lim(1 << 24)).is_err());
        let mut huge = q.clone();
        huge[4..8].copy_from_slice(&[0xff; 4]);
        assert!(decode(&huge, "t", &lim(1 << 20)).is_err());
        assert!(decode(&huge, "t", &lim(u64::MAX)).is_err());
        // Garbage ops: errors or images, never panics.
        for seed in 0..200u32 {
            let mut g = b"fioq\x10\0\x10\0\x40\0\0\0".to_vec();
            g.extend((0..64).map(|i| (seed.wrapping_mul(2654435761).rotate_left(i) >> 7) as u8));
            let _ = decode(&g, "t", &lim(1 << 20));
        }

        let b = encode_bz2(&sample(), true).unwrap();
        for n in [0, 4, 8, 11, 15, 16, b.len() / 2, b.len() - 1] {
            assert!(
                decode_bz2(&b[..n], "t", &lim(1 << 24)).is_err(),
                "cut at {n}"
            );
            let _ = bz2_blob_len(&b[..n]);
        }
        let mut lying = b.clone();
        lying[8] ^= 1;
        assert!(decode_bz2(&lying, "t", &lim(1 << 24)).is_err());
        let mut bigger = b.clone();
        bigger[4..8].copy_from_slice(&[1, 0, 1, 0]);
        assert!(decode_bz2(&bigger, "t", &lim(1 << 24)).is_err());
        assert!(decode_bz2(&b, "t", &lim(400)).is_err());
        assert!(decode_bz2(b"2zoq\x01\0\x01\0xxxxxxxx", "t", &lim(1 << 20)).is_err());
        // A bomb: far more QOI than a 1x1 image can need.
        let mut bomb = b"2zoq\x01\0\x01\0".to_vec();
        let mut enc = bzip2::write::BzEncoder::new(bomb, bzip2::Compression::fast());
        enc.write_all(&[0u8; 1 << 20]).unwrap();
        bomb = enc.finish().unwrap();
        assert!(decode_bz2(&bomb, "t", &lim(1 << 20)).is_err());
        assert!(encode(&Rgba {
            width: 2,
            height: 2,
            pixels: vec![0; 3]
        })
        .is_err());
        assert!(encode(&Rgba::new(70_000, 1)).is_err());
    }
}
