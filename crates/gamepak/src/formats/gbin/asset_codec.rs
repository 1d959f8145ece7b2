//! Each kind of entry to its standard file form and back: pixels to PNG, colours to
//! GIMP .gpl, samples to WAV, strings to JSON, tile maps to JSON and Tiled TMX.

use super::pixel::{self, PixelFormat};
use crate::bytes::Endian;
use crate::codec::png::{self as png_codec, Rgba};
use crate::codec::wav::{self, Pcm};
use crate::limits::{Limits, Reservation};
use crate::{Error, Result};

/// Stored pixels to a PNG, refused over the allocation limit before they are widened,
/// and drawn from the run's budget while they are.
pub fn pixels_to_png(
    pf: PixelFormat,
    (w, h): (u32, u32),
    data: &[u8],
    order: Endian,
    limits: &Limits,
) -> Result<Vec<u8>> {
    let _widened = limits.reserve_pixels("GBIN/IMGD", None, w.into(), h.into())?;
    let pixels = if order == Endian::Big {
        let mut le = data.to_vec();
        pixel::swap_order(pf, &mut le);
        pixel::decode(pf, &le)
    } else {
        pixel::decode(pf, data)
    };
    png_codec::encode(&Rgba {
        width: w,
        height: h,
        pixels,
    })
}

/// A PNG back to stored pixels, with its dimensions.
pub fn png_to_pixels(
    pf: PixelFormat,
    png: &[u8],
    path: &str,
    order: Endian,
    limits: &Limits,
) -> Result<(u32, u32, Vec<u8>)> {
    let img = png_codec::decode_source(png, path, limits)?;
    let mut data = pixel::encode(pf, &img.pixels);
    if order == Endian::Big {
        pixel::swap_order(pf, &mut data);
    }
    Ok((img.width, img.height, data))
}

/// B, G, R, A colours to a GIMP palette; alpha goes in each colour's name so that it
/// survives the round trip.
pub fn colours_to_gpl(name: &str, bgra: &[u8]) -> Vec<u8> {
    let mut out = format!("GIMP Palette\nName: {name}\n#\n");
    for c in bgra.chunks_exact(4) {
        out.push_str(&format!(
            "{:3} {:3} {:3}\talpha={}\n",
            c[2], c[1], c[0], c[3]
        ));
    }
    out.into_bytes()
}

/// A GIMP palette back to B, G, R, A bytes (alpha 255 unless the name says otherwise).
pub fn gpl_to_colours(text: &[u8], path: &str) -> Result<Vec<u8>> {
    let text = std::str::from_utf8(text).map_err(|_| Error::at(path, "palette is not UTF-8"))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty()
            || line.starts_with('#')
            || line.starts_with("GIMP Palette")
            || line.contains(':')
        {
            continue;
        }
        let mut parts = line.split_whitespace();
        let mut channel = |what: &str| -> Result<u8> {
            parts
                .next()
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| Error::at(format!("{path}:{}", n + 1), format!("bad {what} value")))
        };
        let (r, g, b) = (channel("red")?, channel("green")?, channel("blue")?);
        let alpha = parts
            .find_map(|t| t.strip_prefix("alpha="))
            .and_then(|a| a.parse().ok())
            .unwrap_or(255);
        out.extend_from_slice(&[b, g, r, alpha]);
    }
    Ok(out)
}

fn pcm(format: u8) -> Pcm {
    match format {
        1 => Pcm::U8,
        2 => Pcm::S16,
        3 => Pcm::U16,
        _ => Pcm::S8,
    }
}

/// 16-bit samples of a big-endian package to little-endian, or back.
fn swap_samples(format: u8, data: &mut [u8], order: Endian) {
    if order == Endian::Big && format >= 2 {
        data.chunks_exact_mut(2).for_each(<[u8]>::reverse);
    }
}

/// Raw samples to a mono WAV (8-bit stored unsigned, 16-bit signed, as WAV requires).
pub fn samples_to_wav(format: u8, rate: u16, data: &[u8], order: Endian) -> Result<Vec<u8>> {
    let mut le = data.to_vec();
    swap_samples(format, &mut le, order);
    wav::encode(&le, pcm(format), rate as u32, 1)
}

