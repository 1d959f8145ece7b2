//! Readable JSON views of the resource chunks that are kept as stored: options and
//! their constants, languages, tags, sounds, backgrounds (with or without a texture),
//! scripts, paths, fonts with their glyphs, objects with their events, rooms with
//! their instances, timelines, and the names of the newer chunks' records (animation
//! curves, filter effects, particle emitters and systems), variables and functions
//! (read in `symbols`). They are for reading;
//! `pack` rebuilds from the stored chunks.
//!
//! Version differences are probed from the structure: a font's glyph list is the
//! first place after its scale where a count is followed by pointers to glyphs that
//! start right after the list (0 to 4 newer fields come between); an object's
//! `managed` flag (2022.5) is told by which layout puts a valid event list where the
//! physics fields end.

use std::cell::RefCell;

use serde_json::{json, Value};

use super::code::Entry as CodeEntry;
use super::container::{Chunk, Form};
use super::refs::{list_at, string_ref, u32_at};
use crate::error::{Error, Result};

/// The JSON file for each chunk this module reads.
pub const VIEWS: [(&str, &str); 27] = [
    ("OPTN", "resources/options.json"),
    ("LANG", "resources/languages.json"),
    ("TAGS", "resources/tags.json"),
    ("DAFL", "resources/data_files.json"),
    ("ACRV", "resources/animation_curves.json"),
    ("FEDS", "resources/filter_effects.json"),
    ("PSEM", "resources/particle_emitters.json"),
    ("PSYS", "resources/particle_systems.json"),
    ("SHDR", "resources/shaders.json"),
    ("EXTN", "resources/extensions.json"),
    ("TGIN", "resources/texture_groups.json"),
    ("SEQN", "resources/sequences.json"),
    ("AGRP", "resources/audio_groups.json"),
    ("GLOB", "resources/global_scripts.json"),
    ("FEAT", "resources/features.json"),
    ("EMBI", "resources/embedded_images.json"),
    ("SOND", "resources/sounds.json"),
    ("SPRT", "resources/sprites.json"),
    ("BGND", "resources/backgrounds.json"),
    ("SCPT", "resources/scripts.json"),
    ("PATH", "resources/paths.json"),
    ("FONT", "resources/fonts.json"),
    ("OBJT", "resources/objects.json"),
    ("ROOM", "resources/rooms.json"),
    ("TMLN", "resources/timelines.json"),
    ("VARI", "resources/variables.json"),
    ("FUNC", "resources/functions.json"),
];

/// Fields of one record, read relative to its start.
pub(super) struct At<'f, 'a> {
    pub(super) form: &'f Form<'a>,
    pub(super) chunk: &'f Chunk<'a>,
    pub(super) base: u64,
    pub(super) path: String,
    /// What reading has learnt of the file so far.
    pub(super) sites: &'f RefCell<Noted>,
}

impl At<'_, '_> {
    pub(super) fn u32(&self, off: u64) -> Result<u32> {
        let at = self.base + off;
        if at + 4 > self.chunk.end() {
            return Err(Error::invalid(
                &self.path,
                at,
                "field runs past the end of the chunk",
            ));
        }
        u32_at(self.form, at).ok_or_else(|| Error::invalid(&self.path, at, "field past the end"))
    }
    pub(super) fn i32(&self, off: u64) -> Result<i32> {
        self.u32(off).map(|v| v as i32)
    }
    pub(super) fn f32(&self, off: u64) -> Result<f32> {
        self.u32(off).map(f32::from_bits)
    }
    pub(super) fn str(&self, off: u64) -> Result<&str> {
        self.u32(off)?;
        self.sites.borrow_mut().strings.push(self.base + off);
        Ok(string_ref(self.form, self.base + off))
    }
    /// Notes that the record's bytes from `from` to `to` hold numbers only.
    pub(super) fn plain(&self, from: u64, to: u64) {
        let end = (self.base + to).min(self.chunk.end());
        self.sites.borrow_mut().plain.push((self.base + from, end));
    }
    /// Whether the field at `off` is a reference to a STRG string.
    pub(super) fn names_string(&self, off: u64) -> bool {
        let strg = self.form.chunk("STRG");
        self.u32(off).is_ok_and(|p| {
            strg.is_some_and(|c| u64::from(p) > c.body_offset() && u64::from(p) < c.end())
                && super::refs::string_at(self.form, p).is_some()
        })
    }
    pub(super) fn list(&self, off: u64) -> Result<Vec<u32>> {
        list_at(self.form, self.chunk, self.base + off)
    }
    pub(super) fn at(&self, base: u32, name: &str) -> Self {
        At {
            form: self.form,
            chunk: self.chunk,
            base: base.into(),
            path: format!("{}/{name}", self.path),
            sites: self.sites,
        }
    }
}

