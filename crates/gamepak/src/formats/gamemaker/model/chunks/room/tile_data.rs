//! A tile layer's map: width, height, then a u32 per tile, row by row. From 2024.2
//! the tiles are run-length encoded: a byte of 128 or more repeats the next tile
//! (byte - 127) times, a smaller byte is that many tiles as they are. When the last
//! two tiles differ, or there is only one, GameMaker adds a run of two empty tiles
//! (-1) after the map; a repeat of 128×k+1 tiles ends in a repeat run of one (0x80);
//! from 2024.4 the map ends on a 4-byte boundary. `runs` says the whole rule.
//!
//! The model keeps the tiles (as a [`TileMap`], compact), not the runs: the runs
//! are what `runs` makes of them, and a map whose runs are laid out otherwise does
//! not read. Each map's cells are listed whole only while it is read or written.

use crate::error::Result;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, Wire};

use super::tile_map::TileMap;

/// A tile that stands for no tile.
pub(super) const EMPTY: u32 = u32::MAX;

/// A tile layer's map: which tile of the tileset is in each cell. Its JSON is a
/// row per line (see `tile_rows`).
#[derive(Debug, Clone, Default)]
pub struct TileData {
    /// The map's width, in tiles.
    pub width: u32,
    /// The map's height, in tiles.
    pub height: u32,
    /// Row by row.
    ///
    /// A tile's bits 0 to 18 are its index in the tileset (0 is the tileset's blank
    /// tile); bit 28 mirrors it horizontally, bit 29 flips it vertically and bit 30
    /// rotates it by 90 degrees.
    pub tiles: TileMap,
}

/// A run of the compressed map.
#[derive(Debug, Clone, PartialEq)]
enum Run {
    Repeat(u8, u32),
    Verbatim(Vec<u32>),
}

/// The runs GameMaker writes for `tiles`. It writes only when it meets two equal
/// tiles in a row: first the tiles before them as they are, up to 127 a run, then
/// the repeated tile, up to 128 a run, the last part of a long repeat as a run of
/// its own even when it is one tile. Past the map's end it reads empty tiles (-1):
/// so when the last two tiles differ, a run of two empty tiles follows the map,
/// and when the last tile is itself empty that run holds it. After a repeat, the
/// tile the scan resumes from is taken as 0 past the end, so that no phantom pair
/// forms there.
fn runs(tiles: &[u32]) -> Vec<Run> {
    let n = tiles.len();
    let mut out = Vec::new();
    let Some(&first) = tiles.first() else {
        return out;
    };
    let at = |i: usize| tiles.get(i).copied().unwrap_or(EMPTY);
    let (mut last, mut pending, mut from, mut i) = (first, 0, 0, 1);
    while i <= n + 1 {
        let mut cur = at(i);
        i += 1;
        if cur == last {
            let mut repeats = 2;
            while i < n && tiles[i] == cur {
                repeats += 1;
                i += 1;
            }
            out.extend(
                tiles[from..from + pending]
                    .chunks(127)
                    .map(|c| Run::Verbatim(c.to_vec())),
            );
            while repeats > 0 {
                let k = repeats.min(128);
                out.push(Run::Repeat(k as u8, last));
                repeats -= k;
            }
            cur = tiles.get(i).copied().unwrap_or(0);
            (from, pending) = (i, 0);
            i += 1;
        } else {
            pending += 1;
        }
        last = cur;
    }
    out
}

impl<'a> Record<'a> for TileData {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.width)?;
        let at = w.offset();
        w.u32(&mut self.height)?;
        let n = u64::from(self.width) * u64::from(self.height);
        if !w.reading() && self.tiles.len() != n {
            return Err(w.invalid(
                at,
                format!(
                    "a {}x{} tile map needs {n} tiles, not {}",
                    self.width,
                    self.height,
                    self.tiles.len()
                ),
            ));
        }
        if !w.since(Version::V2024_2) {
            // The map has no count of its own: check the one its sides make.
            w.fits(at, n, 4)?;
            if !w.reading() {
                return self.tiles.iter().try_for_each(|mut t| w.u32(&mut t));
            }
            for _ in 0..n {
                let mut t = 0;
                w.u32(&mut t)?;
                self.tiles.push(t, 1);
            }
            return Ok(());
        }
        // A run of five bytes covers at most 128 tiles.
        w.fits(at, n.div_ceil(128), 5)?;
        if w.reading() {
            let mut cells = Vec::new();
            let read = read_runs(w, n as usize, &mut cells)?;
            if read != runs(&cells) {
                return Err(w.unlike_gamemaker(
                    at,
                    "the tile map's runs are not laid out as GameMaker lays them".into(),
                ));
            }
            self.tiles = cells.into_iter().collect();
        } else {
            for run in &mut runs(&self.tiles.to_vec()) {
                write_run(w, run)?;
            }
        }
        if w.since(Version::V2024_4) {
            w.pad(4)?;
        }
        Ok(())
    }
}

