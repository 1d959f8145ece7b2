//! PNG in and out, always as 8-bit RGBA in memory.

use crate::error::{Error, Result};

/// An 8-bit RGBA image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgba {
    pub width: u32,
    pub height: u32,
    /// Row-major R, G, B, A bytes.
    pub pixels: Vec<u8>,
}

impl Rgba {
    pub fn new(width: u32, height: u32) -> Self {
        Rgba {
            width,
            height,
            pixels: vec![0; width as usize * height as usize * 4],
        }
    }

    pub fn get(&self, x: u32, y: u32) -> [u8; 4] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [
            self.pixels[i],
            self.pixels[i + 1],
            self.pixels[i + 2],
            self.pixels[i + 3],
        ]
    }

    pub fn put(&mut self, x: u32, y: u32, px: [u8; 4]) {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        self.pixels[i..i + 4].copy_from_slice(&px);
    }

    /// A rectangle of the image; parts outside it stay transparent.
    pub fn crop(&self, x: u32, y: u32, w: u32, h: u32) -> Rgba {
        let mut out = Rgba::new(w, h);
        for yy in 0..h.min(self.height.saturating_sub(y)) {
            for xx in 0..w.min(self.width.saturating_sub(x)) {
                out.put(xx, yy, self.get(x + xx, y + yy));
            }
        }
        out
    }

    /// [`Rgba::crop`] for a rectangle a file states: refused over the pixel limit before
    /// it is allocated, since a damaged table can claim 65535x65535.
    pub fn crop_checked(&self, x: u32, y: u32, w: u32, h: u32, path: &str) -> Result<Rgba> {
        crate::limits::Limits::default().check_pixels(path, w.into(), h.into())?;
        Ok(self.crop(x, y, w, h))
    }

    /// Copies `src` in with its top-left corner at (x, y); it must fit.
    pub fn paste(&mut self, src: &Rgba, x: u32, y: u32) {
        let row = src.width as usize * 4;
        for (sy, line) in src.pixels.chunks_exact(row.max(1)).enumerate() {
            let at = ((y as usize + sy) * self.width as usize + x as usize) * 4;
            self.pixels[at..at + row].copy_from_slice(line);
        }
    }
}

/// Width and height from a PNG's IHDR, if the bytes start like a PNG: no decoding.
pub fn dimensions(b: &[u8]) -> Option<(u32, u32)> {
    if !b.starts_with(b"\x89PNG\r\n\x1a\n") || b.get(12..16)? != b"IHDR" {
        return None;
    }
    let be = |at: usize| Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?));
    Some((be(16)?, be(20)?))
}

/// Encodes RGBA pixels as a PNG, favouring speed: extraction throughput matters more
/// than the last percent of size.
pub fn encode(img: &Rgba) -> Result<Vec<u8>> {
    encode_with(img, png::Compression::Fastest)
}

/// Encodes RGBA pixels as a PNG, favouring size: for images that go into a built file.
pub fn encode_compact(img: &Rgba) -> Result<Vec<u8>> {
    encode_with(img, png::Compression::High)
}

fn encode_with(img: &Rgba, level: png::Compression) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, img.width, img.height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(level);
        let mut w = enc
            .write_header()
            .map_err(|e| Error::at("png", e.to_string()))?;
        w.write_image_data(&img.pixels)
            .map_err(|e| Error::at("png", e.to_string()))?;
    }
    Ok(out)
}

/// Decodes any PNG to 8-bit RGBA, refusing images over `max_pixels`.
pub fn decode(data: &[u8], path: &str, max_pixels: u64) -> Result<Rgba> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(data));
    dec.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = dec
        .read_info()
        .map_err(|e| Error::at(path, format!("not a readable PNG: {e}")))?;
    let (w, h) = {
        let info = reader.info();
        (info.width, info.height)
    };
    if (w as u64) * (h as u64) > max_pixels {
        return Err(Error::at(
            path,
            format!("PNG of {w}x{h} exceeds {max_pixels} pixels"),
        ));
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| Error::at(path, "PNG too large"))?;
    let mut buf = vec![0; size];
    let frame = reader
        .next_frame(&mut buf)
        .map_err(|e| Error::at(path, format!("PNG data is damaged: {e}")))?;
    buf.truncate(frame.buffer_size());
    let pixels = to_rgba(&buf, frame.color_type);
    Ok(Rgba {
        width: w,
        height: h,
        pixels,
    })
}

/// Samples per pixel the PNG itself stores: 1 grey or indexed, 2 grey and alpha, 3 RGB,
/// 4 RGBA.
pub fn source_channels(data: &[u8]) -> Result<u8> {
    let reader = png::Decoder::new(std::io::Cursor::new(data))
        .read_info()
        .map_err(|e| Error::at("png", format!("not a readable PNG: {e}")))?;
    Ok(match reader.info().color_type {
        png::ColorType::Grayscale | png::ColorType::Indexed => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
    })
}

fn to_rgba(buf: &[u8], color: png::ColorType) -> Vec<u8> {
    match color {
        png::ColorType::Rgba => buf.to_vec(),
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => buf.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => unreachable!("normalize_to_color8 expands palettes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut img = Rgba::new(3, 2);
        img.put(1, 1, [1, 2, 3, 4]);
        let png = encode(&img).unwrap();
        assert_eq!(decode(&png, "t", 1 << 20).unwrap(), img);
        let mut big = Rgba::new(5, 4);
        big.paste(&img, 2, 2);
        assert_eq!(big.get(3, 3), [1, 2, 3, 4]);
        assert_eq!(big.get(2, 2), [0, 0, 0, 0]);
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(decode(b"\x89PNG\r\n\x1a\nxx", "t", 1 << 20).is_err());
    }
}
