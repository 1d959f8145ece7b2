//! ROOM, the rooms: name, caption, size, speed, persistence, background colour,
//! creation code and flags; pointers to the backgrounds, views, instances and tiles
//! of GameMaker Studio 1 (still written, mostly empty, later), from 2024.13 to the
//! instance creation order; world and bounds, gravity and metres per pixel; from
//! GameMaker Studio 2 to the layers, and from 2.3 to the sequences. The lists follow
//! the room's fields in that order.
//!
//! Layers ([`layers`]) hold instances by id, tile maps (run-length compressed from
//! 2024.2), backgrounds, assets ([`assets`]) and effects.

pub mod assets;
pub mod layers;
mod rooms;
pub mod tile;
pub mod tile_data;
pub mod tile_map;
mod tile_rows;

pub use rooms::{Instance, Room, RoomBackground, Rooms, View};
pub use tile::Tile;
