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
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(data))
        .map_err(|e| format!("not a readable zip archive: {e}"))?;
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
        let mut bytes = Vec::new();
        let read = (&mut entry)
            .take(room.saturating_add(1))
            .read_to_end(&mut bytes);
        total += bytes.len() as u64;
        if bytes.len() as u64 > limit {
            return Err(format!(
                "{name:?} unpacks past --max-alloc ({limit} bytes): refused as a zip bomb"
            ));
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
