//! TGIN, the texture groups (2.2.1 and later): a version word, then a pointer list of
//! groups. A group is a name, from 2022.9 its directory, extension and load type,
//! then pointers to lists of its texture pages, sprites, Spine sprites (until
//! 2023.1), fonts and tile sets, and those lists, each a count and ids.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::{Background, Font, Id, Sprite};
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// TGIN: the texture groups, which say which texture pages, sprites, fonts and tile
/// sets are loaded together.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TextureGroups {
    /// The chunk's format version, 1 in every known release.
    pub version: u32,
    /// The groups by index; `None` for a null slot.
    pub groups: Vec<Option<TextureGroup>>,
}

/// A texture group: texture pages loaded and unloaded together, and the resources
/// drawn from them.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TextureGroup {
    /// The group's name (`Default` for the default group).
    pub name: Option<StrId>,
    /// 2022.9 and later.
    pub directory: Option<StrId>,
    /// 2022.9 and later.
    pub extension: Option<StrId>,
    /// 2022.9 and later: 0 in the file, 1 a separate group, 2 separate textures.
    pub load_type: u32,
    /// Texture pages, by index in TXTR.
    pub pages: Vec<u32>,
    /// The sprites whose frames lie on the group's pages.
    pub sprites: Vec<Id<Sprite>>,
    /// Until 2023.1.
    pub spine_sprites: Vec<Id<Sprite>>,
    /// The fonts whose glyphs lie on the group's pages.
    pub fonts: Vec<Id<Font>>,
    /// The tile sets whose images lie on the group's pages.
    pub tilesets: Vec<Id<Background>>,
}

impl<'a> Record<'a> for TextureGroups {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.version)?;
        w.pointer_list("entry", &mut self.groups)
    }
}

impl<'a> Record<'a> for TextureGroup {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        if w.since(Version::V2022_9) {
            w.string(&mut self.directory)?;
            w.string(&mut self.extension)?;
            w.u32(&mut self.load_type)?;
        }
        let pages = w.list_pointer()?;
        let sprites = w.list_pointer()?;
        let spine = (!w.since(Version::V2023_1))
            .then(|| w.list_pointer())
            .transpose()?;
        let fonts = w.list_pointer()?;
        let tilesets = w.list_pointer()?;
        w.here(pages)?;
        w.list("page", &mut self.pages, 4)?;
        w.here(sprites)?;
        w.list("sprite", &mut self.sprites, 4)?;
        if let Some(spine) = spine {
            w.here(spine)?;
            w.list("spine_sprite", &mut self.spine_sprites, 4)?;
        }
        w.here(fonts)?;
        w.list("font", &mut self.fonts, 4)?;
        w.here(tilesets)?;
        w.list("tileset", &mut self.tilesets, 4)
    }
}
