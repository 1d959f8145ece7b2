//! Maps as Tiled .tmx files, for viewing in Tiled: one CSV layer per map layer, each
//! tile index + 1 as its global id (0 for none). Layer 5 holds NPC and layer 6
//! spawner indices, as in the file. Written on extraction only: pack reads the JSON.

use serde_json::Value;

use super::header::Header;

pub fn tmx(header: &Header, map: &Value) -> String {
    let side = header.map_tiles();
    let (orientation, extra) = match header.game_type {
        1 => ("isometric", ""),
        2 => (
            "hexagonal",
            r#" staggeraxis="y" staggerindex="odd" hexsidelength="0""#,
        ),
        3 => (
            "hexagonal",
            r#" staggeraxis="x" staggerindex="odd" hexsidelength="0""#,
        ),
        _ => ("orthogonal", ""),
    };
    let (tw, th) = (header.tile_width, header.tile_height);
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"{orientation}\" renderorder=\"right-down\" width=\"{side}\" height=\"{side}\" tilewidth=\"{tw}\" tileheight=\"{th}\"{extra} infinite=\"0\">\n <tileset firstgid=\"1\" name=\"tiles\" tilewidth=\"{tw}\" tileheight=\"{th}\" tilecount=\"65535\" columns=\"0\"/>\n"
    );
    let layers = map
        .get("layers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten();
    for (i, layer) in layers.enumerate() {
        let name = match i {
            5 => "npcs".to_string(),
            6 => "spawners".to_string(),
            _ => format!("layer-{i}"),
        };
        let rows: Vec<String> = layer
            .as_array()
            .into_iter()
            .flatten()
            .map(|row| {
                let cells = row.as_str().unwrap_or("").split_whitespace();
                cells
                    .map(|c| c.parse::<i64>().map_or(0, |t| t + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        out.push_str(&format!(
            " <layer id=\"{}\" name=\"{name}\" width=\"{side}\" height=\"{side}\">\n  <data encoding=\"csv\">\n{}\n  </data>\n </layer>\n",
            i + 1,
            rows.join(",\n")
        ));
    }
    out.push_str("</map>\n");
    out
}
