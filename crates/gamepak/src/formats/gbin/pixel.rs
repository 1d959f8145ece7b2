//! GBIN pixel formats: codes, sizes, and conversion to and from 8-bit RGBA.
//!
//! Values are stored in the package's byte order. This module works in little-endian
//! order, and [`swap_order`] reverses each pixel's bytes for a big-endian package.
//! Decoding widens each channel by bit replication, so encoding a decoded pixel gives
//! back the stored bits exactly: that is what lets an unedited PNG pack back to
//! identical bytes.

use serde::{Deserialize, Serialize};

/// A pixel format of IMAG and TSET entries, by its stored code (0-11). Values below are
/// as stored in a little-endian package: a big-endian one has each pixel's bytes reversed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PixelFormat {
    /// Code 0: 32 bits, 8 per channel: bytes B, G, R, A.
    Argb8888 = 0,
    /// Code 1: 24 bits, 8 per channel: bytes B, G, R; opaque.
    Rgb888 = 1,
    /// Code 2: 16 bits: red 5 (top bits), green 6, blue 5; opaque.
    Rgb565 = 2,
    /// Code 3: 16 bits: alpha 1 (top bit, set when alpha is at least 0x80), then red, green
    /// and blue 5 each.
    Argb1555 = 3,
    /// Code 4: 16 bits, 4 per channel: alpha in the top nibble, then red, green, blue.
    Argb4444 = 4,
    /// Code 5: 8-bit luminance, the integer mean of red, green and blue; opaque.
    L8 = 5,
    /// Code 6: 8 bits: alpha in the top nibble, luminance in the bottom.
    Al44 = 6,
    /// Code 7: 16 bits: luminance in the first byte, alpha in the second.
    Al88 = 7,
    /// Code 8: 4-bit luminance; the reference packer writes no data for it.
    L4 = 8,
    /// Code 9: 8-bit alpha and no colour (decoded as white).
    A8 = 9,
    /// Code 10: 4-bit alpha; the reference packer writes no data for it.
    A4 = 10,
    /// Code 11: 8-bit indexed; the reference packer writes no data for it.
    I8 = 11,
}

impl PixelFormat {
    /// Every format in code order: `ALL[code]` is the format stored as `code`.
    pub const ALL: [PixelFormat; 12] = [
        PixelFormat::Argb8888,
        PixelFormat::Rgb888,
        PixelFormat::Rgb565,
        PixelFormat::Argb1555,
        PixelFormat::Argb4444,
        PixelFormat::L8,
        PixelFormat::Al44,
        PixelFormat::Al88,
        PixelFormat::L4,
        PixelFormat::A8,
        PixelFormat::A4,
        PixelFormat::I8,
    ];

    /// The format stored as `code`; `None` for codes past 11.
    pub fn from_code(code: u8) -> Option<PixelFormat> {
        Self::ALL.get(code as usize).copied()
    }

    /// The code stored in IMAG and TSET entries (0-11).
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The name used in .gap scripts and in manifests.
    pub fn name(self) -> &'static str {
        match self {
            PixelFormat::Argb8888 => "ARGB8888",
            PixelFormat::Rgb888 => "RGB888",
            PixelFormat::Rgb565 => "RGB565",
            PixelFormat::Argb1555 => "ARGB1555",
            PixelFormat::Argb4444 => "ARGB4444",
            PixelFormat::L8 => "L8",
            PixelFormat::Al44 => "AL44",
            PixelFormat::Al88 => "AL88",
            PixelFormat::L4 => "L4",
            PixelFormat::A8 => "A8",
            PixelFormat::A4 => "A4",
            PixelFormat::I8 => "I8",
        }
    }

    /// Case-insensitive lookup by name.
    pub fn from_name(name: &str) -> Option<PixelFormat> {
        Self::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// Bytes per pixel as the reference packer stores it. L4, A4 and I8 are never
    /// encoded by the packer: their images carry zero bytes of data.
    pub fn bytes_per_pixel(self) -> usize {
        match self {
            PixelFormat::Argb8888 => 4,
            PixelFormat::Rgb888 => 3,
            PixelFormat::Rgb565
            | PixelFormat::Argb1555
            | PixelFormat::Argb4444
            | PixelFormat::Al88 => 2,
            PixelFormat::L8 | PixelFormat::Al44 | PixelFormat::A8 => 1,
            PixelFormat::L4 | PixelFormat::A4 | PixelFormat::I8 => 0,
        }
    }

    /// Whether pixels of this format carry data at all.
    pub fn has_data(self) -> bool {
        self.bytes_per_pixel() > 0
    }

    /// Bytes of pixel data for an image of this size (unpadded).
    pub fn data_len(self, width: u32, height: u32) -> u64 {
        width as u64 * height as u64 * self.bytes_per_pixel() as u64
    }
}

fn lum(r: u8, g: u8, b: u8) -> u8 {
    ((r as u32 + g as u32 + b as u32) / 3) as u8
}

fn widen(v: u32, bits: u32) -> u8 {
    let v = v & ((1 << bits) - 1);
    let mut out = v << (8 - bits);
    let mut shift = bits;
    while shift < 8 {
        out |= out >> shift;
        shift *= 2;
    }
    out as u8
}

