//! The `.gpatch` file: a zip archive of `gpatch.json` (the manifest, below) and
//! the assets it carries in their extracted form, so a patch is small and
//! reviewable with any zip tool: `after/PATH` holds an asset as the patch makes
//! it, `before/PATH` the base a text or JSON asset was changed from, for a
//! three-way merge where the base has changed since.
//!
//! Version 1 of the manifest:
//!
//! - `gpatch`: 1; `format`: the format's name (`gamemaker`, `gbin`, ...);
//! - `base` and `target`: the whole files the patch was made between, as
//!   `{bytes, hash}`;
//! - `operations`: one per asset, `{asset, change, path, was, base_hash, hash}`:
//!   the asset's key (its path in the folder, places left out), `added`,
//!   `removed`, `modified` or `renamed`, its path in the target's folder, the key
//!   it had (renamed), and the BLAKE3 of the asset it expects in the base and of
//!   the one it gives;
//! - `files`: every file of the target's folder, `{path, hash}`, so that a base
//!   that is exactly `base` is rebuilt as exactly `target`.
//!
//! Hashes are BLAKE3, in hex: fast on large pages and clips, and a fixed-length
//! name any tool can check.

use std::collections::BTreeMap;
use std::io::{Read, Write};

use serde::{Deserialize, Serialize};

use super::compare::Change;
use super::tree::is_enclosed;
use crate::error::{Error, Result};
use crate::limits::Limits;

/// The manifest's version this build writes and reads.
pub const VERSION: u32 = 1;
const MANIFEST: &str = "gpatch.json";

/// A whole file: its size and hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Whole {
    /// Its size.
    pub bytes: u64,
    /// Its BLAKE3, in hex.
    pub hash: String,
}

/// One asset's change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Operation {
    /// The asset's key.
    pub asset: String,
    /// How it changes.
    pub change: Change,
    /// Its path in the target's folder (not for a removed asset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// A renamed asset's key in the base.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub was: Option<String>,
    /// The hash of the asset the operation expects in the base.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_hash: Option<String>,
    /// The hash of the asset it gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

/// A file of the target's folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRef {
    /// The file's path in the folder.
    pub path: String,
    /// Its BLAKE3, in hex.
    pub hash: String,
}

/// `gpatch.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// The manifest's version: [`VERSION`].
    pub gpatch: u32,
    /// The format's name.
    pub format: String,
    /// The file the patch was made from.
    pub base: Whole,
    /// The file it makes of it.
    pub target: Whole,
    /// One per asset that changes.
    pub operations: Vec<Operation>,
    /// Every file of the target's folder.
    pub files: Vec<FileRef>,
}

/// A patch: its manifest, and the assets it carries by their archive names.
#[derive(Debug, Clone)]
pub struct Patch {
    /// `gpatch.json`.
    pub manifest: Manifest,
    /// `after/PATH` and `before/PATH` entries.
    pub payloads: BTreeMap<String, Vec<u8>>,
}

impl Patch {
    /// The asset the patch makes at `path` in the target's folder, if it carries it.
    pub fn after(&self, path: &str) -> Option<&[u8]> {
        self.payloads
            .get(&format!("after/{path}"))
            .map(|v| v.as_slice())
    }

    /// The base the asset at `path` was changed from, if the patch carries it.
    pub fn before(&self, path: &str) -> Option<&[u8]> {
        self.payloads
            .get(&format!("before/{path}"))
            .map(|v| v.as_slice())
    }

    /// The archive's bytes: the manifest first, then the payloads in name order.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let zip_error = |e: zip::result::ZipError| Error::at("gpatch", e.to_string());
        let io_error = |e: std::io::Error| Error::at("gpatch", e.to_string());
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        // A fixed time, so that one patch always gives the same bytes.
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(zip::DateTime::default());
        let manifest = serde_json::to_vec_pretty(&self.manifest)
            .map_err(|e| Error::at(MANIFEST, e.to_string()))?;
        zip.start_file(MANIFEST, options).map_err(zip_error)?;
        zip.write_all(&manifest).map_err(io_error)?;
        for (name, bytes) in &self.payloads {
            zip.start_file(name.as_str(), options).map_err(zip_error)?;
            zip.write_all(bytes).map_err(io_error)?;
        }
        Ok(zip.finish().map_err(zip_error)?.into_inner())
    }

    /// Reads a patch (`name` in errors). Every entry is read under `limits`, and a
    /// name that would leave the folder it applies to, or a manifest of another
    /// version, is refused.
    pub fn from_bytes(data: &[u8], name: &str, limits: &Limits) -> Result<Patch> {
        // A patch that cannot be applied is a wrong request, whatever it holds.
        let fail = |why: String| Error::usage(name, why);
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(data))
            .map_err(|e| fail(format!("not a gpatch archive: {e}")))?;
        let mut manifest = None;
        let mut payloads = BTreeMap::new();
        let mut total = 0u64;
        for i in 0..zip.len() {
            let mut entry = zip.by_index(i).map_err(|e| fail(e.to_string()))?;
            let entry_name = entry.name().to_string();
            if entry.is_dir() {
                continue;
            }
            let payload = entry_name
                .strip_prefix("after/")
                .or_else(|| entry_name.strip_prefix("before/"));
            if entry_name != MANIFEST && !payload.is_some_and(is_enclosed) {
                return Err(fail(format!(
                    "{entry_name:?} is no name a gpatch holds (gpatch.json, after/PATH, before/PATH)"
                )));
            }
            // The stated size is not trusted: the read stops one byte past the limit.
            let room = limits.max_alloc.saturating_sub(total);
            let mut bytes = Vec::new();
            (&mut entry)
                .take(room.saturating_add(1))
                .read_to_end(&mut bytes)
                .map_err(|e| fail(format!("{entry_name}: {e}")))?;
            total += bytes.len() as u64;
            if total > limits.max_alloc {
                return Err(fail(format!(
                    "{entry_name}: the patch unpacks to more than --max-alloc ({} bytes)",
                    limits.max_alloc
                )));
            }
            match entry_name == MANIFEST {
                true => manifest = Some(bytes),
                false => {
                    payloads.insert(entry_name, bytes);
                }
            }
        }
        let manifest = manifest.ok_or_else(|| fail(format!("holds no {MANIFEST}")))?;
        let manifest: Manifest =
            serde_json::from_slice(&manifest).map_err(|e| fail(format!("{MANIFEST}: {e}")))?;
        if manifest.gpatch != VERSION {
            return Err(fail(format!(
                "is a gpatch of version {}; this gamepak reads version {VERSION}",
                manifest.gpatch
            )));
        }
        let paths = manifest
            .operations
            .iter()
            .filter_map(|o| o.path.as_deref())
            .chain(manifest.files.iter().map(|f| f.path.as_str()));
        for path in paths {
            if !is_enclosed(path) {
                return Err(fail(format!("names {path:?}, which leaves the folder")));
            }
        }
        Ok(Patch { manifest, payloads })
    }
}
