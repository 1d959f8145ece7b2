//! SOND and AGRP: sounds and audio groups.

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;
use crate::formats::gamemaker::refs::list;
use crate::formats::gamemaker::{audio_group, sond};

/// A sound, with the file its clip lives in when that is an audio group's
/// (`audio` is then the clip's index in that file).
pub(super) fn sound(r: &At) -> Result<Value> {
    let group = sond::group(Some(r.u32(28)?), super::symbols::bytecode(r));
    let audio = r.i32(32)?;
    let group_file = (group != 0 && audio >= 0).then(|| audio_group::file_name(group));
    Ok(json!({
        "name": r.str(0)?, "flags": r.u32(4)?, "type": r.str(8)?, "file": r.str(12)?,
        "effects": r.u32(16)?, "volume": r.f32(20)?, "pitch": r.f32(24)?,
        "group": r.i32(28)?, "audio": audio, "group_file": group_file,
    }))
}

/// 2024.14 gives audio groups a path, told by a string where the next record would
/// start. Records packed one after another hold the next one's name there, which is
/// a string too: that is told by the next record starting there.
pub(super) fn group(r: &At) -> Result<Value> {
    let next_starts_at_4 = list(r.form, r.chunk)?.contains(&(r.base as u32 + 4));
    Ok(if r.names_string(4) && !next_starts_at_4 {
        json!({"name": r.str(0)?, "path": r.str(4)?})
    } else {
        json!({"name": r.str(0)?})
    })
}
