//! TAGS, the asset tags (2.3 and later): a version word, the tags (a count and
//! strings), then a pointer list of the assets that have tags, each an id and its
//! tags.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Tags {
    pub version: u32,
    pub tags: Vec<Option<StrId>>,
    pub assets: Vec<Option<AssetTags>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AssetTags {
    pub id: i32,
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
