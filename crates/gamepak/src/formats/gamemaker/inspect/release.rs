//! Which GameMaker made a file. GEN8 says 2.0.0.0 for every GameMaker Studio 2 and
//! later file, so the version is inferred from which chunks exist (each appeared in
//! one release and stayed), from the size of TXTR entries, and from the releases
//! whose layouts the chunks read in and do not (see [`crate::formats::gamemaker::model::release_evidence`]).

use serde::Serialize;

use crate::formats::gamemaker::binary::container::Form;
use crate::formats::gamemaker::model::chunks::general::General;
use crate::formats::gamemaker::model::chunks::Body;
use crate::formats::gamemaker::model::release_evidence::{self, Bound};
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::formats::gamemaker::model::{Game, MARKERS};
use crate::formats::gamemaker::views::file_view::{FileView, Seen};

#[derive(Debug, Clone, Serialize)]
pub struct Inferred {
    pub range: String,
    pub evidence: Vec<String>,
    /// The range in words above, as releases.
    #[serde(skip)]
    pub releases: Range,
}

pub fn infer(game: &FileView<'_>) -> Inferred {
    if let Some(releases) = game.releases {
        return Inferred {
            range: named(releases),
            evidence: vec!["as the game's file showed it".into()],
            releases,
        };
    }
    let Seen::Read(model) = &game.model else {
        return of_model(&game.model);
    };
    let g = &game.gen8;
    let txtr = game.txtr.as_ref().map(|t| t.version);
    from_records(model, Some(&game.form), (g.bytecode, g.version), txtr)
}

/// Which releases may have written `game`, a model read from a file and perhaps
/// edited since, or made in code: from its records, and from the layouts of the
/// file it was read from while its chunks are still that file's.
pub fn of_model(game: &Game<'_>) -> Inferred {
    let (bytecode, version) = game
        .get::<General>()
        .map_or((0, [0; 4]), |g| (g.bytecode, g.ide_version));
    let txtr = game
        .chunks
        .iter()
        .find(|p| matches!(p.body, Body::Textures(_)))
        .map(|p| p.version);
    from_records(game, game.read_from(), (bytecode, version), txtr)
}

/// The releases GEN8's `(bytecode, version)`, the chunks `game` holds, its TXTR
/// entries (read in `txtr`'s layout) and, given the `form` it was read from, its
/// layouts show.
fn from_records(
    game: &Game<'_>,
    form: Option<&Form<'_>>,
    gen8: (u8, [u32; 4]),
    txtr: Option<Version>,
) -> Inferred {
    let (bytecode, version) = gen8;
    let mut evidence = vec![format!("bytecode {bytecode}")];
    if version[0] < 2 {
        let [major, minor, release, build] = version;
        evidence.push(format!("GEN8 version {major}.{minor}.{release}.{build}"));
        let studio = Version::new(1, 0, 0, 0);
        return Inferred {
            range: format!("GameMaker: Studio 1.x (build {})", version[3]),
            evidence,
            releases: Range {
                low: studio,
                high: studio,
            },
        };
    }
    evidence.push("GEN8 version 2.0.0.0: GameMaker Studio 2 or later".into());
    let mut low = Version::GMS2;
    let mut high = None;
    let mut markers = MARKERS.to_vec();
    markers.sort_by_key(|&(_, release)| release);
    for (chunk, release) in markers {
        if game.chunks.iter().any(|p| p.name == chunk) {
            low = release;
            evidence.push(format!("{chunk} present: {release} or later"));
        } else if high.is_none() {
            high = Some(release);
            evidence.push(format!("{chunk} absent: before {release}"));
        }
    }
    // TXTR's entries grew a blob size in 2022.3 and a page size in 2022.9.
    let entries = [
        (Version::V2022_9, 28, "with size and group index"),
        (Version::V2022_3, 16, "with their blob size"),
    ];
    if let Some(&(since, size, what)) = entries.iter().find(|(v, ..)| txtr >= Some(*v)) {
        evidence.push(format!(
            "TXTR entries are {size} bytes, {what}: {since} or later"
        ));
        low = low.max(since);
    }
    let mut range = Range {
        low,
        high: high.map_or(Version::NEWEST, Version::below),
    };
    let bounds = form.map_or_else(Vec::new, |form| release_evidence::bounds(game, form));
    for (chunk, bound) in bounds {
        let narrower = bound.narrow(range);
        if (narrower.low, narrower.high) == (range.low, range.high) {
            continue;
        }
        range = narrower;
        evidence.push(match bound {
            Bound::Since(v) => {
                format!("{chunk} reads in {v}'s layout and not in the one before: {v} or later")
            }
            Bound::Before(v) => format!("{chunk} does not read in {v}'s layout: before {v}"),
        });
    }
    Inferred {
        range: named(range),
        evidence,
        releases: range,
    }
}

/// A range of releases as words: "2024.4 to before 2024.6". A file in LTS
/// 2022.0.3's layout is from that branch, not from mainline before 2023.2.
pub(crate) fn named(range: Range) -> String {
    if range.low == Version::LTS_2022_0_3 {
        "LTS 2022.0.3 or a later LTS 2022.0 release".to_string()
    } else if range.high == Version::NEWEST {
        format!("{} or later", range.low)
    } else {
        format!("{} to before {}", range.low, range.high.above())
    }
}
