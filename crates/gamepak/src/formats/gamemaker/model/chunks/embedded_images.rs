//! EMBI, the embedded images (GameMaker Studio 2 and later): a version word, then
//! inline a count and each image's name and TPAG item.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::wire::{Record, StrId, TpagId, Wire};

/// EMBI: the embedded images, each a name and a TPAG item.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct EmbeddedImages {
    /// The chunk's format version, 1 in every known release.
    pub version: u32,
    /// The images, in order.
    pub images: Vec<EmbeddedImage>,
}

/// An embedded image: a name and where its pixels lie.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct EmbeddedImage {
    /// The image's name.
    pub name: Option<StrId>,
    /// The image, a TPAG item; `None` for none.
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
