//! Cross-references: offsets inside their data chunks, indices inside their tables,
//! pixel data sizes per pixel format.

use super::super::items::Index;
use super::super::model::*;
use super::super::pixel::PixelFormat;
use crate::FourCC;
use crate::Report;

/// Where one table's entries live, for locating problems.
struct Place {
    path: String,
    at: u64,
}

impl Place {
    fn entry(&self, i: usize, len: usize) -> (String, u64) {
        (
            format!("{}/entry[{i}]", self.path),
            self.at + (i * len) as u64,
        )
    }
}

fn place(idx: &Index<'_, '_>, id: FourCC) -> Place {
    Place {
        path: format!("GBIN/{}", id),
        at: idx.find(id).map_or(0, |x| x.2),
    }
}

/// A range `[offset, offset+len)` must lie inside a blob of `size` bytes.
fn inside(offset: u64, len: u64, size: usize) -> bool {
    offset
        .checked_add(len)
        .is_some_and(|end| end <= size as u64)
}

pub fn check(doc: &Gbin<'_>, report: &mut Report) {
    let idx = Index::new(doc);
    images(&idx, report);
    groups_and_sequences(&idx, report);
    tilesets(&idx, report);
    tilemaps(&idx, report);
    colour_maps(&idx, report);
    files(&idx, report);
    strings_and_sounds(&idx, report);
}

fn pixel_format(code: u8, path: &str, at: u64, report: &mut Report) -> Option<PixelFormat> {
    let pf = PixelFormat::from_code(code);
    if pf.is_none() {
        report.error(
            path,
            at,
            format!("unknown pixel format {code} (known: 0-11)"),
        );
    }
    pf
}

fn images(idx: &Index<'_, '_>, report: &mut Report) {
    let images = idx.images();
    if images.is_empty() {
        return;
    }
    let imgd = idx.raw(FourCC::IMGD);
    let p = place(idx, FourCC::IMAG);
    let entry_len = match idx.find(FourCC::IMAG) {
        Some((_, Body::Images(ImagVersion::V1, _), _)) => 12,
        _ => 16,
    };
    for (i, im) in images.iter().enumerate() {
        let (path, at) = p.entry(i, entry_len);
        let Some(pf) = pixel_format(im.pixel_format, &path, at, report) else {
            continue;
        };
        let len = pf.data_len(im.width as u32, im.height as u32);
        match imgd {
            None if len > 0 => report.error(&path, at, "image data but no IMGD chunk"),
            // Located at the entry's offset field, its last.
            Some(d) if !inside(im.offset as u64, len, d.len()) => report.error(
                &path,
                at + entry_len as u64 - 4,
                format!(
                    "{}x{} {} pixel data ({len} bytes at IMGD+{:#x}) runs past end of IMGD ({} bytes)",
                    im.width,
                    im.height,
                    pf.name(),
                    im.offset,
                    d.len()
                ),
            ),
            _ => {}
        }
    }
}

fn groups_and_sequences(idx: &Index<'_, '_>, report: &mut Report) {
    let n_images = idx.images().len() as u64;
    let groups = idx.groups();
    let p = place(idx, FourCC::IGRP);
    for (i, g) in groups.iter().enumerate() {
        let (path, at) = p.entry(i, 24);
        if g.count > 0 && g.first as u64 + g.count as u64 > n_images {
            report.error(
                &path,
                at,
                format!(
                    "images {}..{} lie past the {n_images} IMAG entries",
                    g.first,
                    g.first as u64 + g.count as u64
                ),
            );
        }
        if !g.name.contains(&0) {
            report.warn(&path, at + 8, "group name is not NUL-terminated");
        }
    }
    let frames: &[Frame] = match idx.find(FourCC::IFRM) {
        Some((_, Body::Frames(t), _)) => &t.entries,
        _ => &[],
    };
    if let Some((_, Body::Sequences(t), _)) = idx.find(FourCC::ISEQ) {
        let p = place(idx, FourCC::ISEQ);
        for (i, s) in t.entries.iter().enumerate() {
            let (path, at) = p.entry(i, 8);
            if s.mode > 2 {
                report.error(
                    &path,
                    at,
                    format!("mode {} is not once (0), loop (1) or bounce (2)", s.mode),
                );
            }
            if s.first_frame as u64 + s.frame_count as u64 > frames.len() as u64 {
                report.error(
                    &path,
                    at,
                    format!(
                        "frames {}..{} lie past the {} IFRM entries",
                        s.first_frame,
                        s.first_frame as u64 + s.frame_count as u64,
                        frames.len()
                    ),
                );
            }
        }
    }
    let p = place(idx, FourCC::IFRM);
    for (i, f) in frames.iter().enumerate() {
        let (path, at) = p.entry(i, 8);
        match groups.get(f.group as usize) {
            None => report.error(
                &path,
                at,
                format!("group {} does not exist ({} groups)", f.group, groups.len()),
            ),
            Some(g) if f.image >= 0 && f.image as u16 >= g.count => report.error(
                &path,
                at,
                format!(
                    "image {} is outside group {} ({} images)",
                    f.image, f.group, g.count
                ),
            ),
            Some(_) if f.image < -1 => report.error(
                &path,
                at,
                format!("image {} is neither an index nor -1", f.image),
            ),
            _ => {}
        }
    }
}

