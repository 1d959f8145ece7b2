//! A tile map held as runs of one tile: most of a large map is empty or one tile
//! repeated, so a room of 20480 by 16320 pixels, 1.3 million cells a layer, holds
//! a few thousand runs, not 5 MB of cells. A map is made from its cells
//! ([`TileMap::from_iter`]) and gives them back ([`TileMap::iter`]); the file's
//! and the folder's forms are each made from it a layer at a time.

/// A tile map's cells, row by row, as runs of one tile. Equal neighbours are one
/// run, and no run is empty, so two maps of the same cells are equal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TileMap {
    /// Each run's tile and how many cells it covers.
    runs: Vec<(u32, u32)>,
    /// The cells of all runs.
    len: u64,
}

impl TileMap {
    /// How many cells the map has.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the map has no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The runs, each a tile and its count, in cell order.
    pub fn runs(&self) -> &[(u32, u32)] {
        &self.runs
    }

    /// Every cell, row by row.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.runs
            .iter()
            .flat_map(|&(tile, count)| std::iter::repeat_n(tile, count as usize))
    }

    /// Every cell, in a list of their own.
    pub fn to_vec(&self) -> Vec<u32> {
        let mut out = Vec::with_capacity(usize::try_from(self.len).unwrap_or(0));
        out.extend(self.iter());
        out
    }

    /// `count` more cells of `tile`.
    pub fn push(&mut self, tile: u32, count: u32) {
        if count == 0 {
            return;
        }
        self.len += u64::from(count);
        match self.runs.last_mut() {
            Some((t, n)) if *t == tile => match n.checked_add(count) {
                Some(sum) => *n = sum,
                None => self.runs.push((tile, count)),
            },
            _ => self.runs.push((tile, count)),
        }
    }
}

impl FromIterator<u32> for TileMap {
    fn from_iter<I: IntoIterator<Item = u32>>(cells: I) -> TileMap {
        let mut map = TileMap::default();
        cells.into_iter().for_each(|t| map.push(t, 1));
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_neighbours_are_one_run_and_the_cells_come_back() {
        let cells = [7, 7, 7, 1, u32::MAX, u32::MAX];
        let map: TileMap = cells.into_iter().collect();
        assert_eq!(map.runs(), [(7, 3), (1, 1), (u32::MAX, 2)]);
        assert_eq!(map.len(), 6);
        assert_eq!(map.to_vec(), cells);
        let mut pushed = TileMap::default();
        pushed.push(7, 2);
        pushed.push(7, 1);
        pushed.push(1, 0);
        pushed.push(1, 1);
        pushed.push(u32::MAX, 2);
        assert_eq!(pushed, map);
    }
}
