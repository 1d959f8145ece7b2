//! The report: one JSON line per file, appended whole as each is done, then a
//! summary line. A scan killed part way leaves only whole lines but, perhaps,
//! the one it was writing; resuming drops that line and the summary of an
//! earlier run, keeps every record, and skips the files they name.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::Serialize;

use super::record::{Key, Record, Status};
use crate::error::{Error, Result};

/// The counts a report ends with.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Records: one per file.
    pub files: u64,
    /// Files per format (`none` for files of none of ours).
    pub formats: BTreeMap<String, u64>,
    /// GameMaker files per release family.
    pub families: BTreeMap<String, u64>,
    /// Files per status.
    pub statuses: BTreeMap<Status, u64>,
}

impl Summary {
    /// Counts `r`.
    pub fn add(&mut self, r: &Record) {
        self.files += 1;
        let format = r.format.clone().unwrap_or_else(|| "none".into());
        *self.formats.entry(format).or_default() += 1;
        if let Some(f) = &r.family {
            *self.families.entry(f.clone()).or_default() += 1;
        }
        *self.statuses.entry(r.status).or_default() += 1;
    }
}

/// A report being written.
pub struct Report {
    path: PathBuf,
    file: Mutex<std::fs::File>,
    summary: Mutex<Summary>,
}

impl Report {
    /// Opens the report at `path`: a new one (refusing a file already there,
    /// which may be an earlier scan's), or with `resume` the one there, its
    /// records kept; gives the keys of the files they name.
    pub fn open(path: &Path, resume: bool) -> Result<(Report, HashSet<Key>)> {
        let mut summary = Summary::default();
        let mut keys = HashSet::new();
        let exists = std::fs::metadata(path).is_ok_and(|m| m.len() > 0);
        if exists && !resume {
            return Err(Error::usage(
                path.display().to_string(),
                "holds an earlier scan: --resume continues it; remove it to start again",
            ));
        }
        if exists {
            let text = std::fs::read(path).map_err(|e| Error::io(path, e))?;
            let mut kept = Vec::with_capacity(text.len());
            // Only whole lines: the last, cut short by a kill, has no newline.
            for line in text
                .split_inclusive(|&b| b == b'\n')
                .filter(|l| l.ends_with(b"\n"))
            {
                let Ok(record) = serde_json::from_slice::<Record>(line) else {
                    continue;
                };
                summary.add(&record);
                keys.insert(record.key());
                kept.extend_from_slice(line);
            }
            if kept != text {
                crate::io::write_atomic(path, &kept)?;
            }
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::io(path, e))?;
        let report = Report {
            path: path.to_path_buf(),
            file: Mutex::new(file),
            summary: Mutex::new(summary),
        };
        Ok((report, keys))
    }

    /// Appends `batch`, whole, in one write.
    pub fn append(&self, batch: &[Record]) -> Result<()> {
        let mut lines = Vec::new();
        for r in batch {
            serde_json::to_writer(&mut lines, r)
                .map_err(|e| Error::at(self.path.display().to_string(), e.to_string()))?;
            lines.push(b'\n');
        }
        let mut summary = self.summary.lock().unwrap_or_else(|p| p.into_inner());
        batch.iter().for_each(|r| summary.add(r));
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(&lines).map_err(|e| Error::io(&self.path, e))
    }

    /// Ends the report with its summary line; gives the summary.
    pub fn finish(self) -> Result<Summary> {
        let summary = self.summary.into_inner().unwrap_or_else(|p| p.into_inner());
        let mut file = self.file.into_inner().unwrap_or_else(|p| p.into_inner());
        let mut line = serde_json::to_vec(&serde_json::json!({ "summary": summary }))
            .map_err(|e| Error::at(self.path.display().to_string(), e.to_string()))?;
        line.push(b'\n');
        file.write_all(&line)
            .map_err(|e| Error::io(&self.path, e))?;
        file.sync_all().map_err(|e| Error::io(&self.path, e))?;
        Ok(summary)
    }
}
