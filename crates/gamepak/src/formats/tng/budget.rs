//! What a decoded document costs in memory, charged as it is read.
//!
//! The whole JSON document is one item under the allocation limit, however many
//! assets inflate into it: a few kilobytes of packed maps or lists can otherwise
//! decode to gigabytes of JSON and TMX text. The costs are upper bounds, so a file
//! within them never needs more than the limit.

use super::header::Header;
use crate::error::Result;
use crate::limits::{self, Limits};
use crate::location::Location;

/// What one decoded field costs in JSON besides its text: a `Value`, its key and its
/// place in a map.
const FIELD_COST: u64 = 64;
/// The most a byte read into a field can cost as JSON text: hex doubles it, and a
/// disassembled instruction takes a line of text.
const BYTE_COST: u64 = 8;
/// The most text one map tile takes, in the JSON rows and in TMX: `65534 `.
const TILE_TEXT: u64 = 6;

pub struct Budget {
    pub limits: Limits,
    spent: u64,
}

impl Budget {
    pub fn new(limits: Limits) -> Budget {
        Budget { limits, spent: 0 }
    }

    /// Adds `bytes` to what the decoded document costs, refusing it past the limit.
    pub fn charge(&mut self, bytes: u64, path: &Location, at: u64) -> Result<()> {
        self.spent = self.spent.saturating_add(bytes);
        if self.spent > self.limits.max_alloc {
            return Err(limits::exceeded(
                &path.to_string(),
                Some(at),
                "decoded as JSON, the document grows",
                self.limits.max_alloc,
            ));
        }
        Ok(())
    }

    /// Charges one field made of `read` bytes of the file.
    pub fn field(&mut self, read: u64, path: &Location, at: u64) -> Result<()> {
        self.charge(
            FIELD_COST.saturating_add(read.saturating_mul(BYTE_COST)),
            path,
            at,
        )
    }

    /// The most text a map takes, as JSON rows or TMX, from the header's map size and
    /// layer count alone: a map past the limit is refused before it is inflated.
    pub fn map_text(&self, header: &Header, path: &Location, at: u64) -> Result<u64> {
        let side = header.map_tiles();
        let layers = header.map_layers;
        let tiles = side.saturating_mul(side).saturating_mul(layers.into());
        let text = tiles.saturating_mul(TILE_TEXT);
        self.limits.check_size(
            &path.to_string(),
            Some(at),
            &format!("{layers} map layers of {side}x{side} tiles take up to"),
            text,
        )?;
        Ok(text)
    }
}
