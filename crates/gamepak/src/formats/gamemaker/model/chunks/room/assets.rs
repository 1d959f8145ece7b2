//! An asset layer: pointers to its lists, then the lists in the same order: tiles
//! placed alone and sprites; from 2.3 sequences, and nine-slice sprites until 2.3.2;
//! particle systems from 2023.2 and text items from 2024.6. In 2024.14 a placed
//! particle system gains its instance id, and a text item its paragraph spacing,
//! wrap mode and origin preset.

use serde::{Deserialize, Serialize};

use super::tile::Tile;
use crate::error::Result;
use crate::formats::gamemaker::model::names::{Font, Id, ParticleSystem, Sequence, Sprite};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// An asset layer's contents.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Assets {
    /// Tiles placed one by one; from GameMaker Studio 2 each is part of a sprite.
    pub tiles: Vec<Option<Tile>>,
    /// Sprites placed on the layer.
    pub sprites: Vec<Option<SpriteInstance>>,
    /// Sequences placed on the layer.
    /// 2.3 and later.
    pub sequences: Vec<Option<SequenceInstance>>,
    /// Nine-slice sprites placed on the layer, a list GameMaker dropped in 2.3.2.
    /// From 2.3 until 2.3.2.
    pub nine_slices: Vec<Option<SpriteInstance>>,
    /// Particle systems placed on the layer.
    /// 2023.2 and later.
    pub particle_systems: Vec<Option<ParticleSystemInstance>>,
    /// Text items placed on the layer.
    /// 2024.6 and later.
    pub text_items: Vec<Option<TextItem>>,
}

/// Where an asset is placed and how it is drawn.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Placed {
    /// Horizontal position in the room, in pixels.
    pub x: i32,
    /// Vertical position in the room, in pixels.
    pub y: i32,
    /// Horizontal and vertical scale, 1 for the asset's own size.
    pub scale: [f32; 2],
    /// The blend colour the asset is drawn with, as 0xAABBGGRR; 0xFFFFFFFF draws it as
    /// it is.
    pub colour: u32,
}

/// How a placed asset animates.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Animation {
    /// Playback speed, in the unit [`Animation::speed_type`] gives.
    pub speed: f32,
    /// 0 frames per second, 1 frames per game frame.
    pub speed_type: u32,
    /// The frame (image index) the animation starts at.
    pub frame: f32,
}

/// A sprite placed on an asset layer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SpriteInstance {
    /// The name the room editor gives the placed sprite.
    pub name: Option<StrId>,
    /// The sprite drawn.
    pub sprite: Id<Sprite>,
    /// Where it is placed, its scale and blend colour.
    pub placed: Placed,
    /// Its animation speed and first frame.
    pub animation: Animation,
    /// Rotation in degrees, counter-clockwise.
    pub rotation: f32,
}

/// A sequence placed on an asset layer (2.3 and later).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SequenceInstance {
    /// The name the room editor gives the placed sequence.
    pub name: Option<StrId>,
    /// The sequence played.
    pub sequence: Id<Sequence>,
    /// Where it is placed, its scale and blend colour.
    pub placed: Placed,
    /// Its playback speed and first frame.
    pub animation: Animation,
    /// Rotation in degrees, counter-clockwise.
    pub rotation: f32,
}

/// A particle system placed on an asset layer (2023.2 and later).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ParticleSystemInstance {
    /// The name the room editor gives the placed system.
    pub name: Option<StrId>,
    /// The id the room gives the placed system, in the range GameMaker keeps for
    /// them. 2024.14 and later.
    pub instance_id: i32,
    /// The particle system run.
    pub system: Id<ParticleSystem>,
    /// Where it is placed, its scale and blend colour.
    pub placed: Placed,
    /// Rotation in degrees, counter-clockwise.
    pub rotation: f32,
}

