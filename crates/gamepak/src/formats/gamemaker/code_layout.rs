//! CODE laid out again from its blobs, and the chunks after it moved to follow.
//!
//! CODE (bytecode 15 and later) is a pointer list, every blob in address order, then
//! the 20-byte entries in list order, then zeros to the chunk alignment; written
//! from the blobs as stored, that gives CODE's bytes back on every real game. When
//! a blob changes size, the chunks after CODE (VARI, FUNC, FEAT, STRG, TXTR, AUDO in
//! every known version) move by the same amount: TXTR and AUDO are laid out again,
//! the others are copied, and every reference into them that gamepak knows is moved
//! with them (see [`references`]). Before anything moves, every word of the stored
//! chunks that reads like a reference into them (a string's characters, a STRG
//! entry, a chunk's body, a code entry) must be one of those known references;
//! otherwise the edit is refused with the word's place, since moving the chunks would
//! leave it pointing at the wrong bytes. Only chunks whose inner pointers are all followed may move
//! (`MOVABLE`); in GameMaker's order every other chunk comes before CODE and
//! STRG, and a file where one would move is refused rather than left with stale
//! pointers. Bytecode 13/14 CODE is kept as stored.

use std::collections::HashSet;

use super::code_edit::{Blob, Editor};
use super::container::{self, Chunk};
use super::game::Game;
use super::refs::{self, put_u32, u32_at};
use super::resources::{self, Noted};
use super::{audo, strg, txtr};
use crate::bytes::Writer;
use crate::error::{Error, Result};
use crate::fourcc::FourCC;

/// The file `game` is with `blobs` (one per blob of [`super::code::blobs`], in its
/// order) in CODE.
pub fn rebuild(game: &Game<'_>, editor: &Editor<'_, '_>, blobs: &[Blob]) -> Result<Vec<u8>> {
    let form = &game.form;
    let code = form
        .chunk(FourCC::CODE)
        .ok_or_else(|| Error::at(container::form_location(), "the file has no CODE chunk"))?;
    let align = form.alignment();
    let last = form.chunks.len() - 1;
    // Bytecode 13/14 code is not assembled: its CODE is kept as stored (with its
    // references moved like any other chunk's) and only strings may be added.
    let assembles = game.gen8.bytecode >= 15;
    // Every chunk's body at its new place (CODE's is written once the others' places
    // are known), and how far each chunk moved.
    let mut bodies: Vec<Option<Vec<u8>>> = Vec::with_capacity(form.chunks.len());
    let mut shifts: Vec<Shift> = Vec::with_capacity(form.chunks.len());
    let mut offset = 8u64;
    // Where CODE's body goes, and the alignment of the chunk after it.
    let mut code_place = (code.body_offset(), align);
    for (i, c) in form.chunks.iter().enumerate() {
        let at = offset + 8;
        let align = if i == last { 1 } else { align };
        let moves = at as i64 - c.body_offset() as i64;
        let (body, len) = if is_read(form, c, FourCC::CODE) && assembles {
            code_place = (at, align);
            (None, code_size(game, blobs, at, align))
        } else if at == c.body_offset() {
            (Some(c.body.to_vec()), c.body.len() as u64)
        } else if !MOVABLE.contains(&c.name) {
            return Err(Error::at(
                c.location(),
                "the chunk would move, and gamepak does not rewrite the pointers inside it; \
                 in GameMaker's order it comes before CODE and STRG and never moves",
            ));
        } else {
            let body = laid_out_again(game, c, at, align)?;
            let len = body.len() as u64;
            (Some(body), len)
        };
        shifts.push((c.offset, c.end(), moves));
        bodies.push(body);
        offset = at + len;
    }
    let moved = |v: u64| -> u64 {
        match shifts
            .iter()
            .find(|(start, end, _)| (*start..*end).contains(&v))
        {
            Some((_, _, d)) => (v as i64 + d) as u64,
            None => v,
        }
    };
    let noted = resources::noted(form, &game.code);
    let sites = references(game, &noted);
    if shifts.iter().any(|s| s.2 != 0) {
        unexplained(game, &sites, &noted.plain)?;
    }
    let (code_body, uses) = if assembles {
        write_code(game, blobs, code_place, &moved)?
    } else {
        (Vec::new(), Vec::new())
    };
    let chunks: Vec<([u8; 4], Vec<u8>)> = form
        .chunks
        .iter()
        .zip(bodies)
        .map(|(c, b)| (c.raw, b.unwrap_or_else(|| code_body.clone())))
        .collect();
    let mut file = container::write(form.endian, &chunks)?;
    // CODE was written with its references moved; TXTR and AUDO were laid out
    // again, so a place inside them (only a damaged file names one) is not followed.
    let rewritten = |site: u64| {
        form.chunks.iter().any(|c| {
            (matches!(c.name, FourCC::TXTR | FourCC::AUDO) || c.name == FourCC::CODE && assembles)
                && (c.body_offset()..c.end()).contains(&site)
        })
    };
    for &site in sites.iter().filter(|&&s| !rewritten(s)) {
        let Some(v) = u32_at(form, site) else {
            continue;
        };
        let (at, to) = (moved(site), moved(v.into()));
        if to != u64::from(v) && at + 4 <= file.len() as u64 {
            put_u32(&mut file, at, to as u32, form.endian);
        }
    }
    if assembles {
        editor.write_chains(&mut file, &moved, &uses)?;
    }
    Ok(file)
}

