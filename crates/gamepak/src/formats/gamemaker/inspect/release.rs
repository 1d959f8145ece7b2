//! Which GameMaker made a file. GEN8 says 2.0.0.0 for every GameMaker Studio 2 and
//! later file, so the version is inferred from which chunks exist (each appeared in
//! one release and stayed), from the size of TXTR entries, and from the releases
//! whose layouts the chunks read in and do not (see [`crate::formats::gamemaker::model::release_evidence`]).

use serde::Serialize;

use crate::formats::gamemaker::model::release_evidence::{self, Bound};
use crate::formats::gamemaker::model::version::{Range, Version};
use crate::formats::gamemaker::model::MARKERS;
use crate::formats::gamemaker::views::file_view::FileView;

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
    let g = &game.gen8;
    let mut evidence = vec![format!("bytecode {}", g.bytecode)];
    if g.version[0] < 2 {
        evidence.push(format!(
            "GEN8 version {}.{}.{}.{}",
            g.version[0], g.version[1], g.version[2], g.version[3]
        ));
        let studio = Version::new(1, 0, 0, 0);
        return Inferred {
            range: format!("GameMaker: Studio 1.x (build {})", g.version[3]),
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
        if game.form.chunk(chunk).is_some() {
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
    let read_as = game.txtr.as_ref().map(|t| t.version);
    if let Some(&(since, size, what)) = entries.iter().find(|(v, ..)| read_as >= Some(*v)) {
        evidence.push(format!(
            "TXTR entries are {size} bytes, {what}: {since} or later"
        ));
        low = low.max(since);
    }
    let mut range = Range {
        low,
        high: high.map_or(Version::NEWEST, Version::below),
    };
    for (chunk, bound) in release_evidence::bounds(&game.model, &game.form) {
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
