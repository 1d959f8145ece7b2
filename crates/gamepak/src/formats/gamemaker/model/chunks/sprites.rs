//! SPRT, the sprites, each on a 4-byte boundary: name, size, bounding box margins
//! (left, right, bottom, top), transparency, smoothing, preload, bounding box mode,
//! separate masks, origin. A GameMaker Studio 1 sprite then has its frames (TPAG
//! items) and collision masks. From GameMaker Studio 2 a -1 there starts a header:
//! its version, the sprite's type, playback speed and its type, from version 2 a
//! pointer to an embedded sequence and from version 3 one to nine-slice data, then
//! the type's data (for a normal sprite the frames and masks), then what those
//! pointers point at.
//!
//! Masks are one bit per pixel, rows padded to a byte, all of a sprite's masks
//! padded together to 4 bytes. From 2024.6 they cover the bounding box rather than
//! the whole sprite.
//!
//! A vector sprite (type 3) has its version, its textures (kept as its frames),
//! then its shapes and run-length encoded masks (see [`vector`]). SWF (type 1) and
//! Spine (type 2) sprites are not modelled: a file with one keeps SPRT as stored.

pub mod vector;

use serde::{Deserialize, Serialize};

use self::vector::Vector;
use super::sequence::Embedded;
use crate::error::Result;
use crate::formats::gamemaker::model::names::Named;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Blob, Record, StrId, TpagId, Wire};

/// SPRT: the sprites, the animated images objects draw and collide with.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Sprites<'a> {
    /// The sprites by index (a sprite id); `None` for a null slot.
    #[serde(skip_serializing_if = "crate::formats::gamemaker::model::chunks::split::listed_apart")]
    pub sprites: Vec<Option<Sprite<'a>>>,
}

/// In JSON every field may be left out, for a new sprite whose size, bounding box
/// and masks pack makes from its pictures.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Sprite<'a> {
    /// The name code refers to the sprite by (`spr_player`).
    pub name: Option<StrId>,
    /// The width of each frame, in pixels.
    pub width: u32,
    /// The height of each frame, in pixels.
    pub height: u32,
    /// Left, right, bottom, top.
    pub margins: [i32; 4],
    /// The sprite's transparent option, as the IDE set it.
    pub transparent: bool,
    /// Whether the sprite's edges are smoothed, as the IDE set it.
    pub smooth: bool,
    /// Whether the sprite's texture is loaded when the game starts rather than when
    /// first drawn.
    pub preload: bool,
    /// How the bounding box was set: 0 automatic, 1 full image, 2 manual.
    pub bbox_mode: i32,
    /// The collision mask type: 0 axis-aligned rectangle, 1 precise, 2 rotated
    /// rectangle.
    pub separate_masks: u32,
    /// The origin (x, y), in pixels from the frame's top-left corner: the point drawn
    /// at an instance's position, which the sprite rotates and scales about.
    pub origin: [i32; 2],
    /// The GameMaker Studio 2 header.
    pub special: Option<Special>,
    /// Each frame's image, a TPAG item, in animation order; `None` for a null
    /// reference.
    pub frames: Vec<Option<TpagId>>,
    /// One bit per pixel, rows padded to a byte. Not in JSON: the folder keeps
    /// each as a PNG beside the sprite's frames.
    #[serde(skip)]
    pub masks: Vec<Blob<'a>>,
    /// A vector sprite's shapes and masks (type 3); `None` for every other sprite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vector: Option<Vector>,
}

/// The header a GameMaker Studio 2 sprite has where a GameMaker Studio 1 sprite
/// has its frame count: its version, type and playback speed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Special {
    /// 1, 2 (adds the sequence pointer) or 3 (adds the nine-slice pointer).
    pub version: u32,
    /// 0 normal, 1 SWF, 2 Spine, 3 vector.
    pub kind: u32,
    /// How fast the frames play, in the unit `speed_type` gives.
    pub playback_speed: f32,
    /// 0 frames per second, 1 frames per game frame.
    pub speed_type: u32,
    /// The sequence a version 2 or later header embeds.
    pub sequence: Option<Embedded>,
    /// The nine-slice settings a version 3 header points at; `None` when it points at
    /// none.
    pub nine_slice: Option<NineSlice>,
}

/// How a sprite is drawn when stretched, cut into nine parts: corners kept,
/// edges and centre stretched or tiled.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct NineSlice {
    /// Left, top, right, bottom.
    pub bounds: [i32; 4],
    /// Whether the sprite is drawn nine-sliced.
    pub enabled: bool,
    /// How each of the five parts is drawn: 0 stretch, 1 repeat, 2 mirror, ...
    pub modes: [u32; 5],
}

impl<'a> Record<'a> for Sprites<'a> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.pointer_list("entry", &mut self.sprites)
    }
}

impl Named for Sprite<'_> {
    fn name(&self) -> Option<StrId> {
        self.name
    }
}

/// The release from which a sprite's masks cover its bounding box, not the whole
/// sprite.
pub const MASKS_BOXED: Version = Version::V2024_6;

/// The type ([`Special::kind`]) of a vector sprite.
pub const VECTOR: u32 = 3;

impl<'a> Sprite<'a> {
    /// The size each mask covers: the bounding box when `boxed` (from
    /// [`MASKS_BOXED`]), else the whole sprite.
    pub fn mask_size(&self, boxed: bool) -> (u32, u32) {
        if boxed {
            box_size(self.margins)
        } else {
            (self.width, self.height)
        }
    }

