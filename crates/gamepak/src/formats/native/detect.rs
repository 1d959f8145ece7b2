use crate::detect::{Certainty, Probe};
use crate::Format;

/// Metadata values in the current writer's layout and in the first writer's.
const META_CURRENT: usize = 9;
const META_FIRST: usize = 6;

fn u32_at(data: &[u8], at: usize) -> Option<u32> {
    let b = data.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The format has no magic: a chunk table whose sizes sum exactly to the file length,
/// and a metadata chunk whose counts agree with the chunk count.
pub fn probe(data: &[u8]) -> Probe {
    let mut p = Probe::new(Format::Native);
    let Some(count) = u32_at(data, 0) else {
        return p.fail("shorter than a chunk count");
    };
    let count = count as usize;
    if !(META_FIRST..=(data.len() / 4)).contains(&count) {
        return p.fail(format!(
            "chunk count {count} is not between {META_FIRST} and the file's size allows"
        ));
    }
    p.score = 1;
    let table_end = 4 + count * 4;
    if table_end > data.len() {
        return p.fail(format!(
            "a table of {count} chunk sizes runs past the end of the file"
        ));
    }
    let mut sum: u64 = 0;
    for i in 0..count {
        sum += u32_at(data, 4 + i * 4).unwrap_or(0) as u64;
    }
    let follow = data.len() - table_end;
    let mismatch = format!("{count} chunk sizes sum to {sum}, but {follow} bytes follow the table");
    // A file cut short is still told by whole metadata that agrees with the table,
    // so that extract can salvage it; it is never more than Likely.
    let cut_short = table_end as u64 + sum > data.len() as u64;
    if table_end as u64 + sum < data.len() as u64 {
        return p.fail(mismatch);
    }
    let meta_len = u32_at(data, 4).unwrap_or(0) as usize;
    let Some(meta) = data.get(table_end..table_end + meta_len) else {
        return p.fail(mismatch);
    };
    if !cut_short {
        p.hit(format!(
            "{count} chunk sizes sum exactly to the file length"
        ));
    }
    let values: Vec<u16> = meta
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .collect();
    let expected = match meta_len / 2 {
        META_CURRENT if meta_len.is_multiple_of(2) => {
            p.version = Some("current writer (9 metadata values)".into());
            META_CURRENT + values[5..9].iter().map(|&v| v as usize).sum::<usize>()
        }
        META_FIRST if meta_len.is_multiple_of(2) => {
            p.version = Some("first writer (6 metadata values)".into());
            META_FIRST + values[5] as usize
        }
        _ if cut_short => return p.fail(mismatch),
        _ => {
            p.certainty = Certainty::Possible;
            p.evidence.push(format!(
                "metadata chunk is {meta_len} bytes, not 18 (9 values) or 12 (6 values)"
            ));
            return p;
        }
    };
    if cut_short {
        if expected != count {
            return p.fail(mismatch);
        }
        p.evidence.push(format!(
            "metadata counts imply {expected} chunks, as the table holds, but their \
             {sum} bytes run past the end of the file ({follow} follow the table): cut short?"
        ));
        p.certainty = Certainty::Likely;
    } else if expected == count {
        p.hit(format!(
            "metadata counts imply {expected} chunks, as the table holds"
        ));
        p.hit(format!("virtual screen {}x{}", values[1], values[2]));
        p.certainty = Certainty::Certain;
    } else {
        p.evidence.push(format!(
            "metadata counts imply {expected} chunks but the table holds {count} (damaged?)"
        ));
        p.certainty = Certainty::Likely;
    }
    p
}
