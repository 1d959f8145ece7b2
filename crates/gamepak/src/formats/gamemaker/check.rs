//! Strict validation of a GameMaker file, as far as gamepak reads it: the container,
//! every chunk through the typed model, texture pages and the items on them, sprite
//! and background frames, sounds and strings.

use rayon::prelude::*;

use super::container::{chunk_location, form_location};
use super::game::{self, Game};
use super::{pages, txtr::PageFormat};
use crate::fourcc::FourCC;
use crate::limits::Limits;
use crate::location::Location;
use crate::report::{Report, Severity};

/// Checks a game, and the audio group files beside `input` when it is given.
pub fn check(data: &[u8], input: Option<&std::path::Path>, limits: &Limits) -> Report {
    let game = match game::read(data) {
        Ok(g) => g,
        Err(e) => return Report::from_error(&e),
    };
    let mut r = Report {
        problems: game.problems.clone(),
    };
    if game.form.trailing > 0 {
        r.warn(
            form_location(),
            (data.len() - game.form.trailing) as u64,
            format!("{} bytes follow the FORM's end", game.form.trailing),
        );
    }
    let mut seen = std::collections::HashSet::new();
    for c in &game.form.chunks {
        if !seen.insert(&c.name) {
            let msg = format!("chunk {} appears again: readers use the first", c.name);
            r.error(c.location(), c.offset, msg);
        }
    }
    lists(&game, &mut r);
    unmodelled(&game, &mut r);
    page_problems(&game, limits, &mut r);
    frames(&game, &mut r);
    references(&game, &mut r);
    let clips = game.clips.len() as u32;
    for (&id, name) in &game.clip_names {
        if id >= clips && id != u32::MAX && game.form.chunk(FourCC::AUDO).is_some() {
            r.note(
                chunk_location(FourCC::SOND),
                game.form.chunk(FourCC::SOND).map_or(0, |c| c.offset),
                format!("sound {name:?} names audio {id}, but AUDO holds {clips} clips (an audio group file holds it?)"),
            );
        }
    }
    r.problems
        .extend(super::code::names(&game.form, game.gen8.bytecode).problems);
    for (i, s) in game
        .strings
        .iter()
        .enumerate()
        .filter(|(_, s)| s.offset != 0)
    {
        let path = chunk_location(FourCC::STRG).at("entry", i);
        if std::str::from_utf8(s.bytes).is_err() {
            r.error(&path, s.offset + 4, "the string is not UTF-8");
        }
        if s.terminator != Some(0) {
            r.error(
                &path,
                s.offset + 4 + s.bytes.len() as u64,
                "the string is not NUL-terminated",
            );
        }
    }
    if let Some(c) = game.form.chunk(FourCC::STRG) {
        if !c
            .end()
            .is_multiple_of(super::model::chunks::strings::END_ALIGN)
        {
            r.warn(
                c.location(),
                c.end(),
                format!(
                    "STRG ends at {:#x}, off the {}-byte boundary GameMaker pads it to (strict readers reject the file)",
                    c.end(),
                    super::model::chunks::strings::END_ALIGN
                ),
            );
        }
    }
    super::audio_group_check::check_sounds(&game.form, &game.sounds, input, limits, &mut r);
    one_error_per_place(&mut r);
    r
}

/// The first error at each place only: a pointer the readers could not follow is
/// also one that `lists` finds outside its chunk.
fn one_error_per_place(r: &mut Report) {
    let mut seen = std::collections::HashSet::new();
    r.problems
        .retain(|p| p.severity != Severity::Error || seen.insert((p.path.clone(), p.offset)));
}

/// Every chunk the typed model does not read as GameMaker lays it out: pack keeps
/// such a chunk as stored, and refuses any edit that would move it.
fn unmodelled(game: &Game<'_>, r: &mut Report) {
    let Ok(model) = super::model::Game::read(game.form.data) else {
        return;
    };
    for (part, c) in model.chunks.iter().zip(&game.form.chunks) {
        if let super::model::chunks::Body::Stored { why: Some(why), .. } = &part.body {
            r.warn(
                c.location(),
                c.offset,
                format!("not in a layout the model reads, so pack keeps it as stored: {why}"),
            );
        }
    }
}

