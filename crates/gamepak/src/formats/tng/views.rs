//! The views extract writes beside the document: every sprite frame cut from its atlas
//! and turned, and every map as Tiled XML. Pack builds from the document alone, so it
//! compares the folder's views with the file it made: an unchanged view counts as
//! used, an edited one is reported as left out, and a frame of another size is
//! refused, since its sprite's animation fixes the size.

use std::sync::OnceLock;

use serde_json::Value;

use super::model::Section;
use super::read::Read;
use super::sprites::{self, Frame};
use super::tmx::tmx;
use crate::codec::png::{self, Rgba};
use crate::error::{Error, Result};
use crate::io::{file_stem, SourceDir};
use crate::limits::{failure, Held, Kept, Limits};

/// Each map as Tiled XML, by the path extract writes it at.
pub fn maps(read: &Read<'_>) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for (si, _, i, m) in listed(read, |s| s.layout_type() == 35, "maps") {
        let name = m.get("name").and_then(Value::as_str).unwrap_or("");
        let Some(map) = m.get("asset").filter(|a| a.get("layers").is_some()) else {
            continue;
        };
        let path = format!("maps/{si:02}-{}.tmx", file_stem(i, name));
        out.push((path, tmx(&read.doc.header, map).into_bytes()));
    }
    out
}

/// Every element of the list `key` in the body of each section `keep` selects, with
/// the section's index and the element's.
fn listed<'a>(
    read: &'a Read<'_>,
    keep: impl Fn(&Section) -> bool + 'a,
    key: &'a str,
) -> impl Iterator<Item = (usize, &'a Section, usize, &'a Value)> + 'a {
    read.doc
        .sections
        .iter()
        .enumerate()
        .filter(move |(_, s)| keep(s))
        .flat_map(move |(si, s)| {
            let items = s.body.get(key).and_then(Value::as_array);
            items
                .into_iter()
                .flatten()
                .enumerate()
                .map(move |(i, v)| (si, s, i, v))
        })
}

/// One sprite frame as a picture of its animation's size.
pub struct FrameView {
    pub path: String,
    pub width: u32,
    pub height: u32,
    pub frame: Frame,
}

/// Every frame of every sprite, by the path extract writes it at.
pub fn frames(read: &Read<'_>) -> Vec<FrameView> {
    let mut out = Vec::new();
    for (si, s, ei, entry) in listed(read, |s| (7..=10).contains(&s.kind), "sprites") {
        let folder = format!("sprites/{si:02}-{}", s.kind_name());
        for (ai, (width, height, frames)) in sprites::frames(entry).into_iter().enumerate() {
            for (fi, frame) in frames.into_iter().enumerate() {
                out.push(FrameView {
                    path: format!("{folder}/{ei:03}/{ai}-{fi:02}.png"),
                    width,
                    height,
                    frame,
                });
            }
        }
    }
    out
}

/// The atlases of a file, each decoded once when a frame first needs it and kept
/// while frames are drawn.
pub struct Atlases<'r> {
    read: &'r Read<'r>,
    files: Vec<Option<&'r super::value::AssetRef>>,
    decoded: Vec<OnceLock<std::result::Result<Held<Rgba, Kept>, String>>>,
    limits: &'r Limits,
}

impl<'r> Atlases<'r> {
    pub fn new(read: &'r Read<'r>, limits: &'r Limits) -> Atlases<'r> {
        let files = read.atlases();
        let decoded = files.iter().map(|_| OnceLock::new()).collect();
        Atlases {
            read,
            files,
            decoded,
            limits,
        }
    }

    /// The frame drawn as extract draws it; why not when its atlas does not decode.
    pub fn render(&self, v: &FrameView) -> std::result::Result<Held<Rgba>, String> {
        let i = v.frame.atlas;
        let failed = format!("atlas {i} does not decode");
        let (Some(cell), Some(Some(asset))) = (self.decoded.get(i), self.files.get(i)) else {
            return Err(failed);
        };
        let atlas = cell
            .get_or_init(|| {
                png::decode(self.read.stored(asset), "atlas", self.limits)
                    .map(Held::keep)
                    .map_err(|e| failure(&failed, &e))
            })
            .as_deref()
            .map_err(Clone::clone)?;
        let size = (v.width, v.height);
        sprites::render(atlas, &v.frame, size, &v.path, self.limits).map_err(|e| e.kind.to_string())
    }
}

/// Compares the folder's views with those of `packed`, the file made from its
/// document.
pub fn compare(src: &SourceDir, packed: &[u8], limits: &Limits) -> Result<()> {
    let read = super::read::read_keeping_streams(packed, limits)?;
    for (path, text) in maps(&read) {
        if src.read_if_file(&path)?.is_some_and(|now| now != text) {
            src.leave_out(
                &path,
                "a view of its map's section file: edits to it are not packed",
            );
        }
    }
    let atlases = Atlases::new(&read, limits);
    for v in frames(&read) {
        if !src.is_file(&v.path)? {
            continue;
        }
        let found = png::decode_source(&src.read(&v.path)?, &v.path, limits)?;
        if (found.width, found.height) != (v.width, v.height) {
            return Err(Error::at(
                src.shown(&v.path),
                format!(
                    "{}x{} pixels, but the frames of its animation are {}x{}",
                    found.width, found.height, v.width, v.height
                ),
            ));
        }
        match atlases.render(&v) {
            Ok(made) if made == *found => {}
            Ok(_) => src.leave_out(
                &v.path,
                "a view of its atlas: edits to frames are not packed, edit the atlas",
            ),
            Err(why) => src.leave_out(&v.path, why),
        }
    }
    Ok(())
}
