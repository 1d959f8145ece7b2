//! GEN8, the game's general information: names, ids, the IDE version, window size,
//! flags, license, timestamp, targets, and the room order; from GameMaker Studio 2,
//! the random UIDs derived from the timestamp, the frame rate, statistics and the
//! game GUID. The UIDs are kept as stored, so a changed timestamp leaves them as
//! they were.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::names::{Id, Room};
use crate::formats::gamemaker::model::wire::{Record, StrId, Wire};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct General {
    /// 0 when the debugger is enabled (GameMaker stores "disabled").
    pub debugger_disabled: u8,
    pub bytecode: u8,
    pub unknown: u16,
    pub file_name: Option<StrId>,
    pub config: Option<StrId>,
    pub last_object_id: u32,
    pub last_tile_id: u32,
    pub game_id: u32,
    pub directplay_guid: [u8; 16],
    pub name: Option<StrId>,
    /// Major, minor, release, build.
    pub ide_version: [u32; 4],
    pub window: [u32; 2],
    pub flags: u32,
    pub license_crc32: u32,
    pub license_md5: [u8; 16],
    pub timestamp: i64,
    pub display_name: Option<StrId>,
    pub active_targets: u64,
    pub function_classifications: u64,
    pub steam_app_id: i32,
    /// Bytecode 14 and later.
    pub debugger_port: u32,
    pub room_order: Vec<Id<Room>>,
    /// GameMaker Studio 2 and later.
    pub gms2: Option<Gms2>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Gms2 {
    pub random_uid: [u64; 5],
    pub fps: f32,
    pub allow_statistics: bool,
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
