use crate::bytes::Endian;
use crate::detect::{Certainty, Probe};
use crate::Format;

/// `FORM` (or `MROF`) + u32 size covering the rest of the file, then `GEN8` first.
pub fn probe(data: &[u8]) -> Probe {
    let p = Probe::new(Format::GameMaker);
    let endian = match data.get(0..4) {
        Some(b"FORM") => Endian::Little,
        Some(b"MROF") => Endian::Big,
        _ => return p.fail("no FORM or MROF magic at offset 0"),
    };
    probe_form(p, data, endian)
}

fn probe_form(mut p: Probe, data: &[u8], endian: Endian) -> Probe {
    let magic = if endian == Endian::Little {
        "FORM"
    } else {
        "MROF"
    };
    p.hit(format!("magic {magic} at offset 0 ({endian:?}-endian)"));
    let Some(size) = data.get(4..8).map(|b| {
        let b = [b[0], b[1], b[2], b[3]];
        match endian {
            Endian::Little => u32::from_le_bytes(b),
            Endian::Big => u32::from_be_bytes(b),
        }
    }) else {
        return p.fail("file ends inside the FORM header");
    };
    let gen8 = match endian {
        Endian::Little => b"GEN8",
        Endian::Big => b"8NEG",
    };
    if crate::formats::gamemaker::audio_group::group_file::is_audio_group(data) {
        p.hit(
            "first chunk is AUDO: an audio group (audiogroupN.dat), the clips of a game's sounds",
        );
        p.version = Some("audio group".into());
    } else if data.get(8..12) != Some(gen8.as_slice()) {
        return p.fail("first chunk at 0x8 is neither GEN8 (a game) nor AUDO (an audio group)");
    } else {
        p.hit("first chunk is GEN8");
        // GEN8's body starts at 0x10 with a debugger flag byte; the bytecode version
        // follows.
        p.version = data.get(17).map(|bc| format!("bytecode {bc}"));
    }
    if size as u64 + 8 == data.len() as u64 {
        p.hit(format!("FORM size {size} covers the file exactly"));
        p.certainty = Certainty::Certain;
    } else {
        p.evidence.push(format!(
            "FORM size {size} + 8 does not match the file length {} (truncated or padded?)",
            data.len()
        ));
        p.certainty = Certainty::Likely;
    }
    p
}
