//! What changed inside one asset, by what it holds: a unified diff of text (GML,
//! assembly, scripts), the fields of a JSON record, the pixels of an image, the
//! facts of a sound, or the size and hash of anything else.

use serde::Serialize;

use super::audio_facts::{facts, AudioFacts};
use super::json_fields::{fields, FieldChange};
use super::pixels::{self, ImageChange};
use super::tree::hash;
use crate::limits::Limits;

/// What an asset holds, as a diff reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Json,
    Image,
    Audio,
    Text,
    Binary,
}

/// The kind of the asset at `path`, holding `bytes`.
pub fn kind(path: &str, bytes: &[u8]) -> Kind {
    let extension = path
        .rsplit_once('.')
        .map_or("", |(_, e)| e)
        .to_ascii_lowercase();
    match extension.as_str() {
        "json" => Kind::Json,
        "png" => Kind::Image,
        "wav" | "ogg" | "mp3" | "flac" => Kind::Audio,
        _ if std::str::from_utf8(bytes).is_ok_and(|t| !t.contains('\0')) => Kind::Text,
        _ => Kind::Binary,
    }
}

/// What changed in one asset.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Detail {
    /// A unified diff, and how many lines it adds and removes.
    Text {
        /// The diff, `--- a/PATH` and `+++ b/PATH` first.
        diff: String,
        /// Lines added.
        added: usize,
        /// Lines removed.
        removed: usize,
    },
    /// The fields that differ.
    Json {
        /// Each field that differs, by pointer.
        fields: Vec<FieldChange>,
    },
    /// Sizes, pixels changed and where.
    Image(ImageChange),
    /// Codec, rate, length and hash before and after.
    Audio {
        /// Before.
        before: AudioFacts,
        /// After.
        after: AudioFacts,
    },
    /// Sizes and hashes.
    Binary {
        /// Before, unless the asset was added.
        before: Option<Sized>,
        /// After, unless it was removed.
        after: Option<Sized>,
    },
}

/// A file's size and hash.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sized {
    /// Bytes.
    pub bytes: u64,
    /// BLAKE3, in hex.
    pub hash: String,
}

impl Sized {
    /// The size and hash of `bytes`.
    pub fn of(bytes: &[u8]) -> Sized {
        Sized {
            bytes: bytes.len() as u64,
            hash: hash(bytes),
        }
    }
}

/// What changed from `before` to `after` in the asset at `path`; a side that is
/// `None` is an asset added or removed.
pub fn detail(path: &str, before: Option<&[u8]>, after: Option<&[u8]>, limits: &Limits) -> Detail {
    let binary = || Detail::Binary {
        before: before.map(Sized::of),
        after: after.map(Sized::of),
    };
    let (Some(a), Some(b)) = (before, after) else {
        return binary();
    };
    match kind(path, b) {
        Kind::Json => match (serde_json::from_slice(a), serde_json::from_slice(b)) {
            (Ok(x), Ok(y)) => Detail::Json {
                fields: fields(&x, &y),
            },
            _ => text(path, a, b).unwrap_or_else(binary),
        },
        Kind::Image => match pixels::compare(a, b, path, limits) {
            Ok((change, _, _)) => Detail::Image(change),
            Err(_) => binary(),
        },
        Kind::Audio => Detail::Audio {
            before: facts(a, path),
            after: facts(b, path),
        },
        Kind::Text => text(path, a, b).unwrap_or_else(binary),
        Kind::Binary => binary(),
    }
}

/// A unified diff of two texts, if both are UTF-8.
fn text(path: &str, a: &[u8], b: &[u8]) -> Option<Detail> {
    let (a, b) = (std::str::from_utf8(a).ok()?, std::str::from_utf8(b).ok()?);
    let patch = diffy::create_patch(a, b);
    let mut added = 0;
    let mut removed = 0;
    for hunk in patch.hunks() {
        for line in hunk.lines() {
            match line {
                diffy::Line::Insert(_) => added += 1,
                diffy::Line::Delete(_) => removed += 1,
                diffy::Line::Context(_) => {}
            }
        }
    }
    let diff = diffy::PatchFormatter::new()
        .fmt_patch(&patch)
        .to_string()
        .replacen("--- original", &format!("--- a/{path}"), 1)
        .replacen("+++ modified", &format!("+++ b/{path}"), 1);
    Some(Detail::Text {
        diff,
        added,
        removed,
    })
}
