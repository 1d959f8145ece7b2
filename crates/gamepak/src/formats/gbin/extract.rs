//! Writing a package's assets and manifest to a folder.

use crate::FourCC;
use std::path::Path;

use super::asset_codec as codec;
use super::items::{self, Index, Item};
use super::manifest::*;
use super::model::*;
use super::pixel::PixelFormat;
use super::views;
use crate::assets::{Damage, Extraction, Rendered};
use crate::bytes::fixed_str;
use crate::limits::{Limits, Reservation};
use crate::{Entry, ExtractOptions, ExtractSummary, Format, Result};

/// Extracts a package; `damage` is what its read could not take, for a salvage.
pub fn extract(
    doc: &Gbin<'_>,
    damage: Damage,
    out_path: &Path,
    opts: &ExtractOptions,
    limits: &Limits,
) -> Result<ExtractSummary> {
    let idx = Index::new(doc);
    let items = items::items(doc);
    let (mut ex, selected) = Extraction::begin(out_path, opts, limits, &items)?;
    ex.salvage(damage);
    // An entry that does not decode (a sample rate of 0, say) is listed as failed
    // and the others are written, as check lists it among the rest.
    ex.render(&selected, |(_, item)| render(&idx, limits, *item), |_| true)?;
    let (manifest, residues) = manifest(doc, &idx, &items, ex.partial());
    for (name, data) in residues {
        ex.write(&format!("{RESIDUE_DIR}/{name}"), &data)?;
    }
    ex.finish(&manifest)
}

fn blob<'d>(idx: &Index<'d, '_>, id: FourCC) -> &'d [u8] {
    idx.raw(id).unwrap_or(&[])
}

fn span_bytes<'d>(idx: &Index<'d, '_>, id: FourCC, item: Item) -> Option<&'d [u8]> {
    let s = views::span(idx, item)?;
    let b = blob(idx, id);
    b.get(s.offset as usize..(s.offset + s.len).try_into().ok()?)
}

pub(super) fn render(
    idx: &Index<'_, '_>,
    limits: &Limits,
    item: Item,
) -> Result<Rendered<'static>> {
    let one = |data: Vec<u8>| Ok(Rendered::File(data));
    let skipped = |why: &str| Ok(Rendered::Skipped(why.to_string()));
    match item {
        Item::Image(i) => {
            let im = &idx.images()[i];
            let size = (im.width.into(), im.height.into());
            image(idx, item, im.pixel_format, size, limits)
        }
        Item::Tile(s, _) => {
            let ts = &idx.tilesets()[s];
            let size = (ts.tile_width.into(), ts.tile_height.into());
            image(idx, item, ts.pixel_format, size, limits)
        }
        Item::ColourMap(i) => {
            let (name, colours) = match &idx
                .doc
                .chunks
                .iter()
                .filter(|c| matches!(c.body, Body::ColourMapInline(_)))
                .nth(i)
                .map(|c| &c.body)
            {
                Some(Body::ColourMapInline(m)) => (
                    fixed_str(&m.head.name),
                    m.colours
                        .get(..m.head.count as usize * 4)
                        .unwrap_or(&m.colours),
                ),
                _ => match span_bytes(idx, FourCC::COLR, item) {
                    Some(b) => (format!("colour map {i}"), b),
                    None => return skipped("colours lie outside COLR"),
                },
            };
            one(codec::colours_to_gpl(&name, colours))
        }
        Item::File(i) => match idx.doc.chunks.get(i).map(|c| &c.body) {
            Some(Body::File(f)) if idx.find(FourCC::FDIR).is_none() => {
                let len = f.data.len().saturating_sub(f.head.padding as usize);
                one(f.data[..len].to_vec())
            }
            _ => match span_bytes(idx, FourCC::FDAT, item) {
                Some(b) => one(b.to_vec()),
                None => skipped("file data lies outside FDAT"),
            },
        },
        Item::Sound(i) => {
            let Some((_, Body::Sounds(t), _)) = idx.find(FourCC::SWAV) else {
                return skipped("no SWAV table");
            };
            let s = &t.entries[i];
            match span_bytes(idx, FourCC::WAVD, item) {
                Some(b) => one(codec::samples_to_wav(s.format, s.rate, b, order(idx))?),
                None => skipped("samples lie outside WAVD"),
            }
        }
        Item::Strings(ci) => {
            let Body::Strings(s) = &idx.doc.chunks[ci].body else {
                return skipped("not a string table");
            };
            let strings: Vec<String> = s
                .entries
                .iter()
                .map(|&(off, len)| {
                    let b = s
                        .data
                        .get(off as usize..off as usize + len as usize)
                        .unwrap_or(&[]);
                    String::from_utf8_lossy(b).into_owned()
                })
                .collect();
            one(serde_json::to_vec_pretty(&strings).expect("strings serialise"))
        }
        Item::Tilemap(i) => {
            let (id, bs, ts, grid, _reserved) = tilemap(idx, i, limits)?;
            Ok(Rendered::Files(vec![
                ("", codec::tilemap_json(id, bs, ts, &grid)),
                (".tmx", codec::tilemap_tmx(&grid)),
            ]))
        }
        Item::Opaque(ci) => match &idx.doc.chunks[ci].body {
            Body::Opaque(b) => one(b.to_vec()),
            _ => skipped("not opaque"),
        },
    }
}

