//! From bytes to the [`Document`]: the container, then every section body by its
//! layout, with the assets it points at.

use std::borrow::Cow;
use std::collections::HashMap;

use serde_json::{json, Value};

use super::container::{self, Container, SectionEntry};
use super::model::{Document, KeptStream, Section};
use super::schema::{self, Record};
use super::strings::StringTable;
use super::value::{split_strings, AssetRef, Decoder};
use crate::assets::Damage;
use crate::bytes::{to_hex, Endian, Reader};
use crate::codec::zlib;
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::location::Location;
use crate::report::Problem;

/// A read file: its container, its document, the assets its descriptors name, and
/// what the reader had to decide on the way.
pub struct Read<'a> {
    /// The container: header, section table and the inflated section block.
    pub container: Container<'a>,
    /// The document: the header and every section body as JSON.
    pub doc: Document,
    /// Every asset descriptor met, in reading order, with where its bytes are.
    pub assets: Vec<AssetRef>,
    /// The string section, by offset.
    pub strings: StringTable,
    /// Things the reader decided, and references that do not resolve.
    pub warnings: Vec<Problem>,
    /// The highest command function the scripts call.
    pub max_command: u8,
    /// Bytes kept as another writer made them (deflate streams, map RLE): (file
    /// name, bytes). Empty unless read with [`read_keeping_streams`].
    pub kept: Vec<(String, Cow<'a, [u8]>)>,
}

/// Where section `i`'s entry is.
fn section_entry(i: usize) -> Location {
    Location::root("TNG").child("block").at("section", i)
}

/// How errors and problems name section `i`, of layout `kind`.
pub fn section_path(i: usize, kind: &str) -> Location {
    section_entry(i).with_suffix(format!(" {kind}"))
}

impl Read<'_> {
    /// The asset of each atlas entry, in atlas order (`None` for an entry without
    /// one): what sprite frames' atlas indices count.
    pub fn atlases(&self) -> Vec<Option<&AssetRef>> {
        let entries = self
            .doc
            .sections
            .iter()
            .filter(|s| s.kind == 6)
            .flat_map(|s| {
                s.body
                    .get("atlases")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
            });
        entries
            .map(|e| {
                let file = e.pointer("/asset/file").and_then(Value::as_str)?;
                self.assets.iter().find(|a| a.file.as_deref() == Some(file))
            })
            .collect()
    }

    /// Whether an asset belongs to a maps section.
    pub fn is_map(&self, a: &AssetRef) -> bool {
        self.doc.sections[a.section].layout_type() == 35
    }

    /// The bytes an asset descriptor points at (inside the file: the reader checked).
    pub fn stored(&self, a: &AssetRef) -> &[u8] {
        &self.container.data[a.offset as usize..(a.offset + a.length) as usize]
    }

    /// The standard-format assets by the file name they extract to: what `write`
    /// needs to give the file back.
    pub fn files(&self) -> HashMap<String, Vec<u8>> {
        self.assets
            .iter()
            .filter_map(|a| Some((a.file.clone()?, self.stored(a).to_vec())))
            .collect()
    }
}

/// Reads a file. With `inflate` false, compressed assets are located, not decoded:
/// enough to list a file.
pub fn read<'a>(data: &'a [u8], inflate: bool, limits: &Limits) -> Result<Read<'a>> {
    read_with(data, inflate, false, limits)
}

/// Reads a file for extraction: compressed streams our deflater would not give back
/// (the section block, assets) and map layers our RLE would split otherwise are noted
/// in the document and in [`Read::kept`].
pub fn read_keeping_streams<'a>(data: &'a [u8], limits: &Limits) -> Result<Read<'a>> {
    read_with(data, true, true, limits)
}

/// Reads a damaged or truncated file for salvage, keeping streams as
/// [`read_keeping_streams`] does: an asset that lies outside the file is read as
/// absent, and the damage records it. The section block must read whole: without
/// it nothing in the file can be found.
pub fn read_salvaging<'a>(data: &'a [u8], limits: &Limits) -> Result<(Read<'a>, Damage)> {
    let mut damage = Damage::new(data);
    let read = read_as(data, true, true, Some(&mut damage), limits)?;
    Ok((read, damage))
}

fn read_with<'a>(data: &'a [u8], inflate: bool, keep: bool, limits: &Limits) -> Result<Read<'a>> {
    read_as(data, inflate, keep, None, limits)
}

