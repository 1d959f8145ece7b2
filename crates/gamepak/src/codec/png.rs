//! PNG in and out, always as 8-bit RGBA in memory.

use std::ops::ControlFlow;

use crate::error::{Error, Result};
use crate::limits::{rgba_bytes, Held, Limits};

/// An 8-bit RGBA image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgba {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major R, G, B, A bytes.
    pub pixels: Vec<u8>,
}

impl Rgba {
    /// A transparent image (every byte zero), charged to no limit: for a size a file
    /// states, use [`Rgba::new_held`].
    pub fn new(width: u32, height: u32) -> Self {
        Rgba {
            width,
            height,
            pixels: vec![0; width as usize * height as usize * 4],
        }
    }

    /// The R, G, B, A bytes of the pixel at (`x`, `y`), which must lie inside the image:
    /// outside it, the call panics or reads another pixel.
    pub fn get(&self, x: u32, y: u32) -> [u8; 4] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [
            self.pixels[i],
            self.pixels[i + 1],
            self.pixels[i + 2],
            self.pixels[i + 3],
        ]
    }

    /// Sets the pixel at (`x`, `y`) to R, G, B, A bytes; (`x`, `y`) must lie inside the
    /// image, as for [`Rgba::get`].
    pub fn put(&mut self, x: u32, y: u32, px: [u8; 4]) {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        self.pixels[i..i + 4].copy_from_slice(&px);
    }

    /// A transparent image made for a size a file states, drawn from the run's budget
    /// while it lives.
    pub fn new_held(width: u32, height: u32, path: &str, limits: &Limits) -> Result<Held<Rgba>> {
        let reservation = limits.reserve_pixels(path, None, width.into(), height.into())?;
        Ok(Held::new(Rgba::new(width, height), reservation))
    }

    /// A rectangle of the image; parts outside it stay transparent.
    pub fn crop(&self, x: u32, y: u32, w: u32, h: u32) -> Rgba {
        let mut out = Rgba::new(w, h);
        let n = w.min(self.width.saturating_sub(x)) as usize * 4;
        if n == 0 {
            return out;
        }
        for yy in 0..h.min(self.height.saturating_sub(y)) {
            let from = ((y + yy) as usize * self.width as usize + x as usize) * 4;
            let to = yy as usize * w as usize * 4;
            out.pixels[to..to + n].copy_from_slice(&self.pixels[from..from + n]);
        }
        out
    }

    /// [`Rgba::crop`] for a rectangle a file states: drawn from the run's budget, and
    /// refused over the pixel limit before it is allocated, since a damaged table can
    /// claim 65535x65535.
    pub fn crop_checked(
        &self,
        [x, y, w, h]: [u32; 4],
        path: &str,
        limits: &Limits,
    ) -> Result<Held<Rgba>> {
        let reservation = limits.reserve_pixels(path, None, w.into(), h.into())?;
        Ok(Held::new(self.crop(x, y, w, h), reservation))
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

/// Encodes a 1-bit image, white where a bit is set: rows of packed bits, the first
/// pixel in a byte's high bit, each row padded to a byte (PNG's own 1-bit layout).
pub fn encode_bits(width: u32, height: u32, rows: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::One);
        enc.set_compression(png::Compression::Fast);
        let mut w = enc
            .write_header()
            .map_err(|e| Error::at("png", e.to_string()))?;
        w.write_image_data(rows)
            .map_err(|e| Error::at("png", e.to_string()))?;
    }
    Ok(out)
}

/// The rows of a 1-bit grayscale PNG as stored (see [`encode_bits`]), with its
/// width and height; `None` for a PNG of any other kind.
pub fn decode_bits(
    data: &[u8],
    path: &str,
    limits: &Limits,
) -> Result<Option<(u32, u32, Vec<u8>)>> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(data));
    dec.set_transformations(png::Transformations::IDENTITY);
    let mut reader = dec
        .read_info()
        .map_err(|e| Error::at(path, format!("not a readable PNG: {e}")))?;
    let info = reader.info();
    let one_bit = info.color_type == png::ColorType::Grayscale
        && info.bit_depth == png::BitDepth::One
        && !info.interlaced;
    if !one_bit {
        return Ok(None);
    }
    let (w, h) = (info.width, info.height);
    limits.check_pixels(path, None, w.into(), h.into())?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| Error::at(path, "PNG rows are too wide"))?;
    let mut rows = vec![0; size];
    reader
        .next_frame(&mut rows)
        .map_err(|e| Error::at(path, format!("PNG data is damaged: {e}")))?;
    Ok(Some((w, h, rows)))
}

