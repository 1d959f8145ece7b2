//! Map layers: u16 tile indices packed as RLE. A header byte n: with bit 7 set, one
//! u16 follows and repeats (n & 0x7f) + 1 times; otherwise n + 1 u16 follow as they
//! are. Packets run across layer boundaries.

use crate::error::{Error, Result};
use crate::limits::Limits;

/// Unpacks exactly `count` values; `base` is the absolute offset of `data` for errors.
pub fn decode(data: &[u8], count: u64, path: &str, base: u64, limits: &Limits) -> Result<Vec<u16>> {
    limits.check_size(
        path,
        Some(base),
        &format!("{count} RLE tiles decode to"),
        count.saturating_mul(2),
    )?;
    // A 3-byte packet gives at most 128 values: a claim beyond that is refused before
    // anything is allocated.
    let most = (data.len() as u64).div_ceil(3) * 128;
    if count > most {
        return Err(Error::invalid(
            path,
            base,
            format!(
                "map needs {count} tiles, more than {} RLE bytes can hold",
                data.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(count as usize);
    let mut pos = 0usize;
    while pos < data.len() {
        let at = pos;
        let n = data[pos];
        pos += 1;
        let (values, repeat) = if n & 0x80 != 0 {
            (1, (n & 0x7f) as usize + 1)
        } else {
            (n as usize + 1, 1)
        };
        let bytes = data.get(pos..pos + values * 2).ok_or_else(|| {
            Error::invalid(
                path,
                base + at as u64,
                "RLE packet is cut short by the end of the map block",
            )
        })?;
        pos += values * 2;
        if (out.len() + values * repeat) as u64 > count {
            return Err(Error::invalid(
                path,
                base + at as u64,
                format!("RLE packet overruns the map's {count} tiles"),
            ));
        }
        for _ in 0..repeat {
            out.extend(
                bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]])),
            );
        }
    }
    if out.len() as u64 != count {
        return Err(Error::invalid(
            path,
            base + data.len() as u64,
            format!("RLE gives {} tiles, the map needs {count}", out.len()),
        ));
    }
    Ok(out)
}

/// Whether `data` unpacks to exactly `want`.
pub fn decodes_to(data: &[u8], want: &[u16]) -> bool {
    let limits = Limits::for_max_alloc(want.len() as u64 * 2);
    decode(data, want.len() as u64, "", 0, &limits).is_ok_and(|t| t == want)
}

/// Packs values: runs of two or more as repeats, the rest as literals.
pub fn encode(values: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    let run_at = |i: usize| {
        values[i..]
            .iter()
            .take(128)
            .take_while(|&&v| v == values[i])
            .count()
    };
    while i < values.len() {
        let run = run_at(i);
        if run >= 2 {
            out.push(0x80 | (run - 1) as u8);
            out.extend(values[i].to_le_bytes());
            i += run;
            continue;
        }
        let start = i;
        while i < values.len() && i - start < 128 && (i == start || run_at(i) < 2) {
            i += 1;
        }
        out.push((i - start - 1) as u8);
        for v in &values[start..i] {
            out.extend(v.to_le_bytes());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roomy() -> Limits {
        Limits::for_max_alloc(1 << 20)
    }

    #[test]
    fn round_trip_and_spec_example() {
        let v = [5u16, 5, 5, 1, 2, 3, 3, 0xffff];
        let packed = encode(&v);
        assert_eq!(
            packed,
            [0x82, 5, 0, 1, 1, 0, 2, 0, 0x81, 3, 0, 0, 0xff, 0xff]
        );
        assert_eq!(decode(&packed, 8, "m", 0, &roomy()).unwrap(), v);
        let long: Vec<u16> = (0..1000).map(|i| (i / 300) as u16).collect();
        assert_eq!(
            decode(&encode(&long), 1000, "m", 0, &roomy()).unwrap(),
            long
        );
    }

    #[test]
    fn overruns_and_shortfalls_are_placed() {
        let e = decode(&[0x82, 5, 0], 2, "m", 10, &roomy()).unwrap_err();
        assert_eq!(e.offset, Some(10));
        assert!(decode(&[0x81, 5, 0], 3, "m", 0, &roomy())
            .unwrap_err()
            .to_string()
            .contains("gives 2"));
        assert!(decode(&[3, 1, 0], 4, "m", 0, &roomy())
            .unwrap_err()
            .to_string()
            .contains("cut short"));
        assert!(decode(&[0], 1 << 40, "m", 0, &roomy())
            .unwrap_err()
            .to_string()
            .contains("--max-alloc"));
        assert!(decode(&[0], 1000, "m", 0, &roomy())
            .unwrap_err()
            .to_string()
            .contains("can hold"));
    }
}
