//! AUDO, the embedded audio: a pointer list of entries, each a u32 length and the
//! clip's bytes (WAV or Ogg as stored), 4-byte aligned, with no padding after the last.

use super::container::{Chunk, Form};
use super::refs::{list, records, target};
use crate::assets::Damage;
use crate::bytes::{Endian, Writer};
use crate::error::Result;
use crate::fourcc::FourCC;
use crate::report::Problem;

#[derive(Debug, Clone, Default)]
pub struct Clip<'a> {
    /// Absolute offset of the clip's bytes (past the length); 0 for an entry that
    /// could not be read (kept in place so that clip ids stay list positions).
    pub offset: u64,
    pub bytes: &'a [u8],
}

/// Every clip, or the first entry that does not read.
pub fn read<'a>(form: &Form<'a>) -> Result<Vec<Clip<'a>>> {
    read_clips(form, None)
}

/// Reads AUDO strictly without `damage`; with it, a clip that does not read (cut
/// short with the file) is lost alone: recorded, and kept as an empty clip placed
/// at the end of the file, where a salvage knows nothing is.
pub fn read_clips<'a>(form: &Form<'a>, mut damage: Option<&mut Damage>) -> Result<Vec<Clip<'a>>> {
    let Some(chunk) = form.chunk(FourCC::AUDO) else {
        return Ok(Vec::new());
    };
    let ptrs = match (list(form, chunk), damage.as_deref_mut()) {
        (Ok(ptrs), _) => ptrs,
        (Err(e), Some(d)) => {
            d.lose(&e);
            return Ok(Vec::new());
        }
        (Err(e), None) => return Err(e),
    };
    let mut clips = Vec::new();
    for (i, &p) in ptrs.iter().enumerate() {
        clips.push(match (clip(form, chunk, i, p), damage.as_deref_mut()) {
            (Ok(c), _) => c,
            (Err(e), Some(d)) => {
                d.lose(&e);
                Clip {
                    offset: d.input_size,
                    bytes: &[],
                }
            }
            (Err(e), None) => return Err(e),
        });
    }
    Ok(clips)
}

/// Every clip; one that cannot be read is left empty in its place, and why goes to
/// `problems`.
pub fn clips<'a>(form: &Form<'a>, problems: &mut Vec<Problem>) -> Vec<Clip<'a>> {
    let Some(chunk) = form.chunk(FourCC::AUDO) else {
        return Vec::new();
    };
    records(form, chunk, (4, "clip length"), problems, |i, at| {
        clip_at(form, chunk, i, at)
    })
    .into_iter()
    .map(Option::unwrap_or_default)
    .collect()
}

/// Entry `i` of AUDO, which the pointer `p` points at. Read alone, so that a check
/// can name every broken entry rather than the first.
pub fn clip<'a>(form: &Form<'a>, chunk: &Chunk<'a>, i: usize, p: u32) -> Result<Clip<'a>> {
    let at = target(chunk, chunk.body_offset(), i, p, 4, "clip length")?;
    clip_at(form, chunk, i, at)
}

/// Entry `i` of AUDO, whose length is at `at`, inside the chunk.
fn clip_at<'a>(form: &Form<'a>, chunk: &Chunk<'a>, i: usize, at: u64) -> Result<Clip<'a>> {
    let path = chunk.location().at("entry", i);
    Ok(Clip {
        offset: at + 4,
        bytes: form.blob_in(chunk, at, &path, "clip")?,
    })
}

/// AUDO's body for `clips` when it starts at absolute `body_offset`, padded to `align`
/// for a chunk that follows (1 when none follows).
pub fn write(clips: &[&[u8]], body_offset: u64, align: u64, endian: Endian) -> Vec<u8> {
    let n = clips.len() as u64;
    let mut at = body_offset + 4 + 4 * n;
    let mut starts = Vec::with_capacity(clips.len());
    for c in clips {
        at = at.next_multiple_of(4);
        starts.push(at);
        at += 4 + c.len() as u64;
    }
    let mut w = Writer::with_capacity(endian, (at - body_offset) as usize + 16);
    w.u32(n as u32);
    starts.iter().for_each(|s| w.u32(*s as u32));
    for (c, s) in clips.iter().zip(&starts) {
        while body_offset + (w.len() as u64) < *s {
            w.u8(0);
        }
        w.u32(c.len() as u32);
        w.bytes(c);
    }
    while !(body_offset + w.len() as u64).is_multiple_of(align) {
        w.u8(0);
    }
    w.into_vec()
}
