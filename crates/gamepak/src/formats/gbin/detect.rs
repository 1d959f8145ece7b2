use crate::detect::{Certainty, Probe};
use crate::Format;
use crate::FourCC;

/// `GBIN`, a header size byte of 32, two ASCII version digits, and a first chunk
/// with a printable FourCC.
pub fn probe(data: &[u8]) -> Probe {
    let mut p = Probe::new(Format::Gbin);
    if !data.starts_with(&FourCC::GBIN.0) {
        return p.fail("no GBIN magic at offset 0");
    }
    p.hit("magic GBIN at offset 0");
    if data.len() < super::model::HEADER_LEN {
        p.certainty = Certainty::Possible;
        return p.fail(format!(
            "file is {} bytes, shorter than the 32-byte header",
            data.len()
        ));
    }
    let mut sane = true;
    if data[4] == 32 {
        p.hit("header size byte is 32");
    } else {
        sane = false;
        p.evidence
            .push(format!("header size byte is {}, not 32", data[4]));
    }
    let version = &data[6..8];
    if version.iter().all(u8::is_ascii_digit) {
        p.version = Some(String::from_utf8_lossy(version).into_owned());
        p.hit(format!("version \"{}\"", String::from_utf8_lossy(version)));
    } else {
        sane = false;
        p.evidence
            .push("version field is not two ASCII digits".into());
    }
    p.hit(if data[5] & 1 != 0 {
        "big-endian"
    } else {
        "little-endian"
    });
    match data.get(32..36) {
        Some(id)
            if id
                .iter()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) =>
        {
            p.hit(format!("first chunk {}", String::from_utf8_lossy(id)))
        }
        Some(_) => {
            sane = false;
            p.evidence
                .push("first chunk FourCC at 0x20 is not upper-case ASCII".into());
        }
        None => p.evidence.push("no chunk follows the header".into()),
    }
    if &data[8..12] == b"CRC-" {
        p.hit("CRC field holds the reference packer's `CRC-` placeholder");
    }
    p.certainty = if sane {
        Certainty::Certain
    } else {
        Certainty::Likely
    };
    p
}