fn tilesets(idx: &Index<'_, '_>, report: &mut Report) {
    let imgd_len = idx.raw(FourCC::IMGD).map_or(0, <[u8]>::len);
    let p = place(idx, FourCC::TSET);
    for (i, t) in idx.tilesets().iter().enumerate() {
        let (path, at) = p.entry(i, 12);
        let Some(pf) = pixel_format(t.pixel_format, &path, at, report) else {
            continue;
        };
        let len = pf.data_len(t.tile_width as u32, t.tile_height as u32) * t.tile_count as u64;
        if !inside(t.offset as u64, len, imgd_len) {
            // Located at the entry's offset field, its last.
            report.error(
                &path,
                at + 8,
                format!(
                    "{} tiles of {}x{} {} ({len} bytes at IMGD+{:#x}) run past end of IMGD ({imgd_len} bytes)",
                    t.tile_count,
                    t.tile_width,
                    t.tile_height,
                    pf.name(),
                    t.offset
                ),
            );
        }
    }
}

fn tilemaps(idx: &Index<'_, '_>, report: &mut Report) {
    for (ci, c) in idx.doc.chunks.iter().enumerate() {
        match &c.body {
            Body::Tilemaps(t) => {
                let tmix = idx.raw(FourCC::TMIX).unwrap_or(&[]);
                let tmbl_len = idx.raw(FourCC::TMBL).map_or(0, <[u8]>::len);
                let p = place(idx, FourCC::TMAP);
                for (i, m) in t.entries.iter().enumerate() {
                    let (path, at) = p.entry(i, 28);
                    let index_len = m.index_count as u64 * 2;
                    if !inside(m.index_offset as u64, index_len, tmix.len()) {
                        report.error(
                            &path,
                            at,
                            format!(
                                "{} indices at TMIX+{:#x} run past end of TMIX ({} bytes)",
                                m.index_count,
                                m.index_offset,
                                tmix.len()
                            ),
                        );
                    } else {
                        block_indices(
                            m,
                            &tmix[m.index_offset as usize..][..index_len as usize],
                            &path,
                            at,
                            report,
                        );
                    }
                    block_shape(
                        m.block_size,
                        m.tile_size,
                        m.width,
                        m.height,
                        m.index_count,
                        &path,
                        at,
                        report,
                    );
                    let blocks_len =
                        m.block_count as u64 * (m.block_size as u64).pow(2) * m.tile_size as u64;
                    if !inside(m.block_offset as u64, blocks_len, tmbl_len) {
                        report.error(
                            &path,
                            at,
                            format!(
                                "{} blocks at TMBL+{:#x} run past end of TMBL ({tmbl_len} bytes)",
                                m.block_count, m.block_offset
                            ),
                        );
                    }
                }
            }
            Body::TilemapInline(m) => {
                let path = format!("GBIN/TMAP[{ci}]");
                let blocks_len = m.head.block_count as u64
                    * (m.head.block_size as u64).pow(2)
                    * m.head.tile_size as u64;
                if blocks_len > m.blocks.len() as u64 {
                    report.error(
                        &path,
                        c.offset,
                        format!(
                            "{} blocks need {blocks_len} bytes, the chunk holds {}",
                            m.head.block_count,
                            m.blocks.len()
                        ),
                    );
                }
                block_shape(
                    m.head.block_size,
                    m.head.tile_size,
                    m.head.width,
                    m.head.height,
                    m.head.index_count,
                    &path,
                    c.offset,
                    report,
                );
            }
            _ => {}
        }
    }
}