/// A PNG reader past the header, giving 8-bit samples whatever the file stores.
fn reader_8bit<'d>(data: &'d [u8], path: &str) -> Result<png::Reader<std::io::Cursor<&'d [u8]>>> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(data));
    dec.set_transformations(png::Transformations::normalize_to_color8());
    dec.read_info()
        .map_err(|e| Error::at(path, format!("not a readable PNG: {e}")))
}

/// [`decode`] for a PNG a person gave (a folder's file, a build's source): one that
/// does not decode is a file that cannot be read as asked (exit 2), not a file
/// breaking its format, as a damaged page inside a game is.
pub fn decode_source(data: &[u8], path: &str, limits: &Limits) -> Result<Held<Rgba>> {
    decode(data, path, limits).map_err(unreadable)
}

/// [`decode_bits`] for a PNG a person gave (see [`decode_source`]).
pub fn decode_bits_source(
    data: &[u8],
    path: &str,
    limits: &Limits,
) -> Result<Option<(u32, u32, Vec<u8>)>> {
    decode_bits(data, path, limits).map_err(unreadable)
}

fn unreadable(e: Error) -> Error {
    match e.kind {
        crate::error::ErrorKind::Invalid(why) => Error::usage(e.path, why),
        _ => e,
    }
}

/// Decodes any PNG to 8-bit RGBA, refusing an image over the allocation limit from
/// its header, before any pixel is decoded. The pixels are decoded into the RGBA
/// buffer itself and widened in place, so nothing but that buffer is held, and that
/// drawn from the run's budget for as long as the image lives.
pub fn decode(data: &[u8], path: &str, limits: &Limits) -> Result<Held<Rgba>> {
    let reader = reader_8bit(data, path)?;
    let (w, h) = (reader.info().width, reader.info().height);
    let reservation = limits.reserve_pixels(path, None, w.into(), h.into())?;
    Ok(Held::new(whole(reader, path)?, reservation))
}

/// The image a reader past the header stands at, decoded whole.
fn whole(mut reader: png::Reader<std::io::Cursor<&[u8]>>, path: &str) -> Result<Rgba> {
    let (w, h) = (reader.info().width, reader.info().height);
    let rgba = w as usize * h as usize * 4;
    let size = reader
        .output_buffer_size()
        .filter(|&n| n <= rgba)
        .ok_or_else(|| Error::at(path, "PNG rows are wider than 8-bit RGBA"))?;
    let mut pixels = vec![0; rgba];
    let frame = reader
        .next_frame(&mut pixels[..size])
        .map_err(|e| Error::at(path, format!("PNG data is damaged: {e}")))?;
    widen_to_rgba(&mut pixels, frame.color_type);
    Ok(Rgba {
        width: w,
        height: h,
        pixels,
    })
}

/// Decodes every row without keeping any, giving the image's sides: how `check`
/// verifies an image of any size. Only a row is held, and that under the limit.
pub fn verify(data: &[u8], path: &str, limits: &Limits) -> Result<(u32, u32)> {
    let mut reader = reader_8bit(data, path)?;
    let (w, h) = (reader.info().width, reader.info().height);
    let row = reader.output_line_size(w).unwrap_or(usize::MAX);
    limits.check_size(
        path,
        None,
        &format!("a row of {w} pixels decodes to"),
        row as u64,
    )?;
    let damaged = |e: png::DecodingError| Error::at(path, format!("PNG data is damaged: {e}"));
    while reader.next_row().map_err(damaged)?.is_some() {}
    Ok((w, h))
}

/// What [`each_row`] holds of `data` besides a row: nothing, unless the image is
/// interlaced, when it holds the whole image.
pub fn held_whole(data: &[u8]) -> u64 {
    match dimensions(data) {
        Some((w, h)) if data.get(28) == Some(&1) => rgba_bytes(w.into(), h.into()),
        _ => 0,
    }
}