/// Every record of a list chunk, `None` for a null slot so that later records keep
/// the index other chunks refer to them by. TGIN and SEQN put a version before it.
fn records<'f, 'a>(
    form: &'f Form<'a>,
    chunk: &'f Chunk<'a>,
    sites: &'f RefCell<Noted>,
) -> Result<Vec<Option<At<'f, 'a>>>> {
    let skip = if matches!(
        chunk.name.as_str(),
        "TGIN" | "SEQN" | "ACRV" | "FEDS" | "PSEM" | "PSYS"
    ) {
        4
    } else {
        0
    };
    let pointers = if chunk.body.len() <= skip as usize {
        Vec::new()
    } else {
        list_at(form, chunk, chunk.body_offset() + skip)?
    };
    Ok(pointers
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            (p != 0).then(|| At {
                form,
                chunk,
                base: p.into(),
                path: format!("FORM/{}/entry[{i}]", chunk.name),
                sites,
            })
        })
        .collect())
}

/// The JSON view of one chunk, or `None` for a chunk this module does not read.
pub fn view(form: &Form<'_>, name: &str, code: &[CodeEntry]) -> Option<Result<Value>> {
    view_noting(form, name, code, &RefCell::new(Noted::default()))
}

/// What reading the views learns of a file: where every string reference they
/// read lies (absolute offsets of the u32s), and byte ranges whose every field is a
/// number (glyphs).
#[derive(Debug, Default)]
pub struct Noted {
    pub strings: Vec<u64>,
    pub plain: Vec<(u64, u64)>,
}

/// Reads every view, noting what it learns.
pub fn noted(form: &Form<'_>, code: &[CodeEntry]) -> Noted {
    let sites = RefCell::new(Noted::default());
    for (chunk, _) in VIEWS {
        let _ = view_noting(form, chunk, code, &sites);
    }
    sites.into_inner()
}

/// [`view`], noting in `sites` what it learns.
fn view_noting(
    form: &Form<'_>,
    name: &str,
    code: &[CodeEntry],
    sites: &RefCell<Noted>,
) -> Option<Result<Value>> {
    let chunk = form.chunk(name)?;
    // No code (-1) is null; an index with no code entry stays a number, for check.
    let code_name = |id: i32| -> Value {
        match usize::try_from(id).ok().and_then(|i| code.get(i)) {
            Some(e) if e.at == 0 => Value::Null,
            Some(e) => json!(e.name),
            None if id < 0 => Value::Null,
            None => json!(id),
        }
    };
    let one = |r: &At| -> Result<Value> {
        Ok(match name {
            "SOND" => json!({
                "name": r.str(0)?, "flags": r.u32(4)?, "type": r.str(8)?, "file": r.str(12)?,
                "effects": r.u32(16)?, "volume": r.f32(20)?, "pitch": r.f32(24)?,
                "group": r.i32(28)?, "audio": r.i32(32)?,
            }),
            // 2024.14 gives audio groups a path, 2022.9 texture groups a directory,
            // an extension and a load type: both told by a string where the next
            // field (or record) would be.
            "AGRP" if r.names_string(4) => json!({"name": r.str(0)?, "path": r.str(4)?}),
            "TGIN" if r.names_string(4) => json!({
                "name": r.str(0)?, "directory": r.str(4)?, "extension": r.str(8)?,
                "load type": r.u32(12)?,
            }),
            "SEQN" => super::sequences::sequence(r),
            "SPRT" => sprite(r)?,
            // GameMaker Studio 2's tile set fields after the texture are not read.
            "BGND" => json!({
                "name": r.str(0)?, "transparent": r.u32(4)?, "smooth": r.u32(8)?,
                "preload": r.u32(12)?,
                "texture item": Some(r.u32(16)?).filter(|&t| t != 0).map(|t| format!("{t:#x}")),
            }),
            "AGRP" | "TGIN" | "ACRV" | "FEDS" | "PSEM" | "PSYS" => {
                json!({"name": r.str(0)?})
            }
            "EXTN" => json!({"folder": r.str(0)?, "name": r.str(4)?, "class": r.str(8)?}),
            "SHDR" => json!({
                "name": r.str(0)?, "type": r.u32(4)? & 0x7fff_ffff,
                "glsl es vertex": r.str(8)?, "glsl es fragment": r.str(12)?,
                "glsl vertex": r.str(16)?, "glsl fragment": r.str(20)?,
                "hlsl9 vertex": r.str(24)?, "hlsl9 fragment": r.str(28)?,
                "attributes": string_list(r, 40)?.0,
            }),
            "SCPT" => json!({"name": r.str(0)?, "code": code_name(r.i32(4)? & 0x7fff_ffff)}),
            "PATH" => {
                let n = r.u32(16)? as u64;
                let points = (0..n.min(u64::from(u32::MAX)))
                    .map(|k| {
                        Ok(json!([
                            r.f32(20 + 12 * k)?,
                            r.f32(24 + 12 * k)?,
                            r.f32(28 + 12 * k)?
                        ]))
                    })
                    .collect::<Result<Vec<_>>>()?;
                json!({
                    "name": r.str(0)?, "smooth": r.u32(4)?, "closed": r.u32(8)?,
                    "precision": r.u32(12)?, "points (x, y, speed)": points,
                })
            }
            "FONT" => font(r)?,
            "OBJT" => object(r, &code_name)?,
            "ROOM" => super::rooms::room(r, &code_name)?,
            "TMLN" => {
                let n = r.u32(4)? as u64;
                let moments = (0..n)
                    .map(|k| {
                        let step = r.u32(8 + 8 * k)?;
                        let actions = r.at(r.u32(12 + 8 * k)?, "moment");
                        Ok(json!({"step": step, "code": action_codes(&actions, 0, &code_name)?}))
                    })
                    .collect::<Result<Vec<_>>>()?;
                json!({"name": r.str(0)?, "moments": moments})
            }
            _ => return Err(Error::at(name, "no view")),
        })
    };
    if !VIEWS.iter().any(|(c, _)| *c == name) {
        return None;
    }
    if let Some(flat) = flat(form, chunk, name, &code_name, sites) {
        return Some(flat);
    }
    Some(records(form, chunk, sites).and_then(|rs| {
        rs.iter()
            .map(|r| r.as_ref().map_or(Ok(Value::Null), one))
            .collect::<Result<Vec<_>>>()
            .map(Value::Array)
    }))
}

