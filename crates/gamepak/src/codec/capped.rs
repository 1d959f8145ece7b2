//! A decoder's output read into memory under a cap, in bounded steps.
//!
//! `read_to_end` doubles its buffer as it grows, so output that reaches a 512 MiB cap
//! can briefly hold a 1 GiB buffer; here the buffer grows by doubling only up to the
//! cap, and to exactly the stated size when one is known.

use std::io::{ErrorKind, Read};

/// How much is read at a time.
const STEP: usize = 64 << 10;

/// Everything `r` gives, or `Ok(None)` once it gives more than `cap` bytes. `expected`
/// is the size the data says it has, reserved at once so the buffer never moves.
pub fn read_capped(
    mut r: impl Read,
    cap: u64,
    expected: Option<u64>,
) -> std::io::Result<Option<Vec<u8>>> {
    let cap = usize::try_from(cap).unwrap_or(usize::MAX);
    let mut out = Vec::with_capacity(expected.map_or(0, |n| n.min(cap as u64) as usize));
    let mut step = vec![0u8; STEP];
    loop {
        let n = match r.read(&mut step) {
            Ok(0) => return Ok(Some(out)),
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n > cap - out.len() {
            return Ok(None);
        }
        if out.capacity() - out.len() < n {
            let grown = out.capacity().saturating_mul(2).clamp(out.len() + n, cap);
            out.reserve_exact(grown - out.len());
        }
        out.extend_from_slice(&step[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_past_the_cap_and_never_reserves_past_it() {
        let data = vec![7u8; 300_000];
        let all = read_capped(&data[..], 300_000, None).unwrap().unwrap();
        assert_eq!(all, data);
        assert!(all.capacity() <= 300_000);
        assert!(read_capped(&data[..], 299_999, None).unwrap().is_none());
        let known = read_capped(&data[..], 1 << 20, Some(300_000))
            .unwrap()
            .unwrap();
        assert_eq!(known.capacity(), 300_000);
    }
}
