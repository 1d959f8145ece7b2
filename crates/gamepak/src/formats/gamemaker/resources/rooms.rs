//! The room view: the room's fields, its instances, and (GameMaker 2 and later) its
//! layers. The layer list is the pointer field at 88, or at 92 in files that put an
//! instance-creation-order list after the tiles (2024); the one whose entries read as
//! named layers of a known type is taken.
//!
//! A layer's data follows its common fields, after the effect fields that 2022.1 added
//! (enabled, type, properties). Whether a file has them is told by its instance
//! layers: the instance ids, which the room's own instance list names, sit right
//! after the common fields or right after the effect fields, and only one of the two
//! fits. A file without an instance layer that holds instances is judged by FEAT
//! (2022.8 and later).

use std::collections::HashSet;

use serde_json::{json, Value};

use super::record::At;
use crate::error::Result;
use crate::fourcc::FourCC;

const LAYER_TYPES: [&str; 8] = [
    "path",
    "background",
    "instances",
    "assets",
    "tiles",
    "5",
    "effect",
    "path2",
];

pub(super) fn room(r: &At) -> Result<Value> {
    let instances = r.each(&r.list_at_ptr(48)?, "instance", |inst| {
        Ok(json!({"x": inst.i32(0)?, "y": inst.i32(4)?, "object": inst.i32(8)?, "id": inst.u32(12)?,
                  "creation code": inst.code_name(inst.i32(16)?)}))
    })?;
    let ids: HashSet<u64> = instances.iter().filter_map(|i| i["id"].as_u64()).collect();
    let mut out = json!({
        "name": r.str(0)?, "caption": r.str(4)?, "width": r.u32(8)?, "height": r.u32(12)?,
        "speed": r.u32(16)?, "persistent": r.u32(20)?,
        "background colour": format!("{:#010x}", r.u32(24)?),
        "creation code": r.code_name(r.i32(32)?),
        "instances": instances,
    });
    if let Some(layers) = layers(r, &ids) {
        out["layers"] = layers;
    }
    Ok(out)
}

/// The layer list, when there is one that reads as layers: at field 88, or at 92
/// where a list of instance creation order comes after the tiles (2024).
fn layers(r: &At, ids: &HashSet<u64>) -> Option<Value> {
    [88, 92].into_iter().find_map(|off| layers_at(r, off, ids))
}

fn layers_at(r: &At, off: u64, ids: &HashSet<u64>) -> Option<Value> {
    let ptr = r.u32(off).ok().filter(|&p| p != 0)?;
    let list = r
        .list_from(ptr.into())
        .ok()
        .filter(|l| !l.values.is_empty())?;
    let present: Vec<At> = list
        .values
        .iter()
        .filter(|&&p| p != 0)
        .map(|&p| r.at(p, "layer"))
        .collect();
    // Every layer must start with a name and a known type to count as a layer list,
    // and a list of null slots alone is not taken for one.
    if present.is_empty()
        || !present
            .iter()
            .all(|l| l.u32(8).is_ok_and(|t| t < 8) && !l.str(0).unwrap_or("").is_empty())
    {
        return None;
    }
    let effects = present
        .iter()
        .find_map(|l| data_offset_by_instances(l, ids))
        .unwrap_or_else(|| r.form.chunk(FourCC::FEAT).is_some());
    r.each(&list, "layer", |l| layer(l, effects, ids))
        .ok()
        .map(Value::Array)
}

/// For an instance layer holding instances: whether its ids follow effect fields.
fn data_offset_by_instances(l: &At, ids: &HashSet<u64>) -> Option<bool> {
    if l.u32(8).ok()? != 2 {
        return None;
    }
    let holds_ids = |off: u64| {
        let n = u64::from(l.u32(off).unwrap_or(0));
        n > 0
            && (0..n.min(1 << 20)).all(|k| {
                l.u32(off + 4 + 4 * k)
                    .is_ok_and(|id| ids.contains(&u64::from(id)))
            })
    };
    if holds_ids(36) {
        return Some(false);
    }
    let props = u64::from(l.u32(44).ok()?);
    holds_ids(48 + 12 * props).then_some(true)
}

fn layer(l: &At, effects: bool, ids: &HashSet<u64>) -> Result<Value> {
    let kind = l.u32(8)?;
    let mut out = json!({
        "name": l.str(0)?, "id": l.u32(4)?,
        "type": LAYER_TYPES.get(kind as usize).copied().unwrap_or("?"),
        "depth": l.i32(12)?, "offset": [l.f32(16)?, l.f32(20)?], "speed": [l.f32(24)?, l.f32(28)?],
        "visible": l.u32(32)?,
    });
    let data = if effects {
        out["effect"] = json!(l.str(40)?);
        48 + 12 * u64::from(l.u32(44)?)
    } else {
        36
    };
    match kind {
        1 => {
            out["background"] = json!({
                "visible": l.u32(data)?, "foreground": l.u32(data + 4)?, "sprite": l.i32(data + 8)?,
                "tiled": [l.u32(data + 12)?, l.u32(data + 16)?], "stretch": l.u32(data + 20)?,
                "colour": format!("{:#010x}", l.u32(data + 24)?),
            });
        }
        2 => {
            let n = u64::from(l.u32(data)?);
            let members = (0..n.min(1 << 20))
                .map(|k| l.u32(data + 4 + 4 * k))
                .collect::<Result<Vec<_>>>()?;
            out["instances"] = json!(members);
            out["all instances known"] =
                json!(members.iter().all(|i| ids.contains(&u64::from(*i))));
        }
        4 => {
            out["tiles"] = json!({
                "tileset": l.i32(data)?, "columns": l.u32(data + 4)?, "rows": l.u32(data + 8)?,
            });
        }
        _ => {}
    }
    Ok(out)
}
