use super::model::{platform_names, VERSION};
use crate::bytes::Endian;
use crate::detect::{Certainty, Probe};
use crate::Format;
use crate::FourCC;

const TAGS: [FourCC; 10] = [
    FourCC::CNFG,
    FourCC::SDRM,
    FourCC::TXTR,
    FourCC::SOND,
    FourCC::FONT,
    FourCC::CODE,
    FourCC::STAT,
    FourCC::SCNE,
    FourCC::TXST,
    FourCC::AUDO,
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
    let (version, order) = match super::read::byte_order([v[0], v[1]]) {
        Some((Endian::Little, v)) => (v, "little-endian"),
        Some((Endian::Big, v)) => (v, "big-endian"),
        None => {
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
        p.hit(format!("platforms: {}", platform_names(flags).join(", ")));
    }
    if let (Some(&count), Some(tag)) = (data.get(7), data.get(8..12)) {
        if TAGS.iter().any(|t| t.0 == tag) {
            p.hit(format!(
                "{count} sections, the first tagged {}",
                String::from_utf8_lossy(tag)
            ));
        }
    }
    p.certainty = if version == VERSION {
        Certainty::Certain
    } else {
        Certainty::Likely
    };
    p
}
