//! Pixel work on source images, matching the reference packer bit for bit.
//!
//! Pixels are `0xAARRGGBB` words. The quirks kept on purpose: a horizontal flip
//! reverses only the first `w - 1` pixels of each row; arbitrary-angle rotation samples
//! with the reference's float maths into a buffer three times the image's larger side,
//! then crops to the non-zero pixels.

use crate::codec::png::Rgba;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pixels {
    pub width: i32,
    pub height: i32,
    pub data: Vec<u32>,
}

impl Pixels {
    pub fn from_rgba(img: &Rgba) -> Pixels {
        let data = img
            .pixels
            .chunks_exact(4)
            .map(|p| u32::from_be_bytes([p[3], p[0], p[1], p[2]]))
            .collect();
        Pixels {
            width: img.width as i32,
            height: img.height as i32,
            data,
        }
    }

    /// The pixel at (x, y) with coordinates clamped to the image, 0 when it is empty.
    pub fn get(&self, x: i32, y: i32) -> u32 {
        if self.width <= 0 || self.height <= 0 {
            return 0;
        }
        let x = x.clamp(0, self.width - 1);
        let y = y.clamp(0, self.height - 1);
        self.data[(y * self.width + x) as usize]
    }

    /// A `w` x `h` copy starting at (x, y), read as the reference reads it: row by row
    /// through the source's memory, so columns past the right edge continue on the next
    /// row; reads past the end give 0.
    pub fn sub(&self, x: i32, y: i32, w: i32, h: i32) -> Pixels {
        let mut data = Vec::with_capacity((w.max(0) * h.max(0)) as usize);
        for iy in 0..h {
            for ix in 0..w {
                let i = (y + iy) as i64 * self.width as i64 + (x + ix) as i64;
                data.push(
                    usize::try_from(i)
                        .ok()
                        .and_then(|i| self.data.get(i))
                        .copied()
                        .unwrap_or(0),
                );
            }
        }
        Pixels {
            width: w,
            height: h,
            data,
        }
    }

    /// Reverses each row except its last pixel (the reference's off-by-one).
    pub fn hflip(&mut self) {
        let w = self.width as usize;
        if w == 0 {
            return;
        }
        for row in self.data.chunks_exact_mut(w) {
            row[..w - 1].reverse();
        }
    }

    pub fn vflip(&mut self) {
        let w = self.width.max(0) as usize;
        if w == 0 {
            return;
        }
        let rows: Vec<&[u32]> = self.data.chunks_exact(w).rev().collect();
        self.data = rows.concat();
    }

    fn remap(&mut self, width: i32, height: i32, src: impl Fn(i32, i32) -> (i32, i32)) {
        let mut data = Vec::with_capacity(self.data.len());
        for y in 0..height {
            for x in 0..width {
                let (sx, sy) = src(x, y);
                data.push(self.get(sx, sy));
            }
        }
        *self = Pixels {
            width,
            height,
            data,
        };
    }

    /// Clockwise quarter turns.
    pub fn rotate_90(&mut self) {
        let h = self.height;
        self.remap(self.height, self.width, |x, y| (y, h - 1 - x));
    }

    pub fn rotate_180(&mut self) {
        let (w, h) = (self.width, self.height);
        self.remap(w, h, |x, y| (w - 1 - x, h - 1 - y));
    }

    pub fn rotate_270(&mut self) {
        let w = self.width;
        self.remap(self.height, self.width, |x, y| (w - 1 - y, x));
    }

    /// Rotates by `angle` degrees, moving the origin with the image.
    pub fn rotate(&mut self, angle: f32, ox: &mut i32, oy: &mut i32) {
        let (x0, y0) = (*ox, *oy);
        if angle == 0.0 {
        } else if angle == 90.0 {
            self.rotate_90();
            *ox = self.width - y0;
            *oy = x0;
        } else if angle == 180.0 {
            self.rotate_180();
            *ox = self.width - x0;
            *oy = self.height - y0;
        } else if angle == 270.0 {
            self.rotate_270();
            *ox = y0;
            *oy = self.height - x0;
        } else {
            self.rotate_free(angle, ox, oy);
        }
    }

