//! Frames cut from texture pages as they stream: the page is decoded a row at a
//! time and each frame takes its rows as they pass, encoded as soon as its last row
//! has, so only the frames being cut are held, never the page. A 2048x2048 page is
//! 16 MiB of RGBA and a 16384x16384 one 1 GiB, past the default limit, while their
//! frames are small.
//!
//! The frames a page's worker holds at once are drawn from the run's budget as one
//! reservation, made before the page streams (a worker holding one never waits for
//! another). Frames that would hold more than the limit at once are cut in further
//! passes over the page.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::Write;
use std::ops::ControlFlow;

use crate::codec::gm_qoi;
use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::formats::gamemaker::binary::container::chunk_location;
use crate::formats::gamemaker::pictures::page_codecs::page_size;
use crate::formats::gamemaker::views::file_view::FileView;
use crate::formats::gamemaker::views::page_blobs::PageFormat;
use crate::formats::gamemaker::views::page_items;
use crate::fourcc::FourCC;
use crate::limits::{rgba_bytes, Limits};

/// A frame's pixels, or why it could not be cut.
pub type Cut = std::result::Result<Rgba, String>;

/// Where a page's rows go when the page is encoded whole as it streams.
pub type PageRows<'s> = &'s mut dyn FnMut(&[u8]) -> std::io::Result<()>;

/// A QOI or BZip2-QOI page as a PNG, encoded as `stream` hands it the page's rows
/// (through [`frames`], which may cut frames from the same rows).
pub fn page_png(
    game: &FileView<'_>,
    k: usize,
    stream: impl FnOnce(PageRows<'_>) -> Result<()>,
) -> Result<Vec<u8>> {
    let path = chunk_location(FourCC::TXTR).at("page", k).to_string();
    let page = &game.pages()[k];
    let (w, h) = page
        .blob
        .and(page_size(page))
        .ok_or_else(|| Error::at(&path, "the page is stored outside the file"))?;
    let failed = |e: &dyn std::fmt::Display| Error::at(&path, format!("PNG encoding failed: {e}"));
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fastest);
    let mut header = enc.write_header().map_err(|e| failed(&e))?;
    let mut rows = header.stream_writer().map_err(|e| failed(&e))?;
    stream(&mut |row| rows.write_all(row))?;
    rows.finish().map_err(|e| failed(&e))?;
    drop(header);
    Ok(out)
}

