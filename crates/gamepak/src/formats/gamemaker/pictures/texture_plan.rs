//! Frames put on texture pages: a repaint goes where its frame already is, a frame
//! that is new or changed its shape takes free space on a page (see
//! [`crate::formats::gamemaker::pictures::page_space`]) or a new page, and a TPAG item no frame uses any more is
//! cleared on its page and given to the next frame that needs one.
//!
//! Nothing is decoded while frames are placed. Then each page that changed is
//! decoded, painted and encoded again in its own format in turn, so that one page
//! is held at a time, with one picture.

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::formats::gamemaker::model::chunks::backgrounds::Backgrounds;
use crate::formats::gamemaker::model::chunks::embedded_images::EmbeddedImages;
use crate::formats::gamemaker::model::chunks::fonts::Fonts;
use crate::formats::gamemaker::model::chunks::options::Options;
use crate::formats::gamemaker::model::chunks::sprites::Sprites;
use crate::formats::gamemaker::model::chunks::texture_groups::TextureGroups;
use crate::formats::gamemaker::model::chunks::texture_items::{TextureItem, TextureItems};
use crate::formats::gamemaker::model::chunks::textures::{Page, Textures};
use crate::formats::gamemaker::model::Game;
use crate::formats::gamemaker::pictures::page_codecs;
use crate::formats::gamemaker::pictures::page_space::{Rect, Sheet};
use crate::formats::gamemaker::views::page_blobs::PageFormat;
use crate::io::SourceDir;
use crate::limits::Limits;

/// A frame that needs a place: the part of its picture to store and its frame size.
#[derive(Debug, Clone)]
pub struct Request {
    pub file: String,
    /// The picture's opaque part: x, y, width, height.
    pub crop: Rect,
    pub bounds: (u32, u32),
    /// The page tried first: where the sprite's other frames are.
    pub near: Option<usize>,
}

enum Stroke {
    Clear(Rect),
    Picture {
        file: String,
        from: Rect,
        to: (u32, u32),
    },
}

struct PageInfo {
    size: Option<(u32, u32)>,
    format: PageFormat,
    with_length: bool,
    /// Frames may be placed on it: it is in the file, in a format gamepak writes.
    open: bool,
    added: bool,
}

pub struct TexturePlan {
    items: Vec<Option<TextureItem>>,
    /// How many frames, fonts and images use each item.
    uses: Vec<u32>,
    /// Items nobody uses any more, to be given again.
    free: Vec<u32>,
    pages: Vec<PageInfo>,
    requests: Vec<Request>,
    strokes: BTreeMap<usize, Vec<Stroke>>,
    limits: Limits,
}

impl TexturePlan {
    pub fn new(game: &Game<'_>, limits: &Limits) -> Self {
        let items = game
            .get::<TextureItems>()
            .map(|t| t.items.clone())
            .unwrap_or_default();
        let mut uses = vec![0u32; items.len()];
        let mut count = |id: Option<u32>| {
            if let Some(n) = id.and_then(|i| uses.get_mut(i as usize)) {
                *n += 1;
            }
        };
        let sprites = game.get::<Sprites>().into_iter().flat_map(|s| &s.sprites);
        for s in sprites.flatten() {
            s.frames.iter().for_each(|f| count(f.map(|t| t.0)));
        }
        let backgrounds = game.get::<Backgrounds>().into_iter();
        for b in backgrounds.flat_map(|b| &b.backgrounds).flatten() {
            count(b.texture.map(|t| t.0));
        }
        for f in game
            .get::<Fonts>()
            .into_iter()
            .flat_map(|f| &f.fonts)
            .flatten()
        {
            count(f.texture.map(|t| t.0));
        }
        for e in game
            .get::<EmbeddedImages>()
            .into_iter()
            .flat_map(|e| &e.images)
        {
            count(e.texture.map(|t| t.0));
        }
        for o in game.get::<Options>().into_iter().flat_map(|o| o.images) {
            count(o.map(|t| t.0));
        }
        let pages = game
            .get::<Textures>()
            .map(|t| t.pages.iter().map(page_info).collect())
            .unwrap_or_default();
        TexturePlan {
            items,
            uses,
            free: Vec::new(),
            pages,
            requests: Vec::new(),
            strokes: BTreeMap::new(),
            limits: limits.clone(),
        }
    }

    pub fn item(&self, id: u32) -> Option<&TextureItem> {
        self.items.get(id as usize)?.as_ref()
    }

    /// Paints the part `from` of a picture where it already stands on `page`.
    pub fn repaint(&mut self, page: usize, file: &str, from: Rect, to: (u32, u32)) {
        self.strokes.entry(page).or_default().push(Stroke::Picture {
            file: file.to_string(),
            from,
            to,
        });
    }

