//! SPRT and BGND: names and the TPAG items of their frames.
//!
//! A sprite's fields up to its origin are the same in every version. Then GameMaker
//! Studio 2 writes -1, a sprite version (1-3), a type (0 bitmap, 1 SWF, 2 Spine), the
//! playback speed and its type, and for versions 2 and 3 one and two more offsets,
//! before the frame list; GameMaker: Studio 1 writes the frame list at once. Only
//! bitmap sprites have TPAG frames.

use super::container::Form;
use super::refs::{list, list_at, string_ref, u32_at};
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

#[derive(Debug, Clone, Default)]
pub struct Frames {
    /// Empty, with no items, for a null slot, which keeps the index of the rest.
    pub name: String,
    /// Absolute offsets of TPAG items; 0 for none.
    pub items: Vec<u32>,
    /// The frame size a sprite states; `None` for a background.
    pub size: Option<(u32, u32)>,
}

pub fn sprites(form: &Form<'_>) -> Result<Vec<Frames>> {
    let Some(chunk) = form.chunk(FourCC::SPRT) else {
        return Ok(Vec::new());
    };
    list(form, chunk)?
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            if p == 0 {
                return Ok(Frames::default());
            }
            let path = chunk.location().at("entry", i);
            let at = p as u64;
            if at < chunk.body_offset() || at + 60 > chunk.end() {
                return Err(Error::invalid(&path, at, "sprite lies outside SPRT"));
            }
            let name = string_ref(form, at).to_string();
            let field = |o: u64| u32_at(form, at + o).unwrap_or(0);
            let size = Some((field(4), field(8)));
            let frames_at = if field(56) == u32::MAX {
                let (version, kind) = (field(60), field(64));
                if kind != 0 {
                    return Ok(Frames {
                        name,
                        items: Vec::new(),
                        size,
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
            Ok(Frames {
                name,
                items: list_at(form, chunk, frames_at)?,
                size,
            })
        })
        .collect()
}

pub fn backgrounds(form: &Form<'_>) -> Result<Vec<Frames>> {
    let Some(chunk) = form.chunk(FourCC::BGND) else {
        return Ok(Vec::new());
    };
    list(form, chunk)?
        .into_iter()
        .map(|p| {
            if p == 0 {
                return Ok(Frames::default());
            }
            let at = p as u64;
            Ok(Frames {
                name: string_ref(form, at).to_string(),
                items: vec![u32_at(form, at + 16).unwrap_or(0)],
                size: None,
            })
        })
        .collect()
}
