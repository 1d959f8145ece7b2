//! `check` for a .tng: the CRCs, the section table, every body and asset by its
//! layout, every reference, the scripts against the header, and the asset order.

use serde_json::Value;

use super::container::{file_crc, BlockCrc, BLOCK_AT};
use super::header::{Header, CRC_AT};
use super::read::{read, section_path, Read};
use crate::codec::png;
use crate::limits::Limits;
use crate::Report;

pub fn check(data: &[u8], limits: &Limits) -> Report {
    let header = match Header::read(data) {
        Ok(h) => h,
        Err(e) => return Report::from_error(&e),
    };
    let mut rep = Report::default();
    if header.encryption != 0 {
        rep.note("TNG/header", 60, "encrypted: contents not verifiable");
        return rep;
    }
    header_checks(&header, data, &mut rep);
    let read = match read(data, true, limits) {
        Ok(r) => r,
        Err(e) => {
            let mut all = Report::from_error(&e);
            all.problems.splice(0..0, rep.problems);
            return all;
        }
    };
    block_checks(&read, &mut rep);
    rep.problems.extend(read.warnings.iter().cloned());
    if read.max_command > header.max_command {
        rep.error(
            "TNG/header",
            43,
            format!(
                "highest command is {}, but the scripts call command {}",
                header.max_command, read.max_command
            ),
        );
    }
    body_checks(&read, &mut rep);
    for (i, path, msg) in super::named::dangling(&read.doc) {
        let s = &read.doc.sections[i];
        let at = u64::from(read.container.sections[i].offset);
        rep.warn(
            format!("{}{path}", section_path(i, &s.kind_name())),
            at,
            msg,
        );
    }
    asset_checks(&read, &mut rep);
    rep
}

fn header_checks(h: &Header, data: &[u8], rep: &mut Report) {
    let crc = file_crc(data);
    if crc != h.crc {
        rep.error(
            "TNG/header",
            CRC_AT as u64,
            format!("file CRC is {:08x}, the file gives {crc:08x}", h.crc),
        );
    }
    if h.revision != 0 {
        rep.warn(
            "TNG/header",
            32,
            format!("revision {} (only 0 is described)", h.revision),
        );
    }
    if h.game_type > 4 {
        rep.warn(
            "TNG/header",
            33,
            format!("game type {} is not 0-4", h.game_type),
        );
    }
    if h.reserved != 0 {
        rep.warn(
            "TNG/header",
            46,
            format!("bytes 46-47 must be zero, are {:#06x}", h.reserved),
        );
    }
}

fn block_checks(read: &Read<'_>, rep: &mut Report) {
    let c = &read.container;
    match c.block_crc {
        BlockCrc::Uncompressed => {}
        BlockCrc::Compressed => rep.warn(
            "TNG/block",
            BLOCK_AT as u64 + u64::from(c.block_len) - 4,
            "the block's CRC is of the compressed bytes, not of the sections",
        ),
        BlockCrc::Wrong { stored, expected } => rep.error(
            "TNG/block",
            BLOCK_AT as u64 + u64::from(c.block_len) - 4,
            format!("section block CRC is {stored:08x}, the sections give {expected:08x}"),
        ),
    }
    if c.wrapping != crate::codec::zlib::Wrapping::Zlib {
        rep.warn(
            "TNG/block",
            BLOCK_AT as u64,
            format!("section block is {}, not zlib", c.wrapping.name()),
        );
    }
    let path = "TNG/block/section table";
    match c.sections.first() {
        Some(s) if s.kind == 0 => {}
        Some(s) => rep.error(
            path,
            7,
            format!(
                "the first section is of type {}, not the strings (0)",
                s.kind
            ),
        ),
        None => rep.error(path, 0, "no sections: the strings section must exist"),
    }
    let mut end = c.sections.len() as u64 * 8;
    for (i, s) in c.sections.iter().enumerate() {
        if u64::from(s.offset) != end {
            rep.warn(
                format!("{path}/entry[{i}]"),
                i as u64 * 8,
                format!("section starts at {:#x}, the one before ends at {end:#x} (offsets in the uncompressed block)", s.offset),
            );
        }
        end = u64::from(s.offset) + u64::from(s.length);
        if (12..=15).contains(&s.kind) || s.kind > 35 {
            rep.warn(
                format!("{path}/entry[{i}]"),
                i as u64 * 8 + 7,
                format!(
                    "section type {} is reserved or unknown: kept as raw bytes",
                    s.kind
                ),
            );
        }
    }
    if end != c.block.len() as u64 {
        rep.warn(
            path,
            end,
            format!(
                "{} bytes of the block follow the last section",
                c.block.len() as u64 - end.min(c.block.len() as u64)
            ),
        );
    }
}

