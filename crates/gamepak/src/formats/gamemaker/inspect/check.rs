//! Strict validation of a GameMaker file, as far as gamepak reads it: the container,
//! every chunk through the typed model, texture pages and the items on them, sprite
//! and background frames, sounds and strings.

use rayon::prelude::*;

use crate::formats::gamemaker::binary::container::{chunk_location, form_location};
use crate::formats::gamemaker::views::file_view::{FileView, Seen};
use crate::formats::gamemaker::{pictures::page_codecs, views::page_blobs::PageFormat};
use crate::fourcc::FourCC;
use crate::limits::Limits;
use crate::report::{Report, Severity};

/// Checks a game, read into its views and its model, and the audio group files
/// beside `input` when it is given.
pub fn check(game: &FileView<'_>, input: Option<&std::path::Path>, limits: &Limits) -> Report {
    let data = game.form.data;
    let model = &game.model;
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
    let starts: Vec<u64> = game.form.chunks.iter().map(|c| c.body_offset()).collect();
    unmodelled(model, &mut r);
    page_problems(game, limits, &mut r);
    frames(game, &mut r);
    crate::formats::gamemaker::inspect::check_references::check(model, &starts, &mut r);
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
    let names = crate::formats::gamemaker::bytecode::disassemble::names(game);
    r.problems
        .extend(crate::formats::gamemaker::bytecode::disassemble::unlinked_calls(game, &names));
    r.problems.extend(names.problems);
    // Where STRG ends is the file's layout: a game in memory has none yet.
    let in_file = matches!(game.model, Seen::Read(_));
    if let Some(c) = game.form.chunk(FourCC::STRG).filter(|_| in_file) {
        if !c
            .end()
            .is_multiple_of(crate::formats::gamemaker::model::chunks::strings::END_ALIGN)
        {
            r.warn(
                c.location(),
                c.end(),
                format!(
                    "STRG ends at {:#x}, off the {}-byte boundary GameMaker pads it to (strict readers reject the file)",
                    c.end(),
                    crate::formats::gamemaker::model::chunks::strings::END_ALIGN
                ),
            );
        }
    }
    crate::formats::gamemaker::audio_group::group_check::check_sounds(
        &game.model,
        &game.sounds,
        input,
        limits,
        &mut r,
    );
    one_error_per_place(&mut r);
    r
}

/// The first error at each place only: a reference the model could not follow is
/// also one the views read apart from it may find.
fn one_error_per_place(r: &mut Report) {
    let mut seen = std::collections::HashSet::new();
    r.problems
        .retain(|p| p.severity != Severity::Error || seen.insert((p.path.clone(), p.offset)));
}

/// Every chunk the typed model does not read: pack keeps such a chunk as stored,
/// and refuses any edit that would move it. Bytes that break the format are an
/// error where the model stopped; bytes that are sound but laid out unlike any
/// release the model knows are a warning, since a newer release may lay them out so.
fn unmodelled(model: &crate::formats::gamemaker::model::Game<'_>, r: &mut Report) {
    for part in &model.chunks {
        if let crate::formats::gamemaker::model::chunks::Body::Stored { why: Some(why), .. } =
            &part.body
        {
            let msg = format!("{} (pack keeps {} as stored)", why.message, part.name);
            if why.damage {
                r.error(why.path.clone(), why.offset, msg);
            } else {
                r.warn(
                    why.path.clone(),
                    why.offset,
                    format!("not in a layout the model knows: {msg}"),
                );
            }
        }
    }
}

fn page_problems(game: &FileView<'_>, limits: &Limits, r: &mut Report) {
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
            page_codecs::verify(blob, p.format, "", limits)
                .err()
                .map(|e| {
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

/// Sprites whose frames are not the sprite's size. GameMaker: Studio 1 lays out a
/// sprite's frames at their own sizes, larger than the sprite's where a frame is
/// (a real 1.x build has such a sprite), so only later files are judged.
fn frames(game: &FileView<'_>, r: &mut Report) {
    if game.gen8.version[0] < 2 {
        return;
    }
    let chunk = game
        .model
        .chunks
        .iter()
        .position(|p| p.name == FourCC::SPRT);
    for (i, s) in game.sprites.iter().enumerate() {
        let Some(size) = s.size else { continue };
        let at = chunk.and_then(|c| game.model.place(c, i)).unwrap_or(0);
        for (f, &ptr) in s.items.iter().enumerate() {
            let Some([w, h]) = game.item(ptr).map(|it| it.bounding.map(u32::from)) else {
                continue;
            };
            if (w, h) != size {
                r.warn(
                    chunk_location(FourCC::SPRT).at("entry", i),
                    at,
                    format!(
                        "sprite {:?} is {}x{}, but frame {f} is {w}x{h}",
                        s.name, size.0, size.1
                    ),
                );
            }
        }
    }
}