/// The chunks that are not pointer lists of records: GLOB (a count and code ids),
/// FEAT (a count and string references) and EMBI (a version, a count and inline
/// entries of a name and a TPAG item).
fn flat(
    form: &Form<'_>,
    chunk: &Chunk<'_>,
    name: &str,
    code_name: &dyn Fn(i32) -> Value,
    sites: &RefCell<Noted>,
) -> Option<Result<Value>> {
    let r = At {
        form,
        chunk,
        base: chunk.body_offset(),
        path: format!("FORM/{name}"),
        sites,
    };
    let (skip, size) = match name {
        "GLOB" | "FEAT" => (0, 4),
        "EMBI" => (4, 8),
        "OPTN" => return Some(options(&r)),
        "LANG" => return Some(languages(&r)),
        "TAGS" => return Some(tags(&r)),
        "VARI" => return Some(super::symbols::variables(&r)),
        "FUNC" => return Some(super::symbols::functions(&r)),
        // DAFL has held nothing in every version (its body is empty or zeros).
        "DAFL" => return Some(Ok(json!({"bytes": chunk.body.len()}))),
        _ => return None,
    };
    let read = || -> Result<Value> {
        if chunk.body.is_empty() {
            return Ok(json!([]));
        }
        let n = u64::from(r.u32(skip)?);
        if skip + 4 + n.saturating_mul(size) > chunk.body.len() as u64 {
            return Err(Error::invalid(
                &r.path,
                r.base + skip,
                format!("{n} entries do not fit the chunk"),
            ));
        }
        let at = |k: u64| skip + 4 + size * k;
        (0..n)
            .map(|k| {
                Ok(match name {
                    "GLOB" => code_name(r.i32(at(k))?),
                    "FEAT" => json!(r.str(at(k))?),
                    _ => json!({"name": r.str(at(k))?, "texture item": format!("{:#x}", r.u32(at(k) + 4)?)}),
                })
            })
            .collect::<Result<Vec<_>>>()
            .map(Value::Array)
    };
    Some(read())
}

