//! BGND, the backgrounds (tile sets from GameMaker Studio 2): each on an 8-byte
//! boundary when every pointer of the list is; name, transparency, smoothing,
//! preload, the TPAG item; from GameMaker Studio 2 a tile set: a word that is 2, tile
//! size, from 2024.14.1 the separation between tiles, output border, columns, frames
//! per tile, tile count, the exported sprite, frame length, and the tile ids (tile
//! count times frames per tile).

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, TpagId, Wire};

/// BGND: the backgrounds, which from GameMaker Studio 2 are tile sets.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Backgrounds {
    /// Whether each background starts on an 8-byte boundary.
    pub aligned: bool,
    /// The backgrounds by index (a background id); `None` for a null slot.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub backgrounds: Vec<Option<Background>>,
}

/// A background image, or from GameMaker Studio 2 a tile set.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Background {
    /// The name code refers to the background by.
    pub name: Option<StrId>,
    /// The background's transparent option, as the IDE set it.
    pub transparent: bool,
    /// Whether its edges are smoothed, as the IDE set it.
    pub smooth: bool,
    /// Whether its texture is loaded when the game starts rather than when first
    /// drawn.
    pub preload: bool,
    /// The image, a TPAG item (a tile set's whole image); `None` for none.
    pub texture: Option<TpagId>,
    /// GameMaker Studio 2 and later.
    pub tiles: Option<TileSet>,
}

/// What a GameMaker Studio 2 background holds as a tile set.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TileSet {
    /// A word GameMaker writes as 2.
    pub version: u32,
    /// The width and height of one tile, in pixels.
    pub tile_size: [u32; 2],
    /// 2024.14.1 and later.
    pub separation: [u32; 2],
    /// The empty pixels left beside each tile on the texture page: left and right,
    /// then above and below.
    pub border: [u32; 2],
    /// How many tiles one row of the tile set holds.
    pub columns: u32,
    /// How many animation frames each tile has (1 for a tile set that is not
    /// animated).
    pub frames_per_tile: u32,
    /// How many tiles the tile set holds.
    pub tile_count: u32,
    /// From 2023.8, the SPRT index of the sprite exported from the tile set; 0 before.
    pub exported_sprite: u32,
    /// How long each animation frame shows, in microseconds.
    pub frame_length: i64,
    /// The ids of the tiles' frames: `tile_count` times `frames_per_tile` of them.
    pub tile_ids: Vec<u32>,
}

impl<'a> Record<'a> for Backgrounds {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let slots = w.pointers(&mut self.backgrounds)?;
        if w.reading() {
            self.aligned = slots.iter().all(|s| s.0.is_multiple_of(8));
        }
        for (i, (b, slot)) in self.backgrounds.iter_mut().zip(slots).enumerate() {
            if let Some(b) = b {
                w.enter("entry", Some(i));
                if self.aligned {
                    w.pad(8)?;
                }
                w.here(slot)?;
                b.walk(w)?;
                w.leave();
            }
        }
        Ok(())
    }
}

impl Named for Background {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Background {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.bool(&mut self.transparent)?;
        w.bool(&mut self.smooth)?;
        w.bool(&mut self.preload)?;
        w.tpag(&mut self.texture)?;
        if w.since(Version::GMS2) {
            w.record(self.tiles.get_or_insert_with(TileSet::default))?;
        }
        Ok(())
    }
}

impl<'a> Record<'a> for TileSet {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        for v in &mut self.tile_size {
            w.u32(v)?;
        }
        if w.since(Version::V2024_14_1) {
            for v in &mut self.separation {
                w.u32(v)?;
            }
        }
        for v in &mut self.border {
            w.u32(v)?;
        }
        w.u32(&mut self.columns)?;
        w.u32(&mut self.frames_per_tile)?;
        let at = w.offset();
        w.u32(&mut self.tile_count)?;
        w.u32(&mut self.exported_sprite)?;
        w.i64(&mut self.frame_length)?;
        let n = u64::from(self.tile_count) * u64::from(self.frames_per_tile);
        w.fits(at, n, 4)?;
        if w.reading() {
            self.tile_ids = vec![0; n as usize];
        } else if self.tile_ids.len() as u64 != n {
            return Err(w.invalid(
                at,
                format!("{n} tile ids are needed, not {}", self.tile_ids.len()),
            ));
        }
        self.tile_ids.iter_mut().try_for_each(|t| w.u32(t))
    }
}
