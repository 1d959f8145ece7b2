//! GameMaker's texture encodings: its QOI variant (`fioq`) and BZip2-compressed QOI
//! (`2zoq`).
//!
//! `fioq`: a 12-byte little-endian header (magic, u16 width, u16 height, u32 length
//! of what follows, 4 zero bytes of padding included), then ops from an early QOI
//! draft. The previous pixel starts as opaque black; a 64-entry index is keyed by
//! `(r ^ g ^ b ^ a) & 63` and updated after every op:
//! - `00iiiiii` index; `010nnnnn` run of n+1; `011nnnnn nnnnnnnn` run of n+33;
//! - `10rrggbb` 2-bit signed differences of r, g, b;
//! - `110rrrrr ggggbbbb` 5-bit r, 4-bit g and b differences;
//! - `1110rrrr rgggggbb bbbaaaaa` 5-bit differences of all four channels;
//! - `1111rgba` then a byte for each channel whose bit is set.
//!
//! `2zoq`: magic, u16 width, u16 height, from 2022.5 a u32 length of the QOI data,
//! then a bzip2 stream of a `fioq` image. The two headers are told apart by where the
//! bzip2 stream (`BZh`) starts.

use std::io::{Read, Write};

use super::png::Rgba;
use crate::error::{Error, Result};

const HEADER: usize = 12;
const PADDING: usize = 4;
const MAX_RUN: u32 = 0x2020;

pub fn is_qoi(data: &[u8]) -> bool {
    data.starts_with(b"fioq")
}

pub fn is_bz2_qoi(data: &[u8]) -> bool {
    data.starts_with(b"2zoq")
}

/// Width and height from either header, without decoding.
pub fn dimensions(data: &[u8]) -> Option<(u32, u32)> {
    if !is_qoi(data) && !is_bz2_qoi(data) {
        return None;
    }
    let w = u16::from_le_bytes([*data.get(4)?, *data.get(5)?]);
    let h = u16::from_le_bytes([*data.get(6)?, *data.get(7)?]);
    Some((w.into(), h.into()))
}

fn hash(px: [u8; 4]) -> usize {
    ((px[0] ^ px[1] ^ px[2] ^ px[3]) & 63) as usize
}

/// Sign-extends the low `bits` bits of `v`.
fn signed(v: u32, bits: u32) -> u8 {
    (((v << (32 - bits)) as i32) >> (32 - bits)) as u8
}

pub fn decode(data: &[u8], path: &str, max_pixels: u64) -> Result<Rgba> {
    let bad = |at: usize, msg: &str| Error::invalid(path, at as u64, msg.to_string());
    if !is_qoi(data) || data.len() < HEADER {
        return Err(bad(0, "not a GameMaker QOI image (no fioq header)"));
    }
    let (w, h) = dimensions(data).expect("header checked");
    if u64::from(w) * u64::from(h) > max_pixels {
        return Err(bad(4, "image exceeds the pixel limit"));
    }
    let len = u32::from_le_bytes(data[8..12].try_into().expect("4 bytes")) as usize;
    let end = HEADER
        .checked_add(len)
        .filter(|&e| e <= data.len())
        .ok_or_else(|| bad(8, "the stated data length runs past the end"))?;
    let mut img = Rgba::new(w, h);
    let mut index = [[0u8; 4]; 64];
    let mut px = [0u8, 0, 0, 255];
    let mut run = 0u32;
    let mut pos = HEADER;
    let next = |pos: &mut usize| -> Result<u32> {
        let b = *data[..end]
            .get(*pos)
            .ok_or_else(|| bad(*pos, "an op runs past the end of the data"))?;
        *pos += 1;
        Ok(b.into())
    };
    for out in img.pixels.chunks_exact_mut(4) {
        if run > 0 {
            run -= 1;
        } else if pos < end {
            let b1 = next(&mut pos)?;
            if b1 & 0xc0 == 0x00 {
                px = index[b1 as usize & 63];
            } else if b1 & 0xe0 == 0x40 {
                run = b1 & 0x1f;
            } else if b1 & 0xe0 == 0x60 {
                run = ((b1 & 0x1f) << 8 | next(&mut pos)?) + 32;
            } else if b1 & 0xc0 == 0x80 {
                px[0] = px[0].wrapping_add(signed(b1 >> 4, 2));
                px[1] = px[1].wrapping_add(signed(b1 >> 2, 2));
                px[2] = px[2].wrapping_add(signed(b1, 2));
            } else if b1 & 0xe0 == 0xc0 {
                let v = b1 << 8 | next(&mut pos)?;
                px[0] = px[0].wrapping_add(signed(v >> 8, 5));
                px[1] = px[1].wrapping_add(signed(v >> 4, 4));
                px[2] = px[2].wrapping_add(signed(v, 4));
            } else if b1 & 0xf0 == 0xe0 {
                let v = b1 << 16 | next(&mut pos)? << 8 | next(&mut pos)?;
                px[0] = px[0].wrapping_add(signed(v >> 15, 5));
                px[1] = px[1].wrapping_add(signed(v >> 10, 5));
                px[2] = px[2].wrapping_add(signed(v >> 5, 5));
                px[3] = px[3].wrapping_add(signed(v, 5));
            } else {
                for (c, channel) in px.iter_mut().enumerate() {
                    if b1 & (8 >> c) != 0 {
                        *channel = next(&mut pos)? as u8;
                    }
                }
            }
            index[hash(px)] = px;
        }
        out.copy_from_slice(&px);
    }
    Ok(img)
}

