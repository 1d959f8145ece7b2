//! An asset layer: pointers to its lists, then the lists in the same order: tiles
//! placed alone and sprites; from 2.3 sequences, and nine-slice sprites until 2.3.2;
//! particle systems from 2023.2 and text items from 2024.6.

use serde::{Deserialize, Serialize};

use super::Tile;
use crate::error::Result;
use crate::formats::gamemaker::model::names::{Font, Id, ParticleSystem, Sequence, Sprite};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Assets {
    pub tiles: Vec<Option<Tile>>,
    pub sprites: Vec<Option<SpriteInstance>>,
    /// 2.3 and later.
    pub sequences: Vec<Option<SequenceInstance>>,
    /// From 2.3 until 2.3.2.
    pub nine_slices: Vec<Option<SpriteInstance>>,
    /// 2023.2 and later.
    pub particle_systems: Vec<Option<ParticleSystemInstance>>,
    /// 2024.6 and later.
    pub text_items: Vec<Option<TextItem>>,
}

/// Where an asset is placed and how it is drawn.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Placed {
    pub x: i32,
    pub y: i32,
    pub scale: [f32; 2],
    pub colour: u32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Animation {
    pub speed: f32,
    /// 0 frames per second, 1 frames per game frame.
    pub speed_type: u32,
    pub frame: f32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SpriteInstance {
    pub name: Option<StrId>,
    pub sprite: Id<Sprite>,
    pub placed: Placed,
    pub animation: Animation,
    pub rotation: f32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SequenceInstance {
    pub name: Option<StrId>,
    pub sequence: Id<Sequence>,
    pub placed: Placed,
    pub animation: Animation,
    pub rotation: f32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ParticleSystemInstance {
    pub name: Option<StrId>,
    pub system: Id<ParticleSystem>,
    pub placed: Placed,
    pub rotation: f32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TextItem {
    pub name: Option<StrId>,
    pub x: i32,
    pub y: i32,
    pub font: Id<Font>,
    pub scale: [f32; 2],
    pub rotation: f32,
    pub colour: u32,
    pub origin: [f32; 2],
    pub text: Option<StrId>,
    pub alignment: i32,
    pub character_spacing: f32,
    pub line_spacing: f32,
    pub frame: [f32; 2],
    pub wrap: bool,
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
        for v in &mut self.frame {
            w.f32(v)?;
        }
        w.bool(&mut self.wrap)
    }
}
