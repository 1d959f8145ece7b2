//! GEN8, the game's general information: names, ids, the IDE version, window size,
//! flags, license, timestamp, targets, and the room order; from GameMaker Studio 2,
//! the random UIDs derived from the timestamp, the frame rate, statistics and the
//! game GUID. The UIDs are kept as stored, so a changed timestamp leaves them as
//! they were.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::{Id, Room};
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

/// GEN8's body: the game's general information.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct General {
    /// 0 when the debugger is enabled (GameMaker stores "disabled").
    pub debugger_disabled: u8,
    /// The bytecode version (13 to 17), which decides the layout of several chunks.
    pub bytecode: u8,
    /// Two bytes after the bytecode version, 0 in the files GameMaker writes; kept as
    /// read.
    pub unknown: u16,
    /// The runner's file name, usually the project's name.
    pub file_name: Option<StrId>,
    /// The build configuration the game was compiled with (`Default` unless the
    /// project has others).
    pub config: Option<StrId>,
    /// The last instance id the IDE gave to an instance placed in a room.
    pub last_object_id: u32,
    /// The last tile id the IDE gave to a tile placed in a room.
    pub last_tile_id: u32,
    /// The game's id number; GameMaker Studio 2 mixes it into [`Gms2::random_uid`].
    pub game_id: u32,
    /// GameMaker 8's DirectPlay GUID for multiplayer; all zero in GameMaker Studio files.
    pub directplay_guid: [u8; 16],
    /// The game's name.
    pub name: Option<StrId>,
    /// Major, minor, release, build.
    pub ide_version: [u32; 4],
    /// The default window width and height, in pixels.
    pub window: [u32; 2],
    /// Bit flags: 0x1 fullscreen, 0x2 and 0x4 vertical sync, 0x8 interpolate colours
    /// between pixels, 0x10 keep the aspect ratio, 0x20 show the cursor, 0x40 resizable
    /// window, 0x80 screen key, bits 9 to 11 the Studio version, 0x1000 Steam,
    /// 0x2000 save to %appdata%, 0x4000 borderless window, 0x8000 JavaScript mode,
    /// 0x10000 run from the IDE.
    pub flags: u32,
    /// CRC32 of the license the game was compiled with.
    pub license_crc32: u32,
    /// MD5 of the license the game was compiled with.
    pub license_md5: [u8; 16],
    /// When the game was compiled, in seconds since 1970-01-01 UTC (Unix time).
    pub timestamp: i64,
    /// The name shown in the window's title bar.
    pub display_name: Option<StrId>,
    /// A bit mask of target platforms GameMaker stores; what each bit means is not
    /// established.
    pub active_targets: u64,
    /// Bit mask of the groups of built-in functions the game uses (bit 0 internet, 1
    /// joystick, 2 gamepad, ...).
    pub function_classifications: u64,
    /// The game's Steam app id; 0 for none.
    pub steam_app_id: i32,
    /// The port the runner's debugger listens on.
    /// Bytecode 14 and later.
    pub debugger_port: u32,
    /// The rooms in the order the game runs them; the game starts in the first.
    pub room_order: Vec<Id<Room>>,
    /// GameMaker Studio 2 and later.
    pub gms2: Option<Gms2>,
}

/// GEN8's fields from GameMaker Studio 2 on.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Gms2 {
    /// Five words GameMaker derives from the timestamp, game id, window size and flags
    /// when it builds the game; kept as stored.
    pub random_uid: [u64; 5],
    /// The game's speed, in steps (frames) per second.
    pub fps: f32,
    /// Whether the game allows statistics, as its settings say.
    pub allow_statistics: bool,
    /// A 16-byte GUID GameMaker stores for the game; kept as read.
    pub game_guid: [u8; 16],
}

impl<'a> Record<'a> for General {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u8(&mut self.debugger_disabled)?;
        w.u8(&mut self.bytecode)?;
        w.u16(&mut self.unknown)?;
        w.string(&mut self.file_name)?;
        w.string(&mut self.config)?;
        w.u32(&mut self.last_object_id)?;
        w.u32(&mut self.last_tile_id)?;
        w.u32(&mut self.game_id)?;
        w.array(&mut self.directplay_guid)?;
        w.string(&mut self.name)?;
        for v in &mut self.ide_version {
            w.u32(v)?;
        }
        for v in &mut self.window {
            w.u32(v)?;
        }
        w.u32(&mut self.flags)?;
        w.u32(&mut self.license_crc32)?;
        w.array(&mut self.license_md5)?;
        w.i64(&mut self.timestamp)?;
        w.string(&mut self.display_name)?;
        w.u64(&mut self.active_targets)?;
        w.u64(&mut self.function_classifications)?;
        w.i32(&mut self.steam_app_id)?;
        if w.bytecode() >= 14 {
            w.u32(&mut self.debugger_port)?;
        }
        w.list("room", &mut self.room_order, 4)?;
        if self.ide_version[0] >= 2 {
            w.record(self.gms2.get_or_insert_with(Gms2::default))?;
        }
        Ok(())
    }
}

impl<'a> Record<'a> for Gms2 {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        for v in &mut self.random_uid {
            w.u64(v)?;
        }
        w.f32(&mut self.fps)?;
        w.bool(&mut self.allow_statistics)?;
        w.array(&mut self.game_guid)
    }
}
