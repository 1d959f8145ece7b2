//! The entries of a file, as `list` shows them and `extract` writes them, and the
//! decoded tables they come from. Tables are inflated (they are small); the script,
//! images and audio are not touched.

use super::content::{self, fits};
use super::model::*;
use super::tables;
use crate::assets::Kind;
use crate::codec::png::dimensions as png_size;
use crate::codec::vorbis;
use crate::limits::Limits;
use crate::Entry;

/// What an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Script,
    SpriteTable,
    Atlas,
    Frame(usize),
    BackgroundTable,
    Background(usize),
    GainTable(AudioKind),
    Audio(AudioKind, usize),
    /// A chunk that does not fit its role, kept as bytes.
    Raw(usize),
}

/// How an audio clip is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Codec {
    /// Interleaved stereo s16 at 44100 Hz.
    Pcm,
    /// An Ogg Vorbis stream.
    Vorbis,
    /// Neither: bytes that are not whole PCM frames.
    Raw,
}

/// How a clip is stored, told from its bytes: Vorbis when it starts with an Ogg
/// page, PCM when its length is whole stereo s16 frames, raw otherwise.
pub fn codec(clip: &[u8]) -> Codec {
    if vorbis::is_ogg(clip) {
        Codec::Vorbis
    } else if clip.len().is_multiple_of(PCM_FRAME) {
        Codec::Pcm
    } else {
        Codec::Raw
    }
}

/// Length of a clip in seconds, from its header or size.
pub fn seconds(clip: &[u8]) -> f64 {
    match codec(clip) {
        Codec::Vorbis => vorbis::summary(clip).map_or(0.0, |s| s.seconds()),
        _ => (clip.len() / PCM_FRAME) as f64 / SAMPLE_RATE as f64,
    }
}

/// The decoded tables of a file whose chunks fit their roles.
#[derive(Debug, Default)]
pub struct Tables {
    pub frames: Vec<SpriteFrame>,
    pub backgrounds: Vec<BackgroundFrame>,
    pub gains: Vec<(AudioKind, Vec<f32>)>,
}

impl Tables {
    pub fn gains(&self, kind: AudioKind) -> &[f32] {
        self.gains
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(&[], |(_, g)| g)
    }
}

/// Whether every chunk fits the role the metadata gives it: only then can the file be
/// taken apart into assets (otherwise its chunks are kept raw).
fn fits_metadata(doc: &GameBin<'_>) -> bool {
    doc.well_shaped()
        && doc
            .roles()
            .iter()
            .zip(&doc.chunks)
            .all(|(r, c)| fits(*r, c, &doc.meta))
}

fn tables(doc: &GameBin<'_>, limits: &Limits) -> Tables {
    let plain = |role: Role| content::plain(doc, role, limits).unwrap_or_default();
    Tables {
        frames: tables::sprites(&plain(Role::SpriteTable)),
        backgrounds: tables::backgrounds(&plain(Role::BackgroundTable)),
        gains: match doc.layout {
            Layout::First => Vec::new(),
            Layout::Current => AudioKind::ALL
                .iter()
                .map(|&k| (k, tables::gains(&plain(Role::GainTable(k)))))
                .collect(),
        },
    }
}

/// A file judged and its tables decoded once, for the operations that need both.
pub struct View<'d, 'a> {
    pub doc: &'d GameBin<'a>,
    /// `None` when the chunks do not fit the metadata: the file is then raw chunks.
    pub tables: Option<Tables>,
}

impl<'d, 'a> View<'d, 'a> {
    pub fn new(doc: &'d GameBin<'a>, limits: &Limits) -> Self {
        View {
            doc,
            tables: fits_metadata(doc).then(|| tables(doc, limits)),
        }
    }
}

pub fn audio_ext(clip: &[u8]) -> &'static str {
    match codec(clip) {
        Codec::Pcm => "wav",
        Codec::Vorbis => "ogg",
        Codec::Raw => "pcm",
    }
}

fn entry(
    path: String,
    kind: Kind,
    at: u64,
    stored: &[u8],
    encoding: &'static str,
    detail: String,
) -> Entry {
    let n = stored.len() as u64;
    Entry::new(path, kind, (at, n), n, encoding, detail)
}

fn stored_as(chunk: &[u8]) -> &'static str {
    if crate::codec::zlib::has_header(chunk) {
        "zlib"
    } else {
        "raw"
    }
}

