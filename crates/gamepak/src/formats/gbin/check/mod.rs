//! Strict validation of a GBIN package: every problem found, each located by byte
//! offset and structure path.

mod references;

use super::model::*;
use crate::bytes::Reader;
use crate::FourCC;
use crate::{Report, Severity};

/// Entry sizes of the fixed-size tables, by FourCC, for the "whole entries" check.
fn entry_len(id: FourCC, header: &Header) -> Option<usize> {
    Some(match id {
        FourCC::SIMG | FourCC::TSET | FourCC::SWAV => 12,
        FourCC::IMAG if header.imag_version() == ImagVersion::V1 => 12,
        FourCC::IMAG => 16,
        FourCC::IGRP => 24,
        FourCC::ISEQ | FourCC::IFRM => 8,
        FourCC::FDIR => 28,
        _ => return None,
    })
}

const KNOWN: [FourCC; 19] = [
    FourCC::IMGD,
    FourCC::SIMG,
    FourCC::IMAG,
    FourCC::IGRP,
    FourCC::ISEQ,
    FourCC::IFRM,
    FourCC::TSET,
    FourCC::TMAP,
    FourCC::TMIX,
    FourCC::TMBL,
    FourCC::CMAP,
    FourCC::COLR,
    FourCC::FDIR,
    FourCC::FDAT,
    FourCC::FILE,
    FourCC::STRT,
    FourCC::SWAV,
    FourCC::WAVD,
    FourCC::ENDC,
];

pub fn check(data: &[u8]) -> Report {
    let mut report = Report::default();
    let doc = match super::read(data) {
        Ok(doc) => doc,
        Err(e) => {
            report.push(
                Severity::Error,
                e.path.clone(),
                e.offset,
                e.kind.to_string(),
            );
            framing_after_error(data, &mut report);
            return report;
        }
    };
    header(&doc, data, &mut report);
    chunks(&doc, data, &mut report);
    references::check(&doc, &mut report);
    report
}

/// After a framing error, still report whether an ENDC chunk was ever reached.
fn framing_after_error(data: &[u8], report: &mut Report) {
    if data.len() >= HEADER_LEN && !data.windows(8).any(|w| w == b"ENDC\0\0\0\0") {
        report.error(
            "GBIN",
            data.len() as u64,
            "no ENDC chunk: the package is truncated",
        );
    }
}

fn header(doc: &Gbin<'_>, data: &[u8], report: &mut Report) {
    let h = &doc.header;
    if !h.version.iter().all(u8::is_ascii_digit) {
        report.error(
            "GBIN/header",
            6,
            format!("version {:?} is not two ASCII digits", h.version_text()),
        );
    }
    if h.flags & !(FLAG_BIG_ENDIAN | FLAG_EXECUTABLE) != 0 {
        report.warn(
            "GBIN/header",
            5,
            format!("unknown flag bits set in {:#04x}", h.flags),
        );
    }
    if h.crc == CRC_PLACEHOLDER {
        report.note(
            "GBIN/header",
            8,
            "CRC field holds the `CRC-` placeholder the reference packer writes: not verified",
        );
    } else {
        let want = super::write::expected_crc(data, h.endian());
        if h.crc != want {
            report.error(
                "GBIN/header",
                8,
                format!(
                    "CRC mismatch: header holds {}, contents give {}",
                    crate::bytes::to_hex(&h.crc),
                    crate::bytes::to_hex(&want)
                ),
            );
        }
    }
    let executable = doc.chunks.iter().any(|c| match &c.body {
        Body::FileDirectory(t) => t.entries.iter().any(|f| f.file_type == FourCC::CODE.0),
        Body::File(f) => f.head.file_type == FourCC::CODE.0,
        _ => false,
    });
    if executable != (h.flags & FLAG_EXECUTABLE != 0) {
        report.warn(
            "GBIN/header",
            5,
            format!(
                "executable flag is {} but the package {} a CODE file",
                h.flags & FLAG_EXECUTABLE != 0,
                if executable { "has" } else { "has no" }
            ),
        );
    }
}

fn chunks(doc: &Gbin<'_>, data: &[u8], report: &mut Report) {
    let mut seen: Vec<FourCC> = Vec::new();
    for (i, c) in doc.chunks.iter().enumerate() {
        let name = c.id.to_string();
        let path = format!("GBIN/{name}");
        let payload_at = c.offset + CHUNK_HEADER_LEN as u64;
        let len = super::items::body_len(&c.body);
        let singleton = !matches!(
            c.id,
            FourCC::CMAP | FourCC::TMAP | FourCC::FILE | FourCC::STRT
        ) || doc.layout() == Layout::Reference
            && matches!(c.id, FourCC::CMAP | FourCC::TMAP);
        if singleton && seen.contains(&c.id) {
            report.error(
                &path,
                c.offset,
                format!("a second {name} chunk: only the first is used"),
            );
        }
        seen.push(c.id);
        if !KNOWN.contains(&c.id) {
            report.note(
                &path,
                c.offset,
                format!("unknown chunk {name} kept as {len} opaque bytes"),
            );
        } else if let Body::Opaque(_) = c.body {
            let start = payload_at as usize;
            let mut r = Reader::new(data, "GBIN")
                .with_endian(doc.header.endian())
                .slice(start, len, &name)
                .expect("the reader framed this chunk");
            if let Err(e) = super::read::decode_typed(c.id, &mut r, &doc.header, &doc.chunks[..i]) {
                report.push(
                    Severity::Error,
                    e.path.clone(),
                    e.offset,
                    e.kind.to_string(),
                );
            }
        }
        if let Some(e) = entry_len(c.id, &doc.header) {
            if !len.is_multiple_of(e) {
                report.error(
                    &path,
                    payload_at + (len - len % e) as u64,
                    format!("payload of {len} bytes is not a whole number of {e}-byte entries"),
                );
            }
        }
    }
    match doc.chunks.last() {
        Some(c) if c.id == FourCC::ENDC => {
            if !doc.trailing.is_empty() {
                report.error(
                    "GBIN/ENDC",
                    (data.len() - doc.trailing.len()) as u64,
                    format!("{} bytes follow the ENDC chunk", doc.trailing.len()),
                );
            }
            if let Body::End(b) = &c.body {
                if !b.is_empty() {
                    report.warn(
                        "GBIN/ENDC",
                        c.offset,
                        format!("ENDC carries {} bytes", b.len()),
                    );
                }
            }
        }
        _ => report.error(
            "GBIN",
            data.len() as u64,
            "no ENDC chunk: the package is truncated or was not finished",
        ),
    }
}
