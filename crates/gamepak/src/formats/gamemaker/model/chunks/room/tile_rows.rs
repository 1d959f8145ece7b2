//! A tile map as a room's JSON holds it: its sides, then one string per row of the
//! map, so that a map of a million tiles is as many lines as it has rows, not a
//! line per tile, and a row reads as the room does, left to right. A row is its
//! tiles separated by spaces, `-1` for no tile, and a tile repeated is written once
//! with its count (`-1*120` is 120 empty cells): most of a large map is empty or
//! one tile, and a map written a cell at a time made one real room's JSON 133 MB.
//!
//! The older form, every tile a number in one list, still reads. Whatever the text
//! says, a map is never made larger than [`MOST_TILES`], and the rows must give
//! exactly the tiles the sides make before any is made.

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use super::tile_data::{TileData, EMPTY};
use super::tile_map::TileMap;

/// The most tiles one map may have: 512 MiB of them, the default `--max-alloc`.
/// A room of 20480 by 16320 pixels in 16-pixel tiles has 1.3 million.
pub const MOST_TILES: u64 = 1 << 27;

impl Serialize for TileData {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_struct("TileData", 3)?;
        map.serialize_field("width", &self.width)?;
        map.serialize_field("height", &self.height)?;
        map.serialize_field("tiles", &Rows(self))?;
        map.end()
    }
}

/// The map's rows, each made into its text as it is written.
struct Rows<'t>(&'t TileData);

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(row_texts(&self.0.tiles, self.0.width))
    }
}

/// Each row as text: its tiles, a repeated one once with `*` and its count. The
/// map's runs are cut where rows end.
fn row_texts(map: &TileMap, width: u32) -> Vec<String> {
    let width = u64::from(width.max(1));
    let mut rows = Vec::new();
    let mut row = String::new();
    let mut filled = 0;
    for &(tile, count) in map.runs() {
        let mut left = u64::from(count);
        while left > 0 {
            let take = left.min(width - filled);
            if !row.is_empty() {
                row.push(' ');
            }
            match tile {
                EMPTY => row.push_str("-1"),
                _ => row.push_str(&tile.to_string()),
            }
            if take > 1 {
                row.push('*');
                row.push_str(&take.to_string());
            }
            (filled, left) = (filled + take, left - take);
            if filled == width {
                rows.push(std::mem::take(&mut row));
                filled = 0;
            }
        }
    }
    if filled > 0 {
        rows.push(row);
    }
    rows
}

/// The map as read: its sides, and its tiles as runs until both are known.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    width: u32,
    height: u32,
    tiles: Runs,
}

/// Tiles as (tile, count) runs, with their total.
#[derive(Default)]
struct Runs {
    runs: Vec<(u32, u64)>,
    total: u64,
}

impl Runs {
    fn push(&mut self, tile: u32, count: u64) -> Result<(), String> {
        self.total = self
            .total
            .checked_add(count)
            .filter(|&t| t <= MOST_TILES)
            .ok_or_else(|| format!("a tile map holds at most {MOST_TILES} tiles"))?;
        match self.runs.last_mut() {
            Some((t, n)) if *t == tile => *n += count,
            _ => self.runs.push((tile, count)),
        }
        Ok(())
    }
}

/// A tile as JSON gives it: -1 for none, else its number.
fn tile(n: i64) -> Result<u32, String> {
    match n {
        -1 => Ok(EMPTY),
        _ => u32::try_from(n).map_err(|_| format!("{n} is not a tile (-1, or 0 to {})", u32::MAX)),
    }
}

/// One row's text into runs.
fn read_row(text: &str, runs: &mut Runs) -> Result<(), String> {
    for item in text.split_whitespace() {
        let (value, count) = item.split_once('*').unwrap_or((item, "1"));
        let bad = || format!("{item:?} is not a tile (a number, -1 for none, `*N` for N of it)");
        let value = tile(value.parse().map_err(|_| bad())?)?;
        let count: u64 = count.parse().map_err(|_| bad())?;
        if count == 0 {
            return Err(bad());
        }
        runs.push(value, count)?;
    }
    Ok(())
}

impl<'de> Deserialize<'de> for Runs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Runs, D::Error> {
        struct Cells;
        impl<'de> Visitor<'de> for Cells {
            type Value = Runs;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of rows (strings of tiles) or of tiles")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Runs, A::Error> {
                let mut runs = Runs::default();
                while let Some(cell) = seq.next_element::<Cell>()? {
                    match cell {
                        Cell::Row(text) => read_row(&text, &mut runs),
                        Cell::Tile(n) => tile(n).and_then(|t| runs.push(t, 1)),
                    }
                    .map_err(de::Error::custom)?;
                }
                Ok(runs)
            }
        }
        d.deserialize_seq(Cells)
    }
}

/// A row of the map, or (the older form) one tile.
#[derive(Deserialize)]
#[serde(untagged)]
enum Cell {
    Row(String),
    Tile(i64),
}

impl<'de> Deserialize<'de> for TileData {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TileData, D::Error> {
        let Written {
            width,
            height,
            tiles,
        } = Written::deserialize(d)?;
        let cells = u64::from(width) * u64::from(height);
        if tiles.total != cells {
            return Err(de::Error::custom(format!(
                "a {width}x{height} tile map needs {cells} tiles, and its rows give {}",
                tiles.total
            )));
        }
        let mut out = TileMap::default();
        for (tile, count) in tiles.runs {
            // Each count is at most the map's, which MOST_TILES bounds.
            out.push(tile, count as u32);
        }
        Ok(TileData {
            width,
            height,
            tiles: out,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(width: u32, tiles: &[u32]) -> TileData {
        TileData {
            width,
            height: tiles.len() as u32 / width,
            tiles: tiles.iter().copied().collect(),
        }
    }

    #[test]
    fn a_row_is_a_line_and_a_repeat_is_written_once() {
        let m = map(4, &[EMPTY, EMPTY, 7, 7, 3, 0x1000_0005, EMPTY, EMPTY]);
        let json = serde_json::to_value(&m).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"width": 4, "height": 2, "tiles": ["-1*2 7*2", "3 268435461 -1*2"]})
        );
        let back: TileData = serde_json::from_value(json).unwrap();
        assert_eq!(back.tiles, m.tiles);
    }

    #[test]
    fn the_older_list_of_tiles_still_reads() {
        let json = serde_json::json!({"width": 2, "height": 1, "tiles": [4294967295u32, 5]});
        let back: TileData = serde_json::from_value(json).unwrap();
        assert_eq!(back.tiles.to_vec(), [EMPTY, 5]);
    }

    #[test]
    fn rows_that_do_not_fill_the_map_or_overflow_it_are_refused_before_any_tile_is_made() {
        for (tiles, says) in [
            (
                serde_json::json!(["1 2"]),
                "needs 4 tiles, and its rows give 2",
            ),
            (serde_json::json!(["1*99999999999999"]), "at most"),
            (serde_json::json!(["1*0 2"]), "is not a tile"),
            (serde_json::json!(["x"]), "is not a tile"),
            (serde_json::json!(["-2"]), "is not a tile"),
        ] {
            let json = serde_json::json!({"width": 2, "height": 2, "tiles": tiles});
            let e = serde_json::from_value::<TileData>(json).unwrap_err();
            assert!(e.to_string().contains(says), "{e}");
        }
    }
}
