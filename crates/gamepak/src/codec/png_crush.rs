//! Lossless PNG optimisation for what a production build stores, as the engine's own
//! pipeline crushes its PNGs: oxipng, at a preset chosen per image by its size (see
//! [`preset_for`] and the measurement in the README's native section). Every pixel keeps its value, transparent ones
//! included; the colour type and bit depth may shrink where every value survives
//! (RGBA whose alpha is all opaque becomes RGB), and chunks that do not change how the
//! image displays (text, timestamps) are dropped.

use rayon::prelude::*;

use crate::codec::png as png_codec;
use crate::error::{Error, Result};
use crate::limits::{rgba_bytes, show_size, Limits};

/// oxipng's preset for a picture of `pixels`. Preset 4 tries more filters and
/// deflate settings than 2: on a small picture that costs milliseconds, on the
/// engine's own 640x640 background 0.6 s more, for 16% fewer bytes (fewer than the
/// engine pipeline's `pngcrush -brute` makes). Past 1024x1024 it would cost seconds
/// a picture, so preset 2 stays. Preset 6 found one byte more on one picture of
/// those measured, for twice preset 4's time; zopfli is not built in (a few bytes
/// more for a hundred times the time).
pub fn preset_for(pixels: u64) -> u8 {
    match pixels {
        0..=1_048_576 => 4,
        _ => 2,
    }
}

fn options(pixels: u64) -> oxipng::Options {
    let mut opts = oxipng::Options::from_preset(preset_for(pixels));
    opts.strip = oxipng::StripChunks::Safe;
    // Lossless whatever the preset says: a transparent pixel keeps its colour, since
    // the engine may filter or blend it, and 16-bit samples are never rounded.
    opts.optimize_alpha = false;
    opts.scale_16 = false;
    opts
}

/// The smallest PNG oxipng finds with the same pixels, or `png` itself if it finds
/// none smaller; `path` names the image in an error.
pub fn crush(png: &[u8], path: &str) -> Result<Vec<u8>> {
    let (w, h) = png_codec::dimensions(png).unwrap_or((0, 0));
    oxipng::optimize_from_memory(png, &options(u64::from(w) * u64::from(h)))
        .map_err(|e| Error::at(path, format!("PNG could not be optimised: {e}")))
}

/// How many times its decoded pixels oxipng holds while it works on a picture
/// (measured: 943 MB for an 11000x11000 picture of 484 MB).
const WORKING_SET: u64 = 2;

/// [`crush`] on every (path, PNG) pair, each replaced by its crushed bytes: all at
/// once, so that a folder of many backgrounds uses every core, with what they hold
/// at once drawn from `limits`' budget. A picture whose optimising would pass
/// `limits` on its own is stored as given, and the note returned says so.
pub fn crush_all(pngs: &mut [(String, Vec<u8>)], limits: &Limits) -> Result<Vec<String>> {
    let notes = pngs
        .par_iter_mut()
        .map(|(path, png)| {
            let (w, h) = png_codec::dimensions(png).unwrap_or((0, 0));
            let needs = rgba_bytes(u64::from(w), u64::from(h)).saturating_mul(WORKING_SET);
            if needs > limits.max_alloc {
                return Ok(Some(format!(
                    "{path}: stored as given, not optimised: its {w}x{h} pixels would take {} \
                     to optimise, past the {} limit (--max-alloc)",
                    show_size(needs),
                    show_size(limits.max_alloc)
                )));
            }
            let _held = limits.reserve(path, None, "optimising a picture", needs)?;
            *png = crush(png, path)?;
            Ok(None)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(notes.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::png::{decode, encode, Rgba};
    use crate::limits::Limits;

    #[test]
    fn keeps_every_pixel_and_transparent_colours() {
        let mut img = Rgba::new(16, 4);
        for x in 0..16 {
            img.put(x, 0, [x as u8 * 16, 0, 0, 255]);
            // Transparent, yet with a colour that must survive.
            img.put(x, 1, [1, 2, 3, 0]);
            img.put(x, 2, [9, 9, 9, 128]);
        }
        let png = encode(&img).unwrap();
        let mut pngs = vec![("a".to_string(), png.clone()), ("b".to_string(), png)];
        let limits = Limits::for_max_alloc(1 << 20);
        assert!(crush_all(&mut pngs, &limits).unwrap().is_empty());
        for (path, crushed) in &pngs {
            assert!(crushed.len() < encode(&img).unwrap().len(), "{path}");
            assert_eq!(decode(crushed, path, &limits).unwrap(), img);
        }
    }

    #[test]
    fn an_opaque_image_loses_its_alpha_channel_not_its_pixels() {
        let mut img = Rgba::new(4, 4);
        img.pixels
            .chunks_exact_mut(4)
            .enumerate()
            .for_each(|(i, p)| {
                p.copy_from_slice(&[i as u8 * 7, i as u8 * 3, 200, 255]);
            });
        let crushed = crush(&encode(&img).unwrap(), "t").unwrap();
        // IHDR's colour type: 6 is RGBA.
        assert_ne!(crushed[25], 6);
        let back = decode(&crushed, "t", &Limits::for_max_alloc(1 << 20)).unwrap();
        assert_eq!(back, img);
    }

    #[test]
    fn smaller_pictures_are_tried_harder() {
        assert_eq!(preset_for(13 * 6), 4);
        assert_eq!(preset_for(1024 * 1024), 4);
        assert_eq!(preset_for(1024 * 1024 + 1), 2);
    }

    #[test]
    fn not_a_png_names_the_image() {
        let e = crush(b"\x89PNG\r\n\x1a\nxx", "Sky.background.png").unwrap_err();
        assert!(e.to_string().contains("Sky.background.png"), "{e}");
    }

    #[test]
    fn a_picture_too_big_to_optimise_is_stored_as_given_with_a_note() {
        let png = encode(&Rgba::new(300, 300)).unwrap();
        let mut pngs = vec![("big.png".to_string(), png.clone())];
        let notes = crush_all(&mut pngs, &Limits::for_max_alloc(500_000)).unwrap();
        assert_eq!(pngs[0].1, png);
        assert!(
            notes[0].starts_with("big.png: stored as given"),
            "{notes:?}"
        );
    }
}
