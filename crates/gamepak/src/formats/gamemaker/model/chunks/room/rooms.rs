//! ROOM's records: the rooms, and their backgrounds, views and instances; layers
//! and tiles are beside them.

use serde::{Deserialize, Serialize};

use super::layers::Layer;
use super::tile::Tile;
use crate::error::Result;
use crate::formats::gamemaker::model::chunks::sequence::Sequence;
use crate::formats::gamemaker::model::names::{Background, Code, Id, Named, Object};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// ROOM's body: the rooms in resource order.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Rooms {
    /// The rooms; `None` is a null slot of the list.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub rooms: Vec<Option<Room>>,
}

/// A room: its settings and what is placed in it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Room {
    /// The room's name, by which code refers to it.
    pub name: Option<StrId>,
    /// The window caption while the room runs, a GameMaker 8 setting; usually empty.
    pub caption: Option<StrId>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Game steps per second while in the room, a GameMaker Studio 1 setting (GameMaker
    /// Studio 2 sets the game's speed in [`crate::formats::gamemaker::model::chunks::general::Gms2::fps`]).
    pub speed: u32,
    /// Whether the room keeps its state when left, so a return finds it as it was.
    pub persistent: bool,
    /// The colour the room is cleared to, as 0xAABBGGRR.
    pub background_colour: u32,
    /// Whether the display is cleared with [`Room::background_colour`] before each frame
    /// is drawn.
    pub draw_background_colour: bool,
    /// The room's creation code, run when the room starts; -1 for none.
    pub creation_code: Id<Code>,
    /// Bit flags: 1 views enabled, 2 clear the view background with the window colour,
    /// 4 do not clear the display buffer; 0x20000 marks a room made in GameMaker Studio
    /// 2, 0x10000 one of 2.3 and later, 0x40000 one of 2024.13 and later.
    pub flags: u32,
    /// The background slots of GameMaker Studio 1 (GameMaker Studio 2 uses
    /// [`Room::layers`]).
    pub backgrounds: Vec<Option<RoomBackground>>,
    /// The views: regions of the room drawn to parts of the window.
    pub views: Vec<Option<View>>,
    /// The instances placed in the room. From GameMaker Studio 2 a layer holds them by
    /// [`Instance::id`].
    pub instances: Vec<Option<Instance>>,
    /// The tiles of GameMaker Studio 1 (GameMaker Studio 2 keeps tiles in its layers).
    pub tiles: Vec<Option<Tile>>,
    /// Instance ids in the order they are created (2024.13 and later).
    pub creation_order: Vec<u32>,
    /// Whether the room has a physics world.
    pub world: bool,
    /// Top, left, right, bottom.
    pub bounds: [u32; 4],
    /// The physics world's gravity, x and y, in metres per second squared (GameMaker's
    /// default is 0, 10: downwards).
    pub gravity: [f32; 2],
    /// How many metres of the physics world one pixel stands for (GameMaker's default
    /// is 0.1).
    pub metres_per_pixel: f32,
    /// The room's layers, which hold its instances, tiles, backgrounds and assets.
    /// GameMaker Studio 2 and later.
    pub layers: Vec<Option<Layer>>,
    /// The sequences the room uses.
    /// 2.3 and later.
    pub sequences: Vec<Option<Sequence>>,
}

/// A background slot of a GameMaker Studio 1 room.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct RoomBackground {
    /// Whether the background is drawn.
    pub enabled: bool,
    /// Whether it is drawn in front of the instances instead of behind them.
    pub foreground: bool,
    /// The background resource drawn; -1 for none.
    pub background: Id<Background>,
    /// Horizontal position in the room, in pixels.
    pub x: i32,
    /// Vertical position in the room, in pixels.
    pub y: i32,
    /// Whether it repeats horizontally: 0 no, any other value yes.
    pub tile_x: i32,
    /// Whether it repeats vertically: 0 no, any other value yes.
    pub tile_y: i32,
    /// Scroll speed, x and y, in pixels per step.
    pub speed: [i32; 2],
    /// Whether it is stretched to fill the room.
    pub stretch: bool,
}

/// A view of a room: the part of the room it shows and where on screen.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct View {
    /// Whether the view is used.
    pub enabled: bool,
    /// x, y, width, height in the room.
    pub view: [i32; 4],
    /// x, y, width, height on screen.
    pub port: [i32; 4],
    /// How near, in pixels (x, y), the followed object may come to the view's edge
    /// before the view moves.
    pub border: [u32; 2],
    /// The most the view moves per step to follow its object, x and y, in pixels; -1
    /// for no limit.
    pub speed: [i32; 2],
    /// The object the view follows.
    pub object: Id<Object>,
}

/// An instance placed in the room. In JSON only `x`, `y` and `object` are
/// needed: the rest takes the room editor's defaults, and an instance with no
/// id is given one past every other (see `folder_rules::rooms`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Instance {
    /// Horizontal position in the room, in pixels.
    pub x: i32,
    /// Vertical position in the room, in pixels.
    pub y: i32,
    /// The object the instance is of.
    pub object: Id<Object>,
    /// The instance's id, which code and layers refer to it by; 0 in JSON for
    /// one to be given.
    #[serde(default)]
    pub id: u32,
    /// Code run for this instance when it is created (after its create event); -1 for
    /// none.
    #[serde(default)]
    pub creation_code: Id<Code>,
    /// Horizontal and vertical scale, 1 for the sprite's size.
    #[serde(default = "unit_scale")]
    pub scale: [f32; 2],
    /// The instance's animation speed, a multiple of its sprite's (1 as the sprite sets).
    /// 2.2.2.302 and later.
    #[serde(default = "one")]
    pub image_speed: f32,
    /// The sprite frame (image index) the instance starts on.
    /// 2.2.2.302 and later.
    #[serde(default)]
    pub image_index: u32,
    /// The blend colour the sprite is drawn with, as 0xAABBGGRR; 0xFFFFFFFF draws it as
    /// it is.
    #[serde(default = "untinted")]
    pub colour: u32,
    /// Rotation in degrees, counter-clockwise.
    #[serde(default)]
    pub rotation: f32,
    /// Code run before the object's create event, setting the variables the room editor
    /// overrides for this instance; -1 for none.
    /// Bytecode 16 and later.
    #[serde(default)]
    pub pre_create_code: Id<Code>,
}

fn unit_scale() -> [f32; 2] {
    [1.0, 1.0]
}

fn one() -> f32 {
    1.0
}

/// The blend colour that draws a sprite as it is.
fn untinted() -> u32 {
    0xFFFF_FFFF
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
