//! A tile placed on its own: a room's (GameMaker Studio 1) or an asset layer's.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, Wire};

/// A tile placed on its own.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Tile {
    /// Horizontal position in the room, in pixels.
    pub x: i32,
    /// Vertical position in the room, in pixels.
    pub y: i32,
    /// A sprite from GameMaker Studio 2, a background before.
    pub asset: i32,
    /// The tile's top-left corner (x, y) in the source image, in pixels.
    pub source: [u32; 2],
    /// The tile's width and height in the source image, in pixels.
    pub size: [u32; 2],
    /// The tile's depth: tiles and instances of greater depth are drawn first, behind.
    pub depth: i32,
    /// The tile's id, by which code refers to it.
    pub id: u32,
    /// Horizontal and vertical scale, 1 for the source size.
    pub scale: [f32; 2],
    /// The blend colour the tile is drawn with, as 0xAABBGGRR; 0xFFFFFFFF draws it as it
    /// is.
    pub colour: u32,
}

impl<'a> Record<'a> for Tile {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.x)?;
        w.i32(&mut self.y)?;
        w.i32(&mut self.asset)?;
        for v in self.source.iter_mut().chain(&mut self.size) {
            w.u32(v)?;
        }
        w.i32(&mut self.depth)?;
        w.u32(&mut self.id)?;
        for v in &mut self.scale {
            w.f32(v)?;
        }
        w.u32(&mut self.colour)
    }
}
