//! What a .tng holds as entries: the document, one JSON file per section, and every
//! asset (standard files by their extracted name, compressed ones by their place in
//! the section JSON). Listing inflates only the section block, never an asset.

use super::container::BLOCK_AT;
use super::read::Read;
use super::source::{section_file, DOCUMENT};
use crate::Entry;

pub fn entries(read: &Read<'_>) -> Vec<Entry> {
    let c = &read.container;
    let block = (BLOCK_AT as u64, u64::from(c.block_len));
    let mut out = vec![Entry::new(
        DOCUMENT.into(),
        "table",
        block,
        c.block.len() as u64,
        c.wrapping.name(),
        format!("{} sections", c.sections.len()),
    )];
    for (i, (s, e)) in read.doc.sections.iter().zip(&c.sections).enumerate() {
        out.push(Entry::new(
            section_file(i, s),
            "table",
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
            None => (packed_place(read, &a.path), "table"),
        };
        let size = if a.encoding == "zlib" { 0 } else { a.length };
        let detail = match a.file {
            None if a.path.ends_with("/texts") => "texts, not inflated".to_string(),
            None => format!("{} record, not inflated", a.section),
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

fn kind_of(ext: &str) -> &'static str {
    match ext {
        "png" => "image",
        "ogg" => "sound",
        "ogv" => "video",
        "sfn" => "font",
        _ => "file",
    }
}

/// `sections/28-npcs.json#npcs[2]/asset` for a descriptor at
/// `TNG/block/section[28] npcs/npcs[2]/asset`.
fn packed_place(read: &Read<'_>, path: &str) -> String {
    let mut parts = path.splitn(4, '/');
    let section = parts.nth(2).unwrap_or("");
    let index = section
        .strip_prefix("section[")
        .and_then(|s| s.split(']').next())
        .and_then(|n| n.parse::<usize>().ok());
    match index.and_then(|i| read.doc.sections.get(i).map(|s| (i, s))) {
        Some((i, s)) => format!("{}#{}", section_file(i, s), parts.next().unwrap_or("")),
        None => path.to_string(),
    }
}
