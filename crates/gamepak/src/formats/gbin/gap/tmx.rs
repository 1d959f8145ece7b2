//! Tiled TMX maps as the reference packer reads them: orthogonal, right-down, finite,
//! CSV-encoded layers. Tile values are `gid - firstgid` (flip bits kept), and 0 stays 0.

/// One layer of a loaded map.
pub struct Layer {
    pub id: u32,
    pub width: u32,
    pub height: u32,
    pub tiles: Vec<u64>,
}

impl Layer {
    /// The tile at (x, y), or 0 outside the layer's data.
    pub fn get(&self, x: u32, y: u32) -> u64 {
        let i = y as u64 * self.width as u64 + x as u64;
        self.tiles.get(i as usize).copied().unwrap_or(0)
    }
}

pub struct SourceMap {
    pub layers: Vec<Layer>,
}

impl SourceMap {
    pub fn layer(&self, id: u32) -> Option<&Layer> {
        self.layers.iter().find(|l| l.id == id)
    }
}

fn attr_u64(node: roxmltree::Node, name: &str) -> u64 {
    node.attribute(name)
        .map(|v| super::lexer::c_int(v).max(0) as u64)
        .unwrap_or(0)
}

/// Parses a TMX document; the error says why it cannot be used.
pub fn parse(text: &str) -> Result<SourceMap, String> {
    let doc = roxmltree::Document::parse(text).map_err(|e| format!("not valid XML: {e}"))?;
    let map = doc.root_element();
    if map.tag_name().name() != "map" {
        return Err("the root element is not <map>".into());
    }
    if let Some(o) = map.attribute("orientation").filter(|o| *o != "orthogonal") {
        return Err(format!(
            "orientation '{o}' is not supported (only orthogonal)"
        ));
    }
    if let Some(o) = map.attribute("renderorder").filter(|o| *o != "right-down") {
        return Err(format!(
            "render order '{o}' is not supported (only right-down)"
        ));
    }
    if attr_u64(map, "infinite") > 0 {
        return Err("infinite maps are not supported".into());
    }
    let mut first_gid = 0u64;
    let mut layers = Vec::new();
    for child in map.children().filter(|n| n.is_element()) {
        match child.tag_name().name() {
            "tileset" => first_gid = attr_u64(child, "firstgid"),
            "layer" => {
                if let Some(layer) = parse_layer(child, first_gid)? {
                    layers.push(layer);
                }
            }
            _ => {}
        }
    }
    Ok(SourceMap { layers })
}

fn parse_layer(node: roxmltree::Node, first_gid: u64) -> Result<Option<Layer>, String> {
    let Some(data) = node.children().find(|n| n.has_tag_name("data")) else {
        return Ok(None);
    };
    let (Some(_), Some(_)) = (node.attribute("width"), node.attribute("height")) else {
        return Err("a layer has no width or height".into());
    };
    let width = attr_u64(node, "width") as u32;
    let height = attr_u64(node, "height") as u32;
    let encoding = data
        .attribute("encoding")
        .unwrap_or("csv")
        .to_ascii_lowercase();
    if encoding != "csv" {
        return Err(format!(
            "layer encoding '{encoding}' is not supported (only csv)"
        ));
    }
    let text = data.text().unwrap_or("");
    let values: Vec<u64> = text
        .split([',', ' ', '\t', '\n', '\r'])
        .filter(|t| !t.is_empty())
        .map(|t| {
            let gid = t.bytes().take_while(u8::is_ascii_digit).fold(0u64, |v, b| {
                v.wrapping_mul(10).wrapping_add((b - b'0') as u64)
            });
            if gid == 0 {
                0
            } else {
                gid.wrapping_sub(first_gid)
            }
        })
        .collect();
    if values.len() as u64 != width as u64 * height as u64 {
        return Err(format!(
            "layer has {} values for {width}x{height} tiles",
            values.len()
        ));
    }
    Ok(Some(Layer {
        id: attr_u64(node, "id") as u32,
        width,
        height,
        tiles: values,
    }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn elements_nested_deeper_than_any_stack_read_without_recursing() {
        let n = 200_000;
        let text = format!(
            "<map>{}{}</map>",
            "<properties>".repeat(n),
            "</properties>".repeat(n)
        );
        let small = std::thread::Builder::new().stack_size(256 << 10);
        let map = small
            .spawn(move || super::parse(&text).map(|_| ()))
            .unwrap();
        assert!(map.join().is_ok(), "the parse did not overflow its stack");
    }
}
