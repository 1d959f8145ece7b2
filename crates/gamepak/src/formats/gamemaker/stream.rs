//! Frames cut from texture pages too large to hold: the page is decoded a row at a
//! time and each frame takes its rows as they pass, encoded as soon as its last row
//! has, so only the frames being cut are held. A 16384x16384 page is 1 GiB of RGBA,
//! past the default limit, while its frames are small.

use std::collections::HashMap;
use std::io::Write;

use super::game::Game;
use super::items::page_size;
use super::tpag;
use super::txtr::PageFormat;
use crate::codec::gm_qoi;
use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::limits::Limits;

/// A frame's PNG, or why it could not be cut.
pub type Cut = std::result::Result<Vec<u8>, String>;

/// Whether a page's pixels would pass the allocation limit, so its frames are cut
/// while it streams rather than from the decoded page.
pub fn too_large(game: &Game<'_>, page: usize) -> bool {
    let size = game.pages().get(page).and_then(page_size);
    size.is_some_and(|(w, h)| u64::from(w) * u64::from(h) * 4 > Limits::current().max_alloc)
}

/// A QOI or BZip2-QOI page as a PNG, encoded as it is decoded, a row at a time.
pub fn page_png(game: &Game<'_>, k: usize) -> Result<Vec<u8>> {
    let path = format!("FORM/TXTR/page[{k}]");
    let page = &game.pages()[k];
    let (blob, (w, h)) = page
        .blob
        .zip(page_size(page))
        .ok_or_else(|| Error::at(&path, "the page is stored outside the file"))?;
    let failed = |e: &dyn std::fmt::Display| Error::at(&path, format!("PNG encoding failed: {e}"));
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fastest);
    let mut header = enc.write_header().map_err(|e| failed(&e))?;
    let mut rows = header.stream_writer().map_err(|e| failed(&e))?;
    let mut written = Ok(());
    each_row(blob, page.format, &path, |row| {
        if written.is_ok() {
            written = rows.write_all(row);
        }
    })?;
    written.map_err(|e| failed(&e))?;
    rows.finish().map_err(|e| failed(&e))?;
    drop(header);
    Ok(out)
}

/// Decodes a page a row at a time, handing each row to `row` as RGBA.
fn each_row(blob: &[u8], format: PageFormat, path: &str, row: impl FnMut(&[u8])) -> Result<()> {
    let limits = Limits::current();
    match format {
        PageFormat::Png => png_codec::each_row(blob, path, &limits, row),
        PageFormat::Qoi => gm_qoi::each_row(blob, path, row),
        PageFormat::Bz2Qoi => gm_qoi::each_row_bz2(blob, path, &limits, row),
        PageFormat::Unknown => Err(Error::at(path, "the page is in no format gamepak knows")),
    }
    .map(drop)
}

/// One frame being cut: the rows `sy..sy + ch` of the page, columns `sx..sx + cw`,
/// go to `(tx, ty)` in the frame, as [`super::pages::frame`] places them.
struct Cutting {
    ptr: u32,
    img: Rgba,
    source: [u32; 2],
    cut: [u32; 2],
    target: [u32; 2],
}

impl Cutting {
    fn new(ptr: u32, item: &tpag::Item) -> Result<Cutting> {
        let [sx, sy, sw, sh] = item.source.map(u32::from);
        let [tx, ty, _, _] = item.target.map(u32::from);
        let [bw, bh] = item.bounding.map(u32::from);
        Limits::current().check_pixels("TPAG item", None, bw.into(), bh.into())?;
        let img = Rgba::new(bw.max(1), bh.max(1));
        let cut = [sw.min(bw.saturating_sub(tx)), sh.min(bh.saturating_sub(ty))];
        let target = [tx.min(img.width), ty.min(img.height)];
        Ok(Cutting {
            ptr,
            img,
            source: [sx, sy],
            cut,
            target,
        })
    }

    /// Takes row `y` of the page if the frame covers it.
    fn take(&mut self, y: u32, row: &[u8]) {
        let [sx, sy] = self.source;
        let [cw, ch] = self.cut;
        let [tx, ty] = self.target;
        if y < sy || y - sy >= ch {
            return;
        }
        let page_width = (row.len() / 4) as u32;
        let n = cw.min(page_width.saturating_sub(sx)) as usize * 4;
        let at = ((ty + y - sy) as usize * self.img.width as usize + tx as usize) * 4;
        let from = sx as usize * 4;
        self.img.pixels[at..at + n].copy_from_slice(&row[from..from + n]);
    }

    fn last_row(&self) -> u32 {
        self.source[1].saturating_add(self.cut[1]).saturating_sub(1)
    }

    fn finish(self) -> (u32, Cut) {
        let png = png_codec::encode(&self.img).map_err(|e| e.to_string());
        (self.ptr, png)
    }
}

/// The frames `ptrs` (TPAG item addresses) of page `k`, cut as the page streams.
pub fn frames(game: &Game<'_>, k: usize, ptrs: &[u32]) -> HashMap<u32, Cut> {
    let mut done = HashMap::new();
    let mut cutting = Vec::new();
    for &ptr in ptrs {
        match game.item(ptr).map(|it| Cutting::new(ptr, it)) {
            Some(Ok(c)) => cutting.push(c),
            Some(Err(e)) => drop(done.insert(ptr, Err(e.to_string()))),
            None => drop(done.insert(ptr, Err(format!("no item at {ptr:#x}")))),
        }
    }
    let path = format!("FORM/TXTR/page[{k}]");
    let page = &game.pages()[k];
    let Some(blob) = page.blob else {
        let why = "the page is stored outside the file".to_string();
        done.extend(cutting.iter().map(|c| (c.ptr, Err(why.clone()))));
        return done;
    };
    let mut y = 0u32;
    let streamed = each_row(blob, page.format, &path, |row| {
        for c in &mut cutting {
            c.take(y, row);
        }
        // Frames whose last row this was are encoded and let go.
        let (finished, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut cutting)
            .into_iter()
            .partition(|c| c.last_row() <= y);
        cutting = rest;
        done.extend(finished.into_iter().map(Cutting::finish));
        y += 1;
    });
    match streamed {
        Ok(()) => done.extend(cutting.into_iter().map(Cutting::finish)),
        Err(e) => done.extend(cutting.iter().map(|c| (c.ptr, Err(e.to_string())))),
    }
    done
}
