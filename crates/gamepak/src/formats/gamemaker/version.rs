//! Which GameMaker made a file. GEN8 says 2.0.0.0 for every GameMaker Studio 2 and
//! later file, so the version is inferred from which chunks exist (each appeared in
//! one release and stayed) and from the size of TXTR entries.

use serde::Serialize;

use super::game::Game;
use crate::fourcc::FourCC;

/// A chunk and the release that introduced it, oldest first.
const MARKERS: [(FourCC, &str); 6] = [
    (FourCC::TGIN, "2.2.1"),
    (FourCC::SEQN, "2.3"),
    (FourCC::FEDS, "2.3.6"),
    (FourCC::FEAT, "2022.8"),
    (FourCC::PSEM, "2023.2"),
    (FourCC::UILR, "2024.13"),
];

#[derive(Debug, Clone, Serialize)]
pub struct Inferred {
    pub range: String,
    pub evidence: Vec<String>,
}

pub fn infer(game: &Game<'_>) -> Inferred {
    let g = &game.gen8;
    let mut evidence = vec![format!("bytecode {}", g.bytecode)];
    if g.version[0] < 2 {
        evidence.push(format!(
            "GEN8 version {}.{}.{}.{}",
            g.version[0], g.version[1], g.version[2], g.version[3]
        ));
        return Inferred {
            range: format!("GameMaker: Studio 1.x (build {})", g.version[3]),
            evidence,
        };
    }
    evidence.push("GEN8 version 2.0.0.0: GameMaker Studio 2 or later".into());
    let mut low = "2.0";
    let mut high = None;
    for (chunk, release) in MARKERS {
        if game.form.chunk(chunk).is_some() {
            low = release;
            evidence.push(format!("{chunk} present: {release} or later"));
        } else if high.is_none() {
            high = Some(release);
            evidence.push(format!("{chunk} absent: before {release}"));
        }
    }
    if let Some(t) = &game.txtr {
        let (since, what) = match t.entry_size {
            16 => ("2022.3", "with their blob size"),
            28 => ("2022.9", "with size and group index"),
            _ => ("", ""),
        };
        if !since.is_empty() {
            evidence.push(format!(
                "TXTR entries are {} bytes, {what}: {since} or later",
                t.entry_size
            ));
            if version_key(since) > version_key(low) {
                low = since;
            }
        }
    }
    let range = match high {
        Some(h) => format!("{low} to before {h}"),
        None => format!("{low} or later"),
    };
    Inferred { range, evidence }
}

fn version_key(v: &str) -> Vec<u32> {
    v.split('.').filter_map(|p| p.parse().ok()).collect()
}
