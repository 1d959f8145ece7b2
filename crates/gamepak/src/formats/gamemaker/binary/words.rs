//! Words of the file in its byte order: what the bytecode's occurrence chains (see
//! [`crate::formats::gamemaker::bytecode::disassemble`]) are followed with, and what the writer patches.

use crate::bytes::Endian;

/// A u32 of `file` in its byte order.
pub fn get_u32(file: &[u8], at: u64, endian: Endian) -> u32 {
    let b: [u8; 4] = file[at as usize..at as usize + 4]
        .try_into()
        .expect("4 bytes");
    match endian {
        Endian::Little => u32::from_le_bytes(b),
        Endian::Big => u32::from_be_bytes(b),
    }
}

/// Writes a u32 into `file` in its byte order.
pub fn put_u32(file: &mut [u8], at: u64, v: u32, endian: Endian) {
    let b = match endian {
        Endian::Little => v.to_le_bytes(),
        Endian::Big => v.to_be_bytes(),
    };
    file[at as usize..at as usize + 4].copy_from_slice(&b);
}