/// OPTN: 15 words (from GMS 2, a 0x80000000 marker, a version, 64 flag bits, scale,
/// window colour, colour depth, resolution, frequency, vertex sync, priority, three
/// TPAG items for the back, front and load images, and the load alpha), then the
/// constants as a count and (name, value) string pairs.
fn options(r: &At) -> Result<Value> {
    let words = (0..15).map(|k| r.u32(4 * k)).collect::<Result<Vec<_>>>()?;
    let mut out = if words[0] == 0x8000_0000 {
        json!({
            "version": words[1],
            "flags": format!("{:#018x}", u64::from(words[3]) << 32 | u64::from(words[2])),
            "scale": words[4] as i32,
            "window colour": format!("{:#010x}", words[5]),
            "colour depth": words[6], "resolution": words[7], "frequency": words[8],
            "vertex sync": words[9], "priority": words[10],
            "back image": format!("{:#x}", words[11]), "front image": format!("{:#x}", words[12]),
            "load image": format!("{:#x}", words[13]), "load alpha": words[14],
        })
    } else {
        json!({ "words": words })
    };
    out["constants"] = string_pairs(r, 60)?;
    Ok(out)
}

/// A count at `off`, then that many (name, value) string references.
fn string_pairs(r: &At, off: u64) -> Result<Value> {
    let n = u64::from(r.u32(off)?);
    fits(r, off, n, 8)?;
    (0..n)
        .map(|k| Ok(json!({"name": r.str(off + 4 + 8 * k)?, "value": r.str(off + 8 + 8 * k)?})))
        .collect::<Result<Vec<_>>>()
        .map(Value::Array)
}

/// A count at `off`, then that many string references; gives them and the offset
/// after them.
fn string_list(r: &At, off: u64) -> Result<(Value, u64)> {
    let n = u64::from(r.u32(off)?);
    fits(r, off, n, 4)?;
    let list = (0..n)
        .map(|k| Ok(json!(r.str(off + 4 + 4 * k)?)))
        .collect::<Result<Vec<_>>>()?;
    Ok((Value::Array(list), off + 4 + 4 * n))
}

/// Refuses a count whose entries cannot fit in the chunk.
pub(super) fn fits(r: &At, off: u64, n: u64, size: u64) -> Result<()> {
    if r.base + off + 4 + n.saturating_mul(size) > r.chunk.end() {
        return Err(Error::invalid(
            &r.path,
            r.base + off,
            format!("{n} entries of {size} bytes do not fit the chunk"),
        ));
    }
    Ok(())
}

