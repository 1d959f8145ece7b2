//! The files inside zip-family archives (`.zip`, `.apk`, `.jar`, `.ipa`), one
//! level deep: an Android package holds a GameMaker game as
//! `assets/game.droid`. Each entry is read under `--max-alloc`, its stated size
//! not trusted, and the whole archive under four times that; an archive past
//! either, or that names a path with `..`, is refused with the reason. Its
//! entries are reported with it, at once, so a scan stopped part way never
//! holds some of an archive's files without the archive.

use std::io::Read;

use super::examine::examine;
use super::options::Depth;
use super::record::{Kind, Record, Status};
use crate::Options;

/// How many times `--max-alloc` a whole archive may unpack to.
const ARCHIVE_LIMITS: u64 = 4;

/// Whether `data`, at `path`, is an archive the scan opens.
pub fn is_archive(path: &str, data: &[u8]) -> bool {
    let extension = path
        .rsplit_once('.')
        .map_or("", |(_, e)| e)
        .to_ascii_lowercase();
    data.starts_with(b"PK\x03\x04") && matches!(extension.as_str(), "zip" | "apk" | "jar" | "ipa")
}

/// Each file of the archive `data` (the record `outer` stands for it) examined
/// to `depth`, given to `each`; or why the archive is refused.
pub fn entries(
    outer: &Record,
    data: &[u8],
    depth: Depth,
    opts: &Options,
    each: &mut dyn FnMut(Record),
) -> Result<(), String> {
    let mut zip = open(data)?;
    let limit = opts.limits.max_alloc;
    let whole = limit.saturating_mul(ARCHIVE_LIMITS);
    let mut total = 0u64;
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(|e| e.to_string())?;
        if entry.is_dir() {
            continue;
        }
        let name = entry.name().to_string();
        if entry.enclosed_name().is_none() || name.split(['/', '\\']).any(|p| p == "..") {
            return Err(format!("names {name:?}, which leaves the archive: refused"));
        }
        let started = std::time::Instant::now();
        let mut record = Record::new(
            format!("{}!/{name}", outer.path),
            format!("{}!/{name}", outer.relative),
            Kind::ArchiveEntry,
        );
        let room = limit.min(whole.saturating_sub(total));
        let (bytes, read) = read_under(&mut entry, room);
        total += bytes.len() as u64;
        if bytes.len() as u64 > limit {
            return Err(past_limit(&name, limit));
        }
        if total > whole {
            return Err(format!(
                "unpacks past {ARCHIVE_LIMITS} times --max-alloc ({whole} bytes) by {name:?}: refused as a zip bomb"
            ));
        }
        match read {
            Ok(_) => examine(&mut record, &bytes, depth, opts),
            Err(e) => {
                record.status = Status::Failed;
                record.reason = Some(format!("does not unpack: {e}"));
            }
        }
        record.mtime = outer.mtime;
        record.millis = started.elapsed().as_millis() as u64;
        each(record);
    }
    Ok(())
}

/// The bytes of the file `name` in the archive `data`, read under `--max-alloc`
/// as a scan reads it: what a record named `archive.zip!/name` stands for.
pub fn entry_bytes(data: &[u8], name: &str, opts: &Options) -> Result<Vec<u8>, String> {
    let mut zip = open(data)?;
    let mut entry = zip
        .by_name(name)
        .map_err(|e| format!("holds no file {name:?}: {e}"))?;
    let limit = opts.limits.max_alloc;
    let (bytes, read) = read_under(&mut entry, limit);
    if bytes.len() as u64 > limit {
        return Err(past_limit(name, limit));
    }
    read.map_err(|e| format!("{name:?} does not unpack: {e}"))?;
    Ok(bytes)
}

fn open(data: &[u8]) -> Result<zip::ZipArchive<std::io::Cursor<&[u8]>>, String> {
    zip::ZipArchive::new(std::io::Cursor::new(data))
        .map_err(|e| format!("not a readable zip archive: {e}"))
}

/// At most `room` bytes and one more of `entry`, whatever its header says: one
/// more tells a file past the room from one that just fits.
fn read_under(entry: &mut impl Read, room: u64) -> (Vec<u8>, std::io::Result<usize>) {
    let mut bytes = Vec::new();
    let read = entry.take(room.saturating_add(1)).read_to_end(&mut bytes);
    (bytes, read)
}

fn past_limit(name: &str, limit: u64) -> String {
    format!("{name:?} unpacks past --max-alloc ({limit} bytes): refused as a zip bomb")
}