/// Reads runs until `n` tiles are read, the last run's excess dropped, then, when
/// those are GameMaker's, the runs it writes after them (see [`runs`]); gives the
/// runs read.
fn read_runs<'a, W: Wire<'a>>(w: &mut W, n: usize, tiles: &mut Vec<u32>) -> Result<Vec<Run>> {
    // Exactly the map: grown a run at a time, a large one took up to twice its
    // size. `n` is checked against the bytes left (a run covers at most 128).
    tiles.reserve_exact(n);
    let mut read = Vec::new();
    while tiles.len() < n {
        let run = read_run(w)?;
        match &run {
            Run::Repeat(k, t) => tiles.extend(std::iter::repeat_n(*t, *k as usize)),
            Run::Verbatim(list) => tiles.extend_from_slice(list),
        }
        read.push(run);
    }
    tiles.truncate(n);
    let expected = runs(tiles);
    // Runs already unlike GameMaker's say so without reading on.
    if expected.starts_with(&read) {
        while read.len() < expected.len() {
            read.push(read_run(w)?);
        }
    }
    Ok(read)
}

fn read_run<'a, W: Wire<'a>>(w: &mut W) -> Result<Run> {
    let mut head = 0u8;
    w.u8(&mut head)?;
    if head >= 128 {
        let mut t = 0;
        w.u32(&mut t)?;
        return Ok(Run::Repeat(head - 127, t));
    }
    let mut list = vec![0; head as usize];
    list.iter_mut().try_for_each(|t| w.u32(t))?;
    Ok(Run::Verbatim(list))
}

fn write_run<'a, W: Wire<'a>>(w: &mut W, run: &mut Run) -> Result<()> {
    match run {
        Run::Repeat(k, t) => {
            w.u8(&mut (*k + 127))?;
            w.u32(t)
        }
        Run::Verbatim(list) => {
            w.u8(&mut (list.len() as u8))?;
            list.iter_mut().try_for_each(|t| w.u32(t))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::Endian;
    use crate::formats::gamemaker::model::wire_read::{Labels, WireReader};
    use crate::fourcc::FourCC;

    fn read(body: &[u8]) -> Result<TileData> {
        let labels = Labels::new();
        let mut r = WireReader::new(
            body,
            Endian::Little,
            FourCC::ROOM,
            (0, body.len() as u64),
            Version::V2024_2,
            17,
            (&labels, &[]),
        );
        let mut t = TileData::default();
        t.walk(&mut r).map(|()| t)
    }

    fn map(width: u32, runs: &[&[u8]]) -> Vec<u8> {
        let mut b = width.to_le_bytes().to_vec();
        b.extend(1u32.to_le_bytes());
        runs.iter().for_each(|r| b.extend_from_slice(r));
        b
    }

    #[test]
    fn runs_laid_out_as_gamemaker_lays_them_read_and_others_do_not() {
        // Tiles 5, 5, 6: a repeat of two, a verbatim one, then the empty run.
        let good = map(
            3,
            &[
                &[0x81, 5, 0, 0, 0],
                &[1, 6, 0, 0, 0],
                &[0x81, 255, 255, 255, 255],
            ],
        );
        assert_eq!(read(&good).unwrap().tiles.to_vec(), [5, 5, 6]);
        // The same tiles as one verbatim run of three.
        let other = map(
            3,
            &[
                &[3, 5, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0],
                &[0x81, 255, 255, 255, 255],
            ],
        );
        let e = read(&other).unwrap_err().to_string();
        assert!(e.contains("runs are not laid out"), "{e}");
        // Runs that give more tiles than the map has, where GameMaker's do not.
        let long = map(3, &[&[0x83, 5, 0, 0, 0]]);
        assert!(read(&long)
            .unwrap_err()
            .to_string()
            .contains("runs are not laid out"));
        // A map that ends in an empty tile unlike the one before: the empty run
        // after the map holds it.
        let ends_empty = map(2, &[&[1, 4, 0, 0, 0], &[0x81, 255, 255, 255, 255]]);
        assert_eq!(read(&ends_empty).unwrap().tiles.to_vec(), [4, EMPTY]);
    }

    #[test]
    fn the_runs_of_a_map() {
        assert_eq!(runs(&[4]), [Run::Verbatim(vec![4]), Run::Repeat(2, EMPTY)]);
        assert_eq!(runs(&[4, 4]), [Run::Repeat(2, 4)]);
        assert_eq!(runs(&[1; 130]), [Run::Repeat(128, 1), Run::Repeat(2, 1)]);
        // The one tile left of a long repeat is a repeat run of its own.
        assert_eq!(runs(&[1; 129]), [Run::Repeat(128, 1), Run::Repeat(1, 1)]);
        let mut after = vec![1; 129];
        after.push(2);
        assert_eq!(
            runs(&after),
            [
                Run::Repeat(128, 1),
                Run::Repeat(1, 1),
                Run::Verbatim(vec![2]),
                Run::Repeat(2, EMPTY)
            ]
        );
        assert_eq!(
            runs(&[4, EMPTY]),
            [Run::Verbatim(vec![4]), Run::Repeat(2, EMPTY)]
        );
        let verbatim: Vec<u32> = (0..130).collect();
        assert_eq!(runs(&verbatim)[0], Run::Verbatim((0..127).collect()));
    }
}
