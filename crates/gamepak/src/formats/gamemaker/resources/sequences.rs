//! Sequences (GameMaker 2.3 and later): SEQN's records, and the sequence a GameMaker 2
//! sprite of version 2 or 3 embeds (after a u32 version) at its sequence offset.
//!
//! A sequence is its name, playback mode, speed and speed type, length, origin and
//! volume, then four lists: broadcast-message keyframes, tracks, function ids (index
//! and name) and moment keyframes. A track is its model name, name, built-in name,
//! traits, creation flag, the counts of its tags, owned resources and sub-tracks, the
//! tags, the sub-tracks, and keyframes whose channel data the model decides. A
//! keyframe is its key, length, stretch and disabled flags, and (channel, data) pairs.
//!
//! The view reads what it knows and says where it stopped: owned animation curves
//! and the real, colour and group track models are not read yet.

use serde_json::{json, Map, Value};

use super::record::At;
use crate::error::{Error, Result};

/// Tracks nest; deeper than this is taken as damage, not a sequence.
const MAX_DEPTH: usize = 16;

/// A SEQN record.
pub(super) fn record(r: &At) -> Result<Value> {
    Ok(sequence(r))
}

/// The sequence at the start of `r`.
pub(super) fn sequence(r: &At) -> Value {
    let mut c = Cursor { r, off: 0 };
    let mut out = Map::new();
    match read(&mut c, &mut out) {
        Ok(()) => Value::Object(out),
        Err(e) => {
            out.insert("not read past".into(), json!(e.to_string()));
            Value::Object(out)
        }
    }
}

struct Cursor<'r, 'f, 'a> {
    r: &'r At<'f, 'a>,
    off: u64,
}

impl Cursor<'_, '_, '_> {
    fn u32(&mut self) -> Result<u32> {
        let v = self.r.u32(self.off)?;
        self.off += 4;
        Ok(v)
    }
    fn i32(&mut self) -> Result<i32> {
        self.u32().map(|v| v as i32)
    }
    fn f32(&mut self) -> Result<f32> {
        self.u32().map(f32::from_bits)
    }
    /// A string reference; anything but a STRG string or 0 means the layout is not
    /// the one read here.
    fn str(&mut self) -> Result<String> {
        if self.r.u32(self.off)? != 0 && !self.r.names_string(self.off) {
            return Err(self.refuse("a string field names no string".into()));
        }
        let s = self.r.str(self.off)?.to_string();
        self.off += 4;
        Ok(s)
    }
    /// A count whose entries, `size` bytes or more each, fit what is left of the chunk.
    fn count(&mut self, size: u64) -> Result<u32> {
        let off = self.off;
        let n = self.u32()?;
        self.r.fits(off, n.into(), size)?;
        Ok(n)
    }
    fn refuse(&self, why: String) -> Error {
        Error::invalid(&self.r.path, self.r.base + self.off, why)
    }
}

fn read(c: &mut Cursor, out: &mut Map<String, Value>) -> Result<()> {
    out.insert("name".into(), json!(c.str()?));
    out.insert("playback".into(), json!(c.u32()?));
    out.insert("speed".into(), json!(c.f32()?));
    out.insert("speed type".into(), json!(c.u32()?));
    out.insert("length".into(), json!(c.f32()?));
    out.insert("origin".into(), json!([c.i32()?, c.i32()?]));
    out.insert("volume".into(), json!(c.f32()?));
    let messages = keyframes(c, &mut |c| {
        let n = c.count(4)?;
        (0..n)
            .map(|_| Ok(json!(c.str()?)))
            .collect::<Result<Vec<_>>>()
            .map(Value::Array)
    })?;
    out.insert("broadcast messages".into(), messages);
    let n = c.count(32)?;
    let tracks = (0..n).map(|_| track(c, 0)).collect::<Result<Vec<_>>>();
    out.insert("tracks".into(), json!(tracks?));
    let n = c.count(8)?;
    let ids = (0..n)
        .map(|_| Ok(json!([c.i32()?, c.str()?])))
        .collect::<Result<Vec<_>>>();
    out.insert("function ids".into(), json!(ids?));
    let moments = keyframes(c, &mut |c| {
        let n = c.u32()?;
        Ok(if n > 0 { json!(c.str()?) } else { Value::Null })
    })?;
    out.insert("moments".into(), moments);
    Ok(())
}

fn keyframes(c: &mut Cursor, data: &mut dyn FnMut(&mut Cursor) -> Result<Value>) -> Result<Value> {
    let n = c.count(20)?;
    (0..n)
        .map(|_| {
            let (key, length, stretch, disabled) = (c.f32()?, c.f32()?, c.u32()?, c.u32()?);
            let channels = c.count(8)?;
            let channels = (0..channels)
                .map(|_| Ok(json!({"channel": c.i32()?, "value": data(c)?})))
                .collect::<Result<Vec<_>>>()?;
            Ok(
                json!({"key": key, "length": length, "stretch": stretch != 0,
                      "disabled": disabled != 0, "channels": channels}),
            )
        })
        .collect::<Result<Vec<_>>>()
        .map(Value::Array)
}

fn track(c: &mut Cursor, depth: usize) -> Result<Value> {
    if depth >= MAX_DEPTH {
        return Err(c.refuse(format!("tracks nested deeper than {MAX_DEPTH}")));
    }
    let model = c.str()?;
    let name = c.str()?;
    let (builtin, traits, creation) = (c.i32()?, c.i32()?, c.u32()?);
    let (tags, owned, subtracks) = (c.count(4)?, c.u32()?, c.u32()?);
    let tags = (0..tags).map(|_| c.i32()).collect::<Result<Vec<_>>>()?;
    if owned != 0 {
        return Err(c.refuse(format!(
            "track {name:?} owns {owned} animation curves, which are not read"
        )));
    }
    let subtracks = (0..subtracks)
        .map(|_| track(c, depth + 1))
        .collect::<Result<Vec<_>>>()?;
    let mut one_number = |c: &mut Cursor| c.i32().map(|v| json!(v));
    let keyframes = match model.as_str() {
        "GMSpriteFramesTrack"
        | "GMBoolTrack"
        | "GMIntTrack"
        | "GMInstanceTrack"
        | "GMGraphicTrack"
        | "GMSequenceTrack"
        | "GMParticleTrack" => keyframes(c, &mut one_number)?,
        "GMStringTrack" => keyframes(c, &mut |c| c.str().map(|s| json!(s)))?,
        "GMAudioTrack" => keyframes(c, &mut |c| {
            Ok(json!({"sound": c.i32()?, "unused": c.i32()?, "mode": c.i32()?}))
        })?,
        "GMTextTrack" => keyframes(c, &mut |c| {
            Ok(
                json!({"text": c.str()?, "wrap": c.u32()? != 0, "alignment": c.i32()?, "font": c.i32()?}),
            )
        })?,
        other => return Err(c.refuse(format!("track model {other:?} is not read"))),
    };
    Ok(json!({
        "model": model, "name": name, "builtin": builtin, "traits": traits,
        "creation track": creation != 0, "tags": tags, "tracks": subtracks, "keyframes": keyframes,
    }))
}
