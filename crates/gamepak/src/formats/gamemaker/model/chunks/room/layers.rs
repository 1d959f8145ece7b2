//! A room's layers (GameMaker Studio 2 and later): name, id, kind, depth, offset,
//! scroll speed and visibility; from 2022.1 the effect fields every layer has
//! (enabled, effect type, properties); then the kind's data. An effect layer's data
//! before 2022.1 is its effect type and properties; from 2022.1 they are the effect
//! fields, and nothing follows.

use serde::{Deserialize, Serialize};

use super::assets::Assets;
use super::tile_data::TileData;
use crate::error::Result;
use crate::formats::gamemaker::model::names::{Background, Id, Sprite};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// A layer of a room (GameMaker Studio 2 and later).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Layer {
    /// The layer's name, by which code refers to it.
    pub name: Option<StrId>,
    /// The layer's id number, which code can use in place of its name.
    pub id: u32,
    /// Drawing order: layers of greater depth are drawn first, behind.
    pub depth: i32,
    /// Offset of the layer's contents, x and y, in pixels.
    pub offset: [f32; 2],
    /// Scroll speed, x and y, in pixels per step.
    pub speed: [f32; 2],
    /// Whether the layer is drawn.
    pub visible: bool,
    /// The effect every layer can carry (2022.1 and later).
    pub effect: Option<LayerEffect>,
    /// What the layer holds; its variant gives the layer's kind.
    pub data: LayerData,
}

/// What a layer holds, by its kind.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LayerData {
    /// A path layer (kind 0), which holds nothing in the game.
    #[default]
    Path,
    /// A background layer (kind 1): one sprite or a colour.
    Background(BackgroundLayer),
    /// The ids of the room's instances on the layer.
    Instances(Vec<u32>),
    /// An asset layer (kind 3): tiles, sprites and other assets placed one by one.
    Assets(Assets),
    /// A tile layer (kind 4): a tileset and a map of its tiles.
    Tiles(TileLayer),
    /// Before 2022.1, the effect; from 2022.1 it is [`Layer::effect`].
    Effect(Option<Effect>),
    /// A second kind of path layer GameMaker writes with no data.
    Path2,
}

impl LayerData {
    /// The kind number GameMaker stores.
    fn kind(&self) -> u32 {
        match self {
            LayerData::Path => 0,
            LayerData::Background(_) => 1,
            LayerData::Instances(_) => 2,
            LayerData::Assets(_) => 3,
            LayerData::Tiles(_) => 4,
            LayerData::Effect(_) => 6,
            LayerData::Path2 => 7,
        }
    }

    fn of_kind(kind: u32) -> Option<Self> {
        Some(match kind {
            0 => LayerData::Path,
            1 => LayerData::Background(BackgroundLayer::default()),
            2 => LayerData::Instances(Vec::new()),
            3 => LayerData::Assets(Assets::default()),
            4 => LayerData::Tiles(TileLayer::default()),
            6 => LayerData::Effect(None),
            7 => LayerData::Path2,
            _ => return None,
        })
    }
}

/// The effect a layer carries, with its switch (2022.1 and later).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct LayerEffect {
    /// Whether the effect is applied.
    pub enabled: bool,
    /// The effect and its settings.
    pub effect: Effect,
}

/// A filter or effect applied to a layer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Effect {
    /// The effect's type, by its name.
    pub kind: Option<StrId>,
    /// The effect's parameters.
    pub properties: Vec<Property>,
}

/// A parameter of an effect.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Property {
    /// 0 real, 1 colour, 2 sampler.
    pub kind: i32,
    /// The parameter's name.
    pub name: Option<StrId>,
    /// Its value as text, read as [`Property::kind`] says.
    pub value: Option<StrId>,
}

/// A background layer's settings.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct BackgroundLayer {
    /// Whether the background is drawn.
    pub visible: bool,
    /// Whether the background is marked as a foreground, as GameMaker Studio 1's were;
    /// the order layers are drawn in comes from [`Layer::depth`].
    pub foreground: bool,
    /// The sprite drawn; -1 for none, where the layer is a plain colour.
    pub sprite: Id<Sprite>,
    /// Whether the sprite repeats horizontally and vertically.
    pub tiled: [bool; 2],
    /// Whether the sprite is stretched to fill the room.
    pub stretch: bool,
    /// The blend colour, as 0xAABBGGRR; the layer's colour where there is no sprite.
    pub colour: u32,
    /// The frame (image index) the sprite's animation starts at.
    pub first_frame: f32,
    /// The sprite's animation speed, in the unit [`BackgroundLayer::speed_type`] gives.
    pub animation_speed: f32,
    /// 0 frames per second, 1 frames per game frame.
    pub speed_type: u32,
}

/// A tile layer's settings and map.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TileLayer {
    /// The tileset the map's tiles come from (a tileset is a background resource).
    pub tileset: Id<Background>,
    /// The map of tiles.
    pub tiles: TileData,
}

impl<'a> Record<'a> for Layer {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.u32(&mut self.id)?;
        let at = w.offset();
        let mut kind = self.data.kind();
        w.u32(&mut kind)?;
        if w.reading() {
            self.data = LayerData::of_kind(kind).ok_or_else(|| {
                w.unlike_gamemaker(at, format!("layer kind {kind} is not one the model knows"))
            })?;
        }
        w.i32(&mut self.depth)?;
        for v in self.offset.iter_mut().chain(&mut self.speed) {
            w.f32(v)?;
        }
        w.bool(&mut self.visible)?;
        if w.since(Version::V2022_1) {
            w.record(self.effect.get_or_insert_with(LayerEffect::default))?;
        }
        match &mut self.data {
            LayerData::Path | LayerData::Path2 => Ok(()),
            LayerData::Background(b) => w.record(b),
            LayerData::Instances(ids) => w.list("instance", ids, 4),
            LayerData::Assets(a) => w.record(a),
            LayerData::Tiles(t) => {
                w.record(&mut t.tileset)?;
                w.record(&mut t.tiles)
            }
            LayerData::Effect(e) if !w.since(Version::V2022_1) => {
                w.record(e.get_or_insert_with(Effect::default))
            }
            LayerData::Effect(_) => Ok(()),
        }
    }
}

impl<'a> Record<'a> for LayerEffect {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.bool(&mut self.enabled)?;
        w.record(&mut self.effect)
    }
}

impl<'a> Record<'a> for Effect {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.kind)?;
        w.list("property", &mut self.properties, 12)
    }
}

impl<'a> Record<'a> for Property {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.kind)?;
        w.string(&mut self.name)?;
        w.string(&mut self.value)
    }
}

impl<'a> Record<'a> for BackgroundLayer {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.bool(&mut self.visible)?;
        w.bool(&mut self.foreground)?;
        w.record(&mut self.sprite)?;
        for v in &mut self.tiled {
            w.bool(v)?;
        }
        w.bool(&mut self.stretch)?;
        w.u32(&mut self.colour)?;
        w.f32(&mut self.first_frame)?;
        w.f32(&mut self.animation_speed)?;
        w.u32(&mut self.speed_type)
    }
}
