//! Tile maps cut into blocks, as the reference packer stores them.
//!
//! Blocks are allocated in the order tiles first touch them (a row-major scan), so
//! block indices run 0..n-1; blocks never touched hold 0xFFFE. Tiles are stored at
//! their source coordinates, so a map cut at an x offset keeps that offset inside its
//! blocks, and a block index past the map's block grid is dropped.

/// A block the map never touched.
pub const INDEX_EMPTY: u16 = 0xFFFE;

pub struct TileMap {
    pub id: u32,
    pub width: u32,
    pub height: u32,
    pub block_size: u32,
    pub tile_size: u32,
    pub blocks_wide: u32,
    pub indices: Vec<u16>,
    /// Tile values of every allocated block, block after block.
    pub blocks: Vec<u64>,
    pub active_blocks: u32,
    /// Blocks the reference reserves: one per tile of the map.
    capacity: u64,
}

impl TileMap {
    pub fn new(id: u32, width: u32, height: u32, block_size: u32, tile_size: u32) -> TileMap {
        let blocks_wide = width.div_ceil(block_size);
        let blocks_high = height.div_ceil(block_size);
        TileMap {
            id,
            width,
            height,
            block_size,
            tile_size,
            blocks_wide,
            indices: vec![INDEX_EMPTY; (blocks_wide as usize) * (blocks_high as usize)],
            blocks: Vec::new(),
            active_blocks: 0,
            capacity: width as u64 * height as u64,
        }
    }

    pub fn set(&mut self, x: u32, y: u32, value: u64) {
        let bs = self.block_size;
        let iblk = (y / bs) as usize * self.blocks_wide as usize + (x / bs) as usize;
        let Some(&index) = self.indices.get(iblk) else {
            return;
        };
        let index = if index == INDEX_EMPTY {
            let new = self.active_blocks as u16;
            self.active_blocks += 1;
            self.indices[iblk] = new;
            new
        } else {
            index
        };
        let cell =
            index as u64 * (bs * bs) as u64 + ((y & (bs - 1)) * bs) as u64 + (x & (bs - 1)) as u64;
        if cell >= self.capacity * (bs * bs) as u64 {
            return;
        }
        let needed = (self.active_blocks as usize) * (bs * bs) as usize;
        if self.blocks.len() < needed {
            self.blocks.resize(needed, 0);
        }
        if let Some(slot) = self.blocks.get_mut(cell as usize) {
            *slot = value;
        }
    }
}
