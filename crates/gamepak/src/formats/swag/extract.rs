//! Writing a SWAG file's assets, its `swag.toml` and its manifest to a folder.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use rayon::prelude::*;

use super::asm::disassemble;
use super::items::{self, Item, DOCUMENT, OPCODES};
use super::model::*;
use super::opcodes::OpcodeTable;
use super::source::to_source;
use crate::codec::png::{self as png_codec, Rgba};
use crate::io::{sanitize_relative, OutputFolder};
use crate::limits::Limits;
use crate::{Error, ExtractOptions, ExtractSummary, Format, Result};

pub fn extract(
    doc: &Swag<'_>,
    table: &OpcodeTable,
    out_path: &Path,
    opts: &ExtractOptions,
) -> Result<ExtractSummary> {
    let out = OutputFolder::create(out_path, opts.replace)?;
    let all = items::items(doc);
    let selected: Vec<&(crate::Entry, Item)> =
        all.iter().filter(|(e, _)| opts.selects(&e.path)).collect();
    let sheets: Vec<OnceLock<Result<Rgba>>> =
        doc.sheets().iter().map(|_| OnceLock::new()).collect();
    let total = selected.len() as u64;
    let done = AtomicU64::new(0);
    // A frame that cannot be cut out (its sheet does not decode, or it has no pixels)
    // is left out with a note: packing then keeps its sheet as stored.
    let written = selected
        .par_iter()
        .map(|(entry, item)| {
            let rendered = match render(doc, table, &sheets, *item) {
                Err(e) if matches!(item, Item::Frame { .. }) => Err(format!("{}: {e}", entry.path)),
                other => Ok(other?),
            };
            if let Ok(Some(b)) = &rendered {
                out.write(&sanitize_relative(&entry.path), b)?;
            }
            opts.report(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            Ok(rendered.map(|_| ()))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut summary = ExtractSummary {
        failed: written.into_iter().filter_map(|w| w.err()).collect(),
        ..ExtractSummary::default()
    };
    let (document, files) = to_source(doc, Some(OPCODES))?;
    for (name, bytes) in &files {
        let plain = name
            .strip_prefix("raw/")
            .and_then(|n| n.strip_suffix(".stream"));
        if opts.selects(plain.unwrap_or(name)) {
            out.write(&sanitize_relative(name), bytes)?;
        }
    }
    for s in document.section.iter() {
        for stream in super::source::streams(s) {
            if stream.stored {
                summary.notes.push(format!(
                    "{}: the stream does not inflate, so it is kept as stored",
                    stream.file
                ));
            }
        }
    }
    let text = toml::to_string(&document).map_err(|e| Error::at(DOCUMENT, e.to_string()))?;
    for (name, bytes) in [
        (DOCUMENT, text.into_bytes()),
        (OPCODES, table.to_toml().into_bytes()),
    ] {
        out.write(Path::new(name), &bytes)?;
    }
    let partial = selected.len() < all.len();
    let manifest = crate::manifest::Folder {
        format: Format::Swag,
        partial,
    };
    crate::manifest::finish_extraction(out, &manifest, partial, &mut summary)?;
    Ok(summary)
}

fn decoded_sheet<'s>(
    doc: &Swag<'_>,
    cells: &'s [OnceLock<Result<Rgba>>],
    k: usize,
) -> Result<&'s Rgba> {
    let cell = cells
        .get(k)
        .ok_or_else(|| Error::at("TXST", format!("sheet {k} does not exist")))?;
    cell.get_or_init(|| {
        png_codec::decode(
            &doc.sheets()[k].bytes,
            &format!("TXST/sheet[{k}]"),
            &Limits::current(),
        )
    })
    .as_ref()
    .map_err(|e| Error::at(e.path.clone(), e.kind.to_string()))
}

/// An item's bytes in its standard form; `None` for what the document writes itself.
fn render(
    doc: &Swag<'_>,
    table: &OpcodeTable,
    sheets: &[OnceLock<Result<Rgba>>],
    item: Item,
) -> Result<Option<Vec<u8>>> {
    let section = |s: usize| &doc.sections[s];
    Ok(Some(match (item, item.section().map(section)) {
        (Item::Sheet { index, .. }, Some(Section::Sheets(v))) => v[index].bytes.to_vec(),
        (Item::Clip { index, .. }, Some(Section::Audio(v))) => v[index].bytes.to_vec(),
        (Item::Code { index, .. }, Some(Section::Code(v))) => {
            disassemble(&v[index], table).into_bytes()
        }
        (Item::Frame { texture, frame, .. }, Some(Section::Textures(v))) => {
            let t = &v[texture];
            let f = t.frames[frame];
            let sheet = decoded_sheet(doc, sheets, f.sheet as usize)?;
            let (w, h) = (t.width.into(), t.height.into());
            png_codec::encode(&sheet.crop_checked(
                f.x.into(),
                f.y.into(),
                w,
                h,
                "texture frame",
            )?)?
        }
        _ => return Ok(None),
    }))
}
