//! `info` for a .tng: header, section block, section table and asset counts, from the
//! section block alone (no asset is inflated).

use serde_json::{json, Map, Value};

use super::container::{BlockCrc, Container};
use super::header::Header;
use super::model::Section;
use super::read::Read;
use super::schema::Record;

/// The header's fields, as `info` shows them for any file, encrypted or not.
pub fn header_info(h: &Header, data: &[u8], title: Option<String>) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("game_id".into(), json!(h.game_id));
    if let Some(t) = title {
        m.insert("title".into(), json!(t));
    }
    m.insert("revision".into(), json!(h.revision));
    m.insert(
        "game_type".into(),
        json!(format!("{} ({})", h.game_type, h.game_type_name())),
    );
    m.insert(
        "tile_size".into(),
        json!(format!("{}x{}", h.tile_width, h.tile_height)),
    );
    m.insert(
        "map_size".into(),
        json!(format!(
            "{0}x{0} tiles, {1} layers",
            h.map_tiles(),
            h.map_layers
        )),
    );
    m.insert(
        "atlas_size".into(),
        json!(1u64.checked_shl(h.atlas_size.into()).unwrap_or(0)),
    );
    let hz = if h.audio_frequency == 0 {
        "44100 Hz (0)".to_string()
    } else {
        h.audio_frequency.to_string()
    };
    m.insert("audio_frequency".into(), json!(hz));
    m.insert("fps".into(), json!(h.fps));
    m.insert("action_handlers".into(), json!(h.action_handlers));
    m.insert("transportation_methods".into(), json!(h.transports));
    m.insert("highest_command".into(), json!(h.max_command));
    m.insert("sprite_delta_y".into(), json!(h.sprite_delta_y));
    m.insert("sprites_per_layer".into(), json!(h.sprites_per_layer));
    m.insert("unique_id".into(), json!(h.unique_id));
    let crc = super::container::file_crc(data);
    let state = if crc == h.crc { "ok" } else { "WRONG" };
    m.insert("file_crc".into(), json!(format!("{:08x} ({state})", h.crc)));
    m.insert("encrypted".into(), json!(h.encryption != 0));
    m
}

pub fn info(read: &Read<'_>) -> Value {
    let c: &Container<'_> = &read.container;
    // The first text of the first translation is the title: one small stream.
    let title = super::read::title(c);
    let mut m = header_info(&c.header, c.data, title);
    let crc = match c.block_crc {
        BlockCrc::Uncompressed => "of the uncompressed sections (ok)".to_string(),
        BlockCrc::Compressed => "of the compressed bytes".to_string(),
        BlockCrc::Wrong { stored, expected } => {
            format!("{stored:08x} WRONG, expected {expected:08x}")
        }
    };
    m.insert(
        "section_block".into(),
        json!({
            "stored": c.block_len,
            "uncompressed": c.block.len(),
            "wrapping": c.wrapping.name(),
            "crc": crc,
        }),
    );
    let sections: Vec<Value> = read
        .doc
        .sections
        .iter()
        .zip(&c.sections)
        .map(|(s, e)| {
            let mut v = json!({
                "type": s.kind,
                "kind": s.kind_name(),
                "offset": e.offset,
                "length": e.length,
            });
            if let Some(n) = records(s, e.length, read.container.header.transports) {
                v["records"] = n.into();
            }
            v
        })
        .collect();
    m.insert("sections".into(), Value::Array(sections));
    m.insert("strings".into(), json!(read.strings.entries.len()));
    let mut kinds: Map<String, Value> = Map::new();
    for a in &read.assets {
        let e = kinds.entry(a.encoding).or_insert(json!([0, 0]));
        e[0] = json!(e[0].as_u64().unwrap_or(0) + 1);
        e[1] = json!(e[1].as_u64().unwrap_or(0) + a.length);
    }
    let assets: Map<String, Value> = kinds
        .into_iter()
        .map(|(k, v)| (k, json!(format!("{} ({} bytes)", v[0], v[1]))))
        .collect();
    m.insert("assets".into(), Value::Object(assets));
    Value::Object(m)
}

/// The records of a section as the spec counts them (see [`Record`]); `None` for the
/// reserved and unknown types, whose records the spec does not describe, so `info`
/// shows no count rather than a made-up one.
fn records(s: &Section, length: u32, transports: u8) -> Option<u64> {
    let length = u64::from(length);
    Some(
        match super::schema::section(s.layout_type(), length)?.record {
            Record::Fixed(n) => length / n,
            Record::TileMeta => length / (2 + 5 * u64::from(transports)),
            Record::Whole => 1,
            Record::Varying(list) => s.body.get(list).and_then(Value::as_array)?.len() as u64,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(kind: u8, body: Value) -> Section {
        Section {
            kind,
            maps_under_34: false,
            body,
        }
    }

    #[test]
    fn records_follow_the_spec_and_reserved_types_have_none() {
        let attributes = section(25, json!({"attributes": [{}, {}, {}]}));
        assert_eq!(records(&attributes, 40, 3), Some(3));
        assert_eq!(records(&section(17, json!({})), 141, 3), Some(1));
        assert_eq!(records(&section(33, json!({})), 34, 3), Some(2));
        assert_eq!(records(&section(33, json!({})), 36, 5), Some(1));
        assert_eq!(records(&section(12, json!({"raw": "00"})), 1, 3), None);
    }
}