/// Decodes the image a row at a time, handing each row to `row` as RGBA until it breaks,
/// its sides: a page larger than the limit can be cut up this way. An interlaced image
/// comes in passes rather than rows, so it is decoded whole, under the limit: the
/// caller reserves [`held_whole`] of the run's budget for it.
pub fn each_row(
    data: &[u8],
    path: &str,
    limits: &Limits,
    mut row: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Result<(u32, u32)> {
    let mut reader = reader_8bit(data, path)?;
    let (w, h) = (reader.info().width, reader.info().height);
    if reader.info().interlaced {
        limits.check_pixels(path, None, w.into(), h.into())?;
        let img = whole(reader, path)?;
        let _ = img
            .pixels
            .chunks_exact(w as usize * 4)
            .try_for_each(&mut row);
        return Ok((w, h));
    }
    let width = u64::from(w) * 4;
    limits.check_size(
        path,
        None,
        &format!("a row of {w} pixels decodes to"),
        width,
    )?;
    let color = reader.output_color_type().0;
    let mut rgba = vec![0; width as usize];
    let damaged = |e: png::DecodingError| Error::at(path, format!("PNG data is damaged: {e}"));
    while let Some(r) = reader.next_row().map_err(damaged)? {
        let data = r.data();
        rgba[..data.len()].copy_from_slice(data);
        widen_to_rgba(&mut rgba, color);
        if row(&rgba).is_break() {
            break;
        }
    }
    Ok((w, h))
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

/// Turns the 8-bit pixels of `color` at the start of `buf` into RGBA filling all of
/// it. Working from the last pixel back, each is written at or after where it was
/// read, so no pixel is overwritten before it is read.
fn widen_to_rgba(buf: &mut [u8], color: png::ColorType) {
    let from = match color {
        png::ColorType::Rgba => return,
        png::ColorType::Rgb => 3,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Grayscale => 1,
        png::ColorType::Indexed => unreachable!("normalize_to_color8 expands palettes"),
    };
    for i in (0..buf.len() / 4).rev() {
        let p = &buf[i * from..i * from + from];
        let px = match from {
            3 => [p[0], p[1], p[2], 255],
            2 => [p[0], p[0], p[0], p[1]],
            _ => [p[0], p[0], p[0], 255],
        };
        buf[i * 4..i * 4 + 4].copy_from_slice(&px);
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
        assert_eq!(
            decode(&png, "t", &Limits::for_max_alloc(1 << 20)).unwrap(),
            img
        );
        let e = decode(&png, "t", &Limits::for_max_alloc(16)).unwrap_err();
        assert!(e.to_string().contains("--max-alloc"), "{e}");
        assert_eq!(
            verify(&png, "t", &Limits::for_max_alloc(16)).unwrap(),
            (3, 2)
        );
        assert!(verify(&png[..png.len() - 20], "t", &Limits::for_max_alloc(16)).is_err());
        let mut rows: Vec<u8> = Vec::new();
        let sides = each_row(&png, "t", &Limits::for_max_alloc(16), |r| {
            rows.extend(r);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!((sides, rows), ((3, 2), img.pixels.clone()));
        let mut big = Rgba::new(5, 4);
        big.paste(&img, 2, 2);
        assert_eq!(big.get(3, 3), [1, 2, 3, 4]);
        assert_eq!(big.get(2, 2), [0, 0, 0, 0]);
    }

    #[test]
    fn garbage_is_an_error() {
        let limits = Limits::for_max_alloc(1 << 20);
        assert!(decode(b"\x89PNG\r\n\x1a\nxx", "t", &limits).is_err());
    }

    #[test]
    fn every_colour_type_widens_to_rgba() {
        let mut grey = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut grey, 3, 1);
            enc.set_color(png::ColorType::Grayscale);
            let mut w = enc.write_header().unwrap();
            w.write_image_data(&[0, 128, 255]).unwrap();
        }
        let img = decode(&grey, "t", &Limits::for_max_alloc(1 << 20)).unwrap();
        assert_eq!(
            img.pixels,
            [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255]
        );
        let mut rgb = vec![1, 2, 3, 4, 5, 6, 0, 0];
        widen_to_rgba(&mut rgb, png::ColorType::Rgb);
        assert_eq!(rgb, [1, 2, 3, 255, 4, 5, 6, 255]);
        let mut ga = vec![9, 8, 7, 6, 0, 0, 0, 0];
        widen_to_rgba(&mut ga, png::ColorType::GrayscaleAlpha);
        assert_eq!(ga, [9, 9, 9, 8, 7, 7, 7, 6]);
    }
}