fn order(idx: &Index<'_, '_>) -> crate::bytes::Endian {
    idx.doc.header.endian()
}

fn image(
    idx: &Index<'_, '_>,
    item: Item,
    code: u8,
    size: (u32, u32),
    limits: &Limits,
) -> Result<Rendered<'static>> {
    let Some(pf) = PixelFormat::from_code(code) else {
        return Ok(Rendered::Skipped(format!("unknown pixel format {code}")));
    };
    if !pf.has_data() {
        return Ok(Rendered::Skipped(format!(
            "{} images carry no pixel data",
            pf.name()
        )));
    }
    match span_bytes(idx, FourCC::IMGD, item) {
        Some(b) => Ok(Rendered::File(codec::pixels_to_png(
            pf,
            size,
            b,
            order(idx),
            limits,
        )?)),
        None => Ok(Rendered::Skipped("pixel data lies outside IMGD".into())),
    }
}

/// A tile map's id, block and tile sizes, and rows, with its reservation.
type Tilemap = (u32, u8, u8, Vec<Vec<u64>>, Reservation);

/// The n-th tile map of either layout, decoded to rows of values, with what it takes
/// of the run's budget.
fn tilemap(idx: &Index<'_, '_>, n: usize, limits: &Limits) -> Result<Tilemap> {
    let path = format!("GBIN/tilemap[{n}]");
    if let Some((_, Body::Tilemaps(t), _)) = idx.find(FourCC::TMAP) {
        let m = &t.entries[n];
        let reserved = codec::reserve_tilemap(m.width, m.height, &path, limits)?;
        let tmix = blob(idx, FourCC::TMIX);
        let tmbl = blob(idx, FourCC::TMBL);
        let indices = tmix.get(m.index_offset as usize..).unwrap_or(&[]);
        let blocks = tmbl.get(m.block_offset as usize..).unwrap_or(&[]);
        let grid = codec::tilemap_grid(
            m.width,
            m.height,
            m.block_size,
            m.tile_size,
            indices,
            blocks,
            order(idx),
        );
        return Ok((m.id, m.block_size, m.tile_size, grid, reserved));
    }
    let m = idx
        .doc
        .chunks
        .iter()
        .filter_map(|c| match &c.body {
            Body::TilemapInline(m) => Some(m),
            _ => None,
        })
        .nth(n)
        .expect("list numbers seed tile maps in chunk order");
    let reserved = codec::reserve_tilemap(m.head.width, m.head.height, &path, limits)?;
    let grid = codec::tilemap_grid(
        m.head.width,
        m.head.height,
        m.head.block_size,
        m.head.tile_size,
        &m.indices,
        &m.blocks,
        order(idx),
    );
    Ok((
        m.head.id,
        m.head.block_size,
        m.head.tile_size,
        grid,
        reserved,
    ))
}

/// The manifest, and the residue files it names.
fn manifest(
    doc: &Gbin<'_>,
    idx: &Index<'_, '_>,
    items: &[(Entry, Item)],
    partial: bool,
) -> (Manifest, Vec<(String, Vec<u8>)>) {
    let mut residues = Vec::new();
    let mut chunks = Vec::new();
    for (ci, (c, covered)) in doc.chunks.iter().zip(covered(doc, idx, items)).enumerate() {
        let mut keep = Residues::new(ci, c.id, covered, &mut residues);
        chunks.push(ChunkEntry {
            id: id_text(c.id),
            crc32: super::write::payload_crc(&c.body, doc.header.endian()),
            body: BodyEntry::store(&c.body, &mut keep),
        });
    }
    let manifest = Manifest {
        format: Format::Gbin,
        header: doc.header.clone(),
        crc_is_real: doc.header.crc != CRC_PLACEHOLDER,
        partial,
        chunks,
        trailing: to_hex(&doc.trailing),
    };
    (manifest, residues)
}

/// The ranges of each chunk's blob that asset files hold: each asset's span in its
/// data chunk, each string of a string table, the whole of an opaque chunk.
fn covered(doc: &Gbin<'_>, idx: &Index<'_, '_>, items: &[(Entry, Item)]) -> Vec<Vec<(u64, u64)>> {
    let mut covered = vec![Vec::new(); doc.chunks.len()];
    for &(_, item) in items {
        match item {
            Item::Strings(ci) => {
                if let Body::Strings(s) = &doc.chunks[ci].body {
                    covered[ci].extend(s.entries.iter().map(|&(o, l)| (o as u64, l as u64)));
                }
            }
            Item::Opaque(ci) => {
                let len = doc.chunks[ci].body.raw().map_or(0, <[u8]>::len);
                covered[ci].push((0, len as u64));
            }
            _ => {
                if let Some(s) = views::span(idx, item) {
                    covered[s.chunk].push((s.offset, s.len));
                }
            }
        }
    }
    covered
}