fn body_checks(read: &Read<'_>, rep: &mut Report) {
    let doc = &read.doc;
    let atlas_sizes = atlas_sizes(read);
    let atlases = atlas_sizes.len();
    let mut speech_counts = Vec::new();
    for (i, s) in doc.sections.iter().enumerate() {
        let path = section_path(i, &s.kind_name());
        let at = u64::from(read.container.sections[i].offset);
        unused(&s.body, &path.to_string(), at, rep);
        match s.kind {
            1 => {
                let lang = s.body.get("language").and_then(Value::as_str).unwrap_or("");
                if speech_counts.iter().any(|(_, l, _)| *l == lang) {
                    rep.error(
                        &path,
                        at,
                        format!("language {lang:?} has another translation section"),
                    );
                }
                speech_counts.push((i, lang, list(&s.body, "speech").len()));
            }
            24 => {
                let intervals: Vec<u64> = list(&s.body, "scripts")
                    .iter()
                    .map(|e| e.get("interval").and_then(Value::as_u64).unwrap_or(0))
                    .collect();
                if intervals.windows(2).any(|w| w[0] > w[1]) {
                    rep.error(
                        &path,
                        at,
                        format!("startup scripts must be sorted by interval: {intervals:?}"),
                    );
                }
            }
            7..=10 => {
                for (e, sprite) in list(&s.body, "sprites").iter().enumerate() {
                    let anims = sprite
                        .pointer("/asset/animations")
                        .and_then(Value::as_array)
                        .map_or(0, Vec::len);
                    let dirs = sprite
                        .get("directions")
                        .and_then(Value::as_u64)
                        .unwrap_or(0);
                    let p = format!("{path}/sprites[{e}]");
                    if dirs as usize != anims || !(1..=8).contains(&dirs) {
                        rep.error(
                            &p,
                            at + e as u64 * 16 + 15,
                            format!("says {dirs} directions (1-8), its sprite map holds {anims}"),
                        );
                    }
                    for f in sprite
                        .pointer("/asset/animations")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .flat_map(|a| list(a, "frames"))
                    {
                        let atlas = f.get("atlas").and_then(Value::as_u64).unwrap_or(0);
                        let op = f.get("operation").and_then(Value::as_u64).unwrap_or(0);
                        if atlas as usize >= atlases || op > 5 {
                            rep.error(&p, at + e as u64 * 16, format!("a frame names atlas {atlas} (of {atlases}) with operation {op} (0-5)"));
                            continue;
                        }
                        let n = |k: &str| f.get(k).and_then(Value::as_u64).unwrap_or(0);
                        if let Some((w, h)) = atlas_sizes[atlas as usize] {
                            if n("x") + n("width") > u64::from(w)
                                || n("y") + n("height") > u64::from(h)
                            {
                                rep.error(&p, at + e as u64 * 16, format!("a frame at {},{} size {}x{} lies outside atlas {atlas} ({w}x{h})", n("x"), n("y"), n("width"), n("height")));
                            }
                        }
                    }
                }
            }
            26 if list(&s.body, "actions").len() != usize::from(doc.header.action_handlers) => rep
                .error(
                    &path,
                    at,
                    format!(
                        "{} action handlers, the header says {}",
                        list(&s.body, "actions").len(),
                        doc.header.action_handlers
                    ),
                ),
            _ => {}
        }
    }
    if let Some((_, _, first)) = speech_counts.first() {
        for (i, _, n) in &speech_counts[1..] {
            if n != first {
                rep.error(
                    section_path(*i, "translations"),
                    u64::from(read.container.sections[*i].offset),
                    format!("{n} speech assets, the first translation has {first}"),
                );
            }
        }
    }
}

/// Each atlas's size from its PNG header (no decoding), `None` when it has none.
fn atlas_sizes(read: &Read<'_>) -> Vec<Option<(u32, u32)>> {
    read.atlases()
        .into_iter()
        .map(|a| png::dimensions(read.stored(a?)))
        .collect()
}

/// Bytes left after a body's or an asset's last field, and fields that must be
/// zero but are not, wherever they are.
fn unused(v: &Value, path: &str, at: u64, rep: &mut Report) {
    match v {
        Value::Object(o) => {
            if let Some(Value::String(hex)) = o.get("unused") {
                rep.warn(
                    path,
                    at,
                    format!("{} bytes follow the last field", hex.len() / 2),
                );
            }
            if o.get("zero")
                .and_then(Value::as_u64)
                .is_some_and(|z| z != 0)
            {
                rep.warn(path, at, "a field that must be zero is not");
            }
            for (k, v) in o {
                unused(v, &format!("{path}/{k}"), at, rep);
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                unused(v, &format!("{path}[{i}]"), at, rep);
            }
        }
        _ => {}
    }
}

/// Map assets come last; assets do not overlap.
fn asset_checks(read: &Read<'_>, rep: &mut Report) {
    let last_other = read
        .assets
        .iter()
        .filter(|a| !read.is_map(a) && a.length > 0)
        .map(|a| a.offset + a.length)
        .max();
    for a in read
        .assets
        .iter()
        .filter(|a| read.is_map(a) && a.length > 0)
    {
        if last_other.is_some_and(|end| a.offset < end) {
            rep.error(
                &a.path,
                a.offset,
                "map assets must be the last in the file, but another asset follows this one",
            );
        }
    }
    let mut spans: Vec<(u64, u64, String)> = read
        .assets
        .iter()
        .filter(|a| a.length > 0)
        .map(|a| (a.offset, a.offset + a.length, a.path.to_string()))
        .collect();
    spans.sort();
    for w in spans.windows(2) {
        if w[1].0 < w[0].1 {
            rep.warn(&w[1].2, w[1].0, format!("asset overlaps {}", w[0].2));
        }
    }
    for a in read
        .assets
        .iter()
        .filter(|a| a.file.is_some() && a.length > 0)
    {
        let bytes = read.stored(a);
        let ok = match a.encoding {
            "png" => bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            "ogg" | "ogv" => bytes.starts_with(b"OggS"),
            "sfn" => bytes.starts_with(b"SFN2") || bytes.starts_with(&[0x1f, 0x8b]),
            _ => true,
        };
        if !ok {
            rep.error(
                &a.path,
                a.offset,
                format!("asset does not start like a {} file", a.encoding),
            );
        }
    }
    let end = spans
        .iter()
        .map(|s| s.1)
        .max()
        .unwrap_or(read.container.assets_base());
    let len = read.container.data.len() as u64;
    if end < len {
        rep.warn(
            "TNG",
            end,
            format!("{} bytes after the last asset", len - end),
        );
    }
}

fn list<'v>(v: &'v Value, key: &str) -> &'v [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}
