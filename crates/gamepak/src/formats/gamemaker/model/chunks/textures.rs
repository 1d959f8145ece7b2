//! TXTR, the texture pages: a pointer list of entries, then every page's blob, each
//! on a 128-byte boundary, then padding to 4. An entry is a scaled flag, from 2.0.6
//! whether mipmaps were generated, from 2022.3 the blob's size, from 2022.9 the
//! page's width, height and index in its group, then a pointer to the blob (0 for a
//! page stored outside the file). A blob is a PNG, QOI or BZip2-QOI image, kept as
//! stored; before 2022.3 its length is found in the blob itself.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Blob, Record, Slot, Wire};
use crate::formats::gamemaker::views::page_blobs::measured_len;

/// TXTR: the texture pages, the images that sprites, backgrounds and fonts are
/// cut from.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Textures<'a> {
    /// The pages by index (TPAG items name a page by it); `None` for a null slot.
    pub pages: Vec<Option<Page<'a>>>,
}

/// A texture page: its image and what GameMaker states about it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Page<'a> {
    /// A word GameMaker stores for each page, taken to be a scaled flag; its meaning
    /// is not established.
    pub scaled: u32,
    /// 2.0.6 and later.
    pub generated_mips: u32,
    /// 2022.9 and later: width, height, index in the texture group.
    pub size: [u32; 3],
    /// The image as stored; `None` for a page stored outside the file.
    #[serde(skip)]
    pub blob: Option<Blob<'a>>,
}

impl<'a> Record<'a> for Textures<'a> {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        let slots = w.pointers(&mut self.pages)?;
        let mut blobs = Vec::with_capacity(slots.len());
        for (i, (slot_page, slot)) in self.pages.iter_mut().zip(slots).enumerate() {
            let Some(page) = slot_page else { continue };
            let mut blob = None;
            let mut stated = None;
            let read = w.entry(|w| {
                w.enter("entry", Some(i));
                w.here(slot)?;
                let (slot, size) = entry(page, w)?;
                (blob, stated) = (Some(slot), size);
                w.leave();
                Ok(())
            })?;
            match read {
                true => blobs.push((i, blob.expect("an entry read"), stated)),
                false => *slot_page = None,
            }
        }
        // Where each blob may run to, reading: the next blob's start.
        let mut starts: Vec<u64> = blobs.iter().map(|b| b.1 .0).collect();
        starts.sort_unstable();
        for (i, slot, stated) in blobs {
            let room = starts
                .iter()
                .find(|&&s| s > slot.0)
                .map(|&next| (next - slot.0) as usize);
            let Some(Some(page)) = self.pages.get_mut(i) else {
                continue;
            };
            let Some(blob) = &mut page.blob else { continue };
            // A page whose blob does not read is passed over whole: one without a
            // blob is a page stored outside the file.
            let read = w.entry(|w| {
                w.enter("blob", Some(i));
                w.pad(128)?;
                w.here(slot)?;
                match stated {
                    Some(len) => w.blob(blob, len as usize)?,
                    None => w.blob_measured(blob, &|b| measured_len(b, room), "texture")?,
                }
                w.leave();
                Ok(())
            })?;
            if !read {
                self.pages[i] = None;
            }
        }
        w.pad(4)
    }
}

/// A page's entry, up to the pointer to its blob: that pointer, and the blob's
/// size where the entry states it (2022.3 and later).
fn entry<'a, W: Wire<'a>>(page: &mut Page<'a>, w: &mut W) -> Result<(Slot, Option<u32>)> {
    w.u32(&mut page.scaled)?;
    if w.since(Version::V2_0_6) {
        w.u32(&mut page.generated_mips)?;
    }
    let mut size = page.blob.as_ref().map_or(0, |b| b.len() as u32);
    let sized = w.since(Version::V2022_3);
    if sized {
        w.u32(&mut size)?;
    }
    if w.since(Version::V2022_9) {
        for v in &mut page.size {
            w.u32(v)?;
        }
    }
    let blob = w.optional(&mut page.blob)?;
    Ok((blob, sized.then_some(size)))
}
