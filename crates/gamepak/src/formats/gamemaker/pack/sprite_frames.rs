//! Frame pictures into the model. A sprite's frames are the pictures in its folder,
//! `000.png`, `001.png` and on, in number order:
//! - a picture edited within its frame's stored part is painted where the frame is;
//! - one edited beyond that part, or of another size, or added, takes new space on
//!   a page (see [`crate::formats::gamemaker::pictures::texture_plan`]);
//! - a picture removed takes its frame out of the sprite.
//!
//! When a sprite's frames change in number or size its size follows its pictures,
//! which must all be one size, and its bounding box, masks and embedded sequence
//! are made again from them. A repaint keeps them: a mask may come from settings
//! the file does not hold (a tolerance, an ellipse), which a repaint should not lose.
//!
//! A sprite's masks are the 1-bit PNGs `mask-000.png` on beside its frames (see
//! [`crate::formats::gamemaker::pictures::masks`]); a sprite whose frames changed keeps masks drawn since
//! extraction (at its new size), and has its masks made again otherwise.
//!
//! A sprite folder added is a new sprite: its frames are its pictures, whatever its
//! JSON lists, and the fields it leaves out come from the game's other sprites.
//! Backgrounds' pictures, and those of sprites in a SPRT kept as stored, are
//! repainted in place.

use crate::formats::gamemaker::folder::manifest::{FrameFile, Manifest};
use crate::formats::gamemaker::model::chunks::sequence::keyframes::{ChannelValue, Keyframe};
use crate::formats::gamemaker::model::chunks::sequence::track::TrackKeyframes;
use std::borrow::Cow;

use crate::codec::crc::crc32;
use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::formats::gamemaker::model::chunks::sprites::{Special, Sprite, Sprites, MASKS_BOXED};
use crate::formats::gamemaker::model::chunks::texture_groups::TextureGroups;
use crate::formats::gamemaker::model::chunks::texture_items::TextureItems;
use crate::formats::gamemaker::model::names::Id;
use crate::formats::gamemaker::model::wire::TpagId;
use crate::formats::gamemaker::model::Game;
use crate::formats::gamemaker::pack::sprite_files::{
    Given, MaskFile, Picture, SpriteFiles, SpriteFolders,
};
use crate::formats::gamemaker::pictures::texture_plan::{group_of_page, Request, TexturePlan};
use crate::formats::gamemaker::{pictures::masks, pictures::page_codecs};
use crate::fourcc::FourCC;
use crate::io::SourceDir;
use crate::limits::Limits;

/// Puts every sprite's and background's pictures into `game`, the sprites' from
/// their folders as read.
pub fn apply(
    dir: &SourceDir,
    m: &Manifest,
    folders: SpriteFolders<'_>,
    game: &mut Game<'_>,
    notes: &mut Vec<String>,
    limits: &Limits,
) -> Result<()> {
    let mut plan = TexturePlan::new(game, limits);
    // Frames outside the sprites read here (backgrounds, and every frame of a SPRT
    // kept as stored) are repainted in place.
    let SpriteFolders {
        given,
        sprites,
        listed,
        files,
    } = folders;
    let folders: std::collections::HashSet<&str> = sprites
        .iter()
        .flatten()
        .filter_map(|f| f.rsplit_once('/').map(|(folder, _)| folder))
        .collect();
    let in_place = m.frames.iter().filter(|f| {
        let folder = f.file.rsplit_once('/').map_or("", |(folder, _)| folder);
        !folders.contains(folder)
    });
    for f in in_place {
        repaint_in_place(dir, &mut plan, f)?;
    }
    let boxed = game
        .chunks
        .iter()
        .any(|p| p.name == FourCC::SPRT && p.version >= MASKS_BOXED);
    let mut changed = Vec::new();
    for (i, (file, found)) in sprites.iter().zip(files).enumerate() {
        let (Some(file), Some(found)) = (file, found) else {
            continue;
        };
        let folder = SpriteFolder {
            index: i,
            file,
            added: i >= listed,
            boxed,
        };
        if let Some(c) = folder.read(dir, game, &mut plan, &given, found, notes)? {
            changed.push(c);
        }
    }
    let ids = plan.place()?;
    plan.finish(dir, game, notes)?;
    for c in changed {
        c.put(game, &ids);
    }
    Ok(())
}

