//! Lossless PNG optimisation for what a production build stores, as the engine's own
//! pipeline crushes its PNGs: oxipng at one preset level, chosen by the measurement in
//! the README's native section. Every pixel keeps its value, transparent ones
//! included; the colour type and bit depth may shrink where every value survives
//! (RGBA whose alpha is all opaque becomes RGB), and chunks that do not change how the
//! image displays (text, timestamps) are dropped.

use rayon::prelude::*;

use crate::error::{Error, Result};

/// oxipng's preset: on the example and fixture content folders, higher presets and
/// zopfli save at most 2% more bytes for 5 to 430 times the time.
const LEVEL: u8 = 2;

fn options() -> oxipng::Options {
    let mut opts = oxipng::Options::from_preset(LEVEL);
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
    oxipng::optimize_from_memory(png, &options())
        .map_err(|e| Error::at(path, format!("PNG could not be optimised: {e}")))
}

/// [`crush`] on every (path, PNG) pair, each replaced by its crushed bytes: all at
/// once, so that a folder of many backgrounds uses every core.
pub fn crush_all(pngs: &mut [(String, Vec<u8>)]) -> Result<()> {
    pngs.par_iter_mut().try_for_each(|(path, png)| {
        *png = crush(png, path)?;
        Ok(())
    })
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
        crush_all(&mut pngs).unwrap();
        let limits = Limits::for_max_alloc(1 << 20);
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
    fn not_a_png_names_the_image() {
        let e = crush(b"\x89PNG\r\n\x1a\nxx", "Sky.background.png").unwrap_err();
        assert!(e.to_string().contains("Sky.background.png"), "{e}");
    }
}
