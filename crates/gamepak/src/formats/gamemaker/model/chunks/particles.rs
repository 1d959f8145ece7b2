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

/// PSEM's body (2023.2 and later): a version word and the emitters.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Emitters {
    /// The chunk's format version (1 in the files GameMaker writes).
    pub version: u32,
    /// The emitters in resource order; `None` is a null slot of the list.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub emitters: Vec<Option<Emitter>>,
}

/// A particle emitter: where and how particles are made, and how they look and move.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Emitter {
    /// The emitter's name.
    pub name: Option<StrId>,
    /// Whether the emitter makes particles.
    /// 2023.6 and later.
    pub enabled: bool,
    /// 0 stream: particles are made every step; 1 burst: they are made once.
    pub mode: u32,
    /// A u32 before 2023.8, a float's bits from it.
    pub count: u32,
    /// 2023.8 and later: emit relative, delay minimum, maximum, unit, interval
    /// minimum, maximum, unit (floats and units as stored words).
    pub timing: [u32; 7],
    /// How particles are spread over the region: 0 linear, 1 gaussian, 2 inverse
    /// gaussian.
    pub distribution: u32,
    /// The region's shape: 0 rectangle, 1 ellipse, 2 diamond, 3 line.
    pub shape: u32,
    /// x, y, width, height, rotation.
    pub region: [f32; 5],
    /// The sprite particles are drawn with; -1 for none.
    pub sprite: Id<Sprite>,
    /// The built-in particle shape: 0 pixel, 1 disk, 2 square, 3 line, 4 star,
    /// 5 circle, 6 ring, 7 sphere, 8 flare, 9 spark, 10 explosion, 11 cloud, 12 smoke,
    /// 13 snow; 0xFFFFFFFF (-1) for none.
    pub texture: u32,
    /// The sprite frame (image index) particles are drawn with.
    pub frame: f32,
    /// 2023.4 and later: animate, stretch, random.
    pub flags: [bool; 3],
    /// Start, middle, end.
    pub colours: [u32; 3],
    /// Whether particles are drawn with additive blending.
    pub additive: bool,
    /// How long a particle lives, minimum and maximum, in steps.
    pub lifetime: [f32; 2],
    /// Horizontal and vertical scale of each particle.
    pub scale: [f32; 2],
    /// Before 2023.8 the first four (minimum, maximum, increase, wiggle); from it
    /// all eight, for x and y.
    pub size: [f32; 8],
    /// Speed (minimum, maximum, increase, wiggle), gravity (force, direction),
    /// direction and orientation (minimum, maximum, increase, wiggle each).
    pub motion: [f32; 14],
    /// Whether a particle's orientation follows its direction of motion.
    pub orientation_relative: bool,
    /// The emitter whose particles are made where a particle dies; -1 for none.
    pub spawn_on_death: Id<ParticleEmitter>,
    /// How many particles [`Emitter::spawn_on_death`] makes per dying particle.
    pub spawn_on_death_count: u32,
    /// The emitter whose particles a live particle makes every step; -1 for none.
    pub spawn_on_update: Id<ParticleEmitter>,
    /// How many particles [`Emitter::spawn_on_update`] makes per particle per step.
    pub spawn_on_update_count: u32,
}

/// PSYS's body (2023.2 and later): a version word and the systems.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Systems {
    /// The chunk's format version (1 in the files GameMaker writes).
    pub version: u32,
    /// The systems in resource order; `None` is a null slot of the list.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub systems: Vec<Option<System>>,
}

/// A particle system: emitters run together.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct System {
    /// The system's name, by which code refers to it.
    pub name: Option<StrId>,
    /// The system's origin (x, y), in pixels.
    pub origin: [i32; 2],
    /// 0 draws new particles on top of older ones, 1 older on top.
    pub draw_order: i32,
    /// Whether particles stay where they were made when the system moves, instead of
    /// moving with it.
    /// 2023.8 and later.
    pub global_space: bool,
    /// The emitters the system runs.
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