fn fits(v: i32, bits: u32) -> bool {
    let half = 1 << (bits - 1);
    (-half..half).contains(&v)
}

pub fn encode(img: &Rgba) -> Result<Vec<u8>> {
    let w = u16::try_from(img.width).ok();
    let h = u16::try_from(img.height).ok();
    let (Some(w), Some(h)) = (w, h) else {
        return Err(Error::at(
            "qoi",
            format!("{}x{} exceeds QOI's 65535 limit", img.width, img.height),
        ));
    };
    let mut out = Vec::with_capacity(HEADER + img.pixels.len() / 2 + PADDING);
    out.extend_from_slice(b"fioq");
    out.extend_from_slice(&w.to_le_bytes());
    out.extend_from_slice(&h.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    let mut index = [[0u8; 4]; 64];
    let mut prev = [0u8, 0, 0, 255];
    let mut run = 0u32;
    let count = img.pixels.len() / 4;
    for (i, px) in img.pixels.chunks_exact(4).enumerate() {
        let px: [u8; 4] = px.try_into().expect("4 bytes");
        if px == prev {
            run += 1;
        }
        if run > 0 && (run == MAX_RUN || px != prev || i == count - 1) {
            if run < 33 {
                out.push(0x40 | (run - 1) as u8);
            } else {
                let n = run - 33;
                out.push(0x60 | (n >> 8) as u8);
                out.push(n as u8);
            }
            run = 0;
        }
        if px != prev {
            let k = hash(px);
            if index[k] == px {
                out.push(k as u8);
            } else {
                index[k] = px;
                let d: [i32; 4] = std::array::from_fn(|c| i32::from(px[c]) - i32::from(prev[c]));
                let [r, g, b, a] = d;
                if d.iter().all(|&v| fits(v, 5)) {
                    if a == 0 && fits(r, 2) && fits(g, 2) && fits(b, 2) {
                        out.push(0x80 | ((r & 3) << 4 | (g & 3) << 2 | (b & 3)) as u8);
                    } else if a == 0 && fits(g, 4) && fits(b, 4) {
                        out.push(0xc0 | (r & 31) as u8);
                        out.push(((g & 15) << 4 | (b & 15)) as u8);
                    } else {
                        let v = (r & 31) << 15 | (g & 31) << 10 | (b & 31) << 5 | (a & 31);
                        out.push(0xe0 | (v >> 16 & 15) as u8);
                        out.push((v >> 8) as u8);
                        out.push(v as u8);
                    }
                } else {
                    let mask = (0..4).fold(0u8, |m, c| m | if d[c] != 0 { 8 >> c } else { 0 });
                    out.push(0xf0 | mask);
                    (0..4).filter(|&c| d[c] != 0).for_each(|c| out.push(px[c]));
                }
            }
        }
        prev = px;
    }
    out.extend_from_slice(&[0; PADDING]);
    let len = (out.len() - HEADER) as u32;
    out[8..12].copy_from_slice(&len.to_le_bytes());
    Ok(out)
}

/// Where a `2zoq` blob's bzip2 stream starts: 12 when the header carries the length.
fn bz2_start(data: &[u8]) -> Option<usize> {
    [8, 12]
        .into_iter()
        .find(|&at| data.get(at..at + 3) == Some(b"BZh"))
}

pub fn decode_bz2(data: &[u8], path: &str, max_pixels: u64) -> Result<Rgba> {
    let bad = |at: u64, msg: String| Error::invalid(path, at, msg);
    let (w, h) = dimensions(data)
        .filter(|_| is_bz2_qoi(data))
        .ok_or_else(|| bad(0, "not a GameMaker BZip2-QOI image (no 2zoq header)".into()))?;
    if u64::from(w) * u64::from(h) > max_pixels {
        return Err(bad(4, "image exceeds the pixel limit".into()));
    }
    let start = bz2_start(data).ok_or_else(|| bad(8, "no bzip2 stream at 8 or 12".into()))?;
    // The worst QOI spends five bytes a pixel; anything longer is not this image.
    let limit = (HEADER + PADDING) as u64 + u64::from(w) * u64::from(h) * 5;
    let mut qoi = Vec::new();
    bzip2::read::BzDecoder::new(&data[start..])
        .take(limit + 1)
        .read_to_end(&mut qoi)
        .map_err(|e| {
            bad(
                start as u64,
                format!("the bzip2 stream does not decompress: {e}"),
            )
        })?;
    if qoi.len() as u64 > limit {
        return Err(bad(
            start as u64,
            "the bzip2 stream holds more than the image".into(),
        ));
    }
    let img = decode(&qoi, path, max_pixels)?;
    if (img.width, img.height) != (w, h) {
        return Err(bad(
            4,
            "the header's size differs from the QOI image inside".into(),
        ));
    }
    Ok(img)
}

pub fn encode_bz2(img: &Rgba, with_length: bool) -> Result<Vec<u8>> {
    let qoi = encode(img)?;
    let mut out = Vec::with_capacity(qoi.len() / 2 + 16);
    out.extend_from_slice(b"2zoq");
    out.extend_from_slice(&qoi[4..8]);
    if with_length {
        out.extend_from_slice(&(qoi.len() as u32).to_le_bytes());
    }
    let mut enc = bzip2::write::BzEncoder::new(out, bzip2::Compression::best());
    enc.write_all(&qoi).expect("writing to memory");
    Ok(enc.finish().expect("writing to memory"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Rgba {
        let mut img = Rgba::new(37, 21);
        for y in 0..21 {
            for x in 0..37 {
                let px = match (x / 6 + y / 5) % 5 {
                    0 => [0, 0, 0, 255],
                    1 => [x as u8 * 7, y as u8 * 3, 200, 255],
                    2 => [x as u8, x as u8 + 1, x as u8 + 2, 250 - y as u8],
                    3 => [(x * y) as u8, 17, (x ^ y) as u8, (x * 11) as u8],
                    _ => [9, 9, 9, 9],
                };
                img.put(x, y, px);
            }
        }
        img
    }

    #[test]
    fn qoi_round_trips() {
        let img = sample();
        let q = encode(&img).unwrap();
        assert_eq!(dimensions(&q), Some((37, 21)));
        assert_eq!(decode(&q, "t", 1 << 20).unwrap(), img);
        let flat = Rgba::new(300, 40);
        assert_eq!(decode(&encode(&flat).unwrap(), "t", 1 << 20).unwrap(), flat);
    }

    #[test]
    fn bz2_round_trips_in_both_header_forms() {
        let img = sample();
        for with_length in [false, true] {
            let b = encode_bz2(&img, with_length).unwrap();
            assert_eq!(bz2_start(&b), Some(if with_length { 12 } else { 8 }));
            assert_eq!(decode_bz2(&b, "t", 1 << 20).unwrap(), img);
        }
    }

    #[test]
    fn hostile_inputs_are_errors() {
        let q = encode(&sample()).unwrap();
        for n in 0..q.len() - PADDING {
            let _ = decode(&q[..n], "t", 1 << 20);
        }
        let mut huge = q.clone();
        huge[4..8].copy_from_slice(&[0xff; 4]);
        assert!(decode(&huge, "t", 1 << 20).is_err());
        let b = encode_bz2(&sample(), true).unwrap();
        assert!(decode_bz2(&b[..b.len() / 2], "t", 1 << 20).is_err());
        assert!(decode_bz2(b"2zoq\x01\0\x01\0xxxx", "t", 1 << 20).is_err());
    }
}