    fn rotate_free(&mut self, angle: f32, ox: &mut i32, oy: &mut i32) {
        // The reference computes the radians in double and stores a float; sin and cos
        // run in double on that float.
        let rad = ((180.0f32 - angle) as f64 * (std::f64::consts::PI / 180.0f32 as f64)) as f32;
        let s = (rad as f64).sin() as f32;
        let c = (rad as f64).cos() as f32;
        let side = self.width.max(self.height) * 3;
        let half = side / 2;
        let (mut minx, mut maxx, mut miny, mut maxy) = (side - 1, 0, side - 1, 0);
        let mut buffer = Vec::with_capacity((side * side) as usize);
        for y in 0..side {
            for x in 0..side {
                let xx = (half - x) as f32;
                let yy = (half - y) as f32;
                let xr = xx * c - yy * s;
                let yr = xx * s + yy * c;
                let xi = xr as i32 + *ox;
                let yi = yr as i32 + *oy;
                if xi < 0 || yi < 0 || xi >= self.width || yi >= self.height {
                    buffer.push(0);
                    continue;
                }
                let colour = self.sample(xr + *ox as f32, yr + *oy as f32);
                buffer.push(colour);
                if colour != 0 {
                    maxx = maxx.max(x);
                    minx = minx.min(x);
                    maxy = maxy.max(y);
                    miny = miny.min(y);
                }
            }
        }
        *ox = half - minx;
        *oy = half - miny;
        let width = (maxx - minx + 1).max(0);
        let height = (maxy - miny + 1).max(0);
        let mut data = Vec::with_capacity((width * height) as usize);
        for y in miny..=maxy {
            for x in minx..=maxx {
                data.push(buffer[(y * side + x) as usize]);
            }
        }
        *self = Pixels {
            width,
            height,
            data,
        };
    }

    /// The reference's filtered read: it blends with the horizontal neighbour only,
    /// and blends the row with itself vertically.
    fn sample(&self, x: f32, y: f32) -> u32 {
        let (ix, fx) = modf(x);
        let (iy, fy) = modf(y);
        let (x2, fx) = if fx < 0.5 {
            (ix - 1, fx + 0.5)
        } else {
            (ix + 1, 1.5 - fx)
        };
        let fy = if fy < 0.5 { fy + 0.5 } else { 1.5 - fy };
        let a = self.get(ix, iy);
        let b = self.get(x2, iy);
        let row = mix(a, b, weight(fx));
        mix(row, row, weight(fy))
    }
}

/// C's `modf` on a float promoted to double: the integral part as an int, the
/// fraction as a float.
fn modf(v: f32) -> (i32, f32) {
    let d = v as f64;
    let int = d.trunc();
    (int as i32, (d - int) as f32)
}

/// A blend weight as the reference computes it: a float times 255 converted to an
/// unsigned int. At the image's edges the fraction can be negative; x86-64 converts
/// through a 64-bit signed integer and keeps the low 32 bits, and so do we.
fn weight(f: f32) -> u32 {
    (f * 255.0) as i64 as u32
}

/// The reference's blend, in wrapping 32-bit arithmetic as its C++ computes it.
fn mix(c1: u32, c2: u32, m: u32) -> u32 {
    if c1 == 0 && c2 == 0 {
        return 0;
    }
    let ch = |shift: u32| {
        let a = (c1 >> shift) & 0xff;
        let b = (c2 >> shift) & 0xff;
        let sum =
            (a.wrapping_mul(m) / 255).wrapping_add(b.wrapping_mul(255u32.wrapping_sub(m)) / 255);
        (sum & 0xff) << shift
    };
    ch(24) | ch(16) | ch(8) | ch(0)
}

/// Encodes pixels to a GBIN pixel format, reading through the clamped accessor as the
/// reference does, so a rotated non-square tile still yields `w * h` pixels.
pub fn encode(p: &Pixels, w: i32, h: i32, pf: super::super::pixel::PixelFormat) -> Vec<u8> {
    let mut out = Vec::with_capacity((w.max(0) * h.max(0)) as usize * pf.bytes_per_pixel());
    for y in 0..h {
        for x in 0..w {
            let c = p.get(x, y);
            let [a, r, g, b] = c.to_be_bytes();
            super::super::pixel::encode_pixel(pf, [r, g, b, a], &mut out);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(w: i32, h: i32) -> Pixels {
        Pixels {
            width: w,
            height: h,
            data: (1..=(w * h) as u32).collect(),
        }
    }

    #[test]
    fn hflip_keeps_the_last_pixel() {
        let mut p = grid(3, 1);
        p.hflip();
        assert_eq!(p.data, vec![2, 1, 3]);
    }

    #[test]
    fn quarter_turns() {
        let mut p = grid(3, 2);
        p.rotate_90();
        assert_eq!((p.width, p.height), (2, 3));
        assert_eq!(p.data, vec![4, 1, 5, 2, 6, 3]);
        let mut q = grid(3, 2);
        q.rotate_270();
        assert_eq!(q.data, vec![3, 6, 2, 5, 1, 4]);
        let mut r = grid(3, 2);
        r.rotate_180();
        assert_eq!(r.data, vec![6, 5, 4, 3, 2, 1]);
    }

    #[test]
    fn vflip_reverses_rows() {
        let mut p = grid(2, 2);
        p.vflip();
        assert_eq!(p.data, vec![3, 4, 1, 2]);
    }
}
