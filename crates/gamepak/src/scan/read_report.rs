//! A report read back: its records in order, for a program (or `gamepak serve`)
//! to show. Lines are read one at a time and each is bounded, so neither a
//! report of millions of files nor one hostile line fills memory.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use serde::Deserialize;

use super::record::Record;
use crate::error::{Error, Result};

/// The longest line a report may hold: a record, with its first problems and
/// `info`'s facts, takes a few KB.
const MAX_LINE: u64 = 16 << 20;

/// A report's line: a file's record, or the summary a finished scan ends with.
#[derive(Deserialize)]
#[serde(untagged)]
enum Line {
    Summary {
        #[serde(rename = "summary")]
        _summary: serde::de::IgnoredAny,
    },
    Record(Box<Record>),
}

/// Whether the file at `path` is a scan's report: its first line is a record or
/// a summary. No format gamepak reads begins with `{`.
pub fn is_report(path: &Path) -> bool {
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    matches!(reader.fill_buf(), Ok([b'{', ..]))
        && next_line(&mut reader, &mut line).is_ok()
        && serde_json::from_slice::<Line>(&line).is_ok()
}

/// Reads the next line into `line`, at most [`MAX_LINE`] bytes of it; gives the
/// bytes read (0 at the end).
fn next_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<usize> {
    line.clear();
    reader.take(MAX_LINE).read_until(b'\n', line)
}

/// Gives `each` every record of the report at `path`, in order. The summary line
/// is skipped, and so is a last line cut short (a scan killed as it wrote it);
/// any other line that is not a record is an error naming its number and offset.
pub fn read_report(path: &Path, each: impl FnMut(Record)) -> Result<()> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    read_records(file, &path.display().to_string(), each)
}

/// [`read_report`] of the report `report` reads, called `shown` in errors.
pub fn read_records(report: impl Read, shown: &str, mut each: impl FnMut(Record)) -> Result<()> {
    let mut reader = BufReader::new(report);
    let io = |e| Error::io(shown, e);
    let (mut at, mut number) = (0u64, 0u64);
    let mut line = Vec::new();
    loop {
        let n = next_line(&mut reader, &mut line).map_err(io)?;
        if n == 0 {
            return Ok(());
        }
        number += 1;
        if !line.ends_with(b"\n") {
            if n as u64 == MAX_LINE {
                let why =
                    format!("line {number} is longer than {MAX_LINE} bytes: not a scan report");
                return Err(Error::invalid(shown, at, why));
            }
            return Ok(());
        }
        if !line.trim_ascii().is_empty() {
            match serde_json::from_slice::<Line>(&line) {
                Ok(Line::Record(record)) => each(*record),
                Ok(Line::Summary { .. }) => {}
                Err(_) => {
                    // Why it is no record says more than why it is neither.
                    let e = serde_json::from_slice::<Record>(&line).err();
                    let e = e.map(|e| e.to_string()).unwrap_or_default();
                    let why = format!("line {number} is not a scan record: {e}");
                    return Err(Error::invalid(shown, at, why));
                }
            }
        }
        at += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &str) -> Result<Vec<String>> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.jsonl");
        std::fs::write(&path, text).unwrap();
        let mut paths = Vec::new();
        read_report(&path, |r| paths.push(r.path))?;
        Ok(paths)
    }

    const A: &str =
        r#"{"path":"a","relative":"a","kind":"file","status":"not_ours","format":null,"millis":0}"#;

    #[test]
    fn records_in_order_without_the_summary_or_a_cut_last_line() {
        let text = format!(
            "{A}\n{}\n{{\"summary\":{{\"files\":2}}}}\n{{\"path\":\"c",
            A.replace("\"a\"", "\"b\"")
        );
        assert_eq!(records(&text).unwrap(), ["a", "b"]);
    }

    #[test]
    fn a_line_that_is_no_record_is_an_error_at_its_offset() {
        let e = records(&format!("{A}\n[1, 2]\n")).unwrap_err();
        assert_eq!(e.offset, Some(A.len() as u64 + 1), "{e}");
        assert!(e.to_string().contains("line 2"), "{e}");
    }
}
