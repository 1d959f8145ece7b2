//! A tile layer's map: width, height, then a u32 per tile, row by row. From 2024.2
//! the tiles are run-length encoded: a byte of 128 or more repeats the next tile
//! (byte - 127) times, a smaller byte is that many tiles as they are. When the last
//! two tiles differ, or there is only one, GameMaker adds a run of two empty tiles
//! (-1) after the map; from 2024.4 the map ends on a 4-byte boundary.
//!
//! The model keeps the tiles, not the runs: the runs are what `runs` makes of
//! them, and a map whose runs are laid out otherwise does not read.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::model::wire::{Record, Wire};

/// A tile that stands for no tile.
const EMPTY: u32 = u32::MAX;

/// A tile layer's map: which tile of the tileset is in each cell.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
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
    pub tiles: Vec<u32>,
}

/// A run of the compressed map.
#[derive(Debug, Clone, PartialEq)]
enum Run {
    Repeat(u8, u32),
    Verbatim(Vec<u32>),
}

/// The runs GameMaker writes for `tiles`: a tile repeated is one run, up to 128 at a
/// time; tiles that differ from the next go as they are, up to 127 at a time; and
/// the trailing run of two empty tiles.
fn runs(tiles: &[u32]) -> Vec<Run> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tiles.len() {
        let same = tiles[i..]
            .iter()
            .take(128)
            .take_while(|&&t| t == tiles[i])
            .count();
        if same >= 2 {
            out.push(Run::Repeat(same as u8, tiles[i]));
            i += same;
            continue;
        }
        let mut j = i;
        while j < tiles.len() && j - i < 127 && !(j + 1 < tiles.len() && tiles[j] == tiles[j + 1]) {
            j += 1;
        }
        out.push(Run::Verbatim(tiles[i..j].to_vec()));
        i = j;
    }
    let n = tiles.len();
    if n == 1 || (n >= 2 && tiles[n - 1] != tiles[n - 2]) {
        out.push(Run::Repeat(2, EMPTY));
    }
    out
}

impl<'a> Record<'a> for TileData {
    fn walk<W: Wire<'a>>(&mut self, w: &mut W) -> Result<()> {
        w.u32(&mut self.width)?;
        let at = w.offset();
        w.u32(&mut self.height)?;
        let n = u64::from(self.width) * u64::from(self.height);
        if !w.reading() && self.tiles.len() as u64 != n {
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
            if w.reading() {
                self.tiles = vec![0; n as usize];
            }
            return self.tiles.iter_mut().try_for_each(|t| w.u32(t));
        }
        // A run of five bytes covers at most 128 tiles.
        w.fits(at, n.div_ceil(128), 5)?;
        if w.reading() {
            let read = read_runs(w, n as usize, &mut self.tiles)?;
            if read != runs(&self.tiles) {
                return Err(w.unlike_gamemaker(
                    at,
                    "the tile map's runs are not laid out as GameMaker lays them".into(),
                ));
            }
        } else {
            for run in &mut runs(&self.tiles) {
                write_run(w, run)?;
            }
        }
        if w.since(Version::V2024_4) {
            w.pad(4)?;
        }
        Ok(())
    }
}

/// Reads runs until `n` tiles are read, then the trailing empty run where
/// GameMaker writes one; gives the runs read.
fn read_runs<'a, W: Wire<'a>>(w: &mut W, n: usize, tiles: &mut Vec<u32>) -> Result<Vec<Run>> {
    let mut runs = Vec::new();
    while tiles.len() < n {
        let at = w.offset();
        let run = read_run(w)?;
        match &run {
            Run::Repeat(k, t) => tiles.extend(std::iter::repeat_n(*t, *k as usize)),
            Run::Verbatim(list) => tiles.extend_from_slice(list),
        }
        if tiles.len() > n {
            return Err(w.invalid(at, format!("the runs give more than the map's {n} tiles")));
        }
        runs.push(run);
    }
    if n == 1 || (n >= 2 && tiles[n - 1] != tiles[n - 2]) {
        runs.push(read_run(w)?);
    }
    Ok(runs)
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
        assert_eq!(read(&good).unwrap().tiles, [5, 5, 6]);
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
        // Runs that give more tiles than the map has.
        let long = map(3, &[&[0x83, 5, 0, 0, 0]]);
        assert!(read(&long)
            .unwrap_err()
            .to_string()
            .contains("more than the map's 3 tiles"));
    }

    #[test]
    fn the_runs_of_a_map() {
        assert_eq!(runs(&[4]), [Run::Verbatim(vec![4]), Run::Repeat(2, EMPTY)]);
        assert_eq!(runs(&[4, 4]), [Run::Repeat(2, 4)]);
        assert_eq!(runs(&[1; 130]), [Run::Repeat(128, 1), Run::Repeat(2, 1)]);
        let verbatim: Vec<u32> = (0..130).collect();
        assert_eq!(runs(&verbatim)[0], Run::Verbatim((0..127).collect()));
    }
}
