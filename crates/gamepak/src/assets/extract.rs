//! The extraction driver: every format's `extract` creates its folder, selects what
//! `--only` asks for, renders entries in parallel with progress, counts what failed,
//! and finishes with its manifest through this one type. A format only says how to
//! render an entry and what its manifest holds.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;
use serde::Serialize;

use super::{Entry, ExtractOptions, ExtractSummary};
use crate::codec::crc::crc32;
use crate::error::Result;
use crate::io::{EnclosedPath, OutputFolder};

/// What rendering one entry gave.
pub enum Rendered<'a> {
    /// The entry's file.
    File(Vec<u8>),
    /// The entry's file, as the input (or the entry) already holds it.
    Stored(&'a [u8]),
    /// Files named by a suffix added to the entry's path.
    Files(Vec<(&'static str, Vec<u8>)>),
    /// Nothing of its own to write (an empty frame, a part the document holds).
    Nothing,
    /// Left out, and why: a note in the summary.
    Skipped(String),
}

/// Anything extraction writes under a path: a listed entry with the item it stands
/// for, or a named file a format makes itself.
pub trait Named {
    fn path(&self) -> &str;
}

impl<I> Named for (Entry, I) {
    fn path(&self) -> &str {
        &self.0.path
    }
}

impl<I> Named for (String, I) {
    fn path(&self) -> &str {
        &self.0
    }
}

/// One extraction in progress.
pub struct Extraction<'o, 'p> {
    out: OutputFolder,
    opts: &'o ExtractOptions<'p>,
    partial: bool,
    total: AtomicU64,
    done: AtomicU64,
    /// The CRC-32 of each file written, by path, for manifests that record them.
    crcs: Mutex<HashMap<String, u32>>,
    failed: Mutex<Vec<String>>,
    notes: Mutex<Vec<String>>,
}

impl<'o, 'p> Extraction<'o, 'p> {
    /// Prepares the folder and selects what `--only` asks for among `packable`, the
    /// entries `pack` needs: leaving any out makes the folder partial.
    pub fn begin<'e, T: Named>(
        out_path: &Path,
        opts: &'o ExtractOptions<'p>,
        packable: &'e [T],
    ) -> Result<(Self, Vec<&'e T>)> {
        let ex = Extraction {
            out: match &opts.memory {
                Some(memory) => OutputFolder::in_memory(memory.clone()),
                None => OutputFolder::create(out_path, opts.replace)?,
            },
            opts,
            partial: false,
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            crcs: Mutex::default(),
            failed: Mutex::default(),
            notes: Mutex::default(),
        };
        let selected = ex.select(packable);
        let partial = selected.len() < packable.len();
        Ok((Extraction { partial, ..ex }, selected))
    }

    /// Selects among entries that are views only (frames cut from a sheet, maps
    /// drawn): leaving them out does not stop the folder being packed.
    pub fn select<'e, T: Named>(&self, entries: &'e [T]) -> Vec<&'e T> {
        let chosen: Vec<&T> = entries
            .iter()
            .filter(|e| self.opts.selects(e.path()))
            .collect();
        self.total.fetch_add(chosen.len() as u64, Ordering::Relaxed);
        chosen
    }

    /// Whether `--only` left out something `pack` needs.
    pub fn partial(&self) -> bool {
        self.partial
    }

    /// Renders and writes `entries` in parallel. An entry for which `tolerated` holds
    /// that cannot be rendered is counted as failed and the rest go on; any other
    /// error ends the extraction.
    pub fn render<'e, T: Named + Sync>(
        &self,
        entries: &[&'e T],
        render: impl Fn(&'e T) -> Result<Rendered<'e>> + Sync,
        tolerated: impl Fn(&'e T) -> bool + Sync,
    ) -> Result<()> {
        entries
            .par_iter()
            .try_for_each(|e| self.emit(e.path(), render(e), tolerated(e)))
    }

    /// Writes what rendering the entry at `path` gave, counting it as done.
    pub fn emit(&self, path: &str, rendered: Result<Rendered<'_>>, tolerated: bool) -> Result<()> {
        match rendered {
            Ok(Rendered::File(bytes)) => self.write(path, &bytes)?,
            Ok(Rendered::Stored(bytes)) => self.write(path, bytes)?,
            Ok(Rendered::Files(files)) => {
                for (suffix, bytes) in files {
                    self.write(&format!("{path}{suffix}"), &bytes)?;
                }
            }
            Ok(Rendered::Nothing) => {}
            Ok(Rendered::Skipped(why)) => self.note(format!("{path}: {why}")),
            Err(e) if tolerated => lock(&self.failed).push(format!("{path}: {e}")),
            Err(e) => return Err(e),
        }
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        self.opts.report(done, self.total.load(Ordering::Relaxed));
        Ok(())
    }

    /// Writes a file of the folder that no entry stands for (a document, a stored
    /// original), recording its CRC-32.
    pub fn write(&self, path: &str, bytes: &[u8]) -> Result<()> {
        self.out.write(&EnclosedPath::new(path), bytes)?;
        lock(&self.crcs).insert(path.to_string(), crc32(bytes));
        Ok(())
    }

    /// The CRC-32 of the file written at `path`, if one was.
    pub fn crc(&self, path: &str) -> Option<u32> {
        lock(&self.crcs).get(path).copied()
    }

    /// Something worth knowing about the folder written.
    pub fn note(&self, note: String) {
        lock(&self.notes).push(note);
    }

    /// Writes the manifest, moves the folder into place, and says what it holds.
    pub fn finish<M: Serialize>(self, manifest: &M) -> Result<ExtractSummary> {
        crate::manifest::write_into(&self.out, manifest)?;
        // As late as can be: a change found now leaves nothing behind (the
        // staging folder goes with `self.out`).
        if let Some(input) = self.opts.input {
            input.unchanged()?;
        }
        let (files, bytes) = self.out.finish()?;
        let mut notes = self.notes.into_inner().unwrap_or_else(|p| p.into_inner());
        if self.partial {
            notes.push("--only left entries out: this folder cannot be packed".into());
        }
        Ok(ExtractSummary {
            files,
            bytes,
            notes,
            failed: self.failed.into_inner().unwrap_or_else(|p| p.into_inner()),
            companions: Vec::new(),
        })
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
