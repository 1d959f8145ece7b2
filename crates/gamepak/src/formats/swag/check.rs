//! Strict validation of a SWAG file: everything the reader tolerates but the format
//! does not allow, and every index, stream and image followed to its end.

use std::collections::HashSet;

use rayon::prelude::*;

use super::model::*;
use super::opcodes::OpcodeTable;
use super::read::read_prefix;
use super::source::inflated;
use crate::codec::png as png_codec;
use crate::limits::{failure, Limits};
use crate::Report;

pub fn check(data: &[u8], table: &OpcodeTable, limits: &Limits) -> Report {
    let (doc, end) = match read_prefix(data, table) {
        Ok(d) => d,
        Err(e) => return Report::from_error(&e),
    };
    let mut r = Report::default();
    if end < data.len() {
        r.error(
            "SWAG",
            end as u64,
            format!(
                "{} bytes follow the last of the {} sections",
                data.len() - end,
                doc.sections.len()
            ),
        );
    }
    let mut seen = HashSet::new();
    for (i, s) in doc.sections.iter().enumerate() {
        let at = doc.spans[i].start;
        if !seen.insert(s.tag()) {
            r.error(
                s.tag(),
                at,
                "the tag appears twice: indices into it are ambiguous (the first is used)",
            );
        }
        let path = &s.tag().to_string();
        match s {
            Section::Config(c) => {
                for (name, v) in [
                    ("fullscreen", c.fullscreen),
                    ("vertical sync", c.vertical_sync),
                    ("cursor visible", c.cursor_visible),
                ] {
                    boolean(&mut r, path, at, name, v);
                }
            }
            Section::Drm(d) => drm(&mut r, &doc, d, at),
            Section::Textures(v) => textures(&mut r, &doc, v, at),
            Section::Sounds(v) => {
                let clips = doc.audio().len();
                for (i, s) in v.iter().enumerate() {
                    if let SoundSource::Memory(audio) = s.source {
                        if audio as usize >= clips {
                            r.error(
                                format!("SOND/sound[{i}]"),
                                at,
                                format!(
                                    "{:?}: audio {audio} does not exist ({clips} clips in AUDO)",
                                    s.key
                                ),
                            );
                        }
                    }
                }
            }
            Section::Fonts(v) => {
                for (i, f) in v.iter().enumerate() {
                    let p = format!("FONT/font[{i}]");
                    boolean(&mut r, &p, at, "anti-aliasing", f.anti_aliasing);
                    if let FontFace::Compiled(b) = &f.face {
                        stream(&mut r, &p, b, limits);
                    }
                    if f.style & 0x80 != 0 {
                        r.warn(
                            &p,
                            at,
                            "style bit 7 is set, which the format leaves undefined",
                        );
                    }
                }
            }
            Section::Code(v) => {
                for (i, o) in v.iter().enumerate() {
                    if o.kind as usize >= OBJECT_TYPES.len() {
                        r.error(
                            format!("CODE/object[{i}]"),
                            at,
                            format!("{:?}: type {} is not 0-4", o.name, o.kind),
                        );
                    }
                }
            }
            Section::Scenes(v) => {
                for (i, sc) in v.iter().enumerate() {
                    stream(&mut r, &format!("SCNE/scene[{i}]"), &sc.data, limits);
                }
            }
            Section::Sheets(v) => {
                let bad: Vec<(usize, String)> = v
                    .par_iter()
                    .enumerate()
                    .filter_map(|(k, b)| {
                        png_codec::decode(&b.bytes, "", limits)
                            .err()
                            .map(|e| (k, failure("the PNG does not decode", &e)))
                    })
                    .collect();
                for (k, why) in bad {
                    r.error(format!("TXST/sheet[{k}]"), v[k].offset, why);
                }
            }
            Section::Audio(v) => {
                for (k, b) in v.iter().enumerate() {
                    if super::items::audio_extension(&b.bytes) == "bin" {
                        r.note(
                            format!("AUDO/clip[{k}]"),
                            b.offset,
                            "not a format gamepak recognises (Ogg, WAV, FLAC, MP3)",
                        );
                    }
                }
            }
        }
    }
    r
}

fn boolean(r: &mut Report, path: &str, at: u64, name: &str, v: u8) {
    if v > 1 {
        r.error(path, at, format!("{name} is {v}, but a boolean is 0 or 1"));
    }
}

/// Reports a stream that does not inflate, or that would pass the allocation limit
/// (its message names the limit, and the stream is not known to be damaged).
fn stream(r: &mut Report, path: &str, b: &Blob<'_>, limits: &Limits) {
    if let Err(e) = inflated(b, path, limits) {
        r.error(path, b.offset, e.kind.to_string());
    }
}

fn drm(r: &mut Report, doc: &Swag<'_>, d: &Drm, at: u64) {
    if let Some(hash) = d.hash() {
        let hex = hash.len() == 40
            && hash
                .bytes()
                .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c));
        if !hex {
            r.error(
                "SDRM",
                at,
                format!("hash {hash:?} is not 40 lowercase hex digits"),
            );
        }
    }
    if let Drm::Registered { platforms, .. } = d {
        let extra = platforms & !doc.platforms;
        if extra != 0 {
            r.warn(
                "SDRM",
                at,
                format!(
                    "registered for platforms the header does not list: {}",
                    platform_names(extra).join(", ")
                ),
            );
        }
    }
}

fn textures(r: &mut Report, doc: &Swag<'_>, v: &[Texture], at: u64) {
    let sheets = doc.sheets();
    for (i, t) in v.iter().enumerate() {
        let p = format!("TXTR/texture[{i}]");
        boolean(r, &p, at, "smooth", t.smooth);
        boolean(r, &p, at, "lazy", t.lazy);
        if t.collision > 2 {
            r.error(
                &p,
                at,
                format!("{:?}: collision mode {} is not 0-2", t.key, t.collision),
            );
        }
        for (n, f) in t.frames.iter().enumerate() {
            let fp = format!("{p}/frame[{n}]");
            let Some(sheet) = sheets.get(f.sheet as usize) else {
                r.error(
                    &fp,
                    at,
                    format!(
                        "{:?}: sheet {} does not exist ({} sheets in TXST)",
                        t.key,
                        f.sheet,
                        sheets.len()
                    ),
                );
                continue;
            };
            let Some((w, h)) = png_codec::dimensions(&sheet.bytes) else {
                continue;
            };
            if u32::from(f.x) + u32::from(t.width) > w || u32::from(f.y) + u32::from(t.height) > h {
                r.error(
                    &fp,
                    at,
                    format!(
                        "{:?}: {}x{} at ({}, {}) runs outside sheet {} ({w}x{h})",
                        t.key, t.width, t.height, f.x, f.y, f.sheet
                    ),
                );
            }
        }
    }
}