    /// One use of item `id` fewer; an item nobody uses is cleared and given again.
    pub fn release(&mut self, id: u32) {
        let Some(n) = self.uses.get_mut(id as usize) else {
            return;
        };
        *n = n.saturating_sub(1);
        if *n > 0 {
            return;
        }
        if let Some(it) = &self.items[id as usize] {
            let [x, y, w, h] = it.source.map(u32::from);
            let page = it.page as usize;
            self.strokes
                .entry(page)
                .or_default()
                .push(Stroke::Clear([x, y, w, h]));
        }
        self.free.push(id);
    }

    /// Asks for a place for a frame; its item comes from [`TexturePlan::place`] by the
    /// number given here.
    pub fn request(&mut self, r: Request) -> usize {
        self.requests.push(r);
        self.requests.len() - 1
    }

    /// Places every requested frame, tallest first, and gives each its item.
    pub fn place(&mut self) -> Result<Vec<u32>> {
        let mut order: Vec<usize> = (0..self.requests.len()).collect();
        order.sort_by_key(|&i| {
            let [_, _, w, h] = self.requests[i].crop;
            (std::cmp::Reverse(h), std::cmp::Reverse(w), i)
        });
        let mut sheets: BTreeMap<usize, Sheet> = BTreeMap::new();
        let mut ids = vec![0u32; self.requests.len()];
        for i in order {
            let r = self.requests[i].clone();
            let [cx, cy, w, h] = r.crop;
            let (page, (x, y)) = self.space(&mut sheets, r.near, w, h)?;
            let small = |v: u32, what: &str| {
                u16::try_from(v)
                    .map_err(|_| Error::at(&r.file, format!("{what} {v} is over 65535")))
            };
            let item = TextureItem {
                source: [
                    small(x, "x")?,
                    small(y, "y")?,
                    small(w, "width")?,
                    small(h, "height")?,
                ],
                target: [
                    small(cx, "x")?,
                    small(cy, "y")?,
                    small(w, "width")?,
                    small(h, "height")?,
                ],
                bounds: [small(r.bounds.0, "width")?, small(r.bounds.1, "height")?],
                page: small(page as u32, "page")?,
            };
            let id = match self.free.pop() {
                Some(id) => {
                    self.items[id as usize] = Some(item);
                    id
                }
                None => {
                    self.items.push(Some(item));
                    self.uses.push(0);
                    (self.items.len() - 1) as u32
                }
            };
            self.uses[id as usize] += 1;
            ids[i] = id;
            self.strokes.entry(page).or_default().push(Stroke::Picture {
                file: r.file.clone(),
                from: r.crop,
                to: (x, y),
            });
        }
        Ok(ids)
    }

    /// The page and place for a `w`x`h` frame: on the page asked for, on any other,
    /// or on a page added for it.
    fn space(
        &mut self,
        sheets: &mut BTreeMap<usize, Sheet>,
        near: Option<usize>,
        w: u32,
        h: u32,
    ) -> Result<(usize, (u32, u32))> {
        let tries = near.into_iter().chain(0..self.pages.len());
        for k in tries.collect::<Vec<_>>() {
            let Some(sheet) = self.sheet(sheets, k) else {
                continue;
            };
            if let Some(at) = sheet.place(w, h) {
                return Ok((k, at));
            }
        }
        let k = self.add_page(w, h)?;
        let at = self
            .sheet(sheets, k)
            .and_then(|s| s.place(w, h))
            .ok_or_else(|| Error::at("textures", format!("a {w}x{h} frame fits no page")))?;
        Ok((k, at))
    }