fn repaint_in_place(dir: &SourceDir, plan: &mut TexturePlan, f: &FrameFile) -> Result<()> {
    let bytes = dir.read(&f.file)?;
    if crc32(&bytes) == f.crc32 {
        return Ok(());
    }
    let size = png_codec::dimensions(&bytes).ok_or_else(|| Error::at(&f.file, "is not a PNG"))?;
    let want = page_codecs::frame_size(f.bounding);
    if size != want {
        return Err(Error::at(
            &f.file,
            format!(
                "{}x{} pixels, but the frame is {}x{}: its texture page item holds that size",
                size.0, size.1, want.0, want.1
            ),
        ));
    }
    let [sx, sy, sw, sh] = f.source.map(u32::from);
    let [tx, ty, _, _] = f.target.map(u32::from);
    plan.repaint(f.page.into(), &f.file, [tx, ty, sw, sh], (sx, sy));
    Ok(())
}

/// One sprite's folder, as pack finds it.
struct SpriteFolder<'f> {
    index: usize,
    /// Its `sprite.json`.
    file: &'f str,
    added: bool,
    /// Masks cover the bounding box (2024.6 and later).
    boxed: bool,
}

/// A frame as its picture leaves it.
enum Frame {
    /// Where it is; with its picture, when it has one.
    Kept(Option<TpagId>, Option<String>),
    /// To be placed from its picture (with its bytes when they were read already).
    New(Picture),
}

/// A frame in a sprite that changed: its item, or the place it asked for.
enum Slot {
    Item(Option<TpagId>),
    Placed(usize),
}

/// A sprite as its folder gives it (its masks from their files), waiting for its
/// frames' places when they changed.
struct Changed<'a> {
    index: usize,
    sprite: Sprite<'a>,
    /// `None` when its frames are as they were.
    slots: Option<Vec<Slot>>,
    added: bool,
}

