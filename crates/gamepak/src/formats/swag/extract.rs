//! Writing a SWAG file's assets, its `swag.toml` and its manifest to a folder.

use std::path::Path;
use std::sync::OnceLock;

use super::asm::disassemble;
use super::items::{self, Item, DOCUMENT, OPCODES};
use super::model::*;
use super::opcodes::OpcodeTable;
use super::source::to_source;
use crate::assets::{Damage, Extraction, Rendered};
use crate::codec::png::{self as png_codec, Rgba};
use crate::limits::Limits;
use crate::{Error, ExtractOptions, ExtractSummary, Format, Result};

/// Extracts a SWAG file; `damage` is what its read could not take, for a salvage.
pub fn extract(
    doc: &Swag<'_>,
    damage: Damage,
    table: &OpcodeTable,
    out_path: &Path,
    opts: &ExtractOptions,
) -> Result<ExtractSummary> {
    let all = items::items(doc);
    let (mut ex, selected) = Extraction::begin(out_path, opts, &all)?;
    ex.salvage(damage);
    let sheets: Vec<OnceLock<Result<Rgba>>> =
        doc.sheets().iter().map(|_| OnceLock::new()).collect();
    // A frame that cannot be cut out (its sheet does not decode, or it has no pixels)
    // is left out with a note: packing then keeps its sheet as stored.
    ex.render(
        &selected,
        |(_, item)| render(doc, table, &sheets, *item),
        |(_, item)| matches!(item, Item::Frame { .. }),
    )?;
    let (document, files) = to_source(doc, Some(OPCODES))?;
    for (name, bytes) in &files {
        let plain = name
            .strip_prefix("raw/")
            .and_then(|n| n.strip_suffix(".stream"));
        if opts.selects(plain.unwrap_or(name)) {
            ex.write(name, bytes)?;
        }
    }
    for s in document.section.iter() {
        for stream in super::source::streams(s) {
            if stream.stored {
                ex.note(format!(
                    "{}: the stream does not inflate, so it is kept as stored",
                    stream.file
                ));
            }
        }
    }
    let text = toml::to_string(&document).map_err(|e| Error::at(DOCUMENT, e.to_string()))?;
    ex.write(DOCUMENT, text.as_bytes())?;
    ex.write(OPCODES, table.to_toml().as_bytes())?;
    let manifest = crate::manifest::Folder {
        format: Format::Swag,
        partial: ex.partial(),
    };
    ex.finish(&manifest)
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

/// An item's bytes in its standard form; nothing for what the document writes itself.
fn render<'d>(
    doc: &'d Swag<'_>,
    table: &OpcodeTable,
    sheets: &[OnceLock<Result<Rgba>>],
    item: Item,
) -> Result<Rendered<'d>> {
    let section = |s: usize| &doc.sections[s];
    Ok(match (item, item.section().map(section)) {
        (Item::Sheet { index, .. }, Some(Section::Sheets(v))) => Rendered::Stored(&v[index].bytes),
        (Item::Clip { index, .. }, Some(Section::Audio(v))) => Rendered::Stored(&v[index].bytes),
        (Item::Code { index, .. }, Some(Section::Code(v))) => {
            Rendered::File(disassemble(&v[index], table).into_bytes())
        }
        (Item::Frame { texture, frame, .. }, Some(Section::Textures(v))) => {
            let t = &v[texture];
            let f = t.frames[frame];
            let sheet = decoded_sheet(doc, sheets, f.sheet as usize)?;
            let (w, h) = (t.width.into(), t.height.into());
            let (x, y) = (f.x.into(), f.y.into());
            Rendered::File(png_codec::encode(&sheet.crop_checked(
                x,
                y,
                w,
                h,
                "texture frame",
            )?)?)
        }
        _ => Rendered::Nothing,
    })
}
