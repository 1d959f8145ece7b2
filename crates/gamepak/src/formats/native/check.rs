//! Strict validation: the chunk count against the metadata, each chunk against its
//! role, and each table against what it points at.

use super::content::{self, describe, fits};
use super::model::*;
use super::{container, tables};
use crate::codec::png::dimensions as png_size;
use crate::codec::{png as png_codec, vorbis};
use crate::limits::Limits;
use crate::report::Report;

/// Largest atlas or background side we call sane: far above any GPU texture limit.
const MAX_SIDE: u32 = 16384;

pub fn check(data: &[u8], limits: &Limits) -> Report {
    let doc = match container::read(data, limits) {
        Ok(d) => d,
        Err(e) => return Report::from_error(&e),
    };
    let mut r = Report::default();
    let meta = doc.meta;
    let roles = doc.roles();
    let meta_path = "game.bin/chunk[0] metadata";
    if meta.flags & !FLAG_PRODUCTION != 0 {
        r.warn(
            meta_path,
            doc.offset(0),
            format!(
                "flags {:#06x} set bits other than production (0x8000)",
                meta.flags
            ),
        );
    }
    if doc.layout == Layout::First {
        r.note(
            meta_path,
            doc.offset(0),
            "the first writer's layout: 6 metadata values and no audio",
        );
    }
    if roles.len() != doc.chunks.len() {
        r.error(
            "game.bin",
            0,
            format!(
                "chunk count is {} but the metadata implies {} ({})",
                doc.chunks.len(),
                roles.len(),
                meta.count_formula(doc.layout)
            ),
        );
        if let Some(k) = missing_role(&doc, &roles) {
            r.error(
                format!("game.bin/chunk[{k}]"),
                doc.offset(k.min(doc.chunks.len() - 1)),
                format!(
                    "chunk {k} ({}) is missing: the chunks from {k} on fit the roles that follow it",
                    roles[k].describe()
                ),
            );
        }
    }
    let atlas = doc.chunk(Role::Atlas).and_then(|(_, b)| png_size(b));
    for (i, chunk) in doc.chunks.iter().enumerate() {
        let at = doc.offset(i);
        let Some(&role) = roles.get(i) else {
            r.error(
                format!("game.bin/chunk[{i}]"),
                at,
                format!(
                    "chunk {i} lies beyond the {} chunks the metadata implies; it holds {}",
                    roles.len(),
                    describe(chunk, &meta)
                ),
            );
            continue;
        };
        let path = format!("game.bin/chunk[{i}] {}", role.path());
        if !fits(role, chunk, &meta) {
            r.error(
                &path,
                at,
                format!(
                    "chunk {i} should be {} but holds {}",
                    role.describe(),
                    describe(chunk, &meta)
                ),
            );
            continue;
        }
        check_storage(&mut r, &path, at, role, chunk, &meta);
        match role {
            Role::Script => check_script(&mut r, &path, at, chunk, limits),
            Role::SpriteTable => check_sprites(&mut r, &path, at, chunk, atlas, limits),
            Role::Atlas | Role::Background(_) => check_png(&mut r, &path, at, chunk, limits),
            Role::BackgroundTable => check_backgrounds(&mut r, &path, at, chunk, &meta, limits),
            Role::GainTable(_) => check_gains(&mut r, &path, at, chunk, limits),
            Role::Audio(..) => check_audio(&mut r, &path, at, chunk, &meta),
            _ => {}
        }
    }
    r
}

/// The one role whose absence makes every chunk fit, when the file is short of chunks:
/// removing role k pairs chunk i with role i before k and with role i + 1 from k on,
/// so each chunk is judged against those two roles only.
fn missing_role(doc: &GameBin<'_>, roles: &[Role]) -> Option<usize> {
    if doc.chunks.len() + 1 != roles.len() {
        return None;
    }
    let judge = |roles: &[Role]| -> Vec<bool> {
        doc.chunks
            .iter()
            .zip(roles)
            .map(|(c, r)| fits(*r, c, &doc.meta))
            .collect()
    };
    let (same, shifted) = (judge(roles), judge(&roles[1..]));
    // The metadata and the title cannot go missing: whatever comes first is read as them.
    (2..roles.len()).find(|&k| same[..k].iter().all(|&f| f) && shifted[k..].iter().all(|&f| f))
}

fn check_storage(r: &mut Report, path: &str, at: u64, role: Role, chunk: &[u8], meta: &Metadata) {
    if !role.deflated_in_production() {
        return;
    }
    let deflated = crate::codec::zlib::has_header(chunk);
    if deflated && !meta.production() {
        r.warn(
            path,
            at,
            "deflated, though the file is flagged development (the first writer's production builds did this)",
        );
    } else if !deflated && meta.production() && !chunk.is_empty() {
        r.warn(
            path,
            at,
            "stored raw, though the file is flagged production",
        );
    }
}

