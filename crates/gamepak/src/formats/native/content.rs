//! What a chunk holds, told from its bytes: PNG, Ogg, zlib, text or binary.

use std::borrow::Cow;

use super::model::*;
use crate::codec::{png, vorbis, zlib};
use crate::error::Result;
use crate::limits::{show_size, Limits};

/// A chunk's payload with any zlib wrapping removed: inflates a chunk that starts with
/// a zlib header, passes any other through.
pub fn unpack<'a>(
    chunk: &'a [u8],
    path: &str,
    offset: u64,
    limits: &Limits,
) -> Result<Cow<'a, [u8]>> {
    if zlib::has_header(chunk) {
        let bytes = zlib::inflate(chunk, limits, path, offset)?;
        return Ok(Cow::Owned(bytes));
    }
    Ok(Cow::Borrowed(chunk))
}

/// The payload of the chunk that plays `role`, inflated; empty if the file has no such
/// chunk.
pub fn plain(doc: &GameBin<'_>, role: Role, limits: &Limits) -> Result<Vec<u8>> {
    let (i, c) = doc.chunk(role).unwrap_or((0, &[]));
    Ok(unpack(c, &role.path(), doc.offset(i), limits)?.into_owned())
}

/// How much of a chunk is looked at to tell whether it is the script: a script can be
/// megabytes, and listing must not inflate it.
const PEEK: usize = 4096;

/// The first `n` bytes of a chunk's payload, inflated if it is deflated; `None` when
/// they do not inflate.
fn peek(chunk: &[u8], n: usize) -> Option<Cow<'_, [u8]>> {
    if zlib::has_header(chunk) {
        return zlib::inflate_prefix(chunk, n as u64).map(Cow::Owned);
    }
    Some(Cow::Borrowed(&chunk[..chunk.len().min(n)]))
}

/// A table's payload if it is exactly `len` bytes (the size its count in the metadata
/// gives), inflated if deflated: a deflated chunk is inflated no further than `len`.
fn table_payload(chunk: &[u8], len: usize) -> Option<Cow<'_, [u8]>> {
    if zlib::has_header(chunk) {
        return zlib::inflate_exact(chunk, len as u64).map(Cow::Owned);
    }
    (chunk.len() == len).then_some(Cow::Borrowed(chunk))
}

/// The size of the largest table the metadata declares.
fn largest_table(meta: &Metadata) -> usize {
    let gains = AudioKind::ALL
        .iter()
        .map(|&k| meta.audio(k) as usize * GAIN_RECORD);
    gains
        .chain([
            meta.sprite_frames as usize * SPRITE_RECORD,
            meta.background_frames as usize * BACKGROUND_RECORD,
        ])
        .max()
        .unwrap_or(0)
}

/// Whether the start of a payload reads as text: like `is_text`, but a character cut
/// off at the end of the peek is not held against it.
fn starts_as_text(b: &[u8]) -> bool {
    match std::str::from_utf8(b) {
        Ok(s) => mostly_printable(s),
        Err(e) if e.error_len().is_none() => {
            mostly_printable(std::str::from_utf8(&b[..e.valid_up_to()]).unwrap_or_default())
        }
        Err(_) => false,
    }
}

/// Whether bytes read as text: UTF-8 with almost no control characters.
pub fn is_text(b: &[u8]) -> bool {
    std::str::from_utf8(b).is_ok_and(mostly_printable)
}

fn mostly_printable(s: &str) -> bool {
    let control = s
        .chars()
        .filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        .count();
    !s.is_empty() && control * 100 <= s.chars().count()
}

/// A short description of what bytes hold, naming the table they would be if their
/// size fits one, for messages such as "holds the sprite table (42 bytes = 3 frames x 14)".
pub fn describe(chunk: &[u8], meta: &Metadata) -> String {
    if chunk.is_empty() {
        return "nothing (0 bytes)".into();
    }
    if let Some((w, h)) = png::dimensions(chunk) {
        return format!("a PNG image ({w}x{h})");
    }
    if vorbis::is_ogg(chunk) {
        return format!("an Ogg stream ({} bytes)", chunk.len());
    }
    if zlib::has_header(chunk) {
        // Inflated only as far as tells it apart: past the largest table the metadata
        // declares, its size can match no table, and listing must not inflate payloads.
        let most = largest_table(meta).max(PEEK) + 1;
        if let Some(inner) = peek(chunk, most) {
            let what = if inner.len() < most {
                describe_plain(&inner, meta)
            } else {
                describe_start(&inner)
            };
            return format!("{what}, deflated");
        }
    }
    describe_plain(chunk, meta)
}

/// What the first bytes of a longer payload say it holds.
fn describe_start(b: &[u8]) -> String {
    let n = show_size(b.len() as u64);
    if starts_as_text(b) {
        format!("JavaScript or text (over {n})")
    } else {
        format!("binary data (over {n})")
    }
}

fn frames(n: u16) -> String {
    format!("{n} frame{}", if n == 1 { "" } else { "s" })
}

fn describe_plain(b: &[u8], meta: &Metadata) -> String {
    let n = b.len();
    if n == 0 {
        return "nothing (0 bytes)".into();
    }
    if is_text(b) {
        return format!("JavaScript or text ({n} bytes)");
    }
    let fits = |count: u16, record: usize| count > 0 && n == count as usize * record;
    if fits(meta.sprite_frames, SPRITE_RECORD) {
        return format!(
            "the sprite table ({n} bytes = {} x {SPRITE_RECORD})",
            frames(meta.sprite_frames)
        );
    }
    if fits(meta.background_frames, BACKGROUND_RECORD) {
        return format!(
            "the background table ({n} bytes = {} x {BACKGROUND_RECORD})",
            frames(meta.background_frames)
        );
    }
    format!("{n} bytes of binary data")
}

/// Whether a chunk's bytes fit its role: the structural test `check` starts from.
/// Tables are inflated no further than their declared size; the script and clips only
/// peeked at.
pub fn fits(role: Role, chunk: &[u8], meta: &Metadata) -> bool {
    let table = |count: u16, record: usize| {
        table_payload(chunk, count as usize * record).is_some_and(|b| !is_text(&b))
    };
    match role {
        Role::Metadata => true,
        Role::Title => std::str::from_utf8(chunk).is_ok(),
        Role::Script => peek(chunk, PEEK).is_some_and(|b| b.is_empty() || starts_as_text(&b)),
        Role::SpriteTable => table(meta.sprite_frames, SPRITE_RECORD),
        Role::BackgroundTable => table(meta.background_frames, BACKGROUND_RECORD),
        Role::GainTable(kind) => table(meta.audio(kind), GAIN_RECORD),
        Role::Atlas | Role::Background(_) => png::dimensions(chunk).is_some(),
        Role::Audio(..) => {
            vorbis::is_ogg(chunk)
                || (png::dimensions(chunk).is_none()
                    && !(zlib::has_header(chunk)
                        && peek(chunk, PEEK).is_some_and(|b| starts_as_text(&b))))
        }
    }
}
