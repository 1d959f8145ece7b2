//! EMBI, the embedded images (GameMaker Studio 2 and later): a version word, then
//! inline a count and each image's name and TPAG item.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, TpagId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct EmbeddedImages {
    pub version: u32,
    pub images: Vec<EmbeddedImage>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct EmbeddedImage {
    pub name: Option<StrId>,
    pub texture: Option<TpagId>,
}

impl<'a> Record<'a> for EmbeddedImages {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.list("image", &mut self.images, 8)
    }
}

impl<'a> Record<'a> for EmbeddedImage {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.tpag(&mut self.texture)
    }
}
