//! ACRV, the animation curves (2.3 and later): a version word, then a pointer list of
//! curves. A curve is a name, a graph type and channels inline, each a name, a curve
//! type, an iteration count and points: x, y, then from 2.3.1 the two bezier
//! handles, before it one unused word. Sequence tracks embed curves of the same
//! layout.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AnimationCurves {
    pub version: u32,
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub curves: Vec<Option<AnimationCurve>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AnimationCurve {
    pub name: Option<StrId>,
    pub graph_type: u32,
    pub channels: Vec<Channel>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Channel {
    pub name: Option<StrId>,
    /// 0 linear, 1 smooth, 2 bezier.
    pub curve_type: u32,
    pub iterations: u32,
    pub points: Vec<Point>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
    /// From 2.3.1 the handles (x0, y0, x1, y1); before it, the first holds the one
    /// unused word GameMaker writes there.
    pub bezier: [f32; 4],
}

impl<'a> Record<'a> for AnimationCurves {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.pointer_list("entry", &mut self.curves)
    }
}

impl Named for AnimationCurve {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for AnimationCurve {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.u32(&mut self.graph_type)?;
        w.list("channel", &mut self.channels, 16)
    }
}

impl<'a> Record<'a> for Channel {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.u32(&mut self.curve_type)?;
        w.u32(&mut self.iterations)?;
        w.list("point", &mut self.points, 12)
    }
}

impl<'a> Record<'a> for Point {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.f32(&mut self.x)?;
        w.f32(&mut self.y)?;
        let handles = if w.since(Version::V2_3_1) { 4 } else { 1 };
        self.bezier[..handles].iter_mut().try_for_each(|v| w.f32(v))
    }
}
