use crate::detect::{Certainty, Probe};
use crate::Format;

const PLATFORMS: [&str; 8] = [
    "Windows",
    "Mac OS X",
    "Linux",
    "Android",
    "iOS",
    "HTML5",
    "Undefined",
    "Unknown",
];
const TAGS: [&[u8; 4]; 10] = [
    b"CNFG", b"SDRM", b"TXTR", b"SOND", b"FONT", b"CODE", b"STAT", b"SCNE", b"TXST", b"AUDO",
];

/// The magic, the version (whose byte order gives the file's), and the platform flags.
pub fn probe(data: &[u8]) -> Probe {
    let mut p = Probe::new(Format::Swag);
    if !data.starts_with(b"SWAG") {
        return p.fail("no SWAG magic at offset 0");
    }
    p.hit("magic SWAG at offset 0");
    let Some(v) = data.get(4..6) else {
        p.certainty = Certainty::Possible;
        return p.fail("file ends before the version field");
    };
    let (version, order) = match (v[0], v[1]) {
        (lo, 0) if lo != 0 => (lo, "little-endian"),
        (0, hi) if hi != 0 => (hi, "big-endian"),
        _ => {
            p.certainty = Certainty::Possible;
            p.evidence.push(format!(
                "version bytes {:02x} {:02x} give no byte order",
                v[0], v[1]
            ));
            return p;
        }
    };
    p.version = Some(format!("v{version} {order}"));
    p.hit(format!("version {version}, {order}"));
    if let Some(&flags) = data.get(6) {
        let names: Vec<&str> = (0..8)
            .filter(|b| flags & (1 << b) != 0)
            .map(|b| PLATFORMS[b])
            .collect();
        p.hit(format!("platforms: {}", names.join(", ")));
    }
    if let (Some(&count), Some(tag)) = (data.get(7), data.get(8..12)) {
        if TAGS.iter().any(|t| t.as_slice() == tag) {
            p.hit(format!(
                "{count} sections, the first tagged {}",
                String::from_utf8_lossy(tag)
            ));
        }
    }
    p.certainty = if version == 10 {
        Certainty::Certain
    } else {
        Certainty::Likely
    };
    p
}