/// The chunks that may move: every pointer inside them is one gamepak follows (VARI
/// and FUNC point into CODE, FEAT and STRG at strings) or they are laid out again
/// (TXTR, AUDO). CODE is written at its new place when it is assembled.
const MOVABLE: [FourCC; 6] = [
    FourCC::VARI,
    FourCC::FUNC,
    FourCC::FEAT,
    FourCC::STRG,
    FourCC::TXTR,
    FourCC::AUDO,
];

/// Whether `c` is the chunk of that name the game was read from (a damaged file may
/// repeat a chunk; the repeat is kept as stored).
fn is_read(form: &container::Form<'_>, c: &Chunk<'_>, name: FourCC) -> bool {
    c.name == name && form.chunk(name).is_some_and(|r| r.offset == c.offset)
}

/// A range of the file as read, `start..end`, and how far it moves.
type Shift = (u64, u64, i64);

/// Where STRG's strings end inside its body: past the last one's NUL, before the
/// padding.
fn strings_end(game: &Game<'_>, c: &Chunk<'_>) -> usize {
    let list = 4 + 4 * game.strings.len() as u64;
    let last = game
        .strings
        .iter()
        .map(|s| s.offset + 4 + s.bytes.len() as u64 + 1 - c.body_offset())
        .max()
        .unwrap_or(0);
    (list.max(last) as usize).min(c.body.len())
}

/// TXTR and AUDO at their new place; any other chunk as stored.
fn laid_out_again(game: &Game<'_>, c: &Chunk<'_>, at: u64, align: u64) -> Result<Vec<u8>> {
    let form = &game.form;
    let again = |old: Vec<u8>, new: Vec<u8>| {
        if old == c.body {
            Ok(new)
        } else {
            Err(Error::at(
                c.location(),
                "the chunk is not laid out as gamepak lays it out, so it cannot move; code edits must keep every blob's size",
            ))
        }
    };
    Ok(match (c.name, &game.txtr) {
        (FourCC::TXTR, Some(t)) if is_read(form, c, FourCC::TXTR) => {
            let blobs: Vec<Option<Vec<u8>>> =
                t.pages.iter().map(|p| p.blob.map(<[u8]>::to_vec)).collect();
            again(
                txtr::write(t, &blobs, c.body_offset(), align, form.endian),
                txtr::write(t, &blobs, at, align, form.endian),
            )?
        }
        // Its strings do not move inside it, but it ends padded at its new place.
        (FourCC::STRG, _) if is_read(form, c, FourCC::STRG) => {
            let mut body = c.body[..strings_end(game, c)].to_vec();
            let end = strg::padded_end(at, body.len() as u64).next_multiple_of(align);
            body.resize((end - at) as usize, 0);
            body
        }
        (FourCC::AUDO, _) if is_read(form, c, FourCC::AUDO) => {
            let clips: Vec<&[u8]> = game.clips.iter().map(|c| c.bytes).collect();
            again(
                audo::write(&clips, c.body_offset(), align, form.endian),
                audo::write(&clips, at, align, form.endian),
            )?
        }
        _ => c.body.to_vec(),
    })
}

/// The blobs in the order CODE stores them: by address (an empty one before the blob
/// that starts where it points).
fn stored_order(game: &Game<'_>) -> Vec<usize> {
    let first = |k: usize| &game.code[game.blob_entries()[k][0]];
    let mut order: Vec<usize> = (0..game.blob_entries().len()).collect();
    order.sort_by_key(|&k| (first(k).blob, first(k).length));
    order
}

/// CODE's body size with `blobs` when it starts at `at`, padded to `align` for the
/// chunk that follows.
fn code_size(game: &Game<'_>, blobs: &[Blob], at: u64, align: u64) -> u64 {
    let n = game.code.len() as u64;
    let entries = game.code.iter().filter(|e| e.at != 0).count() as u64;
    let size = 4 + 4 * n + 20 * entries + blobs.iter().map(|b| b.bytes.len() as u64).sum::<u64>();
    (at + size).next_multiple_of(align) - at
}

/// The new address and chain of every variable and function use.
type Uses = Vec<(u64, usize)>;

