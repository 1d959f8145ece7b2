//! What the chunks' layouts show of the release that wrote a file, beyond which
//! chunks it holds. A chunk that reads in one release's layout and not in the one
//! before shows the file is that release or later; a chunk that does not read in a
//! later release's layout shows the file is older. Only the gates a chunk's own read
//! asked about (kept from the model's read) are tried, so a chunk whose records
//! never reach a gate says nothing of it: an empty list of fonts reads in every
//! font layout.

use crate::formats::gamemaker::binary::container::Form;
use crate::formats::gamemaker::model::chunks::Body;
use crate::formats::gamemaker::model::game::{range, Game, Reading};
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::fourcc::FourCC;

/// One chunk's word on the release.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The chunk reads in this release's layout and not in the one before it.
    Since(Version),
    /// The chunk does not read in this release's layout.
    Before(Version),
}

/// The narrowest release bounds the chunks' layouts give, each with the chunk that
/// gives it: at most one `Since` and one `Before`. Nothing for a GameMaker: Studio 1
/// file, whose GEN8 states its build.
pub fn bounds<'a>(game: &Game<'a>, form: &Form<'a>) -> Vec<(FourCC, Bound)> {
    let range = range(form);
    if range.low < Version::GMS2 {
        return Vec::new();
    }
    let (mut low, mut high) = (None, None);
    let (mut floor, mut ceiling) = (range.low, range.high);
    for (i, part) in game.chunks.iter().enumerate() {
        if matches!(part.body, Body::Stored { .. } | Body::Empty) || part.name == FourCC::STRG {
            continue;
        }
        let Some(gates) = game.gates.get(i) else {
            continue;
        };
        let reading = Reading::new(
            form,
            i,
            (game.bytecode, game.alignment),
            range,
            game.texts(),
        );
        // The newest gate the read passed whose older layout does not read.
        let mut passed: Vec<Version> = gates
            .iter()
            .copied()
            .filter(|&g| g <= part.version && g > floor)
            .collect();
        passed.sort_unstable_by(|a, b| b.cmp(a));
        for g in passed {
            if reads_at(&reading, game, g.below()) == Some(false) {
                (floor, low) = (g, Some((part.name, Bound::Since(g))));
                break;
            }
        }
        // The oldest gate the read stayed below whose layout does not read.
        let mut above: Vec<Version> = gates
            .iter()
            .copied()
            .filter(|&g| g > part.version && g <= ceiling)
            .collect();
        above.sort_unstable();
        for g in above {
            if reads_at(&reading, game, g) == Some(false) {
                (ceiling, high) = (g.below(), Some((part.name, Bound::Before(g))));
                break;
            }
        }
    }
    low.into_iter().chain(high).collect()
}

/// Whether the chunk reads whole in `version`'s layout; `None` when no model reads
/// it.
fn reads_at(reading: &Reading<'_, '_>, game: &Game<'_>, version: Version) -> Option<bool> {
    let mut r = reading.reader(version, &game.read_labels);
    let read = Body::read(reading.chunk.name, &mut r)?;
    Some(read.and_then(|_| reading.ends_here(&r)).is_ok())
}

impl Bound {
    /// The releases of `range` this bound leaves.
    pub fn narrow(self, range: Range) -> Range {
        match self {
            Bound::Since(v) => Range {
                low: range.low.max(v),
                ..range
            },
            Bound::Before(v) => Range {
                high: range.high.min(v.below()),
                ..range
            },
        }
    }
}
