//! TPAG, the texture page items: where each sprite frame, background or glyph sheet
//! lies on a texture page, and where it goes in its bounding box.

use rustc_hash::FxHashMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Item {
    /// The rectangle on the page: x, y, width, height.
    pub source: [u16; 4],
    /// Where it is drawn inside the bounding box: x, y, width, height.
    pub target: [u16; 4],
    /// The frame's full size.
    pub bounding: [u16; 2],
    /// Index into TXTR.
    pub page: u16,
}

impl Item {
    /// Why the item cannot be drawn, by the rules `check` reports and `extract`
    /// follows, each with the offset of the field at fault within the item: its
    /// page does not exist, it draws outside its bounding box, or its source
    /// rectangle runs past its page. `page_size` gives a page's size from its header,
    /// `None` when that is unknown (the source is then not judged).
    pub fn problems(
        &self,
        pages: usize,
        page_size: impl FnOnce(usize) -> Option<(u32, u32)>,
    ) -> Vec<(u64, String)> {
        let page = usize::from(self.page);
        if page >= pages {
            return vec![(20, format!("page {page} does not exist ({pages} pages)"))];
        }
        let mut out = Vec::new();
        let [tx, ty, tw, th] = self.target.map(u32::from);
        let [bw, bh] = self.bounding.map(u32::from);
        if tx + tw > bw || ty + th > bh {
            let why =
                format!("draws {tw}x{th} at ({tx}, {ty}), outside its {bw}x{bh} bounding box");
            out.push((8, why));
        }
        if let Some((w, h)) = page_size(page) {
            let [x, y, sw, sh] = self.source.map(u32::from);
            if x + sw > w || y + sh > h {
                let why = format!(
                    "source rectangle {sw}x{sh} at ({x}, {y}) runs past page {page} ({w}x{h})"
                );
                out.push((0, why));
            }
        }
        out
    }
}

/// Every item, and the item each absolute offset starts (other chunks point at items).
#[derive(Debug, Default)]
pub struct Tpag {
    pub items: Vec<Item>,
    /// Each item's entry in TPAG's list, and the absolute offset of its 22 bytes.
    pub places: Vec<(usize, u64)>,
    /// Which item starts at each absolute offset (a fast hash: every frame of every
    /// sprite is looked up here).
    pub by_offset: FxHashMap<u32, usize>,
    /// The absolute offset of each entry of TPAG's list, by index (0 for a null
    /// one), which is how the model's ids name them.
    pub offsets: Vec<u32>,
}
