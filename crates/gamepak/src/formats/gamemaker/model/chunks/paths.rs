//! PATH, the paths: name, smooth and closed flags, precision, and the points (x, y,
//! speed).

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// PATH: the paths, routes an instance can be set to follow.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Paths {
    /// The paths by index (a path id); `None` for a null slot.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub paths: Vec<Option<Path>>,
}

/// A path: points an instance moves through, joined straight or smoothly.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Path {
    /// The name code refers to the path by.
    pub name: Option<StrId>,
    /// Whether the path curves through its points rather than running straight
    /// between them.
    pub smooth: bool,
    /// Whether the path runs on from its last point back to its first.
    pub closed: bool,
    /// How finely a smooth path is curved, 1 to 8; unused when it is straight.
    pub precision: u32,
    /// The points, in the order the path runs through them.
    pub points: Vec<Point>,
}

/// A point of a path.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Point {
    /// The x position, in pixels.
    pub x: f32,
    /// The y position, in pixels.
    pub y: f32,
    /// The speed at this point, as a percentage of the speed the path was started
    /// with (100 for unchanged).
    pub speed: f32,
}

impl<'a> Record<'a> for Paths {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.paths)
    }
}

impl<'a> Record<'a> for Path {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.bool(&mut self.smooth)?;
        w.bool(&mut self.closed)?;
        w.u32(&mut self.precision)?;
        w.list("point", &mut self.points, 12)
    }
}

impl<'a> Record<'a> for Point {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.f32(&mut self.x)?;
        w.f32(&mut self.y)?;
        w.f32(&mut self.speed)
    }
}

impl Named for Path {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}