fn read_as<'a>(
    data: &'a [u8],
    inflate: bool,
    keep: bool,
    damage: Option<&mut Damage>,
    limits: &Limits,
) -> Result<Read<'a>> {
    let container = container::read(data, limits)?;
    let strings = string_table(&container)?;
    let mut dec = Decoder::new(
        &container.header,
        &strings,
        data,
        container.assets_base(),
        inflate,
        limits,
    );
    if keep {
        dec.kept = Some(Vec::new());
    }
    if damage.is_some() {
        dec.lost = Some(Vec::new());
    }
    for (c, count) in dec.sprite_counts.iter_mut().enumerate() {
        let section = container
            .sections
            .iter()
            .find(|s| usize::from(s.kind) == 7 + c);
        *count = section.map_or(0, |s| u64::from(s.length) / 16);
    }
    if inflate {
        dec.text_count = text_count(&container, limits);
    }
    let mut sections = Vec::new();
    let mut warnings = Vec::new();
    let has_maps = container.sections.iter().any(|s| s.kind == 35);
    for (i, entry) in container.sections.iter().enumerate() {
        let mut section = Section {
            kind: entry.kind,
            maps_under_34: false,
            body: Value::Null,
        };
        let first = decode_body(&mut dec, &section, &container.block, i, entry);
        section.body = match first {
            Err(e) if entry.kind == 34 && !has_maps => {
                let maps = Section {
                    maps_under_34: true,
                    ..section.clone()
                };
                let mark = dec.assets.len();
                match decode_body(&mut dec, &maps, &container.block, i, entry) {
                    Ok(v) => {
                        section.maps_under_34 = true;
                        warnings.push(Problem::warning(
                            section_entry(i),
                            entry.offset.into(),
                            "type 34 holds maps, not quests: read as maps",
                        ));
                        v
                    }
                    Err(_) => {
                        dec.assets.truncate(mark);
                        return Err(e);
                    }
                }
            }
            other => other?,
        };
        sections.push(section);
    }
    if let (Some(d), Some(lost)) = (damage, dec.lost.take()) {
        lost.iter().for_each(|e| d.lose(e));
    }
    let assets = std::mem::take(&mut dec.assets);
    let mut kept = dec.kept.take().unwrap_or_default();
    let block = keep
        .then(|| zlib_block_kept(&container, &mut kept))
        .flatten();
    warnings.append(&mut dec.issues);
    let max_command = dec.max_command;
    let header = container.header.clone();
    Ok(Read {
        doc: Document {
            header,
            sections,
            block,
        },
        container,
        assets,
        strings,
        warnings,
        max_command,
        kept,
    })
}

/// The section block as stored, when our deflater would give other bytes.
fn zlib_block_kept<'a>(
    c: &Container<'a>,
    kept: &mut Vec<(String, Cow<'a, [u8]>)>,
) -> Option<KeptStream> {
    let stored = c.stored_block();
    if crate::codec::zlib::deflate(&c.block) == stored {
        return None;
    }
    let name = "raw/block.zlib".to_string();
    kept.push((name.clone(), Cow::Borrowed(stored)));
    Some(KeptStream {
        stored: name,
        crc_of_compressed: c.block_crc == container::BlockCrc::Compressed,
    })
}

/// The first translation's texts as stored (compressed), if they are there: the first
/// is the game's title.
fn first_texts<'a>(c: &Container<'a>) -> Option<&'a [u8]> {
    let i = c.sections.iter().position(|s| s.kind == 1)?;
    let body = c.body(i);
    let offset = u64::from_le_bytes(body.get(2..10)?.try_into().ok()?);
    let length = u64::from(u32::from_le_bytes(body.get(10..14)?.try_into().ok()?));
    let start = c.assets_base().checked_add(offset)?;
    c.data
        .get(start as usize..start.checked_add(length)? as usize)
}

/// How far the texts are inflated for the title: `info` reads no more of them.
const TITLE_PEEK: u64 = 4096;

/// The game's title: the first text of the first translation.
pub fn title(c: &Container<'_>) -> Option<String> {
    let start = zlib::inflate_prefix(first_texts(c)?, TITLE_PEEK)?;
    let first = start.split(|&b| b == 0).next().unwrap_or_default();
    Some(String::from_utf8_lossy(first).into_owned())
}

/// How many texts the first translation holds.
fn text_count(c: &Container<'_>, limits: &Limits) -> Option<u64> {
    let texts = zlib::inflate_any(first_texts(c)?, limits, "", 0).ok()?;
    Some(texts.iter().filter(|&&b| b == 0).count() as u64)
}

/// The strings of the first type-0 section (none when there is none).
fn string_table(c: &Container<'_>) -> Result<StringTable> {
    let Some(i) = c.sections.iter().position(|s| s.kind == 0) else {
        return Ok(StringTable::default());
    };
    let path = section_path(i, "strings");
    Ok(StringTable::new(split_strings(
        c.body(i),
        &path.to_string(),
        c.sections[i].offset.into(),
    )?))
}

/// Decodes section `i`; errors give offsets in the uncompressed block.
fn decode_body(
    dec: &mut Decoder<'_, '_>,
    section: &Section,
    block: &[u8],
    i: usize,
    entry: &SectionEntry,
) -> Result<Value> {
    let (at, len) = (entry.offset as usize, entry.length as usize);
    let body = &block[at..at + len];
    let kind = section.layout_type();
    let Some(layout) = schema::section(kind, body.len() as u64) else {
        return Ok(json!({ "raw": to_hex(body) }));
    };
    let path = section_path(i, layout.kind);
    let record = match layout.record {
        Record::Whole | Record::Varying(_) => None,
        Record::Fixed(n) => Some(n),
        Record::TileMeta => Some(2 + 5 * u64::from(dec.header.transports)),
    };
    if let Some(n) = record.filter(|&n| !(body.len() as u64).is_multiple_of(n)) {
        return Err(Error::invalid(&path, at as u64, format!("section length {} is not a multiple of its {n}-byte records (offset in the uncompressed block)", body.len())));
    }
    dec.folder = format!("assets/{i:02}-{}", layout.kind);
    dec.section = i;
    let mut r = Reader::new(block, "")
        .with_endian(Endian::Little)
        .slice(at, len, "")?;
    r.set_path(&path);
    Ok(Value::Object(dec.body(&mut r, layout.fields, &path)?))
}