fn page_problems(game: &Game<'_>, limits: &Limits, r: &mut Report) {
    let failures: Vec<(usize, u64, String)> = game
        .pages()
        .par_iter()
        .enumerate()
        .filter_map(|(k, p)| {
            let blob = p.blob?;
            if p.format == PageFormat::Unknown {
                return Some((
                    k,
                    p.blob_offset,
                    "the page is in no format gamepak knows".into(),
                ));
            }
            pages::verify(blob, p.format, "", limits).err().map(|e| {
                (
                    k,
                    p.blob_offset,
                    crate::limits::failure("the page does not decode", &e),
                )
            })
        })
        .collect();
    for (k, at, why) in failures {
        r.error(chunk_location(FourCC::TXTR).at("page", k), at, why);
    }
    for i in 0..game.tpag.items.len() {
        for e in game.item_problems(i) {
            r.error(e.path, e.offset.unwrap_or_default(), e.kind.to_string());
        }
    }
}

fn frames(game: &Game<'_>, r: &mut Report) {
    for (what, list, chunk) in [
        ("sprite", &game.sprites, FourCC::SPRT),
        ("background", &game.backgrounds, FourCC::BGND),
    ] {
        for (i, s) in list.iter().enumerate() {
            for (f, (&ptr, &at)) in s.items.iter().zip(&s.slots).enumerate() {
                let bounds = game.item(ptr).map(|it| it.bounding.map(u32::from));
                if let (Some([w, h]), Some(size)) = (bounds, s.size) {
                    if (w, h) != size {
                        r.warn(
                            chunk_location(chunk).at("entry", i),
                            at,
                            format!(
                                "{what} {:?} is {}x{}, but frame {f} is {w}x{h}",
                                s.name, size.0, size.1
                            ),
                        );
                    }
                }
                if ptr != 0 && game.item(ptr).is_none() {
                    r.error(
                        chunk_location(chunk).at("entry", i),
                        at,
                        format!(
                            "{what} {:?} frame {f} points at {ptr:#x}, which is no TPAG item",
                            s.name
                        ),
                    );
                }
            }
        }
    }
}

