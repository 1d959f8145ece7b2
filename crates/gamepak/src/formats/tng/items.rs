//! What a .tng holds as entries: the document, one JSON file per section, and every
//! asset (standard files by their extracted name, compressed ones by their place in
//! the section JSON). Listing inflates only the section block, never an asset.

use super::container::BLOCK_AT;
use super::read::{section_path, Read};
use super::source::{section_file, DOCUMENT};
use super::value::AssetRef;
use crate::assets::Kind;
use crate::Entry;

pub fn entries(read: &Read<'_>) -> Vec<Entry> {
    let c = &read.container;
    let block = (BLOCK_AT as u64, u64::from(c.block_len));
    let mut out = vec![Entry::new(
        DOCUMENT.into(),
        Kind::Table,
        block,
        c.block.len() as u64,
        c.wrapping.name(),
        format!("{} sections", c.sections.len()),
    )];
    for (i, (s, e)) in read.doc.sections.iter().zip(&c.sections).enumerate() {
        out.push(Entry::new(
            section_file(i, s),
            Kind::Table,
            block,
            e.length.into(),
            c.wrapping.name(),
            format!(
                "type {}, {} bytes at {:#x} in the block",
                s.kind, e.length, e.offset
            ),
        ));
    }
    for a in &read.assets {
        let (path, kind) = match &a.file {
            Some(f) => (f.clone(), kind_of(a.encoding)),
            None => (packed_place(read, a), Kind::Table),
        };
        let size = if a.encoding == "zlib" { 0 } else { a.length };
        let detail = match a.file {
            None if a.path.last().is_some_and(|s| s.name == "texts") => {
                "texts, not inflated".to_string()
            }
            None => format!(
                "{} record, not inflated",
                read.doc.sections[a.section].kind_name()
            ),
            Some(_) => String::new(),
        };
        out.push(Entry::new(
            path,
            kind,
            (a.offset, a.length),
            size,
            a.encoding,
            detail,
        ));
    }
    out
}

fn kind_of(ext: &str) -> Kind {
    match ext {
        "png" => Kind::Image,
        "ogg" => Kind::Sound,
        "ogv" => Kind::Video,
        "sfn" => Kind::Font,
        _ => Kind::File,
    }
}

/// `sections/28-npcs.json#npcs[2]/asset` for a descriptor at
/// `TNG/block/section[28] npcs/npcs[2]/asset`.
fn packed_place(read: &Read<'_>, a: &AssetRef) -> String {
    let s = &read.doc.sections[a.section];
    let section = section_path(a.section, &s.kind_name());
    let place = a
        .path
        .strip_prefix(&section)
        .unwrap_or_else(|| a.path.clone());
    format!("{}#{place}", section_file(a.section, s))
}
