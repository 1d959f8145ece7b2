//! Rebuilding a GameMaker file from an extracted folder. Stored chunks are copied;
//! TXTR and AUDO are laid out again from their assets, with every blob pointer, size,
//! padding and alignment recomputed. Unchanged assets give back their stored bytes, so
//! an unedited folder packs to the original file.

use std::collections::BTreeMap;

use super::code_layout::Strings;
use super::manifest::*;
use super::refs::{get_u32, put_u32};
use super::txtr::{self, Page, PageFormat, Txtr};
use super::{audio_group, audo, container, pages, strg};
use crate::codec::crc::crc32;
use crate::codec::png::{self as png_codec, Rgba};
use crate::error::{Error, Result};
use crate::fourcc::FourCC;
use crate::io::SourceDir;
use crate::limits::Limits;
use crate::PackOutcome;

fn decode_png(bytes: &[u8], name: &str) -> Result<Rgba> {
    png_codec::decode(bytes, name, &Limits::current())
}

pub fn pack(dir: &SourceDir) -> Result<PackOutcome> {
    crate::manifest::require_whole(dir)?;
    let mut reencoded = Vec::new();
    if audio_group::is_group_folder(dir)? {
        return Ok(PackOutcome {
            bytes: audio_group::pack(dir, "", &mut reencoded)?,
            reencoded,
            unused: dir.unused(crate::manifest::UNNAMED),
            companions: Vec::new(),
        });
    }
    let m: Manifest = crate::manifest::read(dir)?;
    let blobs = match &m.textures {
        Some(t) => page_blobs(dir, t, &m.frames, &mut reencoded)?,
        None => Vec::new(),
    };
    let clips = match &m.audio {
        Some(list) => read_clips(dir, "", list, &mut reencoded)?,
        None => Vec::new(),
    };
    let companions = audio_group::pack_beside(dir, &m.audio_groups, &mut reencoded)?;
    let parts = Parts {
        dir,
        m: &m,
        blobs: &blobs,
        clips: &clips,
    };
    let laid = parts.lay_out(true, &mut reencoded)?;
    let (bytes, strings) = if laid.strings.moved.is_empty() {
        (laid.bytes, Strings::Added(laid.strings.added))
    } else {
        in_order_or_appended(&parts, laid, &mut reencoded)?
    };
    // VARI's and FUNC's views follow the occurrence chains, which code edits write
    // again: a view counts as unchanged when it matches the file before or after them.
    let changed = changed_views(dir, &bytes, &edited_views(dir, &m)?)?;
    let bytes = edit_code(dir, &m, bytes, &strings, &mut reencoded)?;
    for (chunk, file) in changed_views(dir, &bytes, &changed)? {
        dir.leave_out(
            file,
            format!("a view of {chunk}, which is packed as stored: edits to it are not packed"),
        );
    }
    Ok(PackOutcome {
        bytes,
        reencoded,
        unused: dir.unused(crate::manifest::UNNAMED),
        companions,
    })
}

/// What the chunks are built from.
struct Parts<'a> {
    dir: &'a SourceDir,
    m: &'a Manifest,
    blobs: &'a [Option<Vec<u8>>],
    clips: &'a [Vec<u8>],
}

/// The file the chunks make, and what became of the strings.
struct LaidOut {
    bytes: Vec<u8>,
    strings: strg::Patched,
    /// The edited strings, when strings.json changed.
    texts: Option<Vec<String>>,
}

