//! A collection: the files of a scan's report, or of a folder scanned as the
//! server starts, shown as one table. The browser asks for a page of it at a time,
//! filtered and sorted here, so a report of a hundred thousand files costs the
//! page no more than one of ten. Each row keeps a record's short facts only
//! (not its `info` or its problems), about 200 bytes a file.

use std::cmp::Ordering;

use gamepak::scan::{Record, Status, Summary};
use serde::{Deserialize, Serialize};

/// A file of the collection, as the table shows it.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub path: String,
    pub kind: String,
    pub status: String,
    pub format: Option<String>,
    pub release: Option<String>,
    pub family: Option<String>,
    pub size: Option<u64>,
    pub mtime: Option<i64>,
    pub errors: Option<usize>,
    pub warnings: Option<usize>,
    /// Why a file is none of ours or failed; a damaged file's first problem.
    pub note: Option<String>,
    /// The file's number in the server's list, for a file that opens.
    pub file: Option<usize>,
}

/// A value's name as a report writes it (`not_ours`, `archive_entry`).
fn word(value: impl Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

impl Row {
    pub fn of(record: &Record, file: Option<usize>) -> Row {
        let first = record
            .check
            .as_ref()
            .and_then(|c| c.first.first())
            .map(|p| format!("{}: {}", p.path, p.message));
        Row {
            path: record.path.clone(),
            kind: word(record.kind),
            status: word(record.status),
            format: record.format.clone(),
            release: record.release.clone(),
            family: record.family.clone(),
            size: record.size,
            mtime: record.mtime,
            errors: record.check.as_ref().map(|c| c.errors),
            warnings: record.check.as_ref().map(|c| c.warnings),
            note: match record.status {
                Status::Damaged => first.or_else(|| record.reason.clone()),
                _ => record.reason.clone(),
            },
            file,
        }
    }
}

/// Every row, with the counts the filters offer.
pub struct Collection {
    /// What it was made from: the reports and folders given.
    pub source: Vec<String>,
    pub rows: Vec<Row>,
    pub summary: Summary,
}

/// What the page asks of the table: which rows, in what order, which page.
#[derive(Debug, Default, Deserialize)]
pub struct Query {
    /// Rows whose path holds this, in any case.
    pub text: Option<String>,
    /// A format's name, or `none`.
    pub format: Option<String>,
    pub status: Option<String>,
    pub family: Option<String>,
    /// path (the default), format, release, status, problems, size or mtime.
    pub sort: Option<String>,
    /// 1: largest first.
    pub desc: Option<u8>,
    pub offset: Option<usize>,
    pub limit: Option<usize>,
}

/// The most rows one page holds.
const MAX_PAGE: usize = 1000;
const PAGE: usize = 200;

/// A page of the table.
#[derive(Serialize)]
pub struct Page<'c> {
    pub source: &'c [String],
    /// Rows in the collection.
    pub total: usize,
    /// Rows the filters keep.
    pub matched: usize,
    pub offset: usize,
    pub rows: Vec<&'c Row>,
    /// The counts over every row, for the filters' choices.
    pub summary: &'c Summary,
}

impl Collection {
    pub fn page(&self, q: &Query) -> Page<'_> {
        let text = q.text.as_deref().unwrap_or("").to_lowercase();
        let same = |want: &Option<String>, have: Option<&str>| {
            want.as_deref()
                .is_none_or(|w| w.is_empty() || have.unwrap_or("none") == w)
        };
        let mut kept: Vec<&Row> = self
            .rows
            .iter()
            .filter(|r| text.is_empty() || r.path.to_lowercase().contains(&text))
            .filter(|r| same(&q.format, r.format.as_deref()))
            .filter(|r| same(&q.status, Some(&r.status)))
            .filter(|r| same(&q.family, r.family.as_deref()))
            .collect();
        let by = order(q.sort.as_deref().unwrap_or("path"));
        kept.sort_by(|a, b| by(a, b).then_with(|| a.path.cmp(&b.path)));
        if q.desc == Some(1) {
            kept.reverse();
        }
        let offset = q.offset.unwrap_or(0).min(kept.len());
        let limit = q.limit.unwrap_or(PAGE).min(MAX_PAGE);
        Page {
            source: &self.source,
            total: self.rows.len(),
            matched: kept.len(),
            offset,
            rows: kept.into_iter().skip(offset).take(limit).collect(),
            summary: &self.summary,
        }
    }
}

type Order = fn(&Row, &Row) -> Ordering;

/// How column `name` orders rows; by path for a name it does not know.
fn order(name: &str) -> Order {
    match name {
        "format" => |a, b| a.format.cmp(&b.format),
        "release" => |a, b| (&a.family, &a.release).cmp(&(&b.family, &b.release)),
        "status" => |a, b| a.status.cmp(&b.status),
        "problems" => |a, b| (a.errors, a.warnings).cmp(&(b.errors, b.warnings)),
        "size" => |a, b| a.size.cmp(&b.size),
        "mtime" => |a, b| a.mtime.cmp(&b.mtime),
        _ => |a, b| a.path.cmp(&b.path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamepak::scan::Kind;

    fn collection() -> Collection {
        let mut rows = Vec::new();
        let mut summary = Summary::default();
        for (path, format, size) in [
            ("b.win", Some("gamemaker"), 30),
            ("a.txt", None, 5),
            ("c.gbin", Some("gbin"), 10),
        ] {
            let mut r = Record::new(path.into(), path.into(), Kind::File);
            r.format = format.map(String::from);
            r.status = if format.is_some() {
                Status::Ok
            } else {
                Status::NotOurs
            };
            r.size = Some(size);
            summary.add(&r);
            rows.push(Row::of(&r, None));
        }
        Collection {
            source: vec![],
            rows,
            summary,
        }
    }

    fn paths(page: Page<'_>) -> Vec<&str> {
        page.rows.iter().map(|r| r.path.as_str()).collect()
    }

    #[test]
    fn rows_filter_sort_and_page() {
        let c = collection();
        assert_eq!(
            paths(c.page(&Query::default())),
            ["a.txt", "b.win", "c.gbin"]
        );
        let by_size = Query {
            sort: Some("size".into()),
            desc: Some(1),
            ..Query::default()
        };
        assert_eq!(paths(c.page(&by_size)), ["b.win", "c.gbin", "a.txt"]);
        let ours = Query {
            status: Some("ok".into()),
            ..Query::default()
        };
        assert_eq!(c.page(&ours).matched, 2);
        let none = Query {
            format: Some("none".into()),
            ..Query::default()
        };
        assert_eq!(paths(c.page(&none)), ["a.txt"]);
        let text = Query {
            text: Some("GBIN".into()),
            ..Query::default()
        };
        assert_eq!(paths(c.page(&text)), ["c.gbin"]);
        let second = Query {
            offset: Some(1),
            limit: Some(1),
            ..Query::default()
        };
        let page = c.page(&second);
        assert_eq!((page.matched, paths(page)), (3, vec!["b.win"]));
    }
}
