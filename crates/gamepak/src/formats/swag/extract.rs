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
use crate::limits::{Held, Kept, Limits};
use crate::{Error, ExtractOptions, ExtractSummary, Format, Result};

/// Extracts a SWAG file; `damage` is what its read could not take, for a salvage.
pub fn extract(
    doc: &Swag<'_>,
    damage: Damage,
    table: &OpcodeTable,
    out_path: &Path,
    opts: &ExtractOptions,
    limits: &Limits,
) -> Result<ExtractSummary> {
    let all = items::items(doc);
    let (mut ex, selected) = Extraction::begin(out_path, opts, limits, &all)?;
    ex.salvage(damage);
    let sheets: Vec<Sheet> = doc.sheets().iter().map(|_| OnceLock::new()).collect();
    // A frame that cannot be cut out (its sheet does not decode, or it has no pixels)
    // is left out with a note: packing then keeps its sheet as stored.
    ex.render(
        &selected,
        |(_, item)| render(doc, table, &sheets, limits, *item),
        |(_, item)| matches!(item, Item::Frame { .. }),
    )?;
    let (document, files) = to_source(doc, Some(OPCODES), limits)?;
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

/// A sheet, decoded once for every frame cut from it and kept for the extraction.
type Sheet = OnceLock<Result<Held<Rgba, Kept>>>;

fn decoded_sheet<'s>(
    doc: &Swag<'_>,
    cells: &'s [Sheet],
    k: usize,
    limits: &Limits,
) -> Result<&'s Rgba> {
    let cell = cells
        .get(k)
        .ok_or_else(|| Error::at("TXST", format!("sheet {k} does not exist")))?;
    let path = format!("TXST/sheet[{k}]");
    cell.get_or_init(|| png_codec::decode(&doc.sheets()[k].bytes, &path, limits).map(Held::keep))
        .as_deref()
        .map_err(|e| Error::at(e.path.clone(), e.kind.to_string()))
}

/// An item's bytes in its standard form; nothing for what the document writes itself.
fn render<'d>(
    doc: &'d Swag<'_>,
    table: &OpcodeTable,
    sheets: &[Sheet],
    limits: &Limits,
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
            let sheet = decoded_sheet(doc, sheets, f.sheet as usize, limits)?;
            let rect = [f.x, f.y, t.width, t.height].map(u32::from);
            let frame = sheet.crop_checked(rect, "texture frame", limits)?;
            Rendered::File(png_codec::encode(&frame)?)
        }
        _ => Rendered::Nothing,
    })
}