    /// The frames' count (unless read already) and TPAG items.
    fn frames<W: Wire<'a>>(&mut self, w: &mut W, count_read: bool) -> Result<()> {
        if !count_read {
            let mut n = self.frames.len();
            w.count(&mut n, 4)?;
            if w.reading() {
                self.frames = vec![None; n];
            }
        }
        for f in &mut self.frames {
            w.tpag(f)?;
        }
        Ok(())
    }

    /// The bit masks of a sprite that is not a vector one.
    fn masks<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let (mw, mh) = self.mask_size(w.since(MASKS_BOXED));
        let len = mw.div_ceil(8) as usize * mh as usize;
        let mut n = self.masks.len();
        w.count(&mut n, len.max(1) as u64)?;
        if w.reading() {
            self.masks = vec![Blob::default(); n];
        }
        for m in &mut self.masks {
            if m.len() != len && !w.reading() {
                return Err(w.invalid(
                    w.offset(),
                    format!("a {mw}x{mh} mask needs {len} bytes, not {}", m.len()),
                ));
            }
            w.blob(m, len)?;
        }
        w.pad(4)
    }
}

impl<'a> Record<'a> for Sprite<'a> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.string(&mut self.name)?;
        w.u32(&mut self.width)?;
        w.u32(&mut self.height)?;
        for v in &mut self.margins {
            w.i32(v)?;
        }
        w.bool(&mut self.transparent)?;
        w.bool(&mut self.smooth)?;
        w.bool(&mut self.preload)?;
        w.i32(&mut self.bbox_mode)?;
        w.u32(&mut self.separate_masks)?;
        for v in &mut self.origin {
            w.i32(v)?;
        }
        let at = w.offset();
        // A -1 where a GameMaker Studio 1 sprite has its frame count starts the header.
        let mut first = match self.special {
            Some(_) => -1,
            None => self.frames.len() as i32,
        };
        w.i32(&mut first)?;
        if w.reading() && first == -1 && w.since(Version::GMS2) {
            self.special = Some(Special::default());
        }
        let Some(mut special) = self.special.take() else {
            let n = u64::try_from(first).map_err(|_| w.invalid(at, format!("{first} frames")))?;
            w.fits(at, n, 4)?;
            if w.reading() {
                self.frames = vec![None; n as usize];
            }
            self.no_vector(w, at)?;
            self.frames(w, true)?;
            return self.masks(w);
        };
        w.u32(&mut special.version)?;
        w.u32(&mut special.kind)?;
        w.f32(&mut special.playback_speed)?;
        w.u32(&mut special.speed_type)?;
        let sequence_at = (special.version >= 2)
            .then(|| w.optional(&mut special.sequence))
            .transpose()?;
        let nine_at = (special.version >= 3)
            .then(|| w.optional(&mut special.nine_slice))
            .transpose()?;
        match special.kind {
            0 => {
                self.no_vector(w, at)?;
                self.frames(w, false)?;
                self.masks(w)?;
            }
            VECTOR => self.vector(w, at)?,
            kind => {
                let what = match kind {
                    1 => " (SWF)",
                    2 => " (Spine)",
                    _ => "",
                };
                return Err(w.unlike_gamemaker(
                    at,
                    format!("sprites of type {kind}{what} are not modelled"),
                ));
            }
        }
        if let Some(slot) = sequence_at {
            w.place("sequence", slot, &mut special.sequence)?;
        }
        if let Some(slot) = nine_at {
            w.place("nine_slice", slot, &mut special.nine_slice)?;
        }
        self.special = Some(special);
        Ok(())
    }

    fn before<W: Wire<'a>>(w: &mut W) -> Result<()> {
        w.pad(4)
    }
}

impl<'a> Sprite<'a> {
    /// A vector sprite's data after its header: its version, its textures (the
    /// frames) and then its shapes and masks.
    fn vector<W: Wire<'a>>(&mut self, w: &mut W, at: u64) -> Result<()> {
        if !self.masks.is_empty() {
            return Err(w.invalid(
                at,
                format!(
                    "{} bit masks on a vector sprite, whose masks are its vector data's",
                    self.masks.len()
                ),
            ));
        }
        let mut vector = match self.vector.take() {
            Some(v) => v,
            None if w.reading() => Vector::default(),
            None => {
                return Err(w.invalid(
                    at,
                    "a sprite of type 3 (vector) without its vector data".into(),
                ))
            }
        };
        vector.walk_version(w)?;
        self.frames(w, false)?;
        vector.walk_shapes(w)?;
        self.vector = Some(vector);
        Ok(())
    }

    /// Refuses vector data on a sprite that is not a vector one.
    fn no_vector<W: Wire<'a>>(&self, w: &W, at: u64) -> Result<()> {
        match self.vector {
            Some(_) => Err(w.invalid(
                at,
                "vector data on a sprite that is not of type 3 (vector)".into(),
            )),
            None => Ok(()),
        }
    }
}

/// The width and height of the box that `margins` (left, right, bottom, top,
/// inclusive) enclose; 0 for a side whose margins cross.
pub fn box_size(margins: [i32; 4]) -> (u32, u32) {
    let [left, right, bottom, top] = margins;
    let side = |from: i32, to: i32| u32::try_from(i64::from(to) - i64::from(from) + 1).unwrap_or(0);
    (side(left, right), side(top, bottom))
}

impl<'a> Record<'a> for NineSlice {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        for v in &mut self.bounds {
            w.i32(v)?;
        }
        w.bool(&mut self.enabled)?;
        for v in &mut self.modes {
            w.u32(v)?;
        }
        Ok(())
    }
}
