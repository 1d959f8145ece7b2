//! SHDR, the shaders: a pointer list, each shader its name, its type (the top bit
//! set), the GLSL ES, GLSL and HLSL9 sources (vertex, then fragment), pointers to the
//! compiled HLSL11 vertex and pixel blobs, the vertex attributes, then (after
//! bytecode 13) a version and pointer and length pairs for the PSSL and PS Vita Cg
//! blobs, and from version 2 the PS3 Cg ones. The blobs follow, in that order, each
//! on an 8-byte boundary (16 for PS3). An HLSL11 blob has no length of its own: it
//! runs to the next blob or the next shader, padding included.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::wire::{Blob, Record, Slot, StrId, Wire};

/// The compiled blobs a shader can hold, in file order.
pub const BLOBS: [&str; 8] = [
    "hlsl11_vertex",
    "hlsl11_pixel",
    "pssl_vertex",
    "pssl_pixel",
    "cg_psvita_vertex",
    "cg_psvita_pixel",
    "cg_ps3_vertex",
    "cg_ps3_pixel",
];

/// SHDR: the shaders, programs that change how things are drawn.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Shaders<'a> {
    /// The shaders by index (a shader id); `None` for a null slot.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub shaders: Vec<Option<Shader<'a>>>,
}

/// A shader: its sources for the graphics APIs that compile them at run time, and
/// the blobs compiled for the others.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Shader<'a> {
    /// The name code refers to the shader by (`shd_outline`).
    pub name: Option<StrId>,
    /// The type (1 GLSL ES, 2 GLSL, 3 HLSL9, 4 HLSL11, 5 PSSL, 6 PS Vita Cg, 7 PS3
    /// Cg) with the top bit set, as stored.
    pub kind: u32,
    /// GLSL ES, GLSL and HLSL9 sources: vertex, fragment, vertex, fragment, ...
    pub sources: [Option<StrId>; 6],
    /// The names of the vertex attributes the vertex shader takes, in order.
    pub attributes: Vec<Option<StrId>>,
    /// After bytecode 13.
    pub version: i32,
    /// The compiled blobs, in the order of [`BLOBS`].
    #[serde(skip)]
    pub blobs: [Option<Blob<'a>>; 8],
}

impl Named for Shader<'_> {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Shaders<'a> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let slots = w.pointers(&mut self.shaders)?;
        let chunk_end = w.offset() + w.remaining();
        // Reading, where each shader's last HLSL11 blob can run to: the next shader.
        let ends: Vec<u64> = (0..slots.len())
            .map(|i| {
                (i + 1..slots.len())
                    .find(|&k| self.shaders[k].is_some())
                    .map_or(chunk_end, |k| slots[k].0)
            })
            .collect();
        for (i, (shader, slot)) in self.shaders.iter_mut().zip(slots).enumerate() {
            let Some(shader) = shader else { continue };
            w.enter("entry", Some(i));
            w.here(slot)?;
            shader.walk_to(w, ends[i])?;
            w.leave();
        }
        Ok(())
    }
}

impl<'a> Shader<'a> {
    /// The shader, whose blobs may run to `end` when reading.
    fn walk_to<W: Wire<'a>>(&mut self, w: &mut W, end: u64) -> Result<()> {
        w.string(&mut self.name)?;
        w.u32(&mut self.kind)?;
        self.sources.iter_mut().try_for_each(|s| w.string(s))?;
        let mut slots: [Option<Slot>; 8] = [None; 8];
        let mut stated = [0u32; 8];
        for (slot, blob) in slots.iter_mut().zip(&mut self.blobs).take(2) {
            *slot = Some(w.optional(blob)?);
        }
        w.list("attribute", &mut self.attributes, 4)?;
        if w.bytecode() > 13 {
            w.i32(&mut self.version)?;
            let last = if self.version >= 2 { 8 } else { 6 };
            for k in 2..last {
                slots[k] = Some(w.optional(&mut self.blobs[k])?);
                stated[k] = self.blobs[k].as_ref().map_or(0, |b| b.len() as u32);
                let at = w.offset();
                w.u32(&mut stated[k])?;
                // An absent blob has no length: one stated would not be written back.
                if self.blobs[k].is_none() && stated[k] != 0 {
                    let why = format!("a {} blob of {} bytes with no pointer", BLOBS[k], stated[k]);
                    return Err(w.unlike_gamemaker(at, why));
                }
            }
        }
        let reading = w.reading();
        let present: [Option<Slot>; 8] =
            std::array::from_fn(|k| slots[k].filter(|_| self.blobs[k].is_some()));
        for (k, blob) in self.blobs.iter_mut().enumerate() {
            let (Some(slot), Some(blob)) = (present[k], blob) else {
                continue;
            };
            w.enter(BLOBS[k], None);
            w.pad(if k >= 6 { 16 } else { 8 })?;
            w.here(slot)?;
            let len = match (k, reading) {
                (0 | 1, true) => {
                    let next = present[k + 1..]
                        .iter()
                        .flatten()
                        .next()
                        .map_or(end, |s| s.0);
                    next.saturating_sub(w.offset()) as usize
                }
                (0 | 1, false) => blob.len(),
                _ => stated[k] as usize,
            };
            w.blob(blob, len)?;
            w.leave();
        }
        Ok(())
    }
}
