//! From the [`Document`] to bytes: every body by its layout, assets appended in table
//! order with maps last, the string section written last (scripts and names may add
//! strings), then the container with its CRCs. The header's highest command and
//! number of action handlers are recomputed.

use serde_json::Value;

use super::container;
use super::model::Document;
use super::schema;
use super::strings::StringsBuilder;
use super::value::Encoder;
use crate::bytes::from_hex;
use crate::error::{Error, Result};

/// Builds the file; `load` reads the files that standard-format assets name.
pub fn write(doc: &Document, load: &dyn Fn(&str) -> Result<Vec<u8>>) -> Result<Vec<u8>> {
    let mut enc = Encoder {
        header: &doc.header,
        strings: StringsBuilder::new(doc.strings()),
        load,
        assets: Vec::new(),
        max_command: 0,
    };
    let string_section = doc.sections.iter().position(|s| s.kind == 0);
    let mut bodies: Vec<Vec<u8>> = vec![Vec::new(); doc.sections.len()];
    // Maps must be the last assets, so their sections are written last.
    let order = (0..doc.sections.len())
        .filter(|&i| doc.sections[i].layout_type() != 35)
        .chain((0..doc.sections.len()).filter(|&i| doc.sections[i].layout_type() == 35));
    for i in order {
        if Some(i) == string_section {
            continue;
        }
        let s = &doc.sections[i];
        let path = format!("section[{i}] {}", s.kind_name());
        let short_menu = s
            .body
            .as_object()
            .is_some_and(|o| o.len() == 1 && o.contains_key("intro"));
        bodies[i] = match schema::section(s.layout_type(), if short_menu { 3 } else { 141 }) {
            Some(layout) => enc.body(layout.fields, &s.body, &path)?,
            None => s
                .body
                .get("raw")
                .and_then(Value::as_str)
                .and_then(from_hex)
                .ok_or_else(|| {
                    Error::at(
                        &path,
                        "a section of a reserved or unknown type needs `raw` hex",
                    )
                })?,
        };
    }
    if let Some(i) = string_section {
        bodies[i] = enc.strings.bytes().to_vec();
    }
    let mut header = doc.header.clone();
    header.max_command = enc.max_command;
    if let Some(actions) = doc.sections.iter().find(|s| s.kind == 26) {
        let n = actions
            .body
            .get("actions")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        header.action_handlers =
            u8::try_from(n).map_err(|_| Error::at("actions", "at most 255 action handlers"))?;
    }
    let sections: Vec<(u8, Vec<u8>)> = doc.sections.iter().map(|s| s.kind).zip(bodies).collect();
    let kept = match &doc.block {
        Some(k) => Some((load(&k.stored)?, k.crc_of_compressed)),
        None => None,
    };
    let kept = kept.as_ref().map(|(z, c)| (z.as_slice(), *c));
    container::write(&header, &sections, &enc.assets, kept)
}
