use super::header::{GAME_TYPES, HEADER_LEN, MAGIC};
use crate::detect::{Certainty, Probe};
use crate::Format;

/// The magic, the revision, the game type, and whether the file is encrypted.
pub fn probe(data: &[u8]) -> Probe {
    let mut p = Probe::new(Format::Tng);
    if !data.starts_with(MAGIC) {
        if data.starts_with(b"#!/usr/bin/tng") {
            p.score = 1;
            return p.fail("magic starts like TirNanoG's but is not `#!/usr/bin/tngp\\n`");
        }
        return p.fail("no `#!/usr/bin/tngp` magic at offset 0");
    }
    p.hit("magic `#!/usr/bin/tngp\\n` at offset 0");
    if data.len() < HEADER_LEN {
        p.certainty = Certainty::Likely;
        p.evidence.push(format!(
            "file is {} bytes, shorter than the 64-byte header",
            data.len()
        ));
        return p;
    }
    let revision = data[32];
    let game_type = data[33] & 0x0f;
    let encrypted = u32::from_le_bytes([data[60], data[61], data[62], data[63]]) != 0;
    p.version = Some(format!("revision {revision}"));
    let id: String = data[16..32]
        .iter()
        .take_while(|&&b| b != 0)
        .map(|&b| {
            if b.is_ascii_graphic() || b == b' ' {
                b as char
            } else {
                '?'
            }
        })
        .collect();
    p.hit(format!("game id \"{id}\""));
    match GAME_TYPES.get(game_type as usize) {
        Some(t) => p.hit(format!("game type {game_type} ({t})")),
        None => p.evidence.push(format!("game type {game_type} is not 0-4")),
    }
    p.hit(if encrypted {
        "encrypted (non-zero field at offset 60): contents not verifiable".to_string()
    } else {
        "not encrypted".to_string()
    });
    p.certainty = if revision == 0 && (game_type as usize) < GAME_TYPES.len() {
        Certainty::Certain
    } else {
        Certainty::Likely
    };
    p
}
