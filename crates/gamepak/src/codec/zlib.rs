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
    let mut out = Vec::new();
    let mut dec = flate2::read::ZlibDecoder::new(data).take(limit.saturating_add(1));
    dec.read_to_end(&mut out)
        .map_err(|e| Error::invalid(path, offset, format!("zlib stream does not inflate: {e}")))?;
    if out.len() as u64 > limit {
        return Err(Error::new(
            path,
            Some(offset),
            ErrorKind::Limit(format!("zlib stream inflates past {limit} bytes")),
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
    }
}
