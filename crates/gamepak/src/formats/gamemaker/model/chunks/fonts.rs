//! FONT, the fonts: a pointer list, then (before 2024.14) a 512-byte table. A font is
//! its name, display name, size (an integer, or from 2.3 a negated float with the
//! top bit set), bold, italic, the first character of its range, charset,
//! antialiasing, the last character, its TPAG item and scale; from 2.2.1 the
//! ascender offset, from 2022.2 the ascender, from 2023.2 the SDF spread, from
//! 2023.6 (and in LTS 2022.0.3, which has no SDF spread) the line height; then a
//! pointer list of glyphs (and from 2024.14 padding to 4). A glyph is its
//! character, place and size on the font's texture, shift and offset, from 2024.11
//! a word of 0, and its kerning pairs (a 16-bit count).

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, StrId, TpagId, Wire};

/// FONT's body: the fonts and, before 2024.14, a table.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Fonts {
    /// The fonts; `None` is a null slot of the list.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub fonts: Vec<Option<Font>>,
    /// The table before 2024.14 (512 bytes).
    #[serde(with = "crate::formats::gamemaker::model::json::hex")]
    pub table: Vec<u8>,
}

/// A font: its settings and the glyphs drawn from its texture.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Font {
    /// The font's name, by which code refers to it.
    pub name: Option<StrId>,
    /// The name of the typeface the font was made from, such as `Arial`.
    pub display_name: Option<StrId>,
    /// The size as stored: an integer, or from 2.3 a float negated, top bit set.
    /// JSON shows either as a number (`12`, `15.0`).
    #[serde(with = "crate::formats::gamemaker::model::json::font_size")]
    pub size: u32,
    /// Whether the font is bold.
    pub bold: bool,
    /// Whether the font is italic.
    pub italic: bool,
    /// The first character of the range the font was made with; the glyphs are what is
    /// drawn.
    pub range_start: u16,
    /// A character-set byte GameMaker stores with the font, whose meaning is not
    /// established; kept as read.
    pub charset: u8,
    /// Antialiasing: 0 off; GameMaker Studio 2 writes 1 for on, GameMaker Studio 1 a
    /// level from 1 to 3.
    pub antialias: u8,
    /// The last character of the range the font was made with.
    pub range_end: u32,
    /// The texture page item that holds the glyphs.
    pub texture: Option<TpagId>,
    /// Horizontal and vertical scale the font is drawn at.
    pub scale: [f32; 2],
    /// The offset from the baseline to the top of the font, in pixels.
    /// 2.2.1 and later.
    pub ascender_offset: i32,
    /// The font's ascender as GameMaker stores it; how the runner uses it is not
    /// established.
    /// 2022.2 and later.
    pub ascender: u32,
    /// The spread of the signed distance field the glyphs are drawn from; 0 when the
    /// font does not use SDF rendering.
    /// 2023.2 and later.
    pub sdf_spread: u32,
    /// A line height GameMaker stores for the font; how the runner uses it is not
    /// established.
    /// 2023.6 and later.
    pub line_height: u32,
    /// The glyphs; `None` is a null slot of the list.
    pub glyphs: Vec<Option<Glyph>>,
}

/// A character's image on the font's texture and how it is placed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Glyph {
    /// The character, by its 16-bit code.
    pub character: u16,
    /// x, y, width, height on the font's texture.
    pub rect: [u16; 4],
    /// How far the pen moves right after the character, in pixels.
    pub shift: i16,
    /// How far right of the pen the character is drawn, in pixels.
    pub offset: i16,
    /// 2024.11 and later: a word GameMaker writes as 0.
    pub unknown: u16,
    /// Kerning pairs: changes to [`Glyph::shift`] next to particular characters.
    pub kerning: Vec<Kerning>,
}

/// A kerning pair of a glyph.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Kerning {
    /// The other character of the pair, by its 16-bit code.
    pub other: u16,
    /// Pixels added to [`Glyph::shift`] for this pair.
    pub amount: i16,
}

impl<'a> Record<'a> for Fonts {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.fonts)?;
        if !w.since(Version::V2024_14) {
            w.bytes(&mut self.table, 512)?;
        }
        Ok(())
    }
}

impl Named for Font {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

impl<'a> Record<'a> for Font {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.string(&mut self.display_name)?;
        w.u32(&mut self.size)?;
        w.bool(&mut self.bold)?;
        w.bool(&mut self.italic)?;
        w.u16(&mut self.range_start)?;
        w.u8(&mut self.charset)?;
        w.u8(&mut self.antialias)?;
        w.u32(&mut self.range_end)?;
        w.tpag(&mut self.texture)?;
        for v in &mut self.scale {
            w.f32(v)?;
        }
        if w.since(Version::V2_2_1) {
            w.i32(&mut self.ascender_offset)?;
        }
        if w.since(Version::V2022_2) {
            w.u32(&mut self.ascender)?;
        }
        if w.since(Version::V2023_2) {
            w.u32(&mut self.sdf_spread)?;
        }
        if w.since(Version::V2023_6)
            || (w.since(Version::LTS_2022_0_3) && !w.since(Version::V2023_2))
        {
            w.u32(&mut self.line_height)?;
        }
        w.pointer_list("glyph", &mut self.glyphs)?;
        if w.since(Version::V2024_14) {
            w.pad(4)?;
        }
        Ok(())
    }
}

impl<'a> Record<'a> for Glyph {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u16(&mut self.character)?;
        for v in &mut self.rect {
            w.u16(v)?;
        }
        w.i16(&mut self.shift)?;
        w.i16(&mut self.offset)?;
        if w.since(Version::V2024_11) {
            w.u16(&mut self.unknown)?;
        }
        let mut n = self.kerning.len() as u16;
        let at = w.offset();
        w.u16(&mut n)?;
        w.fits(at, n.into(), 4)?;
        if w.reading() {
            self.kerning = vec![Kerning::default(); n.into()];
        } else if self.kerning.len() > usize::from(u16::MAX) {
            return Err(w.invalid(
                at,
                format!("{} kerning pairs exceed a 16-bit count", self.kerning.len()),
            ));
        }
        for k in &mut self.kerning {
            w.u16(&mut k.other)?;
            w.i16(&mut k.amount)?;
        }
        Ok(())
    }
}
