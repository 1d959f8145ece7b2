//! The document: the header and each section body as JSON, in table order.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::header::Header;
use super::schema;

/// A .tng file as the typed model holds it: the header and every section body as
/// JSON, in section table order.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// The 64-byte header.
    pub header: Header,
    /// The sections, in section table order.
    pub sections: Vec<Section>,
    /// Another writer's compressed section block, used again while the block it
    /// inflates to is unchanged.
    pub block: Option<KeptStream>,
}

/// A compressed stream as another writer made it (our deflater gives other bytes):
/// the file that holds it, and whether its CRC covers the compressed bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptStream {
    /// Path of the file that holds the stream as stored, in the extracted folder (such as
    /// `raw/block.zlib`).
    pub stored: String,
    /// Whether the CRC after the stream is of the compressed bytes, rather than of the
    /// uncompressed ones as we read the spec.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crc_of_compressed: bool,
}

/// One section: its type and its body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Section {
    /// The section type, 0-255.
    #[serde(rename = "type")]
    pub kind: u8,
    /// Set when a type-34 section holds maps (see the module notes).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub maps_under_34: bool,
    /// The body decoded to JSON by its type's layout ([`schema::section`]), or `{"raw": hex}`
    /// for reserved and unknown types. Left out when the section itself is serialized.
    #[serde(skip)]
    pub body: Value,
}

impl Section {
    /// The type whose layout the body follows.
    pub fn layout_type(&self) -> u8 {
        if self.maps_under_34 {
            35
        } else {
            self.kind
        }
    }

    /// The layout's name, or `type-N` for reserved and unknown types.
    pub fn kind_name(&self) -> String {
        schema::section(self.layout_type(), 141)
            .map_or_else(|| format!("type-{}", self.kind), |b| b.kind.to_string())
    }
}

impl Document {
    /// The strings of the first string section.
    pub fn strings(&self) -> Vec<&str> {
        self.sections
            .iter()
            .find(|s| s.kind == 0)
            .and_then(|s| s.body.get("strings"))
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default()
    }
}
