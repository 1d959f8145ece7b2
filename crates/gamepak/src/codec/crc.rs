//! CRC-32 as zlib and PNG compute it.

pub fn crc32(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}