/// A WAV back to raw samples of the entry's format.
pub fn wav_to_samples(
    format: u8,
    wav_bytes: &[u8],
    path: &str,
    order: Endian,
) -> Result<(u16, Vec<u8>)> {
    let (rate, mut samples) = wav::decode_mono(wav_bytes, pcm(format), path)?;
    swap_samples(format, &mut samples, order);
    let rate = u16::try_from(rate)
        .map_err(|_| Error::at(path, format!("sample rate {rate} Hz does not fit 16 bits")))?;
    Ok((rate, samples))
}

/// The most one tile costs on extraction: its u64 in the grid, and its text in the
/// indented JSON (up to 20 digits) and in the TMX.
const TILE_COST: u64 = 56;

/// Refuses a tile map whose stated size would take more than the allocation limit to
/// extract: its tiles come from shared blocks, so a few bytes can claim 65535x65535.
/// Otherwise what it takes is drawn from the run's budget: hold the reservation while
/// the map's rows and texts are made.
pub fn reserve_tilemap(
    width: u16,
    height: u16,
    path: &str,
    limits: &Limits,
) -> Result<Reservation> {
    let tiles = u64::from(width) * u64::from(height);
    limits.reserve(
        path,
        None,
        &format!("a {width}x{height} tile map as JSON and TMX takes up to"),
        tiles * TILE_COST,
    )
}

/// Decodes one tile map's blocks into rows of tile values.
pub fn tilemap_grid(
    width: u16,
    height: u16,
    block_size: u8,
    tile_size: u8,
    indices: &[u8],
    blocks: &[u8],
    order: Endian,
) -> Vec<Vec<u64>> {
    let bs = block_size.max(1) as usize;
    let ts = tile_size as usize;
    let blocks_wide = (width as usize).div_ceil(bs);
    (0..height as usize)
        .map(|y| {
            (0..width as usize)
                .map(|x| {
                    let bi = (y / bs) * blocks_wide + x / bs;
                    let Some(ix) = indices.get(bi * 2..bi * 2 + 2) else {
                        return 0;
                    };
                    let block = match order {
                        Endian::Little => u16::from_le_bytes([ix[0], ix[1]]),
                        Endian::Big => u16::from_be_bytes([ix[0], ix[1]]),
                    } as usize;
                    let cell = (block * bs * bs + (y % bs) * bs + x % bs) * ts;
                    blocks.get(cell..cell + ts).map_or(0, |b| {
                        let be = |v: u64, &byte: &u8| v << 8 | byte as u64;
                        match order {
                            Endian::Little => b.iter().rev().fold(0, be),
                            Endian::Big => b.iter().fold(0, be),
                        }
                    })
                })
                .collect()
        })
        .collect()
}

pub fn tilemap_json(id: u32, block_size: u8, tile_size: u8, grid: &[Vec<u64>]) -> Vec<u8> {
    let v = serde_json::json!({
        "id": id,
        "width": grid.first().map_or(0, Vec::len),
        "height": grid.len(),
        "block_size": block_size,
        "tile_size": tile_size,
        "tiles": grid,
    });
    serde_json::to_vec_pretty(&v).expect("JSON of plain values")
}

/// Tiled TMX with one CSV layer; values are shifted by one because Tiled's 0 is "no
/// tile".
pub fn tilemap_tmx(grid: &[Vec<u64>]) -> Vec<u8> {
    let w = grid.first().map_or(0, Vec::len);
    let h = grid.len();
    let rows: Vec<String> = grid
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| (v + 1).to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"{w}\" height=\"{h}\" tilewidth=\"8\" tileheight=\"8\" infinite=\"0\">\n <tileset firstgid=\"1\" source=\"tiles.tsx\"/>\n <layer id=\"1\" name=\"map\" width=\"{w}\" height=\"{h}\">\n  <data encoding=\"csv\">\n{}\n</data>\n </layer>\n</map>\n",
        rows.join(",\n")
    )
    .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_round_trip_keeps_alpha() {
        let bgra = [1, 2, 3, 255, 40, 50, 60, 7];
        let gpl = colours_to_gpl("p", &bgra);
        assert_eq!(gpl_to_colours(&gpl, "p.gpl").unwrap(), bgra);
    }

    #[test]
    fn wav_round_trip() {
        for format in 0..4u8 {
            let data: Vec<u8> = (0..64).collect();
            for order in [Endian::Little, Endian::Big] {
                let w = samples_to_wav(format, 11025, &data, order).unwrap();
                assert_eq!(
                    wav_to_samples(format, &w, "s.wav", order).unwrap(),
                    (11025, data.clone())
                );
            }
        }
    }
}
