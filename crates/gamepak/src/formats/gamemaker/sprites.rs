//! SPRT and BGND: names and the TPAG items of their frames.
//!
//! A sprite's fields up to its origin are the same in every version. Then GameMaker
//! Studio 2 writes -1, a sprite version (1-3), a type (0 bitmap, 1 SWF, 2 Spine), the
//! playback speed and its type, and for versions 2 and 3 one and two more offsets,
//! before the frame list; GameMaker: Studio 1 writes the frame list at once. Only
//! bitmap sprites have TPAG frames.

use super::container::Form;
use super::refs::{list_at, records, slot, string_ref, u32_at};
use crate::error::Error;
use crate::fourcc::FourCC;
use crate::report::Problem;

#[derive(Debug, Clone, Default)]
pub struct Frames {
    /// Empty, with no items, for a null slot, which keeps the index of the rest.
    pub name: String,
    /// Absolute offsets of TPAG items; 0 for none.
    pub items: Vec<u32>,
    /// Where each of `items` is stored.
    pub slots: Vec<u64>,
    /// The frame size a sprite states; `None` for a background.
    pub size: Option<(u32, u32)>,
}

/// Every sprite; one that cannot be read is a null slot, and why goes to `problems`.
pub fn sprites(form: &Form<'_>, problems: &mut Vec<Problem>) -> Vec<Frames> {
    let Some(chunk) = form.chunk(FourCC::SPRT) else {
        return Vec::new();
    };
    records(form, chunk, (60, "sprite"), problems, |i, at| {
        let path = chunk.location().at("entry", i);
        let name = string_ref(form, at).to_string();
        let field = |o: u64| u32_at(form, at + o).unwrap_or(0);
        let size = Some((field(4), field(8)));
        let frames_at = if field(56) == u32::MAX {
            let (version, kind) = (field(60), field(64));
            if kind != 0 {
                return Ok(Frames {
                    name,
                    size,
                    ..Frames::default()
                });
            }
            match version {
                1 => at + 76,
                2 => at + 80,
                3 => at + 84,
                v => {
                    return Err(Error::invalid(
                        &path,
                        at + 60,
                        format!("sprite version {v} is not 1-3"),
                    ))
                }
            }
        } else {
            at + 56
        };
        let items = list_at(form, chunk, frames_at)
            .map_err(|e| Error::new(path.clone(), e.offset, e.kind))?;
        Ok(Frames {
            name,
            slots: (0..items.len()).map(|f| slot(frames_at, f)).collect(),
            items,
            size,
        })
    })
    .into_iter()
    .map(Option::unwrap_or_default)
    .collect()
}

/// Every background; one whose record lies outside BGND is a null slot, and why
/// goes to `problems`.
pub fn backgrounds(form: &Form<'_>, problems: &mut Vec<Problem>) -> Vec<Frames> {
    let Some(chunk) = form.chunk(FourCC::BGND) else {
        return Vec::new();
    };
    records(form, chunk, (20, "background"), problems, |_, at| {
        Ok(Frames {
            name: string_ref(form, at).to_string(),
            items: vec![u32_at(form, at + 16).unwrap_or(0)],
            slots: vec![at + 16],
            size: None,
        })
    })
    .into_iter()
    .map(Option::unwrap_or_default)
    .collect()
}
