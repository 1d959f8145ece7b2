//! What the paths given to `serve` are: files to show, scans' reports, or
//! folders, scanned (with `check`, as `gamepak scan` does) before the server
//! listens. Reports and folders together make one collection. A report's rows
//! name files as its scan reached them: a relative path that is not there from
//! here is looked for beside the report.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use gamepak::scan::{self, Kind, Record, ScanOptions, Status, Summary};
use gamepak::{Options, Result};

use crate::collection::{Collection, Row};
use crate::files::{Location, Scanned};

/// The paths given, sorted out.
pub struct Gathered {
    /// Files to show, each opened at start.
    pub given: Vec<PathBuf>,
    /// The collection, with where each of its files that opens is and what its
    /// scan saw; the rows number those files from after the given ones.
    pub collection: Option<(Collection, Vec<(Location, Scanned)>)>,
}

/// Told, as a folder is scanned, of the files and bytes done so far.
pub type Progress<'a> = Option<&'a (dyn Fn(u64, u64) + Sync)>;

pub fn gather(paths: &[PathBuf], options: &Options, progress: Progress<'_>) -> Result<Gathered> {
    let (mut given, mut reports, mut folders) = (Vec::new(), Vec::new(), Vec::new());
    for p in paths {
        let kind = if p.is_dir() {
            &mut folders
        } else if scan::is_report(p) {
            &mut reports
        } else {
            &mut given
        };
        kind.push(p.clone());
    }
    if reports.is_empty() && folders.is_empty() {
        return Ok(Gathered {
            given,
            collection: None,
        });
    }
    let mut found = Found::default();
    for report in &reports {
        scan::read_report(report, |r| found.add(&r, report.parent()))?;
    }
    if !folders.is_empty() {
        let scanned = Mutex::new(found);
        let opts = ScanOptions {
            progress,
            options: options.clone(),
            ..ScanOptions::default()
        };
        scan::scan(&folders, &opts, &|batch| {
            let mut scanned = scanned.lock().unwrap_or_else(|p| p.into_inner());
            batch.iter().for_each(|r| scanned.add(r, None));
        });
        found = scanned.into_inner().unwrap_or_else(|p| p.into_inner());
    }
    let source = reports.iter().chain(&folders);
    let source = source.map(|p| p.display().to_string()).collect();
    Ok(Gathered {
        collection: Some(found.numbered(given.len(), source)),
        given,
    })
}

/// Rows as they are read, each with where its file is when it opens.
#[derive(Default)]
struct Found {
    rows: Vec<(Row, Option<(Location, Scanned)>)>,
    summary: Summary,
}

impl Found {
    fn add(&mut self, r: &Record, beside: Option<&Path>) {
        self.summary.add(r);
        let opens = r.format.is_some()
            && matches!(r.status, Status::Ok | Status::Damaged)
            && matches!(r.kind, Kind::File | Kind::ArchiveEntry);
        let scanned = Scanned {
            size: r.size,
            mtime: r.mtime,
        };
        let location = opens.then(|| (locate(&r.path, r.kind, beside), scanned));
        self.rows.push((Row::of(r, None), location));
    }

    /// The collection in path order, each file that opens numbered from `first`.
    fn numbered(
        mut self,
        first: usize,
        source: Vec<String>,
    ) -> (Collection, Vec<(Location, Scanned)>) {
        self.rows.sort_by(|a, b| a.0.path.cmp(&b.0.path));
        let mut locations = Vec::new();
        let rows = self
            .rows
            .into_iter()
            .map(|(mut row, location)| {
                if let Some(location) = location {
                    row.file = Some(first + locations.len());
                    locations.push(location);
                }
                row
            })
            .collect();
        let collection = Collection {
            source,
            rows,
            summary: self.summary,
        };
        (collection, locations)
    }
}

/// Where the file a record names is. An archive's file is named
/// `archive!/inner`, and either part may hold `!/`: the archive is the shortest
/// such prefix that is a file.
fn locate(path: &str, kind: Kind, beside: Option<&Path>) -> Location {
    let on_disk = |p: &str| {
        let p = PathBuf::from(p);
        match beside {
            Some(dir) if p.is_relative() && !p.exists() && dir.join(&p).exists() => dir.join(p),
            _ => p,
        }
    };
    if kind == Kind::ArchiveEntry {
        let splits = || path.match_indices("!/").map(|(at, _)| at);
        let at = splits()
            .find(|&at| on_disk(&path[..at]).is_file())
            .or_else(|| splits().next());
        if let Some(at) = at {
            return Location {
                path: on_disk(&path[..at]),
                inner: Some(path[at + 2..].to_string()),
            };
        }
    }
    Location::file(on_disk(path))
}
