//! PATH, the paths: name, smooth and closed flags, precision, and the points (x, y,
//! speed).

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Paths {
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub paths: Vec<Option<Path>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Path {
    pub name: Option<StrId>,
    pub smooth: bool,
    pub closed: bool,
    pub precision: u32,
    pub points: Vec<Point>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
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
