//! ROOM, the rooms: name, caption, size, speed, persistence, background colour,
//! creation code and flags; pointers to the backgrounds, views, instances and tiles
//! of GameMaker Studio 1 (still written, mostly empty, later), from 2024.13 to the
//! instance creation order; world and bounds, gravity and metres per pixel; from
//! GameMaker Studio 2 to the layers, and from 2.3 to the sequences. The lists follow
//! the room's fields in that order.
//!
//! Layers ([`layers`]) hold instances by id, tile maps (run-length compressed from
//! 2024.2), backgrounds, assets ([`assets`]) and effects.

pub mod assets;
pub mod layers;
pub mod tile_data;

use serde::{Deserialize, Serialize};

use self::layers::Layer;
use super::sequence::Sequence;
use crate::error::Result;
use crate::formats::gamemaker::model::names::{Background, Code, Id, Named, Object};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Rooms {
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub rooms: Vec<Option<Room>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Room {
    pub name: Option<StrId>,
    pub caption: Option<StrId>,
    pub width: u32,
    pub height: u32,
    pub speed: u32,
    pub persistent: bool,
    pub background_colour: u32,
    pub draw_background_colour: bool,
    pub creation_code: Id<Code>,
    pub flags: u32,
    pub backgrounds: Vec<Option<RoomBackground>>,
    pub views: Vec<Option<View>>,
    pub instances: Vec<Option<Instance>>,
    pub tiles: Vec<Option<Tile>>,
    /// Instance ids in the order they are created (2024.13 and later).
    pub creation_order: Vec<u32>,
    pub world: bool,
    /// Top, left, right, bottom.
    pub bounds: [u32; 4],
    pub gravity: [f32; 2],
    pub metres_per_pixel: f32,
    /// GameMaker Studio 2 and later.
    pub layers: Vec<Option<Layer>>,
    /// 2.3 and later.
    pub sequences: Vec<Option<Sequence>>,
}

/// A background slot of a GameMaker Studio 1 room.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct RoomBackground {
    pub enabled: bool,
    pub foreground: bool,
    pub background: Id<Background>,
    pub x: i32,
    pub y: i32,
    pub tile_x: i32,
    pub tile_y: i32,
    pub speed: [i32; 2],
    pub stretch: bool,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct View {
    pub enabled: bool,
    /// x, y, width, height in the room.
    pub view: [i32; 4],
    /// x, y, width, height on screen.
    pub port: [i32; 4],
    pub border: [u32; 2],
    pub speed: [i32; 2],
    /// The object the view follows.
    pub object: Id<Object>,
}

/// An instance placed in the room.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Instance {
    pub x: i32,
    pub y: i32,
    pub object: Id<Object>,
    pub id: u32,
    pub creation_code: Id<Code>,
    pub scale: [f32; 2],
    /// 2.2.2.302 and later.
    pub image_speed: f32,
    /// 2.2.2.302 and later.
    pub image_index: u32,
    pub colour: u32,
    pub rotation: f32,
    /// Bytecode 16 and later.
    pub pre_create_code: Id<Code>,
}

/// A tile placed on its own: a room's (GameMaker Studio 1) or an asset layer's.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Tile {
    pub x: i32,
    pub y: i32,
    /// A sprite from GameMaker Studio 2, a background before.
    pub asset: i32,
    pub source: [u32; 2],
    pub size: [u32; 2],
    pub depth: i32,
    pub id: u32,
    pub scale: [f32; 2],
    pub colour: u32,
}

impl<'a> Record<'a> for Rooms {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.rooms)
    }
}

impl Named for Room {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Room {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.string(&mut self.caption)?;
        w.u32(&mut self.width)?;
        w.u32(&mut self.height)?;
        w.u32(&mut self.speed)?;
        w.bool(&mut self.persistent)?;
        w.u32(&mut self.background_colour)?;
        w.bool(&mut self.draw_background_colour)?;
        w.record(&mut self.creation_code)?;
        w.u32(&mut self.flags)?;
        let backgrounds = w.list_pointer()?;
        let views = w.list_pointer()?;
        let instances = w.list_pointer()?;
        let tiles = w.list_pointer()?;
        let order = w
            .since(Version::V2024_13)
            .then(|| w.list_pointer())
            .transpose()?;
        w.bool(&mut self.world)?;
        for v in &mut self.bounds {
            w.u32(v)?;
        }
        for v in &mut self.gravity {
            w.f32(v)?;
        }
        w.f32(&mut self.metres_per_pixel)?;
        let layers = w
            .since(Version::GMS2)
            .then(|| w.list_pointer())
            .transpose()?;
        let sequences = w
            .since(Version::V2_3)
            .then(|| w.list_pointer())
            .transpose()?;
        w.pointer_list_at("backgrounds", backgrounds, &mut self.backgrounds)?;
        w.pointer_list_at("views", views, &mut self.views)?;
        w.pointer_list_at("instances", instances, &mut self.instances)?;
        w.pointer_list_at("tiles", tiles, &mut self.tiles)?;
        if let Some(order) = order {
            w.here(order)?;
            w.list("creation_order", &mut self.creation_order, 4)?;
        }
        if let Some(layers) = layers {
            w.pointer_list_at("layers", layers, &mut self.layers)?;
        }
        if let Some(sequences) = sequences {
            w.pointer_list_at("sequences", sequences, &mut self.sequences)?;
        }
        Ok(())
    }
}

impl<'a> Record<'a> for RoomBackground {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.bool(&mut self.enabled)?;
        w.bool(&mut self.foreground)?;
        w.record(&mut self.background)?;
        w.i32(&mut self.x)?;
        w.i32(&mut self.y)?;
        w.i32(&mut self.tile_x)?;
        w.i32(&mut self.tile_y)?;
        for v in &mut self.speed {
            w.i32(v)?;
        }
        w.bool(&mut self.stretch)
    }
}

impl<'a> Record<'a> for View {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.bool(&mut self.enabled)?;
        for v in self.view.iter_mut().chain(&mut self.port) {
            w.i32(v)?;
        }
        for v in &mut self.border {
            w.u32(v)?;
        }
        for v in &mut self.speed {
            w.i32(v)?;
        }
        w.record(&mut self.object)
    }
}

impl<'a> Record<'a> for Instance {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.x)?;
        w.i32(&mut self.y)?;
        w.record(&mut self.object)?;
        w.u32(&mut self.id)?;
        w.record(&mut self.creation_code)?;
        for v in &mut self.scale {
            w.f32(v)?;
        }
        if w.since(Version::V2_2_2_302) {
            w.f32(&mut self.image_speed)?;
            w.u32(&mut self.image_index)?;
        }
        w.u32(&mut self.colour)?;
        w.f32(&mut self.rotation)?;
        if w.bytecode() >= 16 {
            w.record(&mut self.pre_create_code)?;
        }
        Ok(())
    }
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
