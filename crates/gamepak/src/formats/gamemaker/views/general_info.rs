//! GEN8, the general information chunk, as `info` shows it (the model reads it, see
//! [`crate::formats::gamemaker::model::chunks::general`]): bytecode version, names, version fields,
//! window size and build timestamp.

use serde::Serialize;

#[derive(Debug, Clone, Default, Serialize)]
pub struct Gen8 {
    pub debugger_disabled: u8,
    pub bytecode: u8,
    pub file_name: String,
    pub config: String,
    pub game_id: u32,
    pub name: String,
    /// Major, minor, release, build: 2.0.0.0 for every GameMaker Studio 2 and later file.
    pub version: [u32; 4],
    pub window: [u32; 2],
    pub timestamp: u64,
    pub display_name: String,
}
