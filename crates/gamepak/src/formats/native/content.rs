//! What a chunk holds, told from its bytes: PNG, Ogg, zlib, text or binary.

use std::borrow::Cow;

use super::model::*;
use crate::codec::{png, vorbis, zlib};
use crate::error::Result;
use crate::limits::Limits;

/// A chunk's payload with any zlib wrapping removed: inflates a chunk that starts with
/// a zlib header, passes any other through.
pub fn unpack<'a>(chunk: &'a [u8], path: &str, offset: u64) -> Result<Cow<'a, [u8]>> {
    if zlib::has_header(chunk) {
        let bytes = zlib::inflate(chunk, Limits::default().max_inflate, path, offset)?;
        return Ok(Cow::Owned(bytes));
    }
    Ok(Cow::Borrowed(chunk))
}

/// The payload of the chunk that plays `role`, inflated; empty if the file has no such
/// chunk.
pub fn plain(doc: &GameBin<'_>, role: Role) -> Result<Vec<u8>> {
    let (i, c) = doc.chunk(role).unwrap_or((0, &[]));
    Ok(unpack(c, &role.path(), doc.offset(i))?.into_owned())
}

/// How much of a chunk is looked at to tell whether it is the script: a script can be
/// megabytes, and listing must not inflate it.
const PEEK: usize = 4096;

/// The first bytes of a chunk's payload, inflated if it is deflated; `None` when they
/// do not inflate.
fn peek(chunk: &[u8]) -> Option<Cow<'_, [u8]>> {
    if zlib::has_header(chunk) {
        return zlib::inflate_prefix(chunk, PEEK as u64).map(Cow::Owned);
    }
    Some(Cow::Borrowed(&chunk[..chunk.len().min(PEEK)]))
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
        if let Ok(inner) = zlib::inflate(chunk, Limits::default().max_inflate, "", 0) {
            return format!("{}, deflated", describe_plain(&inner, meta));
        }
    }
    describe_plain(chunk, meta)
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
/// Tables are inflated whole (they are small); the script and clips only peeked at.
pub fn fits(role: Role, chunk: &[u8], meta: &Metadata) -> bool {
    let table = |count: u16, record: usize| {
        unpack(chunk, "", 0).is_ok_and(|b| b.len() == count as usize * record && !is_text(&b))
    };
    match role {
        Role::Metadata => true,
        Role::Title => std::str::from_utf8(chunk).is_ok(),
        Role::Script => peek(chunk).is_some_and(|b| b.is_empty() || starts_as_text(&b)),
        Role::SpriteTable => table(meta.sprite_frames, SPRITE_RECORD),
        Role::BackgroundTable => table(meta.background_frames, BACKGROUND_RECORD),
        Role::GainTable(kind) => table(meta.audio(kind), GAIN_RECORD),
        Role::Atlas | Role::Background(_) => png::dimensions(chunk).is_some(),
        Role::Audio(..) => {
            vorbis::is_ogg(chunk)
                || (png::dimensions(chunk).is_none()
                    && !(zlib::has_header(chunk)
                        && peek(chunk).is_some_and(|b| starts_as_text(&b))))
        }
    }
}