/// A text item placed on an asset layer (2024.6 and later).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TextItem {
    /// The name the room editor gives the text item.
    pub name: Option<StrId>,
    /// Horizontal position in the room, in pixels.
    pub x: i32,
    /// Vertical position in the room, in pixels.
    pub y: i32,
    /// The font the text is drawn in.
    pub font: Id<Font>,
    /// Horizontal and vertical scale.
    pub scale: [f32; 2],
    /// Rotation in degrees, counter-clockwise.
    pub rotation: f32,
    /// The text's colour, as 0xAABBGGRR.
    pub colour: u32,
    /// The point (x, y) the item is placed, scaled and rotated about, in pixels.
    pub origin: [f32; 2],
    /// The text shown.
    pub text: Option<StrId>,
    /// The text's horizontal and vertical alignment, as GameMaker stores them.
    pub alignment: i32,
    /// Extra space between characters, in pixels.
    pub character_spacing: f32,
    /// Extra space between lines, in pixels.
    pub line_spacing: f32,
    /// Extra space between paragraphs, in pixels. 2024.14 and later.
    pub paragraph_spacing: f32,
    /// The width and height of the frame the text is laid out in, in pixels.
    pub frame: [f32; 2],
    /// Whether lines wrap at the frame's width.
    pub wrap: bool,
    /// How lines wrap: 0 at word ends, 1 splitting words. 2024.14 and later.
    pub wrap_mode: i32,
    /// Where the origin sits in the frame: 0 top left, 1 top centre, 2 top right,
    /// 3 middle left, 4 centre, 5 middle right, 6 bottom left, 7 bottom centre,
    /// 8 bottom right, 9 at `origin`. 2024.14 and later.
    pub origin_preset: i32,
}

impl<'a> Record<'a> for Assets {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let tiles = w.list_pointer()?;
        let sprites = w.list_pointer()?;
        let newer = w.since(Version::V2_3);
        let sequences = newer.then(|| w.list_pointer()).transpose()?;
        let nine = (newer && !w.since(Version::V2_3_2))
            .then(|| w.list_pointer())
            .transpose()?;
        let systems = (newer && w.since(Version::V2023_2))
            .then(|| w.list_pointer())
            .transpose()?;
        let texts = (newer && w.since(Version::V2024_6))
            .then(|| w.list_pointer())
            .transpose()?;
        w.pointer_list_at("tiles", tiles, &mut self.tiles)?;
        w.pointer_list_at("sprites", sprites, &mut self.sprites)?;
        if let Some(s) = sequences {
            w.pointer_list_at("sequences", s, &mut self.sequences)?;
        }
        if let Some(s) = nine {
            w.pointer_list_at("nine_slices", s, &mut self.nine_slices)?;
        }
        if let Some(s) = systems {
            w.pointer_list_at("particle_systems", s, &mut self.particle_systems)?;
        }
        if let Some(s) = texts {
            w.pointer_list_at("text_items", s, &mut self.text_items)?;
        }
        Ok(())
    }
}

impl<'a> Record<'a> for Placed {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.x)?;
        w.i32(&mut self.y)?;
        for v in &mut self.scale {
            w.f32(v)?;
        }
        w.u32(&mut self.colour)
    }
}

impl<'a> Record<'a> for Animation {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.f32(&mut self.speed)?;
        w.u32(&mut self.speed_type)?;
        w.f32(&mut self.frame)
    }
}

impl<'a> Record<'a> for SpriteInstance {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.record(&mut self.sprite)?;
        w.record(&mut self.placed)?;
        w.record(&mut self.animation)?;
        w.f32(&mut self.rotation)
    }
}

impl<'a> Record<'a> for SequenceInstance {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.record(&mut self.sequence)?;
        w.record(&mut self.placed)?;
        w.record(&mut self.animation)?;
        w.f32(&mut self.rotation)
    }
}

impl<'a> Record<'a> for ParticleSystemInstance {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        if w.since(Version::V2024_14) {
            w.i32(&mut self.instance_id)?;
        }
        w.record(&mut self.system)?;
        w.record(&mut self.placed)?;
        w.f32(&mut self.rotation)
    }
}

impl<'a> Record<'a> for TextItem {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.i32(&mut self.x)?;
        w.i32(&mut self.y)?;
        w.record(&mut self.font)?;
        for v in &mut self.scale {
            w.f32(v)?;
        }
        w.f32(&mut self.rotation)?;
        w.u32(&mut self.colour)?;
        for v in &mut self.origin {
            w.f32(v)?;
        }
        w.string(&mut self.text)?;
        w.i32(&mut self.alignment)?;
        w.f32(&mut self.character_spacing)?;
        w.f32(&mut self.line_spacing)?;
        let newer = w.since(Version::V2024_14);
        if newer {
            w.f32(&mut self.paragraph_spacing)?;
        }
        for v in &mut self.frame {
            w.f32(v)?;
        }
        w.bool(&mut self.wrap)?;
        if newer {
            w.i32(&mut self.wrap_mode)?;
            w.i32(&mut self.origin_preset)?;
        }
        Ok(())
    }
}
