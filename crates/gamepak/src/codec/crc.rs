//! CRC-32 as zlib and PNG compute it.

/// The standard CRC-32 (IEEE polynomial, reflected, as zlib, gzip and PNG use) of
/// `data`.
pub fn crc32(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}