/// Every entry, with what it is.
pub fn items(view: &View<'_, '_>) -> Vec<(Entry, Item)> {
    let doc = view.doc;
    let Some(t) = &view.tables else {
        return doc
            .chunks
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let e = entry(
                    raw_path(i),
                    Kind::Opaque,
                    doc.offset(i),
                    c,
                    "raw",
                    content::describe(c, &doc.meta),
                );
                (e, Item::Raw(i))
            })
            .collect();
    };
    let mut out = Vec::new();
    for (i, role) in doc.roles().into_iter().enumerate() {
        let c = &doc.chunks[i];
        let at = doc.offset(i);
        match role {
            Role::Metadata | Role::Title => {}
            Role::Script => out.push((
                entry(
                    "script.js".into(),
                    Kind::Script,
                    at,
                    c,
                    stored_as(c),
                    "JavaScript".into(),
                ),
                Item::Script,
            )),
            Role::SpriteTable => out.push((
                entry(
                    "sprites.json".into(),
                    Kind::Table,
                    at,
                    c,
                    stored_as(c),
                    format!("{} frames", t.frames.len()),
                ),
                Item::SpriteTable,
            )),
            Role::Atlas => {
                let (w, h) = png_size(c).unwrap_or_default();
                out.push((
                    entry(
                        "atlas.png".into(),
                        Kind::Image,
                        at,
                        c,
                        "png",
                        format!("{w}x{h} atlas"),
                    ),
                    Item::Atlas,
                ));
                for (k, f) in t.frames.iter().enumerate() {
                    let detail = if f.is_empty() {
                        format!("empty, {} ms", f.duration_ms)
                    } else {
                        format!(
                            "{}x{} at ({}, {}), offset ({}, {}), {} ms",
                            f.width, f.height, f.x, f.y, f.offset_x, f.offset_y, f.duration_ms
                        )
                    };
                    let mut e = entry(
                        frame_path(k),
                        Kind::Sprite,
                        at,
                        &[],
                        if f.is_empty() { "empty" } else { "atlas" },
                        detail,
                    );
                    e.size = f.width as u64 * f.height as u64 * 4;
                    out.push((e, Item::Frame(k)));
                }
            }
            Role::BackgroundTable => out.push((
                entry(
                    "backgrounds.json".into(),
                    Kind::Table,
                    at,
                    c,
                    stored_as(c),
                    format!("{} frames", t.backgrounds.len()),
                ),
                Item::BackgroundTable,
            )),
            Role::Background(b) => {
                let (w, h) = png_size(c).unwrap_or_default();
                let shown: Vec<String> = t
                    .backgrounds
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.id == b)
                    .map(|(k, f)| format!("frame {k} {} ms", f.duration_ms))
                    .collect();
                out.push((
                    entry(
                        background_path(b as usize),
                        Kind::Image,
                        at,
                        c,
                        "png",
                        format!("{w}x{h}; {}", shown.join(", ")),
                    ),
                    Item::Background(b as usize),
                ))
            }
            Role::GainTable(k) => out.push((
                entry(
                    format!("{}.json", k.plural()),
                    Kind::Table,
                    at,
                    c,
                    stored_as(c),
                    format!("{} gains", t.gains(k).len()),
                ),
                Item::GainTable(k),
            )),
            Role::Audio(k, n) => {
                let gain = t.gains(k).get(n as usize).copied().unwrap_or(f32::NAN);
                out.push((
                    entry(
                        audio_path(k, n as usize, c),
                        Kind::Sound,
                        at,
                        c,
                        match codec(c) {
                            Codec::Pcm => "pcm s16 stereo 44100 Hz",
                            Codec::Vorbis => "vorbis",
                            Codec::Raw => "raw",
                        },
                        format!("{:.3} s, gain {gain}", seconds(c)),
                    ),
                    Item::Audio(k, n as usize),
                ))
            }
        }
    }
    out
}

pub fn raw_path(i: usize) -> String {
    format!("chunks/{i:02}.bin")
}

pub fn frame_path(k: usize) -> String {
    format!("sprites/{k:03}.png")
}

pub fn background_path(b: usize) -> String {
    format!("backgrounds/{b:03}.png")
}

pub fn audio_path(kind: AudioKind, n: usize, clip: &[u8]) -> String {
    format!("{}/{n:03}.{}", kind.plural(), audio_ext(clip))
}