fn block_indices(m: &TilemapEntry, indices: &[u8], path: &str, at: u64, report: &mut Report) {
    let bad = indices
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .filter(|&v| v != super::super::model::EMPTY_BLOCK && v as u32 >= m.block_count)
        .count();
    if bad > 0 {
        report.error(
            path,
            at,
            format!("{bad} block indices are past the {} blocks", m.block_count),
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn block_shape(
    bsize: u8,
    tsize: u8,
    w: u16,
    h: u16,
    count: u32,
    path: &str,
    at: u64,
    report: &mut Report,
) {
    if bsize == 0 || !bsize.is_power_of_two() {
        report.error(
            path,
            at,
            format!("block size {bsize} is not a power of two"),
        );
        return;
    }
    if !(1..=8).contains(&tsize) {
        report.error(path, at, format!("tile size {tsize} bytes is not 1-8"));
    }
    let want = (w as u32).div_ceil(bsize as u32) * (h as u32).div_ceil(bsize as u32);
    if count != want {
        report.error(path, at, format!("{count} block indices for {w}x{h} tiles in {bsize}x{bsize} blocks (expected {want})"));
    }
}

fn colour_maps(idx: &Index<'_, '_>, report: &mut Report) {
    for (ci, c) in idx.doc.chunks.iter().enumerate() {
        match &c.body {
            Body::ColourMaps(t) => {
                let colr_len = idx.raw(FourCC::COLR).map_or(0, <[u8]>::len);
                let p = place(idx, FourCC::CMAP);
                for (i, m) in t.entries.iter().enumerate() {
                    let (path, at) = p.entry(i, 4);
                    let start = idx.colour_map_start(ci, i);
                    if start != m.offset as u64 {
                        report.note(
                            &path,
                            at,
                            format!(
                                "offset {:#x} is COLR+{start:#x} cut to 16 bits, as the \
                                 reference packer stores it: the map's {} colours start \
                                 at colour {} of COLR",
                                m.offset,
                                m.count,
                                start / 4
                            ),
                        );
                    }
                    if !inside(start, m.count as u64 * 4, colr_len) {
                        report.error(
                            &path,
                            at,
                            format!(
                                "{} colours at COLR+{start:#x} run past end of COLR ({colr_len} bytes)",
                                m.count
                            ),
                        );
                    }
                }
            }
            Body::ColourMapInline(m) if m.head.count as usize * 4 > m.colours.len() => {
                report.error(
                    format!("GBIN/CMAP[{ci}]"),
                    c.offset,
                    format!(
                        "{} colours need {} bytes, the chunk holds {}",
                        m.head.count,
                        m.head.count as usize * 4,
                        m.colours.len()
                    ),
                );
            }
            _ => {}
        }
    }
}

fn files(idx: &Index<'_, '_>, report: &mut Report) {
    let Some((_, Body::FileDirectory(t), _)) = idx.find(FourCC::FDIR) else {
        return;
    };
    let fdat_len = idx.raw(FourCC::FDAT).map_or(0, <[u8]>::len);
    let p = place(idx, FourCC::FDIR);
    for (i, f) in t.entries.iter().enumerate() {
        let (path, at) = p.entry(i, 28);
        if !inside(f.offset as u64, f.size as u64, fdat_len) {
            report.error(
                &path,
                at,
                format!(
                    "{} bytes at FDAT+{:#x} run past end of FDAT ({fdat_len} bytes)",
                    f.size, f.offset
                ),
            );
        }
        if !f.name.contains(&0) {
            report.warn(&path, at + 12, "file name is not NUL-terminated");
        }
    }
}

fn strings_and_sounds(idx: &Index<'_, '_>, report: &mut Report) {
    for (ci, c) in idx.doc.chunks.iter().enumerate() {
        if let Body::Strings(s) = &c.body {
            let path = format!("GBIN/STRT[{ci}]");
            for (i, (off, len)) in s.entries.iter().enumerate() {
                let at = c.offset + 16 + i as u64 * 4;
                match s.data.get(*off as usize..*off as usize + *len as usize) {
                    None => report.error(format!("{path}/entry[{i}]"), at, format!("string of {len} bytes at data+{off:#x} runs past end of the string data ({} bytes)", s.data.len())),
                    Some(b) if std::str::from_utf8(b).is_err() => report.error(format!("{path}/entry[{i}]"), at, "string is not valid UTF-8"),
                    _ => {}
                }
            }
        }
    }
    if let Some((_, Body::Sounds(t), _)) = idx.find(FourCC::SWAV) {
        let wavd_len = idx.raw(FourCC::WAVD).map_or(0, <[u8]>::len);
        let p = place(idx, FourCC::SWAV);
        for (i, s) in t.entries.iter().enumerate() {
            let (path, at) = p.entry(i, 12);
            if s.format > 3 {
                report.error(
                    &path,
                    at,
                    format!("sample format {} is not S8, U8, S16 or U16 (0-3)", s.format),
                );
            }
            if s.compression != 0 {
                report.error(
                    &path,
                    at,
                    format!("compression {} is not 0 (uncompressed)", s.compression),
                );
            }
            if s.rate == 0 {
                // The rate is the entry's first field.
                report.error(&path, at, "sample rate 0 Hz: the sound cannot be played");
            }
            let len = s.sample_count as u64 * if s.format >= 2 { 2 } else { 1 };
            if !inside(s.offset as u64, len, wavd_len) {
                report.error(
                    &path,
                    at,
                    format!(
                        "{} samples at WAVD+{:#x} run past end of WAVD ({wavd_len} bytes)",
                        s.sample_count, s.offset
                    ),
                );
            }
        }
    }
}