    /// Page `k`'s free space, worked out from the items on it the first time.
    fn sheet<'s>(&self, sheets: &'s mut BTreeMap<usize, Sheet>, k: usize) -> Option<&'s mut Sheet> {
        let info = self.pages.get(k).filter(|p| p.open)?;
        let (width, height) = info.size?;
        Some(sheets.entry(k).or_insert_with(|| {
            let used = self
                .items
                .iter()
                .zip(&self.uses)
                .filter_map(|(it, &n)| it.as_ref().filter(|_| n > 0))
                .filter(|it| it.page as usize == k)
                .map(|it| it.source.map(u32::from))
                .collect();
            Sheet::new(width, height, used)
        }))
    }

    /// The limits the pictures placed are decoded under.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// A new page as large as the largest, or larger for a frame that needs it, in
    /// the format of the last page in the file.
    fn add_page(&mut self, w: u32, h: u32) -> Result<usize> {
        let template =
            self.pages.iter().rev().find(|p| p.open).ok_or_else(|| {
                Error::at("textures", "no page in the file to model a new one on")
            })?;
        let (format, with_length) = (template.format, template.with_length);
        let largest = |side: fn(&(u32, u32)) -> u32| {
            self.pages
                .iter()
                .filter_map(|p| p.size.as_ref().map(side))
                .max()
        };
        let width = largest(|s| s.0).unwrap_or(0).max(w.next_power_of_two());
        let height = largest(|s| s.1).unwrap_or(0).max(h.next_power_of_two());
        self.limits
            .check_pixels("textures", None, width.into(), height.into())?;
        self.pages.push(PageInfo {
            size: Some((width, height)),
            format,
            with_length,
            open: true,
            added: true,
        });
        Ok(self.pages.len() - 1)
    }

    /// Puts the items and pages into `game` and paints every page that changed,
    /// noting each.
    pub fn finish(
        self,
        dir: &SourceDir,
        game: &mut Game<'_>,
        notes: &mut Vec<String>,
    ) -> Result<()> {
        if let Some(t) = game.get_mut::<TextureItems>() {
            t.items = self.items;
        }
        let added: Vec<(usize, (u32, u32))> = self
            .pages
            .iter()
            .enumerate()
            .filter(|(_, p)| p.added)
            .map(|(k, p)| (k, p.size.unwrap_or_default()))
            .collect();
        add_pages(game, &added);
        for (k, strokes) in self.strokes {
            let info = &self.pages[k];
            // Pixels nobody draws any more may stay on a page gamepak cannot paint.
            let clears_only = strokes.iter().all(|s| matches!(s, Stroke::Clear(_)));
            if clears_only && !info.open {
                continue;
            }
            let name = format!("textures/{k:03}.png");
            let textures = game
                .get_mut::<Textures>()
                .ok_or_else(|| Error::at(&name, "the game has no TXTR"))?;
            let Some(Some(page)) = textures.pages.get_mut(k) else {
                continue;
            };
            let mut img = match (&page.blob, info.size) {
                (Some(blob), _) if !info.added => {
                    page_codecs::decode(blob, info.format, &name, &self.limits)?
                }
                (_, Some((w, h))) => Rgba::new_held(w, h, &name, &self.limits)?,
                _ => continue,
            };
            paint(dir, &mut img, &strokes, &self.limits)?;
            page.blob = Some(Cow::Owned(page_codecs::encode(
                &img,
                info.format,
                info.with_length,
            )?));
            notes.push(if info.added {
                format!("{name}: a page added, {}x{}", img.width, img.height)
            } else {
                name
            });
        }
        Ok(())
    }
}

fn page_info(p: &Option<Page<'_>>) -> PageInfo {
    let blob = p.as_ref().and_then(|p| p.blob.as_deref());
    let format = blob.map_or(PageFormat::Unknown, PageFormat::of);
    PageInfo {
        size: blob.and_then(|b| page_codecs::dimensions(b, format)),
        format,
        with_length: blob.is_some_and(page_codecs::bz2_with_length),
        open: format != PageFormat::Unknown,
        added: false,
    }
}

/// Entries for the pages added, like the last page's, each in the texture group of
/// that page.
fn add_pages(game: &mut Game<'_>, added: &[(usize, (u32, u32))]) {
    let Some(last) = added.first().map(|&(k, _)| k.saturating_sub(1)) else {
        return;
    };
    let group = group_of_page(game, last);
    let mut index_in_group = Vec::new();
    if let Some(groups) = game.get_mut::<TextureGroups>() {
        for &(k, _) in added {
            let g = group
                .and_then(|g| groups.groups.get_mut(g))
                .and_then(Option::as_mut);
            index_in_group.push(g.map_or(0, |g| {
                g.pages.push(k as u32);
                (g.pages.len() - 1) as u32
            }));
        }
    }
    let Some(textures) = game.get_mut::<Textures>() else {
        return;
    };
    let template = textures
        .pages
        .get(last)
        .cloned()
        .flatten()
        .unwrap_or_default();
    for (n, &(_, (w, h))) in added.iter().enumerate() {
        textures.pages.push(Some(Page {
            size: [w, h, index_in_group.get(n).copied().unwrap_or(0)],
            blob: None,
            ..template.clone()
        }));
    }
}

/// The texture group holding page `k`, when the game has groups.
pub fn group_of_page(game: &Game<'_>, k: usize) -> Option<usize> {
    let groups = game.get::<TextureGroups>()?;
    groups
        .groups
        .iter()
        .position(|g| g.as_ref().is_some_and(|g| g.pages.contains(&(k as u32))))
}

fn paint(dir: &SourceDir, img: &mut Rgba, strokes: &[Stroke], limits: &Limits) -> Result<()> {
    let clip = |img: &Rgba, [x, y, w, h]: Rect| {
        [
            x,
            y,
            w.min(img.width.saturating_sub(x)),
            h.min(img.height.saturating_sub(y)),
        ]
    };
    for s in strokes {
        if let Stroke::Clear(r) = s {
            let [x, y, w, h] = clip(img, *r);
            img.paste(&Rgba::new(w, h), x, y);
        }
    }
    for s in strokes {
        if let Stroke::Picture { file, from, to } = s {
            let picture = png_codec::decode_source(&dir.read(file)?, file, limits)?;
            let [_, _, w, h] = clip(img, [to.0, to.1, from[2], from[3]]);
            img.paste(&picture.crop(from[0], from[1], w, h), to.0, to.1);
        }
    }
    Ok(())
}