/// Encodes one RGBA pixel, appending its bytes.
pub fn encode_pixel(pf: PixelFormat, [r, g, b, a]: [u8; 4], out: &mut Vec<u8>) {
    let (r32, g32, b32, a32) = (r as u16, g as u16, b as u16, a as u16);
    match pf {
        PixelFormat::Argb8888 => out.extend_from_slice(&[b, g, r, a]),
        PixelFormat::Rgb888 => out.extend_from_slice(&[b, g, r]),
        PixelFormat::Rgb565 => {
            out.extend_from_slice(&((r32 >> 3) << 11 | (g32 >> 2) << 5 | b32 >> 3).to_le_bytes())
        }
        PixelFormat::Argb1555 => out.extend_from_slice(
            &(((a >= 0x80) as u16) << 15 | (r32 >> 3) << 10 | (g32 >> 3) << 5 | b32 >> 3)
                .to_le_bytes(),
        ),
        PixelFormat::Argb4444 => out.extend_from_slice(
            &((a32 >> 4) << 12 | (r32 >> 4) << 8 | (g32 >> 4) << 4 | b32 >> 4).to_le_bytes(),
        ),
        PixelFormat::L8 => out.push(lum(r, g, b)),
        PixelFormat::Al44 => out.push((a & 0xf0) | lum(r, g, b) >> 4),
        PixelFormat::Al88 => {
            out.extend_from_slice(&((a32 << 8) | lum(r, g, b) as u16).to_le_bytes())
        }
        PixelFormat::A8 => out.push(a),
        PixelFormat::L4 | PixelFormat::A4 | PixelFormat::I8 => {}
    }
}

/// Decodes one stored pixel to RGBA. `px` holds exactly `bytes_per_pixel` bytes.
pub fn decode_pixel(pf: PixelFormat, px: &[u8]) -> [u8; 4] {
    let u16v = || u16::from_le_bytes([px[0], px[1]]) as u32;
    match pf {
        PixelFormat::Argb8888 => [px[2], px[1], px[0], px[3]],
        PixelFormat::Rgb888 => [px[2], px[1], px[0], 255],
        PixelFormat::Rgb565 => {
            let v = u16v();
            [widen(v >> 11, 5), widen(v >> 5, 6), widen(v, 5), 255]
        }
        PixelFormat::Argb1555 => {
            let v = u16v();
            let a = if v & 0x8000 != 0 { 255 } else { 0 };
            [widen(v >> 10, 5), widen(v >> 5, 5), widen(v, 5), a]
        }
        PixelFormat::Argb4444 => {
            let v = u16v();
            [
                widen(v >> 8, 4),
                widen(v >> 4, 4),
                widen(v, 4),
                widen(v >> 12, 4),
            ]
        }
        PixelFormat::L8 => [px[0], px[0], px[0], 255],
        PixelFormat::Al44 => {
            let l = widen(px[0] as u32, 4);
            [l, l, l, widen(px[0] as u32 >> 4, 4)]
        }
        PixelFormat::Al88 => [px[0], px[0], px[0], px[1]],
        PixelFormat::A8 => [255, 255, 255, px[0]],
        PixelFormat::L4 | PixelFormat::A4 | PixelFormat::I8 => [0, 0, 0, 0],
    }
}

/// Encodes row-major RGBA pixels.
pub fn encode(pf: PixelFormat, rgba: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(rgba.len() / 4 * pf.bytes_per_pixel());
    for p in rgba.chunks_exact(4) {
        encode_pixel(pf, [p[0], p[1], p[2], p[3]], &mut out);
    }
    out
}

/// Stored pixels of a big-endian package to the little-endian order this module
/// works in, or back: each pixel's bytes reversed.
pub fn swap_order(pf: PixelFormat, data: &mut [u8]) {
    let bpp = pf.bytes_per_pixel();
    if bpp > 1 {
        data.chunks_exact_mut(bpp).for_each(<[u8]>::reverse);
    }
}

/// Decodes stored pixels to row-major RGBA. `data` must hold whole pixels.
pub fn decode(pf: PixelFormat, data: &[u8]) -> Vec<u8> {
    let bpp = pf.bytes_per_pixel();
    if bpp == 0 {
        return Vec::new();
    }
    let mut out = vec![0u8; data.len() / bpp * 4];
    for (px, rgba) in data.chunks_exact(bpp).zip(out.chunks_exact_mut(4)) {
        rgba.copy_from_slice(&decode_pixel(pf, px));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Decoding then encoding gives back the stored bits, for every format.
        #[test]
        fn stored_bits_survive_decode_encode(code in 0u8..12, a: u8, b: u8, c: u8, d: u8) {
            let pf = PixelFormat::from_code(code).unwrap();
            let stored = [a, b, c, d];
            let mut src = stored[..pf.bytes_per_pixel()].to_vec();
            if pf == PixelFormat::Argb1555 {
                // Alpha decodes to 0 or 255: the other 15 bits round-trip exactly.
                src = (u16::from_le_bytes([a, b])).to_le_bytes().to_vec();
            }
            let rgba = decode_pixel(pf, &src);
            let mut again = Vec::new();
            encode_pixel(pf, rgba, &mut again);
            prop_assert_eq!(again, src);
        }
    }

    #[test]
    fn reference_conversions() {
        let px = [0x12, 0x34, 0x56, 0x80];
        let mut out = Vec::new();
        encode_pixel(PixelFormat::Rgb565, px, &mut out);
        assert_eq!(
            u16::from_le_bytes([out[0], out[1]]),
            (0x12 >> 3) << 11 | (0x34 >> 2) << 5 | 0x56 >> 3
        );
        out.clear();
        encode_pixel(PixelFormat::Al44, px, &mut out);
        assert_eq!(out, [0x80 | ((0x12 + 0x34 + 0x56) / 3) >> 4]);
    }
}
