//! TAGS, the asset tags (2.3 and later): a version word, the tags (a count and
//! strings), then a pointer list of the assets that have tags, each an id and its
//! tags.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// TAGS: the asset tags set in the IDE, and which assets carry them.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Tags {
    /// The chunk's format version, 1 in every known release.
    pub version: u32,
    /// Every tag the game uses.
    pub tags: Vec<Option<StrId>>,
    /// The assets that have tags, each with its own; `None` for a null slot.
    pub assets: Vec<Option<AssetTags>>,
}

/// One asset's tags.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AssetTags {
    /// The asset: its resource type in the top 8 bits (0 object, 1 sprite, 2 sound,
    /// 3 room, 5 path, 6 script, 7 font, 8 timeline, 9 background, 10 shader, 11
    /// sequence, 12 animation curve, 13 particle system) and its index in the low 24
    /// (a script's plus 100000).
    pub id: i32,
    /// The asset's tags.
    pub tags: Vec<Option<StrId>>,
}

impl<'a> Record<'a> for Tags {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.list("tag", &mut self.tags, 4)?;
        w.pointer_list("asset", &mut self.assets)
    }
}

impl<'a> Record<'a> for AssetTags {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.i32(&mut self.id)?;
        w.list("tag", &mut self.tags, 4)
    }
}
