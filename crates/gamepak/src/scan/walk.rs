//! The walk: the given trees in parallel, one record (or one archive's batch)
//! per file as each is done.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::archives;
use super::examine::examine;
use super::options::ScanOptions;
use super::record::{modified, Kind, Record, Status};
use crate::Options;

/// Scans `paths` (files or folders) as `opts` says, giving `each` every file's
/// record as it is done: an archive's entries come in one batch with it.
pub fn scan(paths: &[PathBuf], opts: &ScanOptions<'_>, each: &(dyn Fn(Vec<Record>) + Sync)) {
    let Some((first, rest)) = paths.split_first() else {
        return;
    };
    let mut builder = ignore::WalkBuilder::new(first);
    for p in rest {
        builder.add(p);
    }
    builder
        .standard_filters(false)
        .follow_links(false)
        .threads(opts.jobs);
    let (files, bytes) = (AtomicU64::new(0), AtomicU64::new(0));
    builder.build_parallel().run(|| {
        Box::new(|found| {
            let batch = match found {
                Ok(entry) => visit(&entry, paths, opts),
                Err(e) => unreadable(&e, paths, opts),
            };
            if !batch.is_empty() {
                let size: u64 = batch.iter().filter_map(|r| r.size).sum();
                let done =
                    files.fetch_add(batch.len() as u64, Ordering::Relaxed) + batch.len() as u64;
                let read = bytes.fetch_add(size, Ordering::Relaxed) + size;
                each(batch);
                if let Some(tick) = opts.progress {
                    tick(done, read);
                }
            }
            ignore::WalkState::Continue
        })
    });
}

/// The path as given and below it, as text (bytes that are not UTF-8 shown as
/// U+FFFD: JSON holds no other).
fn names(path: &Path, roots: &[PathBuf]) -> (String, String) {
    let root = roots
        .iter()
        .filter(|r| path.starts_with(r))
        .max_by_key(|r| r.as_os_str().len());
    let relative = root
        .and_then(|r| path.strip_prefix(r).ok())
        .filter(|p| !p.as_os_str().is_empty())
        .or_else(|| path.file_name().map(Path::new))
        .unwrap_or(path);
    (
        path.to_string_lossy().into_owned(),
        relative.to_string_lossy().into_owned(),
    )
}

/// A path the walk could not read, unless this shard leaves it to another or the
/// report holds it already.
fn unreadable(e: &ignore::Error, roots: &[PathBuf], opts: &ScanOptions<'_>) -> Vec<Record> {
    let path = match e {
        ignore::Error::WithPath { path, .. } => path.clone(),
        _ => PathBuf::new(),
    };
    let (path, relative) = names(&path, roots);
    if opts.shard.is_some_and(|s| !s.takes(&path))
        || opts.skip.contains(&(path.clone(), None, None))
    {
        return Vec::new();
    }
    let mut record = Record::new(path, relative, Kind::Unreadable);
    record.reason = Some(e.to_string());
    vec![record]
}

/// The records of one thing the walk found: none for a folder, the file's own
/// (and an archive's entries), or a special file's, never opened.
fn visit(entry: &ignore::DirEntry, roots: &[PathBuf], opts: &ScanOptions<'_>) -> Vec<Record> {
    let started = Instant::now();
    let Some(kind) = entry.file_type() else {
        return Vec::new();
    };
    if kind.is_dir() || opts.leave_out.iter().any(|p| entry.path() == p) {
        return Vec::new();
    }
    let (path, relative) = names(entry.path(), roots);
    if opts.shard.is_some_and(|s| !s.takes(&path)) {
        return Vec::new();
    }
    let meta = std::fs::symlink_metadata(entry.path()).ok();
    let size = meta.as_ref().map(|m| m.len());
    let mtime = meta.as_ref().and_then(modified);
    if opts.skip.contains(&(path.clone(), size, mtime)) {
        return Vec::new();
    }
    let mut record = Record::new(path, relative, special(&kind).unwrap_or(Kind::File));
    record.mtime = mtime;
    record.size = size;
    let mut batch = Vec::new();
    if record.kind == Kind::Symlink {
        record.status = Status::Special;
        record.target = std::fs::read_link(entry.path())
            .ok()
            .map(|t| t.to_string_lossy().into_owned());
    } else if record.kind != Kind::File {
        record.status = Status::Special;
    } else {
        file(&mut record, entry.path(), opts, &mut batch);
    }
    record.millis = started.elapsed().as_millis() as u64;
    batch.push(record);
    batch
}

/// A regular file read and examined; an archive's entries go into `batch`.
fn file(record: &mut Record, path: &Path, opts: &ScanOptions<'_>, batch: &mut Vec<Record>) {
    match crate::io::Source::open(path, &opts.options.limits) {
        Ok(data) => examined(record, &data, path, opts, batch),
        Err(e) => {
            record.status = Status::Failed;
            record.reason = Some(e.to_string());
        }
    }
}

/// `data`, read from `path`, examined; a file that changed while it was read
/// (another program truncated or rewrote it) is recorded as such, whatever the
/// read made of it.
fn examined(
    record: &mut Record,
    data: &crate::io::Source,
    path: &Path,
    opts: &ScanOptions<'_>,
    batch: &mut Vec<Record>,
) {
    let options = Options {
        input: Some(path.to_path_buf()),
        ..opts.options.clone()
    };
    examine(record, data, opts.depth, &options);
    if record.format.is_none() && archives::is_archive(&record.path, data) {
        if let Err(why) = archives::entries(record, data, opts.depth, &opts.options, &mut |r| {
            batch.push(r)
        }) {
            batch.clear();
            record.status = Status::Failed;
            record.reason = Some(why);
        } else {
            record.status = Status::NotOurs;
            record.reason = Some("an archive: its files are scanned one by one".into());
        }
    }
    if let Err(e) = data.unchanged() {
        batch.clear();
        record.status = Status::Failed;
        record.reason = Some(format!("changed while it was read: {e}"));
    }
}

/// The kind of a file that is no regular one.
fn special(kind: &std::fs::FileType) -> Option<Kind> {
    if kind.is_symlink() {
        return Some(Kind::Symlink);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some(Kind::Fifo);
        }
        if kind.is_socket() {
            return Some(Kind::Socket);
        }
        if kind.is_block_device() || kind.is_char_device() {
            return Some(Kind::Device);
        }
    }
    (!kind.is_file()).then_some(Kind::Device)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_shrinks_while_it_is_read_is_recorded_as_changed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data.win");
        let game = crate::gamemaker::sample::game(2, 1, 1 << 20);
        std::fs::write(&path, &game).unwrap();
        let data = crate::io::Source::open(&path, &Default::default()).unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(game.len() as u64 / 3).unwrap();
        let mut record = Record::new("data.win".into(), "data.win".into(), Kind::File);
        let mut batch = Vec::new();
        examined(
            &mut record,
            &data,
            &path,
            &ScanOptions::default(),
            &mut batch,
        );
        assert_eq!(record.status, Status::Failed);
        let why = record.reason.unwrap_or_default();
        assert!(why.contains("changed while it was read"), "{why}");
    }
}
