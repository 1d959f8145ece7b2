//! Two versions of an image compared pixel by pixel: their sizes, how many
//! pixels changed and the box that holds them, and, for `--visual`, a picture of
//! the change.

use serde::Serialize;

use crate::codec::png::{self, Rgba};
use crate::error::Result;
use crate::limits::{Held, Limits};

/// What changed in an image.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImageChange {
    /// Width and height before.
    pub before: [u32; 2],
    /// Width and height after.
    pub after: [u32; 2],
    /// Pixels whose RGBA differs, over the area both hold, plus every pixel only
    /// one of them holds.
    pub changed_pixels: u64,
    /// The smallest box holding every changed pixel: x, y, width, height.
    pub bounds: Option<[u32; 4]>,
}

/// `a` and `b` (PNG files, `name` in errors) compared, with the pictures decoded.
pub fn compare(
    a: &[u8],
    b: &[u8],
    name: &str,
    limits: &Limits,
) -> Result<(ImageChange, Held<Rgba>, Held<Rgba>)> {
    let x = png::decode(a, name, limits)?;
    let y = png::decode(b, name, limits)?;
    let (w, h) = (x.width.max(y.width), x.height.max(y.height));
    let mut changed = 0u64;
    let mut bounds: Option<[u32; 4]> = None;
    for row in 0..h {
        for col in 0..w {
            let pixel =
                |img: &Rgba| (col < img.width && row < img.height).then(|| img.get(col, row));
            if pixel(&x) == pixel(&y) {
                continue;
            }
            changed += 1;
            bounds = Some(match bounds {
                None => [col, row, col, row],
                Some([x0, y0, x1, y1]) => [x0.min(col), y0.min(row), x1.max(col), y1.max(row)],
            });
        }
    }
    let change = ImageChange {
        before: [x.width, x.height],
        after: [y.width, y.height],
        changed_pixels: changed,
        bounds: bounds.map(|[x0, y0, x1, y1]| [x0, y0, x1 - x0 + 1, y1 - y0 + 1]),
    };
    Ok((change, x, y))
}

/// The change drawn: `after`, faded, with every changed pixel in solid red.
pub fn highlighted(before: &Rgba, after: &Rgba) -> Rgba {
    let (w, h) = (
        before.width.max(after.width),
        before.height.max(after.height),
    );
    let mut out = Rgba::new(w, h);
    for row in 0..h {
        for col in 0..w {
            let pixel =
                |img: &Rgba| (col < img.width && row < img.height).then(|| img.get(col, row));
            let px = match (pixel(before), pixel(after)) {
                (a, b) if a != b => [255, 0, 0, 255],
                (_, Some([r, g, b, a])) => [r / 3, g / 3, b / 3, a / 2],
                _ => [0, 0, 0, 0],
            };
            out.put(col, row, px);
        }
    }
    out
}