/// Indices between resources: an object's sprite and parent, a room instance's
/// object, the code an event or script runs, and a font's TPAG item.
fn references(game: &Game<'_>, r: &mut Report) {
    let form = &game.form;
    // Every view reads: a record that does not is located by its error. The views
    // that read are kept for the checks below.
    let mut views = std::collections::HashMap::new();
    for chunk in super::resources::VIEWS.map(|v| v.chunk) {
        match super::resources::view(form, chunk, &game.code) {
            Some(Ok(v)) => {
                views.insert(chunk, v);
            }
            Some(Err(e)) => {
                let at = e
                    .offset
                    .unwrap_or_else(|| form.chunk(chunk).map_or(0, |c| c.offset));
                r.error(e.path.clone(), at, e.kind.to_string());
            }
            None => {}
        }
    }
    let count = |chunk: FourCC| {
        form.chunk(chunk)
            .and_then(|c| super::refs::list(form, c).ok())
            .map_or(0, |l| l.len() as i64)
    };
    let (sprites, objects) = (count(FourCC::SPRT), count(FourCC::OBJT));
    let view = |chunk: FourCC| -> &[serde_json::Value] {
        views
            .get(&chunk)
            .and_then(serde_json::Value::as_array)
            .map_or(&[], Vec::as_slice)
    };
    // A record's problem is located at the record: where its pointer leads.
    let mut bad = |chunk: FourCC, i: usize, msg: String| {
        let record = form.chunk(chunk).and_then(|c| {
            let p = *super::refs::list(form, c).ok()?.get(i)?;
            Some(u64::from(p))
        });
        let at = record.unwrap_or_else(|| form.chunk(chunk).map_or(0, |c| c.offset));
        r.error(chunk_location(chunk).at("entry", i), at, msg);
    };
    for (i, o) in view(FourCC::OBJT).iter().enumerate() {
        let name = &o["name"];
        let sprite = o["sprite"].as_i64().unwrap_or(-1);
        if sprite < -1 || sprite >= sprites {
            bad(
                FourCC::OBJT,
                i,
                format!("object {name}: sprite {sprite} does not exist ({sprites} sprites)"),
            );
        }
        let parent = o["parent"].as_i64().unwrap_or(-100);
        if !(parent == -100 || parent == -1 || (0..objects).contains(&parent)) {
            bad(
                FourCC::OBJT,
                i,
                format!("object {name}: parent {parent} does not exist ({objects} objects)"),
            );
        }
        let events = o["events"].as_array().map_or(&[][..], Vec::as_slice);
        let codes = events
            .iter()
            .flat_map(|e| e["code"].as_array().into_iter().flatten());
        for missing in codes.filter(|c| c.is_number()) {
            let msg =
                format!("object {name}: an event runs code entry {missing}, which does not exist");
            bad(FourCC::OBJT, i, msg);
        }
    }
    for (i, room) in view(FourCC::ROOM).iter().enumerate() {
        let layers = room["layers"].as_array().into_iter().flatten();
        for layer in layers.filter(|l| l["all instances known"] == false) {
            bad(
                FourCC::ROOM,
                i,
                format!(
                    "room {}: layer {} holds an instance the room does not",
                    room["name"], layer["name"]
                ),
            );
        }
        for inst in room["instances"].as_array().into_iter().flatten() {
            let o = inst["object"].as_i64().unwrap_or(-1);
            if !(0..objects).contains(&o) {
                bad(
                    FourCC::ROOM,
                    i,
                    format!(
                        "room {}: instance {} is of object {o}, which does not exist",
                        room["name"], inst["id"]
                    ),
                );
            }
        }
    }
    if let Some(c) = form.chunk(FourCC::FONT) {
        for (i, p) in super::refs::list(form, c)
            .unwrap_or_default()
            .into_iter()
            .enumerate()
        {
            let item = super::refs::u32_at(form, u64::from(p) + 28).unwrap_or(0);
            if p != 0 && item != 0 && game.item(item).is_none() {
                r.error(
                    chunk_location(FourCC::FONT).at("entry", i),
                    u64::from(p) + 28,
                    format!("font texture {item:#x} is no TPAG item"),
                );
            }
        }
    }
}

/// Every record pointer lands inside its chunk, past the list, in ascending order;
/// every record's name, and GEN8's names, are references to STRG strings.
fn lists(game: &Game<'_>, r: &mut Report) {
    let form = &game.form;
    let strings: std::collections::HashSet<u64> =
        game.strings.iter().map(|s| s.offset + 4).collect();
    let mut name_at = |path: Location, at: u64| {
        let p = super::refs::u32_at(form, at).unwrap_or(0);
        if p != 0 && !strings.contains(&u64::from(p)) {
            r.error(
                path,
                at,
                format!("the name reference {p:#x} is no STRG string"),
            );
        }
    };
    for (path, at) in super::refs::name_references(form, game.gen8.bytecode) {
        name_at(path, at);
    }
    for c in form
        .chunks
        .iter()
        .filter(|c| super::refs::LISTS.contains(&c.name))
    {
        let Ok(ptrs) = super::refs::list(form, c) else {
            continue;
        };
        let after_list = c.body_offset() + 4 + 4 * ptrs.len() as u64;
        let mut last = 0u64;
        for (i, &p) in ptrs.iter().enumerate().filter(|(_, p)| **p != 0) {
            let p = u64::from(p);
            let path = c.location().at("entry", i);
            if p < after_list || p >= c.end() {
                r.error(
                    path,
                    c.body_offset() + 4 + 4 * i as u64,
                    format!("points at {p:#x}, outside the chunk's records"),
                );
            } else if p <= last {
                r.warn(
                    path,
                    c.body_offset() + 4 + 4 * i as u64,
                    format!("points at {p:#x}, before the entry ahead of it"),
                );
            }
            last = last.max(p);
        }
    }
}
