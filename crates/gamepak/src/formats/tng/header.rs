//! The 64-byte header: magic, game id, revision, game type, tile and map geometry,
//! engine settings, unique id, the file CRC and the encryption word.

use serde::{Deserialize, Serialize};

use crate::bytes::{Endian, Reader, Writer};
use crate::error::Result;

/// The 16 bytes every file starts with.
pub const MAGIC: &[u8; 16] = b"#!/usr/bin/tngp\n";
/// Bytes in the header; the section block's u32 size follows at this offset.
pub const HEADER_LEN: usize = 64;
/// Offset of the CRC of the whole file.
pub const CRC_AT: usize = 56;
/// The game type's names, by its value (the low four bits of its byte).
pub const GAME_TYPES: [&str; 5] = [
    "top-down",
    "isometric",
    "hex vertical",
    "hex horizontal",
    "3D",
];

/// Header fields as the JSON document shows them. Tile sizes are whole numbers: their
/// bits 8-9 live in the game type byte, which is split apart here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Up to 16 bytes, each shown as the character of the same code (ASCII in practice).
    pub game_id: String,
    /// File format revision: 0 for now.
    pub revision: u8,
    /// 0 top-down, 1 isometric, 2 hex vertical, 3 hex horizontal, 4 3D.
    pub game_type: u8,
    /// Tile width in pixels, 0-1023: the stored byte, with bits 8-9 from bits 4-5 of the
    /// game type byte.
    pub tile_width: u16,
    /// Tile height in pixels, 0-1023: the stored byte, with bits 8-9 from bits 6-7 of the
    /// game type byte.
    pub tile_height: u16,
    /// Log2 of the map size in tiles.
    pub map_size: u8,
    /// Log2 of the atlas size in pixels.
    pub atlas_size: u8,
    /// 0 means 44100 Hz.
    pub audio_frequency: u8,
    /// Frames per second the game runs at (30 by default).
    pub fps: u8,
    /// Number of default action handlers (9 by default); recomputed from the actions
    /// section when written.
    pub action_handlers: u8,
    /// Number of map layers (11 by default).
    pub map_layers: u8,
    /// Number of transportation methods (3 by default).
    pub transports: u8,
    /// The highest command function any script calls.
    pub max_command: u8,
    /// Character sprites' upwards delta y; the spec says no more.
    pub sprite_delta_y: u8,
    /// Number of character sprites per layer (20 by default).
    pub sprites_per_layer: u8,
    /// Must be zero; kept so that a file saying otherwise is written back as it was.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reserved: u16,
    /// Hex, as it is meant to be compared: a newer build has another value.
    pub unique_id: String,
    /// CRC-32 of the whole file, taken with these 4 bytes as zero. Not in the JSON: writing
    /// computes it.
    #[serde(skip)]
    pub crc: u32,
    /// Non-zero for encrypted files.
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub encryption: u32,
}

fn is_zero(v: &u16) -> bool {
    *v == 0
}

fn is_zero32(v: &u32) -> bool {
    *v == 0
}

impl Header {
    /// Reads the header at the start of `data` (little-endian); an error without the magic.
    pub fn read(data: &[u8]) -> Result<Header> {
        let mut r = Reader::new(data, "TNG")
            .named("header")
            .with_endian(Endian::Little);
        let magic = r.array::<16>("magic")?;
        if &magic != MAGIC {
            return Err(r.error_at(0, "no `#!/usr/bin/tngp\\n` magic"));
        }
        let id = r.bytes(16, "game id")?;
        let end = id.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        let game_id = id[..end].iter().map(|&b| b as char).collect();
        let revision = r.u8("revision")?;
        let type_byte = r.u8("game type")?;
        let tile_w = r.u8("tile width")?;
        let tile_h = r.u8("tile height")?;
        Ok(Header {
            game_id,
            revision,
            game_type: type_byte & 0x0f,
            tile_width: u16::from(tile_w) | u16::from(type_byte >> 4 & 3) << 8,
            tile_height: u16::from(tile_h) | u16::from(type_byte >> 6) << 8,
            map_size: r.u8("map size")?,
            atlas_size: r.u8("atlas size")?,
            audio_frequency: r.u8("audio frequency")?,
            fps: r.u8("frames per second")?,
            action_handlers: r.u8("action handlers")?,
            map_layers: r.u8("map layers")?,
            transports: r.u8("transportation methods")?,
            max_command: r.u8("highest command")?,
            sprite_delta_y: r.u8("sprite delta y")?,
            sprites_per_layer: r.u8("sprites per layer")?,
            reserved: r.u16("reserved")?,
            unique_id: format!("{:016x}", r.u64("unique id")?),
            crc: r.u32("crc")?,
            encryption: r.u32("encryption")?,
        })
    }

    /// The 64 bytes, with the CRC field as stored in `self.crc`.
    pub fn write(&self) -> Result<Vec<u8>> {
        let path = "header";
        let mut w = Writer::with_capacity(Endian::Little, HEADER_LEN);
        w.bytes(MAGIC);
        let mut id = [0u8; 16];
        for (i, c) in self.game_id.chars().enumerate() {
            let b = u8::try_from(u32::from(c)).ok().filter(|_| i < 16);
            let b = b.ok_or_else(|| {
                crate::Error::at(path, "game_id must be at most 16 characters of codes 0-255")
            })?;
            id[i] = b;
        }
        w.bytes(&id);
        w.u8(self.revision);
        if self.game_type > 0x0f || self.tile_width > 0x3ff || self.tile_height > 0x3ff {
            return Err(crate::Error::at(
                path,
                "game_type must be 0-15 and tile sizes 0-1023",
            ));
        }
        w.u8(self.game_type
            | ((self.tile_width >> 8) as u8) << 4
            | ((self.tile_height >> 8) as u8) << 6);
        w.u8(self.tile_width as u8);
        w.u8(self.tile_height as u8);
        for b in [
            self.map_size,
            self.atlas_size,
            self.audio_frequency,
            self.fps,
            self.action_handlers,
            self.map_layers,
            self.transports,
            self.max_command,
            self.sprite_delta_y,
            self.sprites_per_layer,
        ] {
            w.u8(b);
        }
        w.u16(self.reserved);
        let uid = u64::from_str_radix(&self.unique_id, 16)
            .map_err(|_| crate::Error::at(path, "unique_id must be up to 16 hex digits"))?;
        w.u64(uid);
        w.u32(self.crc);
        w.u32(self.encryption);
        Ok(w.into_vec())
    }

    /// The game type's name ([`GAME_TYPES`]), or `unknown` past 4.
    pub fn game_type_name(&self) -> &'static str {
        GAME_TYPES
            .get(self.game_type as usize)
            .copied()
            .unwrap_or("unknown")
    }

    /// Tiles along one side of a map.
    pub fn map_tiles(&self) -> u64 {
        1u64.checked_shl(u32::from(self.map_size)).unwrap_or(0)
    }
}
