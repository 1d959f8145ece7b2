//! One file's bytes examined: hashed, identified and, as deep as the scan asks,
//! described by `info` and validated by `check`.

use super::options::Depth;
use super::record::{Checked, Record, Salvage, Status};
use crate::{Options, Severity};

/// How many of a file's problems its record names.
const FIRST_PROBLEMS: usize = 3;

/// Fills `record` from `data`: the hash, the format or why none, and `depth`'s
/// verbs. `opts` says where the file is, for the files that belong beside it.
pub fn examine(record: &mut Record, data: &[u8], depth: Depth, opts: &Options) {
    record.size = Some(data.len() as u64);
    record.blake3 = Some(blake3::hash(data).to_hex().to_string());
    let d = crate::detect(data);
    let Some(format) = d.format else {
        record.status = Status::NotOurs;
        record.reason = Some(match &d.closest {
            Some(c) => format!(
                "none of gamepak's formats (closest: {}, {})",
                c.format.title(),
                c.failed
            ),
            None => "none of gamepak's formats".into(),
        });
        return;
    };
    record.format = Some(format.name().to_string());
    record.certainty = Some(format!("{:?}", d.certainty).to_lowercase());
    record.version = d.version.clone();
    record.status = Status::Ok;
    if depth == Depth::Identify {
        return;
    }
    let Some(handler) = format.handler() else {
        return;
    };
    let doc = handler.open(data, opts);
    match doc.info() {
        Ok(info) => {
            // The release is info's own words; the family comes with them, and
            // only where info names a release (an audio group file has none).
            let range = info.value.get("gamemaker_version").and_then(|v| v.as_str());
            if let Some(range) = range {
                record.release = Some(range.to_string());
                record.family = crate::gamemaker::releases(data).map(|(_, family)| family);
            }
            record.info = Some(info.value);
        }
        Err(e) => record.reason = Some(e.to_string()),
    }
    if depth != Depth::Check {
        return;
    }
    let report = doc.check();
    let errors = report.count(Severity::Error);
    record.check = Some(Checked {
        errors,
        warnings: report.count(Severity::Warning),
        first: report
            .problems
            .iter()
            .take(FIRST_PROBLEMS)
            .cloned()
            .collect(),
    });
    if errors > 0 {
        record.status = Status::Damaged;
        record.salvage = doc.list().ok().map(|listed| Salvage {
            entries: listed.value.len(),
            lost: listed.problems.len(),
        });
    }
}