impl SpriteFolder<'_> {
    fn folder(&self) -> &str {
        self.file.rsplit_once('/').map_or("", |(f, _)| f)
    }

    /// The sprite's frames from its pictures: repaints go to `plan` at once, and a
    /// sprite whose frames change shape comes back to be finished once placed.
    fn read<'a>(
        &self,
        dir: &SourceDir,
        game: &Game<'a>,
        plan: &mut TexturePlan,
        given: &Given<'_>,
        found: SpriteFiles,
        notes: &mut Vec<String>,
    ) -> Result<Option<Changed<'a>>> {
        let Some(mut sprite) = game
            .get::<Sprites>()
            .and_then(|s| s.sprites.get(self.index).cloned().flatten())
        else {
            return Ok(None);
        };
        let SpriteFiles {
            mut masks,
            mut pictures,
        } = found;
        sprite.masks = masks
            .iter_mut()
            .map(|m| Cow::Owned(std::mem::take(&mut m.mask)))
            .collect();
        let was = sprite.frames.len();
        let mut frames = Vec::with_capacity(pictures.len().max(was));
        let mut reshaped = self.added;
        if self.added {
            if sprite.name.is_none() {
                return Err(Error::at(self.file, "a new sprite needs a name"));
            }
            sprite
                .frames
                .iter()
                .flatten()
                .for_each(|t| plan.release(t.0));
        } else {
            for (k, &item) in sprite.frames.iter().enumerate() {
                let as_extracted = given.frame(&format!("{}/{k:03}.png", self.folder()));
                match (as_extracted, pictures.remove(&(k as u32))) {
                    (Some(_), Some(Picture { file, changed })) => match changed {
                        None => frames.push(Frame::Kept(item, Some(file))),
                        Some(bytes) => {
                            if let Some(painted) = repaint(plan, item, &file, &bytes)? {
                                frames.push(painted);
                            } else {
                                reshaped = true;
                                item.inspect(|t| plan.release(t.0));
                                frames.push(Frame::New(Picture {
                                    file,
                                    changed: Some(bytes),
                                }));
                            }
                        }
                    },
                    (Some(_), None) => {
                        reshaped = true;
                        item.inspect(|t| plan.release(t.0));
                    }
                    (None, Some(picture)) => {
                        reshaped = true;
                        item.inspect(|t| plan.release(t.0));
                        frames.push(Frame::New(picture));
                    }
                    (None, None) => frames.push(Frame::Kept(item, None)),
                }
            }
        }
        frames.extend(pictures.into_values().map(|picture| {
            reshaped = true;
            Frame::New(picture)
        }));
        if reshaped && sprite.vector.is_some() {
            let why = match self.added {
                true => "is a new vector sprite: pack makes new sprites from pictures only",
                false => {
                    "is a vector sprite: its frames are drawn from the shapes in its JSON, \
                     not from pictures, so its folder takes none"
                }
            };
            return Err(Error::at(self.file, why));
        }
        if !reshaped {
            let want = sprite.mask_size(self.boxed);
            if let Some(MaskFile {
                file, size: (w, h), ..
            }) = masks.iter().find(|m| m.size != want)
            {
                return Err(Error::at(
                    file,
                    format!(
                        "{w}x{h} pixels, but the sprite's masks are {}x{} (its size, or from \
                         2024.6 its bounding box)",
                        want.0, want.1
                    ),
                ));
            }
            return Ok(Some(Changed {
                index: self.index,
                sprite,
                slots: None,
                added: false,
            }));
        }
        if self.added && sprite.special.is_none() {
            sprite.special = template(game, &sprite);
        }
        // Masks drawn since extraction are the user's; the others are made again.
        let drawn: Vec<(u32, u32)> = if masks.iter().any(|m| m.edited) {
            masks.iter().map(|m| m.size).collect()
        } else {
            Vec::new()
        };
        self.reshape(dir, plan, sprite, frames, &drawn, notes)
            .map(Some)
    }

    /// Size, frames, bounding box, masks and sequence of a sprite whose frames
    /// changed in number or shape.
    fn reshape<'a>(
        &self,
        dir: &SourceDir,
        plan: &mut TexturePlan,
        mut sprite: Sprite<'a>,
        frames: Vec<Frame>,
        drawn: &[(u32, u32)],
        notes: &mut Vec<String>,
    ) -> Result<Changed<'a>> {
        let held: Vec<(&String, Option<&[u8]>)> = frames
            .iter()
            .filter_map(|f| match f {
                Frame::Kept(_, file) => file.as_ref().map(|file| (file, None)),
                Frame::New(p) => Some((&p.file, p.changed.as_deref())),
            })
            .collect();
        let mut decoded: Vec<Rgba> = Vec::with_capacity(held.len());
        // Each picture's part of the run's budget, given back with `decoded`.
        let mut reserved = Vec::with_capacity(held.len());
        for &(file, bytes) in &held {
            // A picture read to tell it had changed is not read again.
            let read;
            let bytes = match bytes {
                Some(bytes) => bytes,
                None => {
                    read = dir.read(file)?;
                    &read
                }
            };
            let (img, reservation) =
                png_codec::decode_source(bytes, file, plan.limits())?.into_parts();
            decoded.push(img);
            reserved.push(reservation);
        }
        let files: Vec<&String> = held.iter().map(|&(file, _)| file).collect();
        let size = one_size(&files, &decoded, (sprite.width, sprite.height))?;
        let near = frames.iter().find_map(|f| match f {
            Frame::Kept(Some(t), _) => plan.item(t.0).map(|it| usize::from(it.page)),
            _ => None,
        });
        let mut slots = Vec::with_capacity(frames.len());
        let mut pictures = decoded.iter();
        for (k, f) in frames.into_iter().enumerate() {
            slots.push(match f {
                Frame::Kept(item, file) => {
                    file.is_some().then(|| pictures.next());
                    let bounds = item.and_then(|t| plan.item(t.0)).map(|it| it.bounds);
                    if bounds.is_some_and(|[w, h]| (u32::from(w), u32::from(h)) != size) {
                        return Err(Error::at(
                            self.file,
                            format!(
                                "frame {k} has no picture in the folder, so the sprite cannot become {}x{}",
                                size.0, size.1
                            ),
                        ));
                    }
                    Slot::Item(item)
                }
                Frame::New(Picture { file, .. }) => {
                    let img = pictures.next().expect("every picture was decoded");
                    let crop = match masks::opaque_margins([img]) {
                        Some([l, r, b, t]) => [l, t, r - l + 1, b - t + 1].map(|v| v as u32),
                        None => [0, 0, 1, 1],
                    };
                    Slot::Placed(plan.request(Request {
                        file,
                        crop,
                        bounds: size,
                        near,
                    }))
                }
            });
        }
        let had = sprite.frames.len();
        let count = match (self.added, sprite.masks.len()) {
            (true, _) => 1,
            (false, n) if n == had && had > 1 => slots.len(),
            (false, 0) => 0,
            _ => 1,
        };
        (sprite.width, sprite.height) = size;
        sprite.margins = masks::margins(sprite.bbox_mode, &decoded, size, sprite.margins);
        let region = masks::region(self.boxed, sprite.margins, size);
        // Masks drawn by hand at the sprite's new size are kept.
        let as_drawn = !drawn.is_empty() && drawn.iter().all(|&(w, h)| [w, h] == region[2..]);
        if !as_drawn {
            sprite.masks = masks::masks(
                sprite.separate_masks,
                count,
                &decoded,
                sprite.margins,
                region,
            )
            .into_iter()
            .map(Cow::Owned)
            .collect();
        }
        // A new sprite's sequence is a sibling's, which shows that sibling's frames.
        let shown = if self.added { keyframes(&sprite) } else { had };
        let follows = follow_frames(&mut sprite, shown, slots.len());
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let what = match (self.added, had) {
            (true, 0) => "a new sprite, from its pictures".to_string(),
            (true, n) => format!(
                "a new sprite, from its pictures: the {n} item{} its JSON lists are not used",
                plural(n)
            ),
            (false, n) if as_drawn => {
                format!("was {n}; its bounding box made again, its masks as drawn")
            }
            (false, n) => format!("was {n}; its bounding box and masks made again"),
        };
        let sequence = if follows {
            ""
        } else {
            "; its embedded sequence, not one keyframe a frame, is as it was"
        };
        notes.push(format!(
            "{}: {} frame{} of {}x{} ({what}{sequence})",
            self.folder(),
            slots.len(),
            plural(slots.len()),
            size.0,
            size.1,
        ));
        Ok(Changed {
            index: self.index,
            sprite,
            slots: Some(slots),
            added: self.added,
        })
    }
}

