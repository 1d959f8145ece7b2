//! TPAG, the texture page items: where each sprite frame, background or glyph sheet
//! lies on a texture page, and where it goes in its bounding box.

use std::collections::HashMap;

use super::container::Form;
use super::refs::list;
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

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

pub const ITEM_SIZE: u64 = 22;

/// Every item, and the item each absolute offset starts (other chunks point at items).
#[derive(Debug, Default)]
pub struct Tpag {
    pub items: Vec<Item>,
    pub by_offset: HashMap<u32, usize>,
}

pub fn read(form: &Form<'_>) -> Result<Tpag> {
    let mut out = Tpag {
        items: Vec::new(),
        by_offset: HashMap::new(),
    };
    let Some(chunk) = form.chunk(FourCC::TPAG) else {
        return Ok(out);
    };
    for (i, p) in list(form, chunk)?.into_iter().enumerate() {
        let path = chunk.location().at("entry", i);
        if (p as u64) < chunk.body_offset() || p as u64 + ITEM_SIZE > chunk.end() {
            return Err(Error::invalid(&path, p as u64, "item lies outside TPAG"));
        }
        let mut r = form.reader_at(p as u64, &path)?;
        let mut v = [0u16; 11];
        for (k, slot) in v.iter_mut().enumerate() {
            *slot = r.u16(&format!("field {k}"))?;
        }
        out.by_offset.insert(p, out.items.len());
        out.items.push(Item {
            source: [v[0], v[1], v[2], v[3]],
            target: [v[4], v[5], v[6], v[7]],
            bounding: [v[8], v[9]],
            page: v[10],
        });
    }
    Ok(out)
}