/// CODE's body, and the new address and chain of every variable and function use.
fn write_code(
    game: &Game<'_>,
    blobs: &[Blob],
    (at, align): (u64, u64),
    moved: &dyn Fn(u64) -> u64,
) -> Result<(Vec<u8>, Uses)> {
    let form = &game.form;
    let code = form.chunk(FourCC::CODE).expect("CODE read");
    let mut group_of = vec![0; game.code.len()];
    for (k, entries) in game.blob_entries().iter().enumerate() {
        entries.iter().for_each(|&i| group_of[i] = k);
    }
    let mut w = Writer::with_capacity(form.endian, code.body.len() + 64);
    w.u32(game.code.len() as u32);
    w.bytes(&vec![0; 4 * game.code.len()]);
    let mut blob_at = vec![0u64; blobs.len()];
    let mut uses = Vec::new();
    for k in stored_order(game) {
        blob_at[k] = at + w.len() as u64;
        w.bytes(&blobs[k].bytes);
        uses.extend(
            blobs[k]
                .uses
                .iter()
                .map(|&(o, c)| (blob_at[k] + u64::from(o), c)),
        );
    }
    for (i, e) in game.code.iter().enumerate().filter(|(_, e)| e.at != 0) {
        let here = at + w.len() as u64;
        w.patch_u32(4 + 4 * i, here as u32);
        let k = group_of[i];
        let name = u32_at(form, e.at).unwrap_or(0);
        w.u32(moved(name.into()) as u32);
        w.u32(blobs[k].bytes.len() as u32);
        w.u16(e.locals);
        w.u16(e.arguments);
        w.i32((blob_at[k] as i64 - (here as i64 + 12)) as i32);
        let start = blobs[k].starts.get(&e.start).copied().unwrap_or(e.start);
        w.u32(start);
    }
    while !(at + w.len() as u64).is_multiple_of(align) {
        w.u8(0);
    }
    Ok((w.into_vec(), uses))
}

/// Every reference gamepak knows to a string, as the absolute offset of its u32:
/// names of fixed place (see [`refs::name_references`]) and every string field the
/// JSON views read.
pub fn string_references(game: &Game<'_>, noted: &Noted) -> Vec<u64> {
    let mut sites: Vec<u64> = refs::name_references(&game.form, game.gen8.bytecode)
        .into_iter()
        .map(|(_, at)| at)
        .collect();
    sites.extend(&noted.strings);
    sites.sort_unstable();
    sites.dedup();
    sites
}

/// [`string_references`] and STRG's own pointer list.
pub fn references(game: &Game<'_>, noted: &Noted) -> Vec<u64> {
    let form = &game.form;
    let mut sites = string_references(game, noted);
    if let Some(strg) = form.chunk(FourCC::STRG) {
        let n = refs::list(form, strg).map_or(0, |l| l.len() as u64);
        sites.extend((0..n).map(|i| strg.body_offset() + 4 + 4 * i));
    }
    sites.sort_unstable();
    sites.dedup();
    sites
}

/// Refuses to move the chunks after CODE when a stored chunk holds a word that reads
/// like a reference into them but lies where gamepak knows no reference (`known`)
/// and outside the ranges it knows hold numbers only (`plain`).
pub fn unexplained(game: &Game<'_>, known: &[u64], plain: &[(u64, u64)]) -> Result<()> {
    let form = &game.form;
    let code = form.chunk(FourCC::CODE).expect("CODE read");
    let mut targets: HashSet<u32> = HashSet::new();
    for s in &game.strings {
        targets.insert(s.offset as u32);
        targets.insert(s.offset as u32 + 4);
    }
    for c in form.chunks.iter().filter(|c| c.offset >= code.offset) {
        targets.insert(c.body_offset() as u32);
    }
    for e in game.code.iter().filter(|e| e.at != 0) {
        targets.insert(e.at as u32);
    }
    let known: HashSet<u64> = known.iter().copied().collect();
    // CODE is written again whole, STRG's list is known and TXTR and AUDO are laid
    // out again; every field of GEN8 and TPAG is known, so a word there that reads
    // like a reference is a number that happens to match.
    let scanned = form.chunks.iter().filter(|c| {
        !matches!(
            c.name,
            FourCC::CODE | FourCC::STRG | FourCC::TXTR | FourCC::AUDO | FourCC::GEN8 | FourCC::TPAG
        )
    });
    for c in scanned {
        let mut at = c.body_offset().next_multiple_of(4);
        while at + 4 <= c.end() {
            let v = u32_at(form, at).unwrap_or(0);
            let numbers = plain.iter().any(|&(s, e)| (s..e).contains(&at));
            if targets.contains(&v) && !known.contains(&at) && !numbers {
                let what = match refs::string_at(form, v) {
                    Some(s) => format!("a reference to the string {s:?}"),
                    None => format!("a reference to {v:#x}"),
                };
                return Err(Error::invalid(
                    c.location(),
                    at,
                    format!(
                        "this word reads like {what} where gamepak knows no field, so the \
                         chunks after CODE cannot move; code edits to this game must keep every \
                         blob's size"
                    ),
                ));
            }
            at += 4;
        }
    }
    Ok(())
}