/// The size all of a sprite's pictures have; else the picture that differs from
/// most (from the sprite's size `was`, where as many differ as not) is refused.
fn one_size(files: &[&String], pictures: &[Rgba], was: (u32, u32)) -> Result<(u32, u32)> {
    let sizes: Vec<(u32, u32)> = pictures.iter().map(|p| (p.width, p.height)).collect();
    let Some(&first) = sizes.first() else {
        return Ok(was);
    };
    if sizes.iter().all(|&s| s == first) {
        return Ok(first);
    }
    let count = |s: (u32, u32)| sizes.iter().filter(|&&t| t == s).count();
    let most = sizes
        .iter()
        .copied()
        .max_by_key(|&s| (count(s), s == was))
        .unwrap_or(first);
    let (k, odd) = sizes
        .iter()
        .enumerate()
        .find(|(_, &s)| s != most)
        .expect("the sizes differ");
    Err(Error::at(
        files[k],
        format!(
            "{}x{} pixels, but the sprite's other frames are {}x{}: a sprite's frames are one \
             size, so resize them all to resize the sprite",
            odd.0, odd.1, most.0, most.1
        ),
    ))
}

/// An edited picture painted where its frame stands, when it is the frame's size
/// and draws nothing outside the frame's stored part; `None` when it must move.
fn repaint(
    plan: &mut TexturePlan,
    item: Option<TpagId>,
    file: &str,
    bytes: &[u8],
) -> Result<Option<Frame>> {
    let Some(it) = item.and_then(|t| plan.item(t.0)).cloned() else {
        return Ok(None);
    };
    let img = png_codec::decode_source(bytes, file, plan.limits())?;
    let [tx, ty, tw, th] = it.target.map(|v| v as i32);
    let inside = match masks::opaque_margins([&*img]) {
        None => true,
        Some([l, r, b, t]) => l >= tx && t >= ty && r < tx + tw && b < ty + th,
    };
    if (img.width, img.height) != page_codecs::frame_size(it.bounds) || !inside {
        return Ok(None);
    }
    let [sx, sy, sw, sh] = it.source.map(u32::from);
    plan.repaint(
        it.page.into(),
        file,
        [tx as u32, ty as u32, sw, sh],
        (sx, sy),
    );
    Ok(Some(Frame::Kept(item, Some(file.to_string()))))
}