/// LANG: a version, the number of languages and of entries, the entries' ids, then
/// per language its name, its region and one string per entry.
fn languages(r: &At) -> Result<Value> {
    let (languages, entries) = (u64::from(r.u32(4)?), u64::from(r.u32(8)?));
    fits(r, 8, entries, 4)?;
    let ids = (0..entries)
        .map(|k| Ok(json!(r.str(12 + 4 * k)?)))
        .collect::<Result<Vec<_>>>()?;
    let per = 8 + 4 * entries;
    fits(r, 8 + 4 * entries, languages, per)?;
    let langs = (0..languages)
        .map(|l| {
            let at = 12 + 4 * entries + per * l;
            let texts = (0..entries)
                .map(|k| Ok(json!(r.str(at + 8 + 4 * k)?)))
                .collect::<Result<Vec<_>>>()?;
            Ok(json!({"name": r.str(at)?, "region": r.str(at + 4)?, "entries": texts}))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(json!({"version": r.u32(0)?, "entry ids": ids, "languages": langs}))
}

/// TAGS: a version, the tag strings (a count and references), then a pointer list of
/// asset entries, each an asset id and its tags.
fn tags(r: &At) -> Result<Value> {
    let (all, after) = string_list(r, 4)?;
    let assets = list_at(r.form, r.chunk, r.base + after)?
        .into_iter()
        .map(|p| {
            let e = r.at(p, "asset");
            Ok(json!({"id": e.i32(0)?, "tags": string_list(&e, 4)?.0}))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(json!({"version": r.u32(0)?, "tags": all, "asset tags": assets}))
}

impl At<'_, '_> {
    /// The pointer list that a field points at.
    pub(super) fn list_at_ptr(&self, off: u64) -> Result<Vec<u32>> {
        let p = self.u32(off)?;
        list_at(self.form, self.chunk, p.into())
    }
}

/// The code each action of an action list at `off` runs. An action's name (at 28)
/// is empty in every GameMaker that compiles to bytecode; it is read so that its
/// reference is known.
fn action_codes(r: &At, off: u64, code_name: &dyn Fn(i32) -> Value) -> Result<Vec<Value>> {
    r.list(off)?
        .iter()
        .map(|&p| {
            let action = r.at(p, "action");
            action.str(28)?;
            Ok(code_name(action.i32(32)?))
        })
        .collect()
}

/// A sprite: its size and origin, and from GameMaker Studio 2 (-1 after the origin)
/// its type, playback speed and, for sprite versions 2 and 3, the sequence it embeds
/// after a version word.
fn sprite(r: &At) -> Result<Value> {
    let mut out = json!({
        "name": r.str(0)?, "width": r.u32(4)?, "height": r.u32(8)?,
        "origin": [r.i32(48)?, r.i32(52)?],
    });
    if r.u32(56)? == u32::MAX {
        let version = r.u32(60)?;
        let kind = r.u32(64)?;
        out["type"] = json!(["bitmap", "swf", "spine"]
            .get(kind as usize)
            .map_or(kind.to_string(), |k| k.to_string()));
        out["playback speed"] = json!(r.f32(68)?);
        out["speed type"] = json!(r.u32(72)?);
        if version >= 2 {
            let at = r.u32(76)?;
            if at != 0 {
                out["sequence"] =
                    super::sequences::sequence(&r.at(at.saturating_add(4), "sequence"));
            }
        }
    }
    Ok(out)
}

fn font(r: &At) -> Result<Value> {
    let size = r.u32(8)?;
    let size = if size & 0x8000_0000 != 0 {
        json!(-f32::from_bits(size))
    } else {
        json!(size)
    };
    // A count of 0 fits anywhere, so a non-empty list is looked for first.
    let list_at = |nonempty: bool| {
        (40..=56).step_by(4).find(|&off| {
            let Ok(n) = r.u32(off) else { return false };
            let first = r.u32(off + 4).unwrap_or(0) as u64;
            let fits = n < 0x10000 && first == r.base + off + 4 + 4 * u64::from(n);
            if nonempty {
                n > 0 && fits
            } else {
                n == 0
            }
        })
    };
    let glyphs_at = list_at(true).or_else(|| list_at(false)).ok_or_else(|| {
        Error::invalid(&r.path, r.base + 40, "no glyph list after the font's scale")
    })?;
    let glyphs = r
        .list(glyphs_at)?
        .iter()
        .map(|&p| {
            let g = r.at(p, "glyph");
            let (a, b, c) = (g.u32(0)?, g.u32(4)?, g.u32(8)?);
            // 16 bytes of u16 fields, the last a count of 4-byte kerning pairs.
            let kerning = g.u32(12).map_or(0, |w| u64::from(w >> 16));
            g.plain(0, 16 + 4 * kerning);
            Ok(json!({
                "char": a & 0xffff, "x": a >> 16, "y": b & 0xffff, "width": b >> 16,
                "height": c & 0xffff, "shift": (c >> 16) as u16 as i16,
            }))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(json!({
        "name": r.str(0)?, "face": r.str(4)?, "size": size, "bold": r.u32(12)?, "italic": r.u32(16)?,
        "range start": r.u32(20)? & 0xffff, "range end": r.u32(24)?,
        "scale": [r.f32(32)?, r.f32(36)?], "glyphs": glyphs,
    }))
}

/// An object: its fields, then its events by type and subtype, with the code each
/// runs. Tries the layout without `managed` first, then with it.
fn object(r: &At, code_name: &dyn Fn(i32) -> Value) -> Result<Value> {
    for managed in [0u64, 4] {
        let verts = r.u32(64 + managed)? as u64;
        let events_at = 80 + managed + 8 * verts;
        let Ok(types) = r.list(events_at) else {
            continue;
        };
        let plausible = types
            .first()
            .is_none_or(|&p| u64::from(p) == r.base + events_at + 4 + 4 * types.len() as u64);
        if !plausible {
            continue;
        }
        let events = types
            .iter()
            .enumerate()
            .map(|(kind, &p)| {
                let list = r.at(p, "event type");
                list.list(0)?
                    .iter()
                    .map(|&e| {
                        let ev = list.at(e, "event");
                        Ok(json!({"type": kind, "subtype": ev.u32(0)?, "code": action_codes(&ev, 4, code_name)?}))
                    })
                    .collect::<Result<Vec<_>>>()
            })
            .collect::<Result<Vec<_>>>()?
            .concat();
        return Ok(json!({
            "name": r.str(0)?, "sprite": r.i32(4)?, "visible": r.u32(8)?,
            "solid": r.u32(12 + managed)?, "depth": r.i32(16 + managed)?, "persistent": r.u32(20 + managed)?,
            "parent": r.i32(24 + managed)?, "mask": r.i32(28 + managed)?, "events": events,
        }));
    }
    Err(Error::invalid(
        &r.path,
        r.base,
        "no event list where either object layout ends",
    ))
}