impl Parts<'_> {
    /// Every chunk at its place; STRG with the folder's string edits written into it
    /// when `edit_strings` is set, as stored otherwise.
    fn lay_out(&self, edit_strings: bool, reencoded: &mut Vec<String>) -> Result<LaidOut> {
        let m = self.m;
        let last = m.chunks.len().saturating_sub(1);
        let mut strings = strg::Patched::default();
        let mut texts = None;
        let mut offset = 8u64;
        let mut chunks = Vec::with_capacity(m.chunks.len());
        for (i, c) in m.chunks.iter().enumerate() {
            let body_at = offset + 8;
            let align = if i == last { 1 } else { m.alignment };
            let body = match (&c.file, c.name, &m.textures) {
                (Some(f), _, _) => {
                    if offset != c.offset {
                        return Err(Error::at(
                            f,
                            format!(
                                "an edit moves chunk {} from {:#x} to {offset:#x}; pointers into the \
                                 chunks gamepak keeps as stored are not rewritten yet, so only chunks \
                                 with nothing stored after them (STRG, TXTR, AUDO) can change size",
                                c.name, c.offset
                            ),
                        ));
                    }
                    let mut body = self.dir.read(f)?;
                    if c.name == FourCC::STRG {
                        texts = changed_texts(self.dir, m)?;
                        if let (Some(t), true) = (&texts, edit_strings) {
                            strings = strg::patch(&mut body, body_at, m.endian, t, m.alignment)?;
                            let file = m.strings.as_ref().map_or("strings.json", |s| &s.file);
                            for i in &strings.changed {
                                reencoded.push(format!("{file}[{i}]"));
                            }
                        }
                    }
                    body
                }
                (None, FourCC::TXTR, Some(t)) => {
                    txtr::write(&layout(t), self.blobs, body_at, align, m.endian)
                }
                (None, FourCC::AUDO, _) => {
                    let refs: Vec<&[u8]> = self.clips.iter().map(Vec::as_slice).collect();
                    audo::write(&refs, body_at, align, m.endian)
                }
                (None, name, _) => {
                    return Err(Error::at(
                        crate::manifest::MANIFEST_NAME,
                        format!("chunk {name} names no file"),
                    ))
                }
            };
            offset = body_at + body.len() as u64;
            chunks.push((c.raw, body));
        }
        Ok(LaidOut {
            bytes: container::write(m.endian, &chunks)?,
            strings,
            texts,
        })
    }
}

/// Strings that grew: STRG laid out again in table order when every reference to a
/// string is one gamepak knows, so each keeps its place and no old text is left;
/// otherwise the grown strings stay appended at STRG's end with the references gamepak
/// knows pointed at them, and the old text stays for the rest.
fn in_order_or_appended(
    parts: &Parts<'_>,
    mut appended: LaidOut,
    reencoded: &mut Vec<String>,
) -> Result<(Vec<u8>, Strings)> {
    let stored = parts.lay_out(false, &mut Vec::new())?;
    let game = super::game::read(&stored.bytes)?;
    match super::code_layout::strings_can_move(&game) {
        Ok(()) => {
            let texts = appended.texts.take().unwrap_or_default();
            reencoded.push(format!(
                "{} strings grew: STRG laid out again in order",
                appended.strings.moved.len()
            ));
            Ok((stored.bytes, Strings::InOrder(texts)))
        }
        Err(why) => {
            reencoded.push(format!("STRG cannot be laid out again in order ({why})"));
            repoint_names(&mut appended.bytes, &appended.strings.moved, reencoded)?;
            Ok((appended.bytes, Strings::Added(appended.strings.added)))
        }
    }
}

/// Each clip's bytes from the folder (below `prefix`), noting those edited since
/// extraction.
pub(super) fn read_clips(
    dir: &SourceDir,
    prefix: &str,
    clips: &[ClipFile],
    reencoded: &mut Vec<String>,
) -> Result<Vec<Vec<u8>>> {
    clips
        .iter()
        .map(|c| {
            let file = format!("{prefix}{}", c.file);
            let bytes = dir.read(&file)?;
            if crc32(&bytes) != c.crc32 {
                reencoded.push(file);
            }
            Ok(bytes)
        })
        .collect()
}

/// The resource views the user may have edited: those whose CRC-32 is not the one
/// extract recorded (all of them, for a folder extracted before views were recorded).
fn edited_views(dir: &SourceDir, m: &Manifest) -> Result<Vec<(FourCC, &'static str)>> {
    let mut edited = Vec::new();
    for v in &super::resources::VIEWS {
        let recorded = m.views.iter().find(|r| r.file == v.file);
        let untouched = match recorded {
            Some(r) if dir.is_file(v.file)? => crc32(&dir.read(v.file)?) == r.crc32,
            _ => false,
        };
        if !untouched {
            edited.push((v.chunk, v.file));
        }
    }
    Ok(edited)
}