/// The header a new sprite takes from the game's other sprites, without their
/// nine-slice data. Its embedded sequence, where they have one (every sprite from
/// 2.3 on), is made like the first one GameMaker wrote one keyframe a frame: named
/// and placed as that one is (its sprite's name and origin, or as it is where it
/// differs), its frames made to follow the new sprite's after.
fn template(game: &Game<'_>, new: &Sprite<'_>) -> Option<Special> {
    let sprites = game.get::<Sprites>()?;
    let all = || sprites.sprites.iter().flatten();
    let plain = all().find(|s| {
        s.special.as_ref().is_some_and(|p| p.sequence.is_some()) && keyframes(s) == s.frames.len()
    });
    let sibling = plain.or_else(|| all().find(|s| s.special.is_some()))?;
    let s = sibling.special.as_ref()?;
    let sequence = s.sequence.clone().map(|mut embedded| {
        let seq = &mut embedded.sequence;
        if seq.name == sibling.name {
            seq.name = new.name;
        }
        if seq.origin == sibling.origin {
            seq.origin = new.origin;
        }
        embedded
    });
    Some(Special {
        version: s.version,
        kind: 0,
        playback_speed: s.playback_speed,
        speed_type: s.speed_type,
        sequence,
        nine_slice: None,
    })
}

/// How many keyframes a sprite's embedded sequence shows its frames with.
fn keyframes(sprite: &Sprite<'_>) -> usize {
    let embedded = sprite.special.as_ref().and_then(|s| s.sequence.as_ref());
    let tracks = embedded.into_iter().flat_map(|e| &e.sequence.tracks);
    tracks
        .filter_map(|t| match &t.keyframes {
            TrackKeyframes::SpriteFrames(k) => Some(k.keyframes.len()),
            _ => None,
        })
        .next()
        .unwrap_or(0)
}

/// Makes a sprite's embedded sequence show its `now` frames, when it showed the
/// `was` before it one keyframe a frame, as GameMaker writes it; false when it was
/// anything else, and is left alone.
fn follow_frames(sprite: &mut Sprite, was: usize, now: usize) -> bool {
    let Some(embedded) = sprite.special.as_mut().and_then(|s| s.sequence.as_mut()) else {
        return true;
    };
    let sequence = &mut embedded.sequence;
    let Some(track) = sequence
        .tracks
        .iter_mut()
        .find_map(|t| match &mut t.keyframes {
            TrackKeyframes::SpriteFrames(k) => Some(k),
            _ => None,
        })
    else {
        return true;
    };
    let one_a_frame = track.keyframes.len() == was
        && track.keyframes.iter().enumerate().all(|(i, k)| {
            k.key == i as f32 && matches!(k.channels.as_slice(), [c] if c.value == i as i32)
        });
    let Some(first) = track.keyframes.first().cloned().filter(|_| one_a_frame) else {
        return was == 0 && now == 0;
    };
    track.keyframes = (0..now)
        .map(|i| Keyframe {
            key: i as f32,
            channels: vec![ChannelValue {
                value: i as i32,
                ..first.channels[0].clone()
            }],
            ..first.clone()
        })
        .collect();
    sequence.length = now as f32;
    true
}

impl<'a> Changed<'a> {
    /// Puts the sprite, its frames placed, into `game`; a new one joins the texture
    /// group of the page its first frame is on.
    fn put(self, game: &mut Game<'a>, ids: &[u32]) {
        let mut sprite = self.sprite;
        if let Some(slots) = &self.slots {
            sprite.frames = slots
                .iter()
                .map(|s| match *s {
                    Slot::Item(item) => item,
                    Slot::Placed(r) => Some(TpagId(ids[r])),
                })
                .collect();
        }
        let items = game.get::<TextureItems>().map_or(&[][..], |t| &t.items);
        let page = sprite
            .frames
            .iter()
            .flatten()
            .find_map(|t| items.get(t.0 as usize)?.as_ref())
            .map(|it| usize::from(it.page));
        if let Some(slot) = game
            .get_mut::<Sprites>()
            .and_then(|s| s.sprites.get_mut(self.index))
        {
            *slot = Some(sprite);
        }
        if !self.added {
            return;
        }
        let group = page.and_then(|k| group_of_page(game, k)).unwrap_or(0);
        if let Some(g) = game
            .get_mut::<TextureGroups>()
            .and_then(|t| t.groups.get_mut(group))
            .and_then(Option::as_mut)
        {
            g.sprites.push(Id::new(self.index as i32));
        }
    }
}
