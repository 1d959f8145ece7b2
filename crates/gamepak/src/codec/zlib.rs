//! zlib streams (RFC 1950): recognising, inflating under a limit, and deflating.

use std::io::Read;

use crate::error::{Error, ErrorKind, Result};

/// Whether `data` starts with a valid zlib header (deflate method, window size at most
/// 32 KiB, header checksum right). Two bytes can match by chance: inflating decides.
pub fn has_header(data: &[u8]) -> bool {
    match data {
        [cmf, flg, ..] => {
            cmf & 0x0f == 8 && cmf >> 4 <= 7 && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0
        }
        _ => false,
    }
}

/// Inflates a whole zlib stream, refusing output over `limit` bytes and streams that
/// end early or carry a bad checksum.
pub fn inflate(data: &[u8], limit: u64, path: &str, offset: u64) -> Result<Vec<u8>> {
    inflate_from(flate2::read::ZlibDecoder::new(data), limit, path, offset)
}

/// How a deflate stream is wrapped, told from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrapping {
    /// RFC 1950.
    Zlib,
    /// RFC 1952, starting `1f 8b`.
    Gzip,
    /// RFC 1951 with no wrapper.
    Raw,
}

impl Wrapping {
    pub fn of(data: &[u8]) -> Wrapping {
        if has_header(data) {
            Wrapping::Zlib
        } else if data.starts_with(&[0x1f, 0x8b]) {
            Wrapping::Gzip
        } else {
            Wrapping::Raw
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Wrapping::Zlib => "zlib",
            Wrapping::Gzip => "gzip",
            Wrapping::Raw => "deflate",
        }
    }
}

/// Inflates a zlib, gzip or raw deflate stream, whichever its first bytes say it is,
/// under the same limit as [`inflate`].
pub fn inflate_any(data: &[u8], limit: u64, path: &str, offset: u64) -> Result<Vec<u8>> {
    match Wrapping::of(data) {
        Wrapping::Zlib => inflate(data, limit, path, offset),
        Wrapping::Gzip => inflate_from(flate2::read::GzDecoder::new(data), limit, path, offset),
        Wrapping::Raw => inflate_from(flate2::read::DeflateDecoder::new(data), limit, path, offset),
    }
}

fn inflate_from(dec: impl Read, limit: u64, path: &str, offset: u64) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    dec.take(limit.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|e| {
            Error::invalid(
                path,
                offset,
                format!("compressed stream does not inflate: {e}"),
            )
        })?;
    if out.len() as u64 > limit {
        return Err(Error::new(
            path,
            Some(offset),
            ErrorKind::Limit(format!("compressed stream inflates past {limit} bytes")),
        ));
    }
    Ok(out)
}

/// The first `n` bytes a zlib stream inflates to (all of it if shorter), or `None` if
/// those bytes do not come out: enough to tell what a stream holds without inflating it.
pub fn inflate_prefix(data: &[u8], n: u64) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    flate2::read::ZlibDecoder::new(data)
        .take(n)
        .read_to_end(&mut out)
        .ok()?;
    Some(out)
}

/// Deflates at the default level, as zlib and Node's zlib do by default.
pub fn deflate(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(data).expect("writing to memory");
    enc.finish().expect("writing to memory")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_header() {
        let z = deflate(b"hello hello hello");
        assert!(has_header(&z));
        assert_eq!(inflate(&z, 100, "t", 0).unwrap(), b"hello hello hello");
        assert!(inflate(&z, 5, "t", 0).is_err());
        assert!(inflate(&z[..z.len() - 1], 100, "t", 0).is_err());
        assert!(!has_header(b"\x89PNG"));
        assert_eq!(inflate_prefix(&z, 5).unwrap(), b"hello");
        assert!(inflate_prefix(&z[..4], 5).is_none());
        assert_eq!(inflate_any(&z, 100, "t", 0).unwrap(), b"hello hello hello");
        assert!(inflate_any(&z[2..z.len() - 4], 100, "t", 0).is_ok());
        assert_eq!(Wrapping::of(&[0x1f, 0x8b, 8]), Wrapping::Gzip);
    }
}