/// The resource JSON files among `views` that differ from the views of `bytes`. They
/// are views of chunks kept as stored: an unchanged view counts as used, an edited
/// one is reported as left out.
fn changed_views(
    dir: &SourceDir,
    bytes: &[u8],
    views: &[(FourCC, &'static str)],
) -> Result<Vec<(FourCC, &'static str)>> {
    if views.is_empty() {
        return Ok(Vec::new());
    }
    let game = super::game::read(bytes)?;
    let mut changed = Vec::new();
    for &(chunk, file) in views {
        if !dir.is_file(file)? {
            continue;
        }
        let found = dir.read(file)?;
        let made = super::resources::view(&game.form, chunk, &game.code)
            .transpose()?
            .map(|v| serde_json::to_vec_pretty(&v).expect("JSON serialises"));
        if made.as_ref() != Some(&found) {
            changed.push((chunk, file));
        }
    }
    Ok(changed)
}

/// Assembles every edited disassembly into its blob, adds the `added` strings to
/// STRG, and lays CODE out again; the file as it is when neither happens.
fn edit_code(
    dir: &SourceDir,
    m: &Manifest,
    bytes: Vec<u8>,
    strings: &Strings,
    reencoded: &mut Vec<String>,
) -> Result<Vec<u8>> {
    let mut edits = BTreeMap::new();
    for (k, c) in m.code.iter().enumerate() {
        let text = dir.read(&c.file)?;
        if crc32(&text) != c.crc32 {
            let text = String::from_utf8(text).map_err(|_| Error::at(&c.file, "is not UTF-8"))?;
            edits.insert(k, (c.file.clone(), text));
        }
    }
    if edits.is_empty() && matches!(strings, Strings::Added(a) if a.is_empty()) {
        return Ok(bytes);
    }
    let game = super::game::read(&bytes)?;
    let added = match strings {
        Strings::Added(added) => added.as_slice(),
        Strings::InOrder(texts) => texts.get(game.strings.len()..).unwrap_or_default(),
    };
    let editor = super::code_edit::Editor::new(&game).with_added_strings(added);
    let blobs = (0..game.blob_entries().len())
        .map(|k| match edits.get(&k) {
            None => Ok(editor.stored(k)),
            Some((file, text)) => {
                let blob = editor.assemble(k, text, file)?;
                let was = game.code[game.blob_entries()[k][0]].length;
                reencoded.push(format!(
                    "{file}: assembled, {} bytes (was {was})",
                    blob.bytes.len()
                ));
                Ok(blob)
            }
        })
        .collect::<Result<Vec<_>>>()?;
    let packed = super::code_layout::rebuild(&game, &editor, &blobs, strings)?;
    if !added.is_empty() {
        reencoded.push(format!(
            "{} strings added to STRG (indices {} to {})",
            added.len(),
            game.strings.len(),
            game.strings.len() + added.len() - 1
        ));
    }
    let after = container::read(&packed)?;
    let size = |form: &container::Form<'_>| form.chunk(FourCC::CODE).map_or(0, |c| c.body.len());
    if size(&after) != size(&game.form) {
        reencoded.push(format!(
            "CODE is {} bytes (was {})",
            size(&after),
            size(&game.form)
        ));
    }
    let moved: Vec<String> = after
        .chunks
        .iter()
        .zip(&game.form.chunks)
        .filter(|(a, b)| a.offset != b.offset)
        .map(|(a, _)| a.name.to_string())
        .collect();
    if !moved.is_empty() {
        reencoded.push(format!(
            "moved with every reference to them: {}",
            moved.join(", ")
        ));
    }
    Ok(packed)
}

/// Points every name reference gamepak knows that read a string which grew (and so
/// moved) at its new place. Those references lie in chunks before STRG, which did not
/// move, so their offsets hold in the packed bytes.
fn repoint_names(
    bytes: &mut [u8],
    moved: &[(usize, u32, u32)],
    reencoded: &mut Vec<String>,
) -> Result<()> {
    if moved.is_empty() {
        return Ok(());
    }
    // Names of fixed place, and every string field the JSON views read.
    let (sites, endian) = {
        let game = super::game::read(bytes)?;
        let noted = super::resources::noted(&game.form, &game.code);
        let sites = super::code_layout::string_references(&game, &noted);
        (sites, game.form.endian)
    };
    let mut count = vec![0usize; moved.len()];
    let len = bytes.len() as u64;
    for at in sites.into_iter().filter(|&at| at + 4 <= len) {
        let value = get_u32(bytes, at, endian);
        if let Some(k) = moved.iter().position(|&(_, old, _)| old == value) {
            put_u32(bytes, at, moved[k].2, endian);
            count[k] += 1;
        }
    }
    for ((i, _, _), n) in moved.iter().zip(count) {
        reencoded.push(format!(
            "strings.json[{i}] grew: moved to the end of STRG, {n} references follow it"
        ));
    }
    Ok(())
}

/// The strings of the folder's JSON, when it was edited.
fn changed_texts(dir: &SourceDir, m: &Manifest) -> Result<Option<Vec<String>>> {
    let Some(s) = &m.strings else {
        return Ok(None);
    };
    let json = dir.read(&s.file)?;
    if crc32(&json) == s.crc32 {
        return Ok(None);
    }
    serde_json::from_slice(&json)
        .map(Some)
        .map_err(|e| Error::at(&s.file, e.to_string()))
}

/// A TXTR model with the manifest's entries, for the writer (which takes the blobs
/// separately).
fn layout(t: &Textures) -> Txtr<'static> {
    Txtr {
        entry_size: t.entry_size,
        pages: t
            .pages
            .iter()
            .map(|p| Page {
                fields: p.fields.clone(),
                blob: None,
                blob_offset: 0,
                format: p.format,
            })
            .collect(),
    }
}

/// Each page's blob: as stored while its PNG and its frames are unchanged, otherwise
/// the edited pixels encoded again in the page's own format.
fn page_blobs(
    dir: &SourceDir,
    t: &Textures,
    frames: &[FrameFile],
    reencoded: &mut Vec<String>,
) -> Result<Vec<Option<Vec<u8>>>> {
    let mut files = Vec::with_capacity(t.pages.len());
    for p in &t.pages {
        files.push(p.file.as_ref().map(|f| dir.read(f)).transpose()?);
    }
    let mut edited: BTreeMap<usize, Rgba> = BTreeMap::new();
    for fr in frames {
        let bytes = dir.read(&fr.file)?;
        if crc32(&bytes) == fr.crc32 {
            continue;
        }
        let k = fr.page as usize;
        let page = match edited.entry(k) {
            std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::btree_map::Entry::Vacant(e) => {
                let png = files.get(k).and_then(Option::as_ref).ok_or_else(|| {
                    Error::at(&fr.file, format!("page {k} is not in this folder"))
                })?;
                e.insert(decode_png(png, &format!("textures/{k:03}.png"))?)
            }
        };
        let item = super::tpag::Item {
            source: fr.source,
            target: fr.target,
            bounding: fr.bounding,
            page: fr.page,
        };
        let img = decode_png(&bytes, &fr.file)?;
        let want = pages::frame_size(&item);
        if (img.width, img.height) != want {
            return Err(Error::at(
                &fr.file,
                format!(
                    "{}x{} pixels, but the frame is {}x{}: its texture page item holds that size",
                    img.width, img.height, want.0, want.1
                ),
            ));
        }
        pages::put_frame(page, &item, &img);
    }
    t.pages
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let Some(png) = files[k].take() else {
                return Ok(None);
            };
            let name = p.file.clone().unwrap_or_default();
            let changed = Some(crc32(&png)) != p.crc32;
            if let Some(img) = edited.remove(&k) {
                reencoded.push(name);
                return pages::encode(&img, p.format, p.with_length).map(Some);
            }
            Ok(Some(match (p.format, changed, &p.original) {
                (PageFormat::Png, _, _) | (PageFormat::Unknown, _, _) => {
                    if changed {
                        reencoded.push(name);
                    }
                    png
                }
                (_, false, Some(original)) => dir.read(original)?,
                (format, _, _) => {
                    reencoded.push(name.clone());
                    pages::encode(&decode_png(&png, &name)?, format, p.with_length)?
                }
            }))
        })
        .collect()
}