fn table(chunk: &[u8], path: &str, at: u64, limits: &Limits) -> Vec<u8> {
    content::unpack(chunk, path, at, limits)
        .map(|u| u.into_owned())
        .unwrap_or_default()
}

/// `fits` only peeked at the script: here it is inflated and read whole.
fn check_script(r: &mut Report, path: &str, at: u64, chunk: &[u8], limits: &Limits) {
    match content::unpack(chunk, path, at, limits) {
        Err(e) => r.error(path, at, e.kind.to_string()),
        Ok(js) => match std::str::from_utf8(&js) {
            Err(e) => r.error(
                path,
                at,
                format!(
                    "the JavaScript source is not UTF-8 at byte {} of its text",
                    e.valid_up_to()
                ),
            ),
            Ok(_) if !js.is_empty() && !content::is_text(&js) => r.error(
                path,
                at,
                "the JavaScript source holds binary data: over 1% control characters",
            ),
            Ok(_) => {}
        },
    }
}

fn check_sprites(
    r: &mut Report,
    path: &str,
    at: u64,
    chunk: &[u8],
    atlas: Option<(u32, u32)>,
    limits: &Limits,
) {
    let Some((aw, ah)) = atlas else {
        return;
    };
    for (k, f) in tables::sprites(&table(chunk, path, at, limits))
        .iter()
        .enumerate()
    {
        let right = f.x as u32 + f.width as u32;
        let bottom = f.y as u32 + f.height as u32;
        if !f.is_empty() && (right > aw || bottom > ah) {
            r.error(
                format!("{path}/frame[{k}]"),
                at,
                format!(
                    "frame {k} at ({}, {}) of {}x{} lies outside the {aw}x{ah} atlas",
                    f.x, f.y, f.width, f.height
                ),
            );
        }
    }
}

fn check_png(r: &mut Report, path: &str, at: u64, chunk: &[u8], limits: &Limits) {
    let (w, h) = png_size(chunk).unwrap_or_default();
    if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
        r.error(
            path,
            at,
            format!("PNG of {w}x{h} is not a sane size (1 to {MAX_SIDE} a side)"),
        );
        return;
    }
    if let Err(e) = png_codec::decode(chunk, path, limits) {
        r.error(path, at, e.kind.to_string());
    }
}

fn check_backgrounds(
    r: &mut Report,
    path: &str,
    at: u64,
    chunk: &[u8],
    meta: &Metadata,
    limits: &Limits,
) {
    for (k, f) in tables::backgrounds(&table(chunk, path, at, limits))
        .iter()
        .enumerate()
    {
        if f.id != EMPTY_BACKGROUND && f.id >= meta.background_ids {
            r.error(
                format!("{path}/frame[{k}]"),
                at,
                format!(
                    "frame {k} shows background {} but there are {} (65535 = empty)",
                    f.id, meta.background_ids
                ),
            );
        }
    }
}

fn check_gains(r: &mut Report, path: &str, at: u64, chunk: &[u8], limits: &Limits) {
    for (k, g) in tables::gains(&table(chunk, path, at, limits))
        .iter()
        .enumerate()
    {
        if !g.is_finite() || *g < 0.0 {
            r.error(
                format!("{path}/gain[{k}]"),
                at,
                format!("gain {g} is not a finite non-negative number"),
            );
        }
    }
}

fn check_audio(r: &mut Report, path: &str, at: u64, chunk: &[u8], meta: &Metadata) {
    if vorbis::is_ogg(chunk) {
        match vorbis::summary(chunk) {
            None => r.error(
                path,
                at,
                "Ogg stream without a Vorbis identification header",
            ),
            Some(s) if s.rate != SAMPLE_RATE || s.channels != 2 => r.warn(
                path,
                at,
                format!(
                    "Vorbis stream is {} channels at {} Hz, not stereo at {SAMPLE_RATE} Hz",
                    s.channels, s.rate
                ),
            ),
            Some(_) => {}
        }
        return;
    }
    if !chunk.len().is_multiple_of(PCM_FRAME) {
        r.error(
            path,
            at,
            format!(
                "{} bytes of PCM is not a whole number of stereo s16 frames ({PCM_FRAME} bytes each)",
                chunk.len()
            ),
        );
    }
    if meta.production() && !chunk.is_empty() {
        r.note(
            path,
            at,
            "raw PCM in a production file (the real writer never wrote Vorbis)",
        );
    }
}
