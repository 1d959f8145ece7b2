//! PSEM and PSYS, the particle emitters and systems (2023.2 and later): each a
//! version word and a pointer list.
//!
//! An emitter is its name, from 2023.6 whether it is enabled, its mode, then the
//! emit count (before 2023.8 a u32; from 2023.8 a float, then emit-relative, the
//! delay's minimum, maximum and unit, and the interval's), distribution, shape,
//! region (x, y, width, height, rotation), sprite, texture, frame, from 2023.4 the
//! animate, stretch and random flags, the start, middle and end colours, additive
//! blending, lifetime (minimum, maximum), scale (x, y), size (before 2023.8 minimum,
//! maximum, increase and wiggle; from 2023.8 those for x and y: minimum x, maximum x,
//! minimum y, maximum y, increase x, y, wiggle x, y), speed, gravity, direction and
//! orientation (each minimum, maximum, increase, wiggle, gravity as force and
//! direction), whether orientation is relative, and the emitters spawned on death
//! and on update with their counts.
//!
//! A system is its name, origin, draw order, from 2023.8 whether its particles are
//! in global space, and its emitters by id.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::{Id, Named, ParticleEmitter, Sprite};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Emitters {
    pub version: u32,
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub emitters: Vec<Option<Emitter>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Emitter {
    pub name: Option<StrId>,
    /// 2023.6 and later.
    pub enabled: bool,
    pub mode: u32,
    /// A u32 before 2023.8, a float's bits from it.
    pub count: u32,
    /// 2023.8 and later: emit relative, delay minimum, maximum, unit, interval
    /// minimum, maximum, unit (floats and units as stored words).
    pub timing: [u32; 7],
    pub distribution: u32,
    pub shape: u32,
    /// x, y, width, height, rotation.
    pub region: [f32; 5],
    pub sprite: Id<Sprite>,
    pub texture: u32,
    pub frame: f32,
    /// 2023.4 and later: animate, stretch, random.
    pub flags: [bool; 3],
    /// Start, middle, end.
    pub colours: [u32; 3],
    pub additive: bool,
    pub lifetime: [f32; 2],
    pub scale: [f32; 2],
    /// Before 2023.8 the first four (minimum, maximum, increase, wiggle); from it
    /// all eight, for x and y.
    pub size: [f32; 8],
    /// Speed (minimum, maximum, increase, wiggle), gravity (force, direction),
    /// direction and orientation (minimum, maximum, increase, wiggle each).
    pub motion: [f32; 14],
    pub orientation_relative: bool,
    pub spawn_on_death: Id<ParticleEmitter>,
    pub spawn_on_death_count: u32,
    pub spawn_on_update: Id<ParticleEmitter>,
    pub spawn_on_update_count: u32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Systems {
    pub version: u32,
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub systems: Vec<Option<System>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct System {
    pub name: Option<StrId>,
    pub origin: [i32; 2],
    pub draw_order: i32,
    /// 2023.8 and later.
    pub global_space: bool,
    pub emitters: Vec<Id<ParticleEmitter>>,
}

impl Named for Emitter {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl Named for System {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Emitters {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.pointer_list("entry", &mut self.emitters)
    }
}

impl<'a> Record<'a> for Systems {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.pointer_list("entry", &mut self.systems)
    }
}

impl<'a> Record<'a> for Emitter {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        if w.since(Version::V2023_6) {
            w.bool(&mut self.enabled)?;
        }
        w.u32(&mut self.mode)?;
        w.u32(&mut self.count)?;
        let newer = w.since(Version::V2023_8);
        if newer {
            self.timing.iter_mut().try_for_each(|v| w.u32(v))?;
        }
        w.u32(&mut self.distribution)?;
        w.u32(&mut self.shape)?;
        self.region.iter_mut().try_for_each(|v| w.f32(v))?;
        w.record(&mut self.sprite)?;
        w.u32(&mut self.texture)?;
        w.f32(&mut self.frame)?;
        if w.since(Version::V2023_4) {
            self.flags.iter_mut().try_for_each(|v| w.bool(v))?;
        }
        self.colours.iter_mut().try_for_each(|v| w.u32(v))?;
        w.bool(&mut self.additive)?;
        for v in self.lifetime.iter_mut().chain(&mut self.scale) {
            w.f32(v)?;
        }
        let sizes = if newer { 8 } else { 4 };
        self.size[..sizes].iter_mut().try_for_each(|v| w.f32(v))?;
        self.motion.iter_mut().try_for_each(|v| w.f32(v))?;
        w.bool(&mut self.orientation_relative)?;
        w.record(&mut self.spawn_on_death)?;
        w.u32(&mut self.spawn_on_death_count)?;
        w.record(&mut self.spawn_on_update)?;
        w.u32(&mut self.spawn_on_update_count)
    }
}

impl<'a> Record<'a> for System {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        for v in &mut self.origin {
            w.i32(v)?;
        }
        w.i32(&mut self.draw_order)?;
        if w.since(Version::V2023_8) {
            w.bool(&mut self.global_space)?;
        }
        w.list("emitter", &mut self.emitters, 4)
    }
}