/// Decodes a page a row at a time, handing each row to `row` as RGBA until it breaks.
fn each_row(
    blob: &[u8],
    format: PageFormat,
    path: &str,
    limits: &Limits,
    row: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Result<()> {
    match format {
        PageFormat::Png => png_codec::each_row(blob, path, limits, row),
        PageFormat::Qoi => gm_qoi::each_row(blob, path, row),
        PageFormat::Bz2Qoi => gm_qoi::each_row_bz2(blob, path, limits, row),
        PageFormat::Unknown => Err(Error::at(path, "the page is in no format gamepak knows")),
    }
    .map(drop)
}

/// One frame being cut: the rows `sy..sy + ch` of the page, columns `sx..sx + cw`,
/// go to `(tx, ty)` in the frame's bounding box, as GameMaker draws it.
struct Cutting {
    ptr: u32,
    /// Its pixels, made when its first row passes.
    img: Option<Rgba>,
    size: [u32; 2],
    source: [u32; 2],
    cut: [u32; 2],
    target: [u32; 2],
}

impl Cutting {
    fn new(ptr: u32, item: &page_items::Item, limits: &Limits) -> Result<Cutting> {
        let [sx, sy, sw, sh] = item.source.map(u32::from);
        let [tx, ty, _, _] = item.target.map(u32::from);
        let [bw, bh] = item.bounding.map(u32::from);
        let size = [bw.max(1), bh.max(1)];
        limits.check_pixels("TPAG item", None, size[0].into(), size[1].into())?;
        let cut = [sw.min(bw.saturating_sub(tx)), sh.min(bh.saturating_sub(ty))];
        let target = [tx.min(size[0]), ty.min(size[1])];
        Ok(Cutting {
            ptr,
            img: None,
            size,
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
        let [w, h] = self.size;
        let img = self.img.get_or_insert_with(|| Rgba::new(w, h));
        let page_width = (row.len() / 4) as u32;
        let n = cw.min(page_width.saturating_sub(sx)) as usize * 4;
        let at = ((ty + y - sy) as usize * w as usize + tx as usize) * 4;
        let from = sx as usize * 4;
        // Items are judged against the page's header before they are cut; a row
        // narrower than the header said gives the frame what it holds.
        if let (Some(to), Some(from)) = (img.pixels.get_mut(at..at + n), row.get(from..from + n)) {
            to.copy_from_slice(from);
        }
    }

    fn last_row(&self) -> u32 {
        self.source[1].saturating_add(self.cut[1]).saturating_sub(1)
    }

    /// The rows over which the frame holds its pixels, on a page whose last row is
    /// `last`: from its first row (or, taking none, the row it is finished at) to its
    /// last; a frame the page ends before is held to the page's end.
    fn rows_held(&self, last: u32) -> (u32, u32) {
        let end = self.last_row().min(last);
        (self.source[1].min(end), end)
    }

    /// What its pixels take.
    fn bytes(&self) -> u64 {
        let [w, h] = self.size.map(u64::from);
        rgba_bytes(w, h)
    }

    fn finish(self) -> (u32, Cut) {
        let [w, h] = self.size;
        (self.ptr, Ok(self.img.unwrap_or_else(|| Rgba::new(w, h))))
    }
}

/// The frames `ptrs` (TPAG item addresses) of page `k`, cut as the page streams and
/// handed to `done` as each is finished, to encode while the page goes on; the first
/// error `done` returns stops it. With `page`, every row also goes there, so a page
/// extracted whole and cut into frames is decoded once.
pub fn frames(
    game: &FileView<'_>,
    k: usize,
    ptrs: &[u32],
    mut page: Option<PageRows<'_>>,
    limits: &Limits,
    mut done: impl FnMut(u32, Cut) -> Result<()>,
) -> Result<()> {
    let mut cutting = Vec::new();
    for &ptr in ptrs {
        match game.item(ptr).map(|it| Cutting::new(ptr, it, limits)) {
            Some(Ok(c)) => cutting.push(c),
            Some(Err(e)) => done(ptr, Err(e.to_string()))?,
            None => done(ptr, Err(format!("no item at {ptr:#x}")))?,
        }
    }
    let path = chunk_location(FourCC::TXTR).at("page", k).to_string();
    let stored = &game.pages()[k];
    let Some(blob) = stored.blob else {
        let why = "the page is stored outside the file";
        return cutting
            .iter()
            .try_for_each(|c| done(c.ptr, Err(why.into())));
    };
    let last = page_size(stored).map_or(u32::MAX, |(_, h)| h.saturating_sub(1));
    let page_rows = (blob, stored.format, path.as_str());
    // An interlaced PNG is decoded whole before its rows stream.
    let whole = match stored.format {
        PageFormat::Png => png_codec::held_whole(blob),
        _ => 0,
    };
    // The page encoded whole takes its rows in the first pass.
    for (held, pass) in passes(cutting, last, limits.max_alloc) {
        let held = held.saturating_add(whole);
        cut_pass(page_rows, limits, held, pass, page.take(), &mut done)?;
    }
    Ok(())
}

/// The frames split into passes over the page, each with the most its frames hold at
/// once, at most `cap` (every frame fits it alone): frames are taken as their first
/// rows come, and one that would pass `cap` beside those still held is left for a
/// later pass. Each pass takes one frame at least, so the passes end. There is always
/// a pass, if only an empty one, for a page encoded whole.
fn passes(mut left: Vec<Cutting>, last: u32, cap: u64) -> Vec<(u64, Vec<Cutting>)> {
    left.sort_by_key(|c| c.rows_held(last));
    let mut out = Vec::new();
    loop {
        let (mut pass, mut rest) = (Vec::new(), Vec::new());
        // The last row and size of each frame of the pass still held.
        let mut held = BinaryHeap::new();
        let (mut now, mut most) = (0u64, 0u64);
        for c in left {
            let (first, end) = c.rows_held(last);
            while let Some(&Reverse((until, bytes))) = held.peek() {
                if until >= first {
                    break;
                }
                held.pop();
                now -= bytes;
            }
            let bytes = c.bytes();
            if !pass.is_empty() && now.saturating_add(bytes) > cap {
                rest.push(c);
                continue;
            }
            now += bytes;
            most = most.max(now);
            held.push(Reverse((end, bytes)));
            pass.push(c);
        }
        out.push((most, pass));
        if rest.is_empty() {
            return out;
        }
        left = rest;
    }
}

/// One pass over a page (its blob, format and path): the rows stream until the last
/// frame of `cutting` is finished, or to the end with `page`. The frames (and an
/// interlaced page) hold `held` bytes at most at once, reserved for the pass as one,
/// so that the worker never holds one reservation while it asks for another.
fn cut_pass(
    (blob, format, path): (&[u8], PageFormat, &str),
    limits: &Limits,
    held: u64,
    mut cutting: Vec<Cutting>,
    mut page: Option<PageRows<'_>>,
    done: &mut impl FnMut(u32, Cut) -> Result<()>,
) -> Result<()> {
    let what = "the frames cut from it at once take";
    let _reserved = match limits.reserve(path, None, what, held) {
        Ok(r) => Some(r),
        Err(e) => {
            for c in cutting.drain(..) {
                done(c.ptr, Err(e.to_string()))?;
            }
            None
        }
    };
    if cutting.is_empty() && page.is_none() {
        return Ok(());
    }
    // Rows below the last frame are never decoded, unless the page is encoded whole.
    let mut y = 0u32;
    let mut stopped = Ok(());
    let mut written = Ok(());
    let streamed = each_row(blob, format, path, limits, |row| {
        if let Some(page) = &mut page {
            written = page(row);
        }
        for c in &mut cutting {
            c.take(y, row);
        }
        // Frames whose last row this was are handed on and let go.
        stopped = cutting
            .extract_if(.., |c| c.last_row() <= y)
            .try_for_each(|c| {
                let (ptr, cut) = c.finish();
                done(ptr, cut)
            });
        y += 1;
        if stopped.is_err() || written.is_err() || (cutting.is_empty() && page.is_none()) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    stopped?;
    written.map_err(|e| Error::at(path, format!("PNG encoding failed: {e}")))?;
    match streamed {
        Ok(()) => cutting.into_iter().try_for_each(|c| {
            let (ptr, cut) = c.finish();
            done(ptr, cut)
        }),
        Err(e) => {
            cutting
                .iter()
                .try_for_each(|c| done(c.ptr, Err(e.to_string())))?;
            // A page encoded whole cannot be finished without its rows.
            page.map_or(Ok(()), |_| Err(e))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w`x`h` frame cut whole from the rows `y..y + h` of a page.
    fn frame(ptr: u32, y: u32, [w, h]: [u32; 2]) -> Cutting {
        Cutting {
            ptr,
            img: None,
            size: [w, h],
            source: [0, y],
            cut: [w, h],
            target: [0, 0],
        }
    }

    /// The most `pass` holds at once on a page of 64 rows, row by row.
    fn peak(pass: &[Cutting]) -> u64 {
        let held = |y| {
            let over = |c: &&Cutting| (c.rows_held(63).0..=c.rows_held(63).1).contains(&y);
            pass.iter().filter(over).map(Cutting::bytes).sum::<u64>()
        };
        (0..64).map(held).max().unwrap_or(0)
    }

    /// Frames that would hold more than the cap at once are cut in further passes,
    /// each holding no more than the cap, and every frame is cut once.
    #[test]
    fn passes_hold_no_more_than_the_cap() {
        // Three 16x16 frames (1 KiB each) start every 8 rows: 6 KiB are held at once.
        let frames = || (0..12).map(|k| frame(k, (k % 4) * 8, [16, 16])).collect();
        let cap = 3 << 10;
        let split = passes(frames(), 63, cap);
        assert!(split.len() > 1);
        for (most, pass) in &split {
            assert!(*most <= cap);
            assert_eq!(*most, peak(pass));
        }
        let mut cut: Vec<u32> = split
            .iter()
            .flat_map(|(_, p)| p.iter().map(|c| c.ptr))
            .collect();
        cut.sort_unstable();
        assert_eq!(cut, (0..12).collect::<Vec<_>>());
        let whole = passes(frames(), 63, 6 << 10);
        assert_eq!(whole.len(), 1);
        assert_eq!(whole[0].0, 6 << 10);
        // A page encoded whole streams even with no frame to cut.
        assert_eq!(passes(Vec::new(), 63, cap).len(), 1);
    }
}
