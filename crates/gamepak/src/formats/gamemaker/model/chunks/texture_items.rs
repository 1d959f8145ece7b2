//! TPAG, the texture page items: where each frame lies on a page (source
//! rectangle), where it goes in its frame (target rectangle), the frame's bounding
//! size and the page. Other chunks name an item by its offset, its `Label::Tpag`.
//! The chunk ends on a 4-byte boundary.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Label, Record, Wire};

/// TPAG: the texture page items, each the place of one image on a texture page.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TextureItems {
    /// The items by index (a `TpagId`), which sprites, backgrounds, fonts and other
    /// chunks name; `None` for a null slot.
    pub items: Vec<Option<TextureItem>>,
}

/// Where one image's pixels lie on a texture page, and where they are drawn in
/// the image's frame.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TextureItem {
    /// x, y, width, height on the page.
    pub source: [u16; 4],
    /// x, y, width, height in the frame.
    pub target: [u16; 4],
    /// The frame's width and height.
    pub bounds: [u16; 2],
    /// The texture page, by index in TXTR.
    pub page: u16,
}

impl<'a> Record<'a> for TextureItems {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let slots = w.pointers(&mut self.items)?;
        for (i, (item, slot)) in self.items.iter_mut().zip(slots).enumerate() {
            if let Some(item) = item {
                w.enter("entry", Some(i));
                w.here(slot)?;
                w.label(Label::Tpag(i as u32));
                item.walk(w)?;
                w.leave();
            }
        }
        w.pad(4)
    }
}

impl<'a> Record<'a> for TextureItem {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        for v in self
            .source
            .iter_mut()
            .chain(&mut self.target)
            .chain(&mut self.bounds)
        {
            w.u16(v)?;
        }
        w.u16(&mut self.page)
    }
}
