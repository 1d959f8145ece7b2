//! Free space on a texture page, found from the rectangles its TPAG items take:
//! no pixel is decoded to place a frame.
//!
//! A new rectangle keeps [`GAP`] pixels from every other, as GameMaker's default
//! texture border does, so that filtering at a frame's edge never samples its
//! neighbour. Of the places where it fits it takes the highest, then the leftmost,
//! trying the page's corner and the right and lower sides of every rectangle there.

/// x, y, width, height.
pub type Rect = [u32; 4];

/// The border kept around every frame on a page.
pub const GAP: u32 = 2;

/// A page's size and the rectangles taken on it.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub width: u32,
    pub height: u32,
    used: Vec<Rect>,
}

impl Sheet {
    pub fn new(width: u32, height: u32, used: Vec<Rect>) -> Self {
        Sheet {
            width,
            height,
            used,
        }
    }

    /// Where a `w`x`h` rectangle fits, which is then taken; `None` when it does not.
    pub fn place(&mut self, w: u32, h: u32) -> Option<(u32, u32)> {
        let after = |v: u32, len: u32| v.saturating_add(len).saturating_add(GAP);
        let candidates =
            std::iter::once((0, 0)).chain(self.used.iter().flat_map(|&[x, y, rw, rh]| {
                [
                    (after(x, rw), y),
                    (x, after(y, rh)),
                    (after(x, rw), 0),
                    (0, after(y, rh)),
                ]
            }));
        let best = candidates
            .filter(|&(x, y)| self.fits([x, y, w, h]))
            .min_by_key(|&(x, y)| (y, x))?;
        self.used.push([best.0, best.1, w, h]);
        Some(best)
    }

    fn fits(&self, r: Rect) -> bool {
        let [x, y, w, h] = r.map(u64::from);
        let apart = |[ux, uy, uw, uh]: [u64; 4]| {
            let gap = u64::from(GAP);
            x >= ux + uw + gap || x + w + gap <= ux || y >= uy + uh + gap || y + h + gap <= uy
        };
        x + w <= u64::from(self.width)
            && y + h <= u64::from(self.height)
            && self.used.iter().all(|u| apart(u.map(u64::from)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_page_takes_a_frame_at_its_corner() {
        assert_eq!(Sheet::new(64, 64, vec![]).place(10, 10), Some((0, 0)));
    }

    #[test]
    fn frames_keep_the_gap_and_fill_rows_first() {
        let mut s = Sheet::new(64, 64, vec![[0, 0, 20, 20]]);
        assert_eq!(s.place(20, 10), Some((22, 0)));
        assert_eq!(s.place(20, 10), Some((44, 0)));
        assert_eq!(s.place(20, 10), Some((22, 12)));
        assert_eq!(s.place(64, 10), Some((0, 24)));
    }

    #[test]
    fn a_frame_too_big_for_what_is_left_does_not_fit() {
        let mut s = Sheet::new(32, 32, vec![[0, 0, 32, 20]]);
        assert_eq!(s.place(33, 1), None);
        assert_eq!(s.place(10, 11), None);
        assert_eq!(s.place(10, 10), Some((0, 22)));
    }
}
