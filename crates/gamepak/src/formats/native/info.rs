//! `info`: the title, screen, mode, counts, and every table entry.

use serde_json::{json, Value};

use super::items::{codec, seconds, View};
use super::model::*;
use crate::codec::png::dimensions as png_size;
use crate::limits::Limits;

pub fn info(doc: &GameBin<'_>, limits: &Limits) -> Value {
    let m = &doc.meta;
    // The container holds at least the metadata and the title.
    let title = String::from_utf8_lossy(&doc.chunks[1]);
    let mut v = json!({
        "format": "native",
        "layout": match doc.layout {
            Layout::Current => "current writer (9 metadata values)",
            Layout::First => "first writer (6 metadata values, no audio)",
        },
        "title": title,
        "virtual_size": format!("{}x{}", m.width, m.height),
        "mode": if m.production() { "production" } else { "development" },
        "flags": m.flags,
        "chunks": doc.chunks.len(),
        "chunks_implied_by_metadata": doc.roles().len(),
        "counts": {
            "sprite_frames": m.sprite_frames,
            "background_frames": m.background_frames,
            "background_ids": m.background_ids,
            "sounds": m.sounds,
            "music": m.music,
            "dialog": m.dialog,
        },
    });
    let view = View::new(doc, limits);
    let Some(t) = &view.tables else {
        v["problem"] = json!("the chunks do not fit the metadata; run `gamepak check`");
        return v;
    };
    if let Some((_, atlas)) = doc.chunk(Role::Atlas) {
        let (w, h) = png_size(atlas).unwrap_or_default();
        v["atlas"] = json!(format!("{w}x{h}"));
    }
    if let Some((_, js)) = doc.chunk(Role::Script) {
        v["script"] = json!({
            "stored_bytes": js.len(),
            "deflated": crate::codec::zlib::has_header(js),
        });
    }
    v["sprite_frames"] = t
        .frames
        .iter()
        .enumerate()
        .map(|(k, f)| {
            json!({
                "frame": k,
                "rect": if f.is_empty() { Value::Null } else { json!([f.x, f.y, f.width, f.height]) },
                "offset": [f.offset_x, f.offset_y],
                "duration_ms": f.duration_ms,
            })
        })
        .collect();
    v["background_frames"] = t
        .backgrounds
        .iter()
        .enumerate()
        .map(|(k, f)| {
            json!({
                "frame": k,
                "image": if f.id == EMPTY_BACKGROUND { Value::Null } else { json!(f.id) },
                "duration_ms": f.duration_ms,
            })
        })
        .collect();
    if doc.layout == Layout::Current {
        for kind in AudioKind::ALL {
            let clips: Vec<Value> = (0..m.audio(kind))
                .filter_map(|n| doc.chunk(Role::Audio(kind, n)).map(|(_, c)| (n, c)))
                .map(|(n, c)| {
                    json!({
                        "index": n,
                        "gain": t.gains(kind).get(n as usize),
                        "codec": codec(c),
                        "seconds": (seconds(c) * 1000.0).round() / 1000.0,
                    })
                })
                .collect();
            v[kind.plural()] = json!(clips);
        }
    }
    v
}
