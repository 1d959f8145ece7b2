//! zlib streams (RFC 1950): recognising, inflating under a limit, and deflating.

use std::io::Read;

use super::capped::read_capped;
use crate::error::{Error, Result};
use crate::limits::{self, Limits};

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

/// Inflates a whole zlib stream, refusing output over the allocation limit and
/// streams that end early or carry a bad checksum.
pub fn inflate(data: &[u8], limits: &Limits, path: &str, offset: u64) -> Result<Vec<u8>> {
    inflate_as(Wrapping::Zlib, data, limits, path, offset)
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
    /// The wrapping `data` starts with: zlib when its header is valid, gzip when it
    /// starts `1f 8b`, raw deflate otherwise.
    pub fn of(data: &[u8]) -> Wrapping {
        if has_header(data) {
            Wrapping::Zlib
        } else if data.starts_with(&[0x1f, 0x8b]) {
            Wrapping::Gzip
        } else {
            Wrapping::Raw
        }
    }

    /// The name messages and `info` give it: `zlib`, `gzip` or `deflate`.
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
pub fn inflate_any(data: &[u8], limits: &Limits, path: &str, offset: u64) -> Result<Vec<u8>> {
    inflate_as(Wrapping::of(data), data, limits, path, offset)
}

fn decoder<'a>(wrapping: Wrapping, data: &'a [u8]) -> Box<dyn Read + 'a> {
    match wrapping {
        Wrapping::Zlib => Box::new(flate2::read::ZlibDecoder::new(data)),
        Wrapping::Gzip => Box::new(flate2::read::GzDecoder::new(data)),
        Wrapping::Raw => Box::new(flate2::read::DeflateDecoder::new(data)),
    }
}

fn inflate_as(
    wrapping: Wrapping,
    data: &[u8],
    limits: &Limits,
    path: &str,
    offset: u64,
) -> Result<Vec<u8>> {
    let name = wrapping.name();
    read_capped(decoder(wrapping, data), limits.max_alloc, None)
        .map_err(|e| {
            Error::invalid(
                path,
                offset,
                format!("the {name} stream does not inflate: {e}"),
            )
        })?
        .ok_or_else(|| {
            limits::exceeded(
                path,
                Some(offset),
                &format!("the {name} stream keeps inflating"),
                limits.max_alloc,
            )
        })
}

/// What `data` (any wrapping) inflates to if that is exactly `len` bytes: inflating
/// stops as soon as it gives more, so a stream of another size costs no more than `len`.
pub fn inflate_exact(data: &[u8], len: u64) -> Option<Vec<u8>> {
    read_capped(decoder(Wrapping::of(data), data), len, Some(len))
        .ok()
        .flatten()
        .filter(|plain| plain.len() as u64 == len)
}

/// Whether `data` (any wrapping) inflates to exactly `want`, at no more cost than `want`.
pub fn inflates_to(data: &[u8], want: &[u8]) -> bool {
    inflate_exact(data, want.len() as u64).is_some_and(|p| p == want)
}

/// The first `n` bytes a stream (any wrapping) inflates to (all of it if shorter), or
/// `None` if those bytes do not come out: enough to tell what a stream holds without
/// inflating it.
pub fn inflate_prefix(data: &[u8], n: u64) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    decoder(Wrapping::of(data), data)
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
        let roomy = Limits::for_max_alloc(100);
        assert!(has_header(&z));
        assert_eq!(inflate(&z, &roomy, "t", 0).unwrap(), b"hello hello hello");
        let e = inflate(&z, &Limits::for_max_alloc(5), "t", 0)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("5 bytes limit") && e.contains("--max-alloc"),
            "{e}"
        );
        let e = inflate(&z[..z.len() - 1], &roomy, "t", 0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("does not inflate"), "{e}");
        assert!(inflates_to(&z, b"hello hello hello"));
        assert!(!inflates_to(&z, b"hello"));
        assert!(!has_header(b"\x89PNG"));
        assert_eq!(inflate_prefix(&z, 5).unwrap(), b"hello");
        assert!(inflate_prefix(&z[..4], 5).is_none());
        assert_eq!(
            inflate_any(&z, &roomy, "t", 0).unwrap(),
            b"hello hello hello"
        );
        assert!(inflate_any(&z[2..z.len() - 4], &roomy, "t", 0).is_ok());
        assert_eq!(Wrapping::of(&[0x1f, 0x8b, 8]), Wrapping::Gzip);
    }
}
