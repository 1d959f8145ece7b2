//! `info` for a SWAG file: header, section table, configuration and counts, from the
//! document alone.

use serde_json::{json, Map, Value};

use super::model::*;
use crate::bytes::Endian;

pub fn info(doc: &Swag<'_>) -> Value {
    let mut m = Map::new();
    m.insert("version".into(), json!(doc.version));
    m.insert(
        "byte_order".into(),
        json!(match doc.endian {
            Endian::Little => "little-endian",
            Endian::Big => "big-endian",
        }),
    );
    m.insert(
        "platforms".into(),
        json!(platform_names(doc.platforms).join(", ")),
    );
    let sections: Vec<Value> = doc
        .sections
        .iter()
        .zip(&doc.spans)
        .map(|(s, span)| {
            json!({
                "tag": s.tag(),
                "offset": span.start,
                "size": span.end - span.start,
                "records": s.count(),
            })
        })
        .collect();
    m.insert("sections".into(), Value::Array(sections));
    for s in &doc.sections {
        match s {
            Section::Config(c) => {
                m.insert(
                    "config".into(),
                    json!({
                        "title": c.title,
                        "window": format!("{}x{}", c.width, c.height),
                        "fullscreen": c.fullscreen,
                        "vertical_sync": c.vertical_sync,
                        "cursor_visible": c.cursor_visible,
                        "anti_aliasing": c.anti_aliasing,
                        "target_framerate": c.target_framerate,
                        "initial_state": c.initial_state,
                    }),
                );
            }
            Section::Drm(d) => {
                let kind = match d {
                    Drm::None => "none".to_string(),
                    Drm::Alpha { .. } => "alpha (key hash)".to_string(),
                    Drm::Free { .. } => "free (hardware ID hash)".to_string(),
                    Drm::Registered { platforms, .. } => format!(
                        "registered for {} (key hash)",
                        platform_names(*platforms).join(", ")
                    ),
                };
                m.insert("drm".into(), json!(kind));
            }
            _ => {}
        }
    }
    m.insert("counts".into(), counts(doc));
    Value::Object(m)
}

fn counts(doc: &Swag<'_>) -> Value {
    let mut c = Map::new();
    let mut add = |k: &str, n: usize| {
        let v = c.get(k).and_then(Value::as_u64).unwrap_or(0) + n as u64;
        c.insert(k.into(), json!(v));
    };
    for s in &doc.sections {
        match s {
            Section::Textures(v) => {
                add("textures", v.len());
                add("texture_frames", v.iter().map(|t| t.frames.len()).sum());
            }
            Section::Sounds(v) => {
                let memory = v
                    .iter()
                    .filter(|s| matches!(s.source, SoundSource::Memory(_)))
                    .count();
                add("sounds_in_memory", memory);
                add("sounds_streamed", v.len() - memory);
            }
            Section::Fonts(v) => {
                let compiled = v
                    .iter()
                    .filter(|f| matches!(f.face, FontFace::Compiled(_)))
                    .count();
                add("fonts_compiled", compiled);
                add("fonts_referenced", v.len() - compiled);
            }
            Section::Code(v) => {
                add("code_objects", v.len());
                add("code_methods", v.iter().map(|o| o.methods.len()).sum());
                let instructions = v.iter().flat_map(|o| &o.methods).map(|m| m.code.len());
                add("code_instructions", instructions.sum());
            }
            Section::Scenes(v) => add("scenes", v.len()),
            Section::Sheets(v) => add("texture_sheets", v.len()),
            Section::Audio(v) => add("audio_clips", v.len()),
            Section::Config(_) | Section::Drm(_) => {}
        }
    }
    Value::Object(c)
}
