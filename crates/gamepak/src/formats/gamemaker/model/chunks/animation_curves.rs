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

/// ACRV's body (2.3 and later): a version word and the curves.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AnimationCurves {
    /// The chunk's format version (1 in the files GameMaker writes).
    pub version: u32,
    /// The curves in resource order; `None` is a null slot of the list.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub curves: Vec<Option<AnimationCurve>>,
}

/// An animation curve: channels of values along a position from 0 to 1.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AnimationCurve {
    /// The curve's name, by which code refers to it.
    pub name: Option<StrId>,
    /// 1 in the curves GameMaker writes (0 stands for bezier); how points are joined is
    /// set per channel, by [`Channel::curve_type`].
    pub graph_type: u32,
    /// The curve's channels.
    pub channels: Vec<Channel>,
}

/// A channel of a curve: one value that varies along it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Channel {
    /// The channel's name.
    pub name: Option<StrId>,
    /// 0 linear, 1 smooth, 2 bezier.
    pub curve_type: u32,
    /// How many points GameMaker computes between two control points of a smooth or
    /// bezier channel.
    pub iterations: u32,
    /// The control points, in order of position.
    pub points: Vec<Point>,
}

/// A control point of a channel.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Point {
    /// Position along the curve, from 0 at its start to 1 at its end.
    pub x: f32,
    /// The channel's value at that position.
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
        self.walk_unnamed(w)
    }
}

impl AnimationCurve {
    /// The curve after its name: how a sequence keyframe embeds one, nameless.
    pub fn walk_unnamed<'a, W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
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
